"""The daily deal comes from the site's deal secret, not from a formula of
the date anyone could work out: its seed, the solver's seed, the seat and the
salt of its commitment.  The commitment is shown from the start of the day;
the salt and the seed once the player's own game is over or the day is."""

from __future__ import annotations

import hashlib
import random
from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.test import override_settings

from puzzles.daily import services
from puzzles.daily.models import DailyDeal
from puzzles.games import dealing
from solver.commitment import deal_commitment, keyed_seed, verify_deal

pytestmark = pytest.mark.django_db(transaction=True)

DAY = date(2026, 5, 1)
EVENING = datetime(2026, 5, 1, 23, 50, tzinfo=UTC)


def public_formula(day: date) -> int:
    """The seed as it was once published: anyone could work out any day's deal."""
    digest = hashlib.sha256(f"open-domino daily {day.isoformat()} deal".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def test_the_seed_is_no_longer_the_public_formula():
    for offset in range(5):
        day = DAY + timedelta(days=offset)
        assert int(services.deal_choice(day)["seed"]) != public_formula(day)


def test_the_deal_comes_from_the_secret():
    with override_settings(OD_DEAL_SECRET="one secret of the site, long enough to be one"):
        one = services.deal_choice(DAY)
        assert int(one["seed"]) == keyed_seed("one secret of the site, long enough to be one", "daily 2026-05-01")
    with override_settings(OD_DEAL_SECRET="another secret of the site, long enough too"):
        other = services.deal_choice(DAY)
    assert one["seed"] != other["seed"]
    assert one["salt"] != other["salt"]
    assert one["commitment"] != other["commitment"]
    # without one, the secret is derived from the secret key, under its own label
    with override_settings(OD_DEAL_SECRET="", SECRET_KEY="k" * 60):
        derived = dealing.deal_secret()
        assert derived not in (b"k" * 60, b"")
        assert services.deal_choice(DAY)["seed"] != one["seed"]
    with override_settings(OD_DEAL_SECRET="", SECRET_KEY="j" * 60):
        assert dealing.deal_secret() != derived


def test_the_commitment_is_the_seed_under_its_salt():
    fields = services.deal_choice(DAY)
    assert len(fields["salt"]) == 32
    assert fields["commitment"] == deal_commitment(int(fields["seed"]), fields["salt"], "lewicki")
    assert services.deal_choice(DAY) == fields  # every process draws the same


def finish(api, game_id: int) -> dict:
    rng = random.Random(3)
    url = f"/api/games/{game_id}/"
    while (game := api.get(url).json())["status"] != "over":
        response = api.post(
            url + "moves/", {"move": rng.choice(game["legal_moves"]), "ply": game["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content
    return game


def test_the_day_shows_the_commitment_and_reveals_it_after_the_game_and_after_the_day(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        seen = api.get("/api/daily-deal/").json()
        assert not DailyDeal.objects.exists()  # a read shows the day's deal before the beat stores it
        made = DailyDeal(day=DAY, **services.deal_choice(DAY))
        assert seen["deal"]["commitment"] == made.commitment
        assert seen["deal"]["salt"] is None
        assert seen["deal"]["seed"] is None
        assert seen["seed"] is None
        page = api.get("/daily/").content.decode()
        assert made.commitment in page
        assert made.salt not in page

        started = api.post("/api/daily-deal/start/", format="json").json()
        assert DailyDeal.objects.get().commitment == made.commitment  # the start stored the deal shown
        assert started["seed"] is None
        assert started["deal"]["commitment"] == made.commitment
        assert started["deal"]["salt"] is None
        game = finish(api, started["id"])
        assert game["seed"] == int(made.seed)
        assert (game["deal"]["salt"], game["deal"]["seed"]) == (made.salt, int(made.seed))
        assert verify_deal(
            seed=game["deal"]["seed"],
            salt=game["deal"]["salt"],
            commitment=game["deal"]["commitment"],
            position=game["start"],
        ).holds
        # the player whose game is over sees them; another player not yet
        mine, theirs = api.get("/api/daily-deal/").json(), other_api.get("/api/daily-deal/").json()
        assert mine["deal"]["salt"] == made.salt
        assert mine["deal"]["seed"] == int(made.seed)
        assert theirs["deal"]["salt"] is None
        assert theirs["deal"]["seed"] is None
    with time_machine.travel(EVENING + timedelta(hours=3), tick=False):  # the day and its grace over: for everyone
        theirs = other_api.get("/api/daily-deal/2026-05-01/ranking/")
        past = other_api.get("/daily/2026-05-01/").content.decode()
        assert made.salt in past
        assert "/deals/verify/?" in past
    assert theirs.status_code == 200


def test_a_deal_made_before_commitments_shows_none(api):
    with time_machine.travel(EVENING, tick=False):
        fields = services.deal_choice(DAY)
        DailyDeal.objects.create(day=DAY, **{k: v for k, v in fields.items() if k not in ("salt", "commitment")})
        assert api.get("/api/daily-deal/").json()["deal"] is None
        started = api.post("/api/daily-deal/start/", format="json").json()
        assert started["deal"] is None
        assert started["seed"] == int(fields["seed"])
