"""The pages: home, new game, play (with the data the page script starts
from, and the plain-HTML fallback), review, accounts, admin, the Vite tag."""

from __future__ import annotations

import json
import re

import pytest
from django.template import Context, Template
from django.test import Client

from puzzles.analyses.models import Analysis
from puzzles.games.models import Game, GameMove, Hint
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")


@pytest.fixture
def no_manifest(settings, tmp_path):
    settings.OD_FRONTEND_MANIFEST = tmp_path / "missing" / "manifest.json"


def start_game(client, **data) -> Game:
    payload = {"human": "A", "level": "strong", "seed": "", "position": "", **data}
    response = client.post("/play/", payload)
    assert response.status_code == 302, response.content.decode()[:2000]
    game_id = int(re.search(r"/play/(\d+)/", response["Location"]).group(1))
    return Game.objects.get(pk=game_id)


def test_home(client):
    response = client.get("/")
    assert response.status_code == 200
    text = response.content.decode()
    assert 'href="/play/"' in text
    assert 'href="/accounts/signup/"' in text
    assert 'href="/accounts/login/"' in text


def test_new_game_form_and_errors(client):
    assert client.get("/play/").status_code == 200
    response = client.post("/play/", {"human": "A", "level": "strong", "seed": "5", "position": str(deal(1))})
    assert response.status_code == 200
    assert "not both" in response.content.decode()
    response = client.post("/play/", {"human": "A", "level": "strong", "seed": "", "position": "rubbish"})
    assert response.status_code == 200
    assert "a position has 4 fields" in response.content.decode()
    assert Game.objects.count() == 0


def test_play_page_has_what_the_page_script_needs(client, no_manifest):
    game = start_game(client, seed=str(SEED_A))
    response = client.get(f"/play/{game.pk}/")
    assert response.status_code == 200
    text = response.content.decode()
    root = re.search(r'<div id="game-root"[^>]*>', text, re.S).group(0)
    assert f'data-game-id="{game.pk}"' in root
    assert f'data-api-game="/api/games/{game.pk}/"' in root
    assert f'data-api-moves="/api/games/{game.pk}/moves/"' in root
    assert f'data-api-hint="/api/games/{game.pk}/hint/"' in root
    assert 'data-csrf-token="' in root
    assert 'data-jsi18n="/jsi18n/"' in root
    state = json.loads(
        re.search(r'<script id="game-state" type="application/json">(.*?)</script>', text, re.S).group(1)
    )
    assert state["id"] == game.pk
    assert state["status"] == "your-move"
    assert state["legal_moves"]
    assert "frontend-missing" in text  # the note that the front-end is not built
    for move in state["legal_moves"]:
        assert f'<option value="{move}">' in text


def test_plain_forms_play_moves_and_take_hints(client, no_manifest):
    game = start_game(client, seed=str(SEED_A), level="perfect")
    page = client.get(f"/play/{game.pk}/").content.decode()
    move = re.search(r'<option value="([^"]+)">', page).group(1)
    response = client.post(f"/play/{game.pk}/hint/", {"level": "1"})
    assert response.status_code == 302
    assert Hint.objects.filter(game=game, level=1).exists()
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "With perfect play from here" in page
    response = client.post(f"/play/{game.pk}/move/", {"move": move, **hidden_ply(page)})
    assert response.status_code == 302
    assert GameMove.objects.filter(game=game, ply=0, move=move).exists()
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert 'class="move by-human grade-' in page
    assert 'class="move by-solver grade-best' in page
    # an illegal move is refused with the reason, nothing changes
    before = GameMove.objects.filter(game=game).count()
    page = client.get(f"/play/{game.pk}/").content.decode()
    response = client.post(f"/play/{game.pk}/move/", {"move": "zz", **hidden_ply(page)}, follow=True)
    assert "bad stone" in response.content.decode() or "not" in response.content.decode()
    assert GameMove.objects.filter(game=game).count() == before


def test_review_page_jumps_to_any_ply(client, no_manifest):
    game = start_game(client, seed=str(SEED_A), level="perfect")
    for _ in range(3):
        state = client.get(f"/api/games/{game.pk}/").json()
        if state["status"] != "your-move":
            break
        client.post(
            f"/api/games/{game.pk}/moves/",
            {"move": state["legal_moves"][-1], "ply": state["ply"]},
            content_type="application/json",
        )
    n = GameMove.objects.filter(game=game).count()
    response = client.get(f"/games/{game.pk}/review/")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.count('<tr class="by-') == n
    assert 'data-page="review"' in text
    assert 'id="review-data"' in text
    review = json.loads(
        re.search(r'<script id="review-data" type="application/json">(.*?)</script>', text, re.S).group(1)
    )
    assert len(review["boards"]) == n + 1
    assert review["ply"] == n
    for ply in (0, 1, n, 999, -3, "x"):
        assert client.get(f"/games/{game.pk}/review/?ply={ply}").status_code == 200
    first = client.get(f"/games/{game.pk}/review/?ply=0").content.decode()
    assert "The table is empty." in first


def test_pages_of_other_players_games_are_404(client, no_manifest):
    game = start_game(client, seed=str(SEED_A))
    stranger = Client()
    assert stranger.get(f"/play/{game.pk}/").status_code == 404
    assert stranger.get(f"/games/{game.pk}/review/").status_code == 404
    assert stranger.post(f"/play/{game.pk}/move/", {"move": "00"}).status_code == 404


def test_sign_up_log_out_log_in(client, django_user_model, no_manifest):
    guest = start_game(client, seed=str(SEED_A))
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )
    assert response.status_code == 302
    carol = django_user_model.objects.get(username="carol")
    assert Game.objects.get(pk=guest.pk).owner == carol  # the guest game became hers
    home = client.get("/").content.decode()
    assert "carol" in home
    assert f"/play/{guest.pk}/" in home
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get(f"/play/{guest.pk}/").status_code == 404
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "carol", "password": "a-long-pass-phrase-9"})
    assert response.status_code == 302
    assert client.get(f"/play/{guest.pk}/").status_code == 200


def test_language_switch_and_js_catalogue(client):
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/"})
    assert response.status_code == 302
    page = client.get("/")
    assert page.status_code == 200
    assert '<html lang="pl">' in page.content.decode()
    assert client.get("/jsi18n/").status_code == 200


@pytest.mark.parametrize(
    ("lang", "words", "plural"),
    [
        ("pl", "Nowa partia", "Wygrywasz 5 punktów (domino)."),
        ("nl", "Nieuwe partij", "Je wint 5 punten (domino)."),
        ("ro", "Partidă nouă", "Câștigi 22 de puncte (domino)."),
    ],
)
def test_pages_and_texts_are_translated(client, lang, words, plural):
    from django.utils import translation

    from puzzles.games import texts

    page = client.get("/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page
    points = 5 if lang != "ro" else 22
    with translation.override(lang):
        assert texts.result_text({"outcome": "win", "points": points, "reason": "domino"}) == plural


def test_api_hint_text_follows_the_language(client):
    game = start_game(client, seed=str(SEED_A))
    body = client.post(
        f"/api/games/{game.pk}/hint/", {"level": 3}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="nl"
    ).json()
    assert body["hint"]["text"].startswith("De beste zet is ")


def test_admin_lists_every_model(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(admin)
    game = start_game(client, seed=str(SEED_A))
    client.post(f"/api/games/{game.pk}/hint/", {"level": 1}, content_type="application/json")
    state = client.get(f"/api/games/{game.pk}/").json()
    client.post(
        f"/api/games/{game.pk}/moves/",
        {"move": state["legal_moves"][0], "ply": state["ply"]},
        content_type="application/json",
    )
    for model in (Analysis, Game, GameMove, Hint):
        name = model._meta.model_name
        assert client.get(f"/admin/{model._meta.app_label}/{name}/").status_code == 200, name
        obj = model.objects.first()
        assert obj is not None, name
        assert client.get(f"/admin/{obj._meta.app_label}/{name}/{obj.pk}/change/").status_code == 200, name


def test_vite_tag_reads_the_manifest(settings, tmp_path):
    manifest = tmp_path / ".vite" / "manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(
        json.dumps(
            {
                "src/board.ts": {
                    "file": "assets/board-abc.js",
                    "name": "board",
                    "src": "src/board.ts",
                    "isEntry": True,
                    "imports": ["_shared-1.js"],
                    "css": ["assets/board-xyz.css"],
                },
                "_shared-1.js": {"file": "assets/shared-1.js", "css": ["assets/shared.css"]},
            }
        )
    )
    settings.OD_FRONTEND_MANIFEST = manifest
    html = Template('{% load vite %}{% vite_entry "play" "board" %}').render(Context())
    assert '<script type="module" src="/static/frontend/assets/board-abc.js"></script>' in html
    assert '<link rel="stylesheet" href="/static/frontend/assets/board-xyz.css">' in html
    assert '<link rel="stylesheet" href="/static/frontend/assets/shared.css">' in html
    assert '<link rel="modulepreload" href="/static/frontend/assets/shared-1.js">' in html
    by_key = Template('{% load vite %}{% vite_entry "src/board.ts" %}').render(Context())
    assert "board-abc.js" in by_key
    missing = Template('{% load vite %}{% vite_entry "nothing" %}').render(Context())
    assert "frontend-missing" in missing
    built = Template("{% load vite %}{% frontend_built as b %}{{ b }}").render(Context())
    assert built == "True"


def test_vite_tag_without_a_build(no_manifest):
    html = Template('{% load vite %}{% vite_entry "board" %}').render(Context())
    assert "frontend-missing" in html
    assert "<script" not in html


def hidden_ply(html: str) -> dict[str, str]:
    """The ``ply`` field of a page's plain move form."""
    found = re.findall(r'<input type="hidden" name="ply" value="(\d+)">', html)
    assert len(found) == 1, found
    return {"ply": found[0]}


def test_a_plain_move_form_sent_twice_plays_one_move(client, no_manifest):
    game = start_game(client, seed=str(SEED_A), level="perfect")
    page = client.get(f"/play/{game.pk}/").content.decode()
    form = hidden_ply(page)
    assert form == {"ply": "0"}
    first, second = re.findall(r'<option value="([^"]+)">', page)[:2]
    assert client.post(f"/play/{game.pk}/move/", {"move": first, **form}).status_code == 302
    # the same form again (a double click, the back button): the move already played, nothing more
    again = client.post(f"/play/{game.pk}/move/", {"move": first, **form}, follow=True).content.decode()
    assert "out of date" not in again
    assert GameMove.objects.filter(game=game, by=GameMove.By.HUMAN).count() == 1
    # another stone from the same old page: refused, said in the player's language, nothing changes
    client.post("/i18n/setlang/", {"language": "pl", "next": "/"})
    moves = GameMove.objects.filter(game=game).count()
    stale = client.post(f"/play/{game.pk}/move/", {"move": second, **form}, follow=True).content.decode()
    assert "Strona była nieaktualna" in stale
    assert GameMove.objects.filter(game=game).count() == moves
    # the page as it is now carries the turn it shows
    game.refresh_from_db()
    assert hidden_ply(stale) == {"ply": str(game.ply_count)}
    # a ply that is no number is refused with the reason
    bad = client.post(f"/play/{game.pk}/move/", {"move": second, "ply": "1x"}, follow=True).content.decode()
    assert "a ply is a whole number" in bad
    assert GameMove.objects.filter(game=game).count() == moves
    # a form that names no turn (a page from before the forms had one): out of date, nothing played
    legal = re.findall(r'<option value="([^"]+)">', stale)
    bare = client.post(f"/play/{game.pk}/move/", {"move": legal[0]}, follow=True).content.decode()
    assert "Strona była nieaktualna" in bare
    assert GameMove.objects.filter(game=game).count() == moves


def test_the_plain_page_says_a_double_moves_again(client, no_manifest):
    # a deal of the variant where doubles play again in which A may open with a double
    for seed in range(40):
        game = start_game(client, seed=str(seed), level="perfect", doubles="on")
        page = client.get(f"/play/{game.pk}/").content.decode()
        if game.status == Game.Status.YOUR_MOVE and "You played a double" not in page:
            doubles = [m for m in re.findall(r'<option value="([^"]+)">', page) if m[0] == m[1]]
            if doubles:
                break
    else:
        pytest.fail("no deal of the first 40 lets A open with a double")
    assert "Your move." in page
    client.post(f"/play/{game.pk}/move/", {"move": doubles[0], **hidden_ply(page)})
    game.refresh_from_db()
    assert game.status == Game.Status.YOUR_MOVE
    assert game.current_position.split()[-1] == "A"
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "You played a double: move again." in page
    polish = client.get(f"/play/{game.pk}/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Dublet: masz jeszcze jeden ruch." in polish


def test_the_plain_page_says_when_only_pass_is_left():
    from django.utils import translation

    from puzzles.games import texts

    state = {"human": "A", "moves": [{"side": "B", "move": "44"}], "legal_moves": ["pass"]}
    with translation.override("en"):
        assert texts.turn_text(state) == "No stone of yours fits: play “pass”."
        assert texts.turn_text({**state, "legal_moves": ["36", "pass"]}) == "Your move."
        # the human's own double, and the human to move again
        assert texts.turn_text({**state, "moves": [{"side": "A", "move": "44"}]}) == "You played a double: move again."
    with translation.override("ro"):
        assert texts.turn_text(state) == "Nicio piatră de-a ta nu se potrivește: joacă „pass”."


def test_the_game_record_downloads_from_the_game_and_review_pages_and_reads_back(client):
    """A link on the game page and on its review downloads the game's record,
    which the game analysis page reads back: the same start and moves. Another
    player gets a 404."""
    from django.test import Client

    from puzzles.games.models import Game
    from solver import GameRecord

    made = client.post("/api/games/", {"seed": 11, "human": "A"}, content_type="application/json")
    assert made.status_code == 201
    state = made.json()
    if state["status"] == "your-move":
        move = {"move": state["legal_moves"][0], "ply": state["ply"]}
        assert client.post(f"/api/games/{state['id']}/moves/", move, content_type="application/json").status_code == 201
    game = Game.objects.get(pk=state["id"])
    assert game.moves.exists()
    url = f"/games/{game.pk}/record.txt"
    for page in (f"/play/{game.pk}/", f"/games/{game.pk}/review/"):
        assert f'href="{url}"'.encode() in client.get(page).content
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="open-domino-game-{game.pk}.txt"'
    record = GameRecord.parse(response.content.decode())
    assert str(record.start) == game.start_position
    assert [str(m) for m in record.moves] == list(game.moves.order_by("ply").values_list("move", flat=True))
    assert Client().get(url).status_code == 404


def test_all_the_players_games_are_listed_a_page_at_a_time(client, no_manifest):
    first = start_game(client, seed=str(SEED_A))
    # 25 games of this player (copies of the first), and one of someone else
    for _ in range(24):
        copy = Game.objects.get(pk=first.pk)
        copy.pk = None
        copy.save()
    stranger = Client()
    other = start_game(stranger, seed=str(SEED_A))
    mine = list(Game.objects.exclude(pk=other.pk).order_by("-created_at", "-pk").values_list("pk", flat=True))
    assert len(mine) == 25

    def listed(html: str) -> list[int]:
        return [int(pk) for pk in re.findall(r'<tr data-game="(\d+)"', html)]

    # home and the new-game page show the latest 10 and link to all of them
    for url in ("/", "/play/"):
        html = client.get(url).content.decode()
        assert listed(html) == mine[:10], url
        assert 'href="/play/games/"' in html, url
    page1 = client.get("/play/games/").content.decode()
    assert listed(page1) == mine[:20]
    assert "Page 1 of 2" in page1
    assert 'href="?page=2"' in page1
    assert 'href="?page=0"' not in page1
    page2 = client.get("/play/games/?page=2").content.decode()
    assert listed(page2) == mine[20:]
    assert 'href="?page=1"' in page2
    assert "Page 2 of 2" in page2
    # a page that is no number, or past the end, shows the nearest page
    assert listed(client.get("/play/games/?page=abc").content.decode()) == mine[:20]
    assert listed(client.get("/play/games/?page=99").content.decode()) == mine[20:]
    # the stranger sees only their own game, and no link to more
    assert listed(stranger.get("/play/games/").content.decode()) == [other.pk]
    assert 'href="/play/games/"' not in stranger.get("/").content.decode()
