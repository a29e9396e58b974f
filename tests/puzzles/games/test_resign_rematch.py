"""Resign, rematch (the same deal, or the sides swapped) and a random side,
through the API and the plain forms."""

from __future__ import annotations

import re

import pytest

from puzzles.games.models import Game
from puzzles.games.signals import game_finished
from solver import Position, Variant, deal

pytestmark = pytest.mark.django_db(transaction=True)


def new_game(api, **payload) -> dict:
    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 201, response.content
    return api.get(f"/api/games/{response.json()['id']}/").json()


@pytest.fixture
def finished_signals():
    seen: list[int] = []

    def receiver(sender, game, **kwargs):
        seen.append(game.pk)

    game_finished.connect(receiver, weak=False)
    yield seen
    game_finished.disconnect(receiver)


@pytest.mark.parametrize(("variant", "human"), [("lewicki", "A"), ("block+doubles", "B"), ("partnership", "C")])
def test_resign_ends_the_game_as_a_domino_for_the_other_side(api, finished_signals, variant, human):
    game = new_game(api, variant=variant, seed=21, human=human)
    assert game["status"] == "your-move"
    # one move first, so that resigning is not only for a fresh deal
    moved = api.post(
        f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json"
    )
    assert moved.status_code == 201
    game = api.get(f"/api/games/{game['id']}/").json()
    position = Position.parse(game["position"])
    rules = position.variant
    mine = rules.team_of(human)
    response = api.post(game["urls"]["resign"], format="json")
    assert response.status_code == 200, response.content
    over = response.json()
    assert over["status"] == "over"
    assert over["legal_moves"] == []
    assert over["to_move"] is None
    result = over["result"]
    assert result["reason"] == "resigned"
    assert result["resigned"] == human
    assert result["winner"] == rules.team_name(1 - mine) == over["solver"]
    assert result["points"] == position.team_pips(mine)
    assert result["outcome"] == "loss"
    assert result["human_points"] == -result["points"]
    assert "resigned" in result["text"]
    assert over["position"] == game["position"], "resigning plays no move"
    assert finished_signals == [game["id"]]
    # nothing more is possible
    again = api.post(game["urls"]["resign"], format="json")
    assert again.status_code == 409
    assert "error" in again.json()
    late = api.post(f"/api/games/{game['id']}/moves/", {"move": "pass", "ply": over["ply"]}, format="json")
    assert late.status_code == 409
    assert finished_signals == [game["id"]]


def test_resign_while_the_solver_thinks(api, no_tasks):
    seed = next(s for s in range(100) if deal(s).side == "B")
    created = api.post("/api/games/", {"seed": seed, "human": "A"}, format="json").json()
    assert created["status"] == "thinking"
    response = api.post(created["urls"]["resign"], format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "over"
    # the solver's turn, run late, finds the game over and plays nothing
    from puzzles.games import services

    assert services.game_play_solver_turn(game=Game.objects.get(pk=created["id"])) is None
    assert Game.objects.get(pk=created["id"]).moves.count() == 0


def test_resign_another_players_game_is_404(api, other_api):
    game = new_game(api, seed=3)
    assert other_api.post(game["urls"]["resign"], format="json").status_code == 404
    assert Game.objects.get(pk=game["id"]).status != "over"


@pytest.mark.parametrize(
    ("variant", "human", "swapped"),
    [
        ("lewicki", "A", "B"),
        ("lewicki9", "B", "A"),
        ("block", "A", "B"),
        ("partnership", "A", "B"),
        ("partnership+doubles", "D", "C"),
    ],
)
def test_rematch_the_same_deal_or_the_sides_swapped(api, variant, human, swapped):
    game = new_game(api, variant=variant, seed=99, human=human, level="casual")
    api.post(game["urls"]["resign"], format="json")
    same = api.post(game["urls"]["rematch"], {}, format="json")
    assert same.status_code == 201, same.content
    same = same.json()
    assert same["id"] != game["id"]
    assert same["rematch_of"] == game["id"]
    assert (same["start"], same["seed"], same["variant"], same["human"], same["level"]) == (
        game["start"],
        99,
        variant,
        human,
        "casual",
    )
    swap = api.post(game["urls"]["rematch"], {"swap": True}, format="json")
    assert swap.status_code == 201
    swap = swap.json()
    assert swap["start"] == game["start"]
    assert swap["human"] == swapped
    rules = Variant.parse(variant)
    assert not rules.same_team(human, swapped), "the swapped seat is on the other side"
    assert swap["human_team"] != game["human_team"]


def test_rematch_of_a_game_from_a_position(api):
    start = deal(8)
    position = start.push(start.legal_moves()[0])
    game = new_game(api, position=str(position), human=position.side)
    rematch = api.post(game["urls"]["rematch"], {"swap": True}, format="json")
    assert rematch.status_code == 201
    body = rematch.json()
    assert body["start"] == str(position)
    assert body["seed"] is None
    assert body["human"] == ("B" if position.side == "A" else "A")


def test_rematch_is_possible_while_playing_and_bad_input_is_400(api):
    game = new_game(api, seed=5)
    bad = api.post(game["urls"]["rematch"], {"swap": "sideways"}, format="json")
    assert bad.status_code == 400
    assert "error" in bad.json()
    ok = api.post(game["urls"]["rematch"], {"swap": False}, format="json")
    assert ok.status_code == 201


@pytest.mark.parametrize("variant", ["lewicki", "partnership"])
def test_random_side_draws_every_seat_of_the_variant(api, variant):
    seats = set(Variant.parse(variant).seats)
    drawn = set()
    for _ in range(40):
        game = new_game(api, variant=variant, seed=12, human="random")
        assert game["human"] in seats
        drawn.add(game["human"])
        if drawn == seats:
            break
    assert drawn == seats


def test_plain_forms_resign_rematch_and_random_side(client):
    response = client.post(
        "/play/", {"variant": "block", "doubles": "on", "human": "random", "level": "strong", "seed": "17"}
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.variant == "block+doubles"
    assert game.human_side in ("A", "B")
    assert game.start_position == str(deal(17, Variant.parse("block+doubles")))
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f'action="/play/{game.pk}/resign/"' in page
    assert client.post(f"/play/{game.pk}/resign/").status_code == 302
    game.refresh_from_db()
    assert game.status == "over"
    assert game.result["reason"] == "resigned"
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f'action="/play/{game.pk}/rematch/"' in page
    assert "resign-form" not in page
    response = client.post(f"/play/{game.pk}/rematch/", {"swap": "1"})
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/play/{rematch.pk}/"
    assert rematch.start_position == game.start_position
    assert rematch.human_side != game.human_side
    assert rematch.rematch_of_id == game.pk


def test_refusals_of_the_plain_forms_are_in_the_players_language(api):
    """Resigning, moving or asking a hint in a finished game by the page's
    plain forms says why in the player's language (the result in it too);
    the API without a language says it in English."""
    from django.utils import translation

    from puzzles.games.moves import describe_result as _describe_result

    game = new_game(api, seed=21, human="A")
    assert api.post(game["urls"]["resign"], format="json").status_code == 200
    page = f"/play/{game['id']}/"
    api.cookies["django_language"] = "nl"
    resigned = api.post(f"{page}resign/", follow=True)
    assert resigned.redirect_chain == [(page, 302)]
    html = resigned.content.decode()
    assert "de partij is afgelopen (A heeft opgegeven): er valt niets meer op te geven" in html
    assert "nothing to resign" not in html
    moved = api.post(f"{page}move/", {"move": game["legal_moves"][0], "ply": str(game["ply"])}, follow=True)
    assert "de partij is afgelopen (A heeft opgegeven): je kunt geen zetten meer doen" in moved.content.decode()
    hinted = api.post(f"{page}hint/", {"level": "1"}, follow=True)
    assert "de partij is afgelopen: geen hints meer" in hinted.content.decode()
    # the same refusal by the API, with no language asked: English
    del api.cookies["django_language"]
    again = api.post(game["urls"]["resign"], format="json")
    assert again.status_code == 409
    assert again.json()["error"] == "the game is over (A resigned): nothing to resign"
    # a result told in words: the English as it was, the translation agreeing with the number
    won = {"winner": "B", "points": 1, "reason": "blocked"}
    with translation.override("en"):
        assert _describe_result(won) == "B won 1 point, blocked"
    with translation.override("ro"):
        assert _describe_result(won) == "B a câștigat 1 punct, blocaj"
        assert _describe_result({**won, "points": 20}) == "B a câștigat 20 de puncte, blocaj"


def test_new_game_form_refuses_a_seat_the_variant_has_not(client):
    response = client.post("/play/", {"variant": "lewicki9", "human": "C", "level": "strong"})
    assert response.status_code == 200
    assert "partnership" in response.content.decode()
    assert Game.objects.count() == 0
    ok = client.post("/play/", {"variant": "partnership", "human": "C", "level": "perfect"})
    assert ok.status_code == 302
    assert Game.objects.get().human_side == "C"


def test_your_games_lists_each_result_and_score(client):
    client.post("/play/", {"variant": "lewicki", "human": "A", "level": "strong", "seed": "4"})
    client.post("/play/", {"variant": "partnership", "human": "B", "level": "strong", "seed": "4"})
    finished, playing = Game.objects.order_by("pk")
    client.post(f"/play/{finished.pk}/resign/")
    finished.refresh_from_db()
    points = finished.result["points"]
    for url in ("/", "/play/"):
        page = client.get(url).content.decode()
        row = page[page.index(f'data-game="{finished.pk}"') :]
        row = row[: row.index("</tr>")]
        assert points > 0
        assert "You resigned" in row
        assert f"\u2212{points}<" in row
        other = page[page.index(f'data-game="{playing.pk}"') :]
        other = other[: other.index("</tr>")]
        assert "Partnership" in other
        assert "Continue" in other


@pytest.mark.parametrize("variant", ["partnership+doubles", "lewicki9", "block"])
def test_play_and_review_pages_of_a_variant_without_the_script(client, variant):
    """The server-drawn pages of a variant game: every seat's hand, the moves
    with their roles and values for the human, the review's chart linking to
    each ply, and the best alternative's value from the human's side."""
    rules = Variant.parse(variant)
    response = client.post(
        "/play/",
        {
            "variant": variant.split("+")[0],
            "doubles": "on" if "+" in variant else "",
            "human": "B",
            "level": "perfect",
            "seed": "9",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.variant == variant
    for _ in range(3):
        game.refresh_from_db()
        if game.status != "your-move":
            break
        legal = Position.parse(game.current_position).legal_moves()
        answer = client.post(f"/play/{game.pk}/move/", {"move": str(legal[-1]), "ply": str(game.ply_count)})
        assert answer.status_code == 302
    page = client.get(f"/play/{game.pk}/").content.decode()
    for seat in rules.seats:
        assert f"hand-{seat}" in page
    if game.partner:
        assert "partner (D)" in page
    review = client.get(f"/games/{game.pk}/review/").content.decode()
    moves = list(game.moves.order_by("ply"))
    assert moves
    for ply in range(len(moves) + 1):
        assert f'href="?ply={ply}" data-ply="{ply}"' in review
    opponent = next(m for m in moves if game.role_of(m.side) == "opponent")
    assert opponent.value is not None
    row = re.search(rf'<tr class="[^"]*" data-ply="{opponent.ply + 1}">(.*?)</tr>', review, re.S).group(1)
    signed = f"+{-opponent.value}" if -opponent.value > 0 else str(-opponent.value).replace("-", "\u2212")
    assert f"<td>{signed}</td>" in row
