"""The match pages without scripts: the new-match form and its errors, your
matches, the match page (the deal's board, plain forms for moves and hints,
the score sheet; the data its script starts from), a whole deal played by
posting forms, the match review; the links from the home page and the nav;
the page script (Vite entry ``match``) after the JavaScript catalogue."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client

from puzzles.games.models import Game, GameMove
from puzzles.matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_manifest(settings, tmp_path):
    settings.OD_FRONTEND_MANIFEST = tmp_path / "missing" / "manifest.json"


def start_match(client, **data) -> Match:
    payload = {
        "target": "points",
        "target_points": "100",
        "target_wins": "3",
        "human": "A",
        "level": "perfect",
        "seed": "",
        **data,
    }
    response = client.post("/matches/", payload)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Match.objects.get(pk=int(re.search(r"/matches/(\d+)/$", response["Location"]).group(1)))


def page_json(html: str, element_id: str) -> dict:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    assert found, element_id
    return json.loads(found.group(1))


def test_home_and_nav_link_to_matches(client):
    html = client.get("/").content.decode()
    assert html.count('href="/matches/"') >= 2  # the nav and the home page


def test_new_match_form_and_its_errors(client):
    page = client.get("/matches/").content.decode()
    assert 'id="new-match-form"' in page
    assert 'name="target_points"' in page
    assert "No matches yet." in page
    bad = client.post("/matches/", {"target": "points", "target_points": "900", "human": "A", "level": "strong"})
    assert bad.status_code == 200
    assert "errorlist" in bad.content.decode()
    empty = client.post("/matches/", {"target": "wins", "target_wins": "", "human": "A", "level": "strong"})
    assert empty.status_code == 200
    assert "Give the target." in empty.content.decode()
    assert Match.objects.count() == 0
    match = start_match(client, target="wins", target_wins="2", seed="42")
    assert (match.target_points, match.target_wins, match.seed) == (None, 2, "42")
    listed = client.get("/matches/").content.decode()
    assert f'href="/matches/{match.pk}/"' in listed
    assert "to 2 won deals" in listed


def test_a_deal_played_with_plain_forms_moves_the_match_on(client, no_manifest):
    match = start_match(client, target_points="500", seed="11")
    url = f"/matches/{match.pk}/"
    html = client.get(url).content.decode()
    assert 'id="match-root"' in html
    assert 'data-page="match"' in html
    assert f'data-api-match="/api/matches/{match.pk}/"' in html
    assert '<div class="fallback" data-fallback>' in html
    assert '<aside class="match-sheet" data-fallback>' in html
    state = page_json(html, "match-state")
    game = page_json(html, "game-state")
    assert game["id"] == state["current_game"] == state["deals"][0]["game"]
    first_game = game["id"]
    rng = random.Random(1)
    for _ in range(40):
        game = Game.objects.get(pk=first_game)
        if game.status == Game.Status.OVER:
            break
        current = page_json(client.get(url).content.decode(), "game-state")
        response = client.post(
            f"{url}move/",
            {"move": rng.choice(current["legal_moves"]), "game": str(first_game), "ply": str(current["ply"])},
        )
        assert response.status_code == 302
        assert response["Location"] == url
    assert Game.objects.get(pk=first_game).status == Game.Status.OVER
    html = client.get(url).content.decode()
    state = page_json(html, "match-state")
    assert state["deals"][0]["recorded"]
    assert state["current_game"] == state["deals"][1]["game"]
    assert page_json(html, "game-state")["id"] == state["current_game"]
    assert "Deal 1 is over:" in html
    assert "Deal 2" in html
    assert f'href="/games/{first_game}/review/"' in html
    # a form from the finished deal's page is refused, not played into deal 2
    stale = client.post(f"{url}move/", {"move": "pass", "game": str(first_game), "ply": "0"}, follow=True)
    assert "the match has moved on" in stale.content.decode()
    assert Game.objects.get(pk=state["current_game"]).ply_count <= 1
    # the move form names its turn: a form sent again after the move is not played twice
    html = client.get(url).content.decode()
    ply = re.search(r'<input type="hidden" name="ply" value="(\d+)">', html).group(1)
    current = page_json(html, "game-state")
    assert ply == str(current["ply"])
    form = {"move": current["legal_moves"][0], "game": str(current["id"]), "ply": ply}
    client.post(f"{url}move/", form)
    played = GameMove.objects.filter(game_id=current["id"]).count()
    assert played > current["ply"]
    if Game.objects.get(pk=current["id"]).status != Game.Status.OVER:
        resent = client.post(f"{url}move/", {**form, "move": current["legal_moves"][-1]}, follow=True)
        assert "out of date" in resent.content.decode() or len(current["legal_moves"]) == 1
        assert GameMove.objects.filter(game_id=current["id"]).count() == played
    # a hint through the plain form
    hinted = client.post(f"{url}hint/", {"level": "1", "game": str(state["current_game"])}, follow=True)
    assert hinted.status_code == 200


def test_match_review_lists_deals_accuracy_and_mistakes(client):
    match = start_match(client, target_points="1", level="casual", seed="8")
    game = Game.objects.get(pk=match.deals.get().game_id)
    rng = random.Random(8)
    while game.status != Game.Status.OVER:
        current = page_json(client.get(f"/matches/{match.pk}/").content.decode(), "game-state")
        legal = current["legal_moves"]
        # the last legal move is often not the best: something for the review to show
        client.post(
            f"/matches/{match.pk}/move/",
            {"move": legal[-1] if rng.random() < 0.7 else legal[0], "ply": str(current["ply"])},
        )
        game.refresh_from_db()
    html = client.get(f"/matches/{match.pk}/review/").content.decode()
    assert "Review of match" in html
    assert "Accuracy" in html
    assert 'data-deal="1"' in html
    assert f'href="/games/{game.pk}/review/"' in html
    human_errors = game.moves.filter(by="human").exclude(grade="best")
    if human_errors.exists():
        worst = max(human_errors, key=lambda m: m.points_lost or 0)
        assert f"/games/{game.pk}/review/?ply=" in html
        assert "The biggest mistakes" in html
        assert worst.move in html
    else:  # pragma: no cover
        assert "No mistakes so far" in html


def test_the_match_page_loads_the_catalogue_then_its_script(client, settings, tmp_path):
    manifest = tmp_path / ".vite" / "manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(
        json.dumps(
            {
                "src/matches/match.ts": {
                    "file": "assets/match-1.js",
                    "name": "match",
                    "src": "src/matches/match.ts",
                    "isEntry": True,
                    "css": ["assets/match-1.css"],
                },
            }
        )
    )
    settings.OD_FRONTEND_MANIFEST = manifest
    match = start_match(client)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    catalogue = html.index('<script src="/jsi18n/"></script>')
    script = html.index('<script type="module" src="/static/frontend/assets/match-1.js"></script>')
    assert catalogue < script
    assert '<link rel="stylesheet" href="/static/frontend/assets/match-1.css">' in html


def test_another_players_match_pages_are_404(client):
    match = start_match(client)
    other = Client()
    for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/review/"):
        assert other.get(url).status_code == 404
    assert other.post(f"/matches/{match.pk}/move/", {"move": "pass"}).status_code == 404
