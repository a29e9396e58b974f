"""The daily deal cannot be practised before it is played: on its day its seed
and start are not in the deal's answer, and a practice game of its seed or its
start, a rematch of the daily game, an analysis of its start or of a position it comes
to (API, board, position endpoint, game record) answer 403 until the player's own game of it
is over; then, or two hours after the day is over, they are the player's to study."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine

from puzzles.daily import services
from puzzles.daily.models import DailyDeal
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

EVENING = datetime(2026, 5, 1, 23, 50, tzinfo=UTC)
# The day's seed, as the site draws it from its deal secret (services.deal_choice).
SEED = int(services.deal_choice(date(2026, 5, 1))["seed"])
START = str(deal(SEED))
# The deal a move in: a position it comes to is withheld as its start is.
_dealt = deal(SEED)
ONE_IN = str(_dealt.play(_dealt.legal_moves()[0]))


def respelled(position: str) -> str:
    """The same game written another way: each hand's columns in reverse
    order, the seats swapped round, the ends reversed."""
    *hands, ends, side = position.split()
    hands = ["/".join(".".join(reversed(row.split("."))) for row in hand.split("/")) for hand in reversed(hands)]
    return " ".join([*hands, ends[::-1], "B" if side == "A" else "A"])


def finish(api, game_id: int) -> None:
    rng = random.Random(1)
    url = f"/api/games/{game_id}/"
    while (game := api.get(url).json())["status"] != "over":
        response = api.post(
            url + "moves/", {"move": rng.choice(game["legal_moves"]), "ply": game["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content


def practice_answers(api) -> dict[str, int]:
    """The status of every way to see the deal outside the daily game."""
    return {
        "game of the seed": api.post("/api/games/", {"seed": SEED}, format="json").status_code,
        "game of the start": api.post("/api/games/", {"position": START}, format="json").status_code,
        "analysis": api.post("/api/analyses/", {"position": START}, format="json").status_code,
        "position endpoint": api.post("/api/positions/", {"position": START}, format="json").status_code,
        "board": api.get("/analysis/", {"position": START}).status_code,
        "board of the deal number": api.get("/analysis/", {"deal": SEED}, follow=True).status_code,
        "analysis a move in": api.post("/api/analyses/", {"position": ONE_IN}, format="json").status_code,
        "game a move in": api.post("/api/games/", {"position": ONE_IN}, format="json").status_code,
        "analysis respelled": api.post("/api/analyses/", {"position": respelled(START)}, format="json").status_code,
        "analysis a move in respelled": api.post(
            "/api/analyses/", {"position": respelled(ONE_IN)}, format="json"
        ).status_code,
        "game respelled": api.post("/api/games/", {"position": respelled(START)}, format="json").status_code,
    }


def test_the_days_deal_is_withheld_until_your_game_of_it_is_over(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        fresh = api.get("/api/daily-deal/").json()
        assert fresh["seed"] is None
        assert fresh["start_position"] is None
        assert not DailyDeal.objects.exists()  # shown before the beat stores it: withheld all the same
        assert set(practice_answers(api).values()) == {403}
        refused = api.post("/api/games/", {"seed": SEED}, format="json").json()
        assert set(refused) == {"error"}
        assert "daily deal" in refused["error"]
        refused = api.post("/api/analyses/", {"position": ONE_IN}, format="json").json()
        assert "comes from today's daily deal" in refused["error"]
        # the daily game itself is played from that start
        game = api.post("/api/daily-deal/start/", {}, format="json")
        assert game.status_code == 201
        assert game.json()["start"] == START
        # while it is being played: no rematch, no practice, no analysis, no record of it
        assert api.post(f"/api/games/{game.json()['id']}/rematch/", {}, format="json").status_code == 403
        assert set(practice_answers(api).values()) == {403}
        record = api.post("/api/game-analyses/", {"game_id": game.json()["id"]}, format="json")
        assert record.status_code == 403, record.content
        assert api.get("/api/daily-deal/").json()["seed"] is None
        finish(api, game.json()["id"])
        # over: everything is the player's to study, and not yet the other player's
        over = api.get("/api/daily-deal/").json()
        assert over["seed"] == SEED
        assert over["start_position"] == START
        assert {a < 300 for a in practice_answers(api).values()} == {True}, practice_answers(api)
        assert api.post(f"/api/games/{game.json()['id']}/rematch/", {}, format="json").status_code == 201
        assert set(practice_answers(other_api).values()) == {403}
    # just after midnight, games of it can still be ranked: withheld from those who have not played it
    with time_machine.travel(EVENING + timedelta(minutes=20), tick=False):
        assert set(practice_answers(other_api).values()) == {403}
    # the grace over (two hours after the day), a past deal is anyone's
    with time_machine.travel(EVENING + timedelta(hours=2, minutes=20), tick=False):
        assert {a < 300 for a in practice_answers(other_api).values()} == {True}
        past = other_api.get("/api/daily-deal/2026-05-01/ranking/")
        assert past.status_code == 200
