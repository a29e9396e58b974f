"""Matches in every kind of variant (docs/rules.md section 5): scripted clients play
whole matches through the API (tasks eager); each deal is the variant's deal
of the seed derived from the match's, opened by that deal's opener; the human
keeps the same seat (and team) all match; the totals are the solver's
results added up per side (team in partnership)."""

from __future__ import annotations

import random

import pytest

from puzzles.matches.services import deal_seed
from solver import Position, Variant, deal

from .test_scripted_matches import play_deal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "payload",
    [
        {"variant": "block", "target_wins": 2, "human": "B", "level": "strong"},
        {"variant": "partnership", "target_points": 40, "human": "C", "level": "casual"},
        {"variant": "lewicki9+doubles", "target_wins": 1, "human": "A", "level": "perfect"},
        {"variant": "partnership+doubles", "target_wins": 1, "human": "random", "level": "strong"},
    ],
)
def test_a_variant_match_to_the_end(api, payload):
    rules = Variant.parse(payload["variant"])
    rng = random.Random(str(payload))
    response = api.post("/api/matches/", {**payload, "seed": 31}, format="json")
    assert response.status_code == 201, response.content
    match = response.json()
    human = match["human"]
    assert human in rules.seats
    assert payload["human"] == "random" or human == payload["human"]
    sides = [rules.team_name(0), rules.team_name(1)]
    assert match["variant"] == payload["variant"]
    assert match["sides"] == sides
    assert match["human_team"] == rules.team_name(rules.team_of(human))
    scores = dict.fromkeys(sides, 0)
    wins = dict.fromkeys(sides, 0)
    for number in range(1, 40):
        game = play_deal(api, match["current_game"], rng, most_turns=80)
        # the variant's deal of the derived seed, the same seat every deal
        assert game["variant"] == payload["variant"]
        assert game["human"] == human
        assert game["seed"] == deal_seed(31, number)
        position = deal(game["seed"], rules)
        assert game["start"] == str(position)
        for entry in game["moves"]:
            position = position.push(entry["move"])
        result = position.result()
        assert result is not None
        if result.winner is not None:
            scores[result.winner] += result.points
            wins[result.winner] += 1
        match = api.get(f"/api/matches/{match['id']}/").json()
        row = match["deals"][number - 1]
        assert row["recorded"]
        assert row["winner"] == result.winner
        assert row["totals"] == scores
        assert row["wins"] == wins
        expected = 0 if result.winner is None else result.points * (1 if result.winner == match["human_team"] else -1)
        assert row["human_points"] == expected
        if match["status"] == "over":
            break
    else:  # pragma: no cover
        pytest.fail("the match did not end")
    assert match["scores"] == scores
    assert match["wins"] == wins
    target_reached = [
        side
        for side in sides
        if (payload.get("target_points") and scores[side] >= payload["target_points"])
        or (payload.get("target_wins") and wins[side] >= payload["target_wins"])
    ]
    assert match["winner"] == target_reached[0]
    assert len(target_reached) == 1
    assert match["current_game"] is None
    assert Position.parse(game["start"]).variant == rules


def test_a_resigned_deal_counts_in_the_match(api):
    response = api.post("/api/matches/", {"variant": "block", "target_points": 500, "seed": 3}, format="json")
    match = response.json()
    game = api.get(f"/api/games/{match['current_game']}/").json()
    resigned = api.post(game["urls"]["resign"], format="json").json()
    match = api.get(f"/api/matches/{match['id']}/").json()
    first = match["deals"][0]
    assert first["recorded"]
    assert first["reason"] == "resigned"
    assert first["winner"] == resigned["result"]["winner"] != match["human_team"]
    assert first["human_points"] == -resigned["result"]["points"]
    assert match["scores"][first["winner"]] == resigned["result"]["points"]
    assert len(match["deals"]) == 2
    assert match["status"] == "playing"


@pytest.mark.parametrize(
    ("payload", "words"),
    [({"variant": "block", "target_wins": 1, "human": "C"}, "C"), ({"variant": "Block", "target_wins": 1}, "variant")],
)
def test_bad_variant_matches_are_400(api, payload, words):
    response = api.post("/api/matches/", payload, format="json")
    assert response.status_code == 400
    assert words in response.json()["error"]


def test_the_new_match_form_offers_the_variants(client):
    page = client.get("/matches/").content.decode()
    assert 'name="variant"' in page
    assert 'name="doubles"' in page
    assert 'value="random"' in page
    response = client.post(
        "/matches/",
        {
            "target": "wins",
            "target_wins": "1",
            "variant": "partnership",
            "doubles": "on",
            "human": "D",
            "level": "strong",
        },
    )
    assert response.status_code == 302
    from puzzles.matches.models import Match

    match = Match.objects.get()
    assert match.variant == "partnership+doubles"
    assert match.human_side == "D"
    assert match.deals.get().game.variant == "partnership+doubles"


def test_the_plain_score_sheet_counts_a_team(client):
    """Without the script, a partnership match's sheet names the human's team
    and counts each deal for it (a resigned deal says so)."""
    from puzzles.games.models import Game
    from puzzles.matches.models import Match

    client.post(
        "/matches/",
        {"target": "points", "target_points": "300", "variant": "partnership", "human": "C", "level": "strong"},
    )
    match = Match.objects.get()
    game = Game.objects.get()
    client.post(f"/play/{game.pk}/resign/")
    game.refresh_from_db()
    points = game.result["points"]
    page = client.get(f"/matches/{match.pk}/").content.decode()
    sheet = page[page.index('class="score-sheet') :]
    sheet = sheet[: sheet.index("</table>")]
    assert "You (A+C)" in sheet
    assert "Solver (B+D)" in sheet
    row = sheet[sheet.index('data-deal="1"') :]
    row = row[: row.index("</tr>")]
    assert "resigned" in row
    assert f'data-label="Points">{points}</td>' in row
    assert 'data-label="You (A+C)">0</td>' in row
    total = sheet[sheet.index('class="total-solver"') :]
    assert total[total.index(">") + 1 :].startswith(str(points))
    review = client.get(f"/matches/{match.pk}/review/").content.decode()
    assert f"0 – {points}" in review
