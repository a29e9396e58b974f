"""A rated match between people is not escaped by walking away from it: a
deal after the first one whose first move never comes is forfeited by the
side that did not move, scored as a loss on time, and the match goes on or
is won and rated as usual; the opponent who waits for it may not call it off
sooner than the first-move time the player to move is shown.  The first deal of a match called off so still calls the match off
(it never began, as a single game's abort), and so does any deal of a
casual match."""

from __future__ import annotations

import random
import types
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from puzzles.games import clock, deadlines
from puzzles.people import matches
from puzzles.people.models import Challenge, ChallengeDeal, GameRating, RatingChange
from solver import Variant, deal

from .conftest import accept, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

# A next deal's first moves wait this long for its players to open it (games.presence).
NEXT_DEAL_GRACE = django_settings.OD_NEXT_DEAL_GRACE_SECONDS


def _opener(match_seed: int, number: int) -> str:
    return deal(matches.deal_seed(match_seed, number), Variant.parse("lewicki")).side


@pytest.fixture
def match_seeds(monkeypatch):
    """A match's deal 1 that lasts past two moves each under first-legal-move play."""
    from .conftest import _lasts

    draw = random.Random()

    def randbelow(bound: int) -> int:
        while True:
            seed = draw.randrange(bound)
            if _lasts(matches.deal_seed(seed, 1), "lewicki"):
                return seed

    monkeypatch.setattr(matches, "secrets", types.SimpleNamespace(randbelow=randbelow))


@pytest.fixture
def later(monkeypatch):
    now = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


@pytest.mark.parametrize("how", ["lapse", "abort"])
def test_the_loser_who_lets_the_next_deal_lapse_loses_the_rated_match(account, match_seeds, later, settings, how):
    settings.OD_RATED_ABORT_WAIT_SECONDS = 0
    ann, bob = account("ann"), account("bob")
    clients = {"A": ann, "B": bob}
    created = post_challenge(ann, rated=True, seat="A", target_wins=2)
    accept(bob, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    # the player who opens deal 2 loses deal 1, then walks away
    quitter = _opener(int(challenge.match_seed), 2)
    stayer = "B" if quitter == "A" else "A"
    first = challenge.game
    assert play_twice_each(clients, first.pk)["status"] != "over"
    assert clients[quitter].post(f"/api/games/{first.pk}/resign/").status_code == 200
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != first.pk
    pips = deal(matches.deal_seed(int(challenge.match_seed), 2), Variant.parse("lewicki")).team_pips(
        Variant.parse("lewicki").team_of(quitter)
    )
    if how == "lapse":
        later[0] += timedelta(seconds=NEXT_DEAL_GRACE + deadlines.FIRST_MOVE_SECONDS + 1)
        deadlines.games_check_deadlines()
    else:  # the opponent, waiting for a first move that does not come, may not call the deal off:
        # the quitter is shown the first-move time, and that decides
        later[0] += timedelta(seconds=1)
        seen = clients[stayer].get(f"/api/games/{second.pk}/").json()
        assert not seen["abortable"], seen
        assert seen["abort_from"] is None, seen
        refused = clients[stayer].post(f"/api/games/{second.pk}/abort/")
        assert refused.status_code == 409
        assert "they forfeit the deal" in refused.json()["error"]
        second.refresh_from_db()
        assert second.status != "over"
        later[0] += timedelta(seconds=NEXT_DEAL_GRACE + deadlines.FIRST_MOVE_SECONDS)
        deadlines.games_check_deadlines()
    second.refresh_from_db()
    assert second.status == "over"
    assert second.result["reason"] == "aborted"

    row = ChallengeDeal.objects.get(challenge_id=created["id"], number=2)
    assert (row.winner, row.points, row.reason) == (stayer, pips, "forfeit")
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["winner"] == stayer
    assert state["match"]["over"]
    assert state["match"]["wins"] == {stayer: 2, quitter: 0}
    changes = dict(RatingChange.objects.values_list("user__username", "score"))
    names = {"A": "ann", "B": "bob"}
    assert changes == {names[stayer]: 1.0, names[quitter]: 0.0}
    assert GameRating.objects.get(user__username=names[quitter]).rating < 1500
    page = ann.get(created["url"]).content.decode()
    assert f"{stayer} won the match." in page
    assert "forfeited" in page


def test_a_lapse_goes_against_the_side_that_lapsed_and_the_match_goes_on(account, match_seeds, later):
    ann, bob = account("ann"), account("bob")
    clients = {"A": ann, "B": bob}
    created = post_challenge(ann, rated=True, seat="A", target_wins=2)
    accept(bob, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    opener = _opener(int(challenge.match_seed), 2)
    other = "B" if opener == "A" else "A"
    first = challenge.game
    play_twice_each(clients, first.pk)
    assert clients[other].post(f"/api/games/{first.pk}/resign/").status_code == 200  # deal 1: the opener's
    later[0] += timedelta(seconds=NEXT_DEAL_GRACE + deadlines.FIRST_MOVE_SECONDS + 1)
    deadlines.games_check_deadlines()  # the leader lets deal 2 lapse: 1 - 1, and deal 3 is dealt
    state = ann.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["wins"] == {opener: 1, other: 1}
    assert not state["over"]
    assert state["winner"] is None
    assert [d["reason"] for d in state["deals"]] == ["resigned", "forfeit", None]
    assert state["current"]["number"] == 3
    assert not RatingChange.objects.exists()


def test_the_first_deal_and_a_casual_matchs_deals_still_call_the_match_off(account, api, other_api, match_seeds, later):
    ann, bob = account("ann"), account("bob")
    rated = post_challenge(ann, rated=True, seat="A", target_wins=2)
    accept(bob, rated["id"])
    later[0] += timedelta(seconds=deadlines.FIRST_MOVE_SECONDS + 1)
    deadlines.games_check_deadlines()
    state = ann.get(f"/api/challenges/{rated['id']}/").json()["match"]
    assert state["over"]
    assert state["winner"] is None
    assert state["deals"][0]["reason"] == "aborted"

    casual = post_challenge(api, seat="A", target_wins=2)
    accept(other_api, casual["id"])
    clients = {"A": api, "B": other_api}
    first = Challenge.objects.get(pk=casual["id"]).game
    play_twice_each(clients, first.pk)
    assert other_api.post(f"/api/games/{first.pk}/resign/").status_code == 200
    later[0] += timedelta(seconds=NEXT_DEAL_GRACE + deadlines.FIRST_MOVE_SECONDS + 1)
    deadlines.games_check_deadlines()
    state = api.get(f"/api/challenges/{casual['id']}/").json()["match"]
    assert state["over"]
    assert state["winner"] is None
    assert state["deals"][-1]["reason"] == "aborted"
