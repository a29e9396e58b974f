"""Escaping a bad rated match: its first deal is seen whole, and deals of a
match are not counted one by one as early ends, so a match given up deal
after deal at once counts as one early end of the losing side's accounts
(on the UTC day of its first deal).  Within the day's allowance it stays
unrated; past it (games and matches counted together) it is rated as the
loss it is, and the challenge says so.  The winners are never counted, nor
is a match that ended with no winner."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games.models import Game
from puzzles.people import farming
from puzzles.people.models import Challenge, EarlyEscape, GameRating, RatingChange
from puzzles.people.serializers import ChallengeOutputSerializer
from puzzles.ratings import glicko2

from .conftest import accept, assert_rated, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

ANN, BOB = glicko2.Rating(1550, 150, 0.06), glicko2.Rating(1700, 90, 0.058)


def resign_a_game_at_once(resigner, opponent) -> dict:
    """A rated game between the two, ``resigner`` giving it up before any move: its result."""
    created = post_challenge(resigner, rated=True, seat="A")
    game_id = accept(opponent, created["id"])["game"]
    answer = resigner.post(f"/api/games/{game_id}/resign/")
    assert answer.status_code == 200, answer.content
    return answer.json()["result"]


def spend_the_days_allowance(resigner, opponent) -> None:
    for _ in range(farming.EARLY_ESCAPES_A_DAY):
        result = resign_a_game_at_once(resigner, opponent)
        assert result["unrated"] == "early"


def match_given_up(winner, loser, *, seats: dict | None = None, wins: int = 2) -> dict:
    """A rated correspondence match to ``wins`` won deals, ``winner`` in seat
    A, ``loser`` resigning each deal before any move; the challenge as the
    winner reads it."""
    created = post_challenge(winner, rated=True, seat="A", clock=None, days=1, target_wins=wins)
    accept(loser, created["id"])
    for seat, client in (seats or {}).items():
        accept(client, created["id"], seat=seat)
    for _ in range(wins):
        game = Challenge.objects.get(pk=created["id"]).game
        answer = loser.post(f"/api/games/{game.pk}/resign/")
        assert answer.status_code == 200, answer.content
    state = winner.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["over"]
    assert state["match"]["winner"] == ("A+C" if seats else "A")
    checked = ChallengeOutputSerializer(data=state)
    assert checked.is_valid(), checked.errors
    return state


def line(client) -> EarlyEscape | None:
    return EarlyEscape.objects.filter(user=client.user).first()


def pools(ann, bob) -> None:
    for client, rating in ((ann, ANN), (bob, BOB)):
        GameRating.objects.create(
            user=client.user,
            time_class="correspondence",
            family="lewicki",
            rating=rating.rating,
            rd=rating.rd,
            volatility=rating.volatility,
        )


def test_a_rated_match_given_up_deal_after_deal_is_one_early_end_of_the_loser(account):
    ann, bob = account("ann"), account("bob")
    state = match_given_up(ann, bob)
    assert state["unrated_because"] == "early"
    assert "every deal of the match" in state["unrated_text"]
    assert state["rated_early"] is None
    assert state["rated_early_text"] is None
    assert not RatingChange.objects.exists()
    # the loser's line counts it once, by the match's last deal; the winner has none
    row = line(bob)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (1, 0)
    assert row.games_ids == [state["game"]]
    assert row.day == timezone.now().date()
    assert line(ann) is None
    # the match is one of the day's early ends: two more games and the allowance is spent
    for _ in range(farming.EARLY_ESCAPES_A_DAY - 1):
        assert resign_a_game_at_once(bob, ann)["unrated"] == "early"
    result = resign_a_game_at_once(bob, ann)
    assert result["reason"] == "resigned"
    assert result["rated_early"] == farming.EARLY_ESCAPES_A_DAY
    row = line(bob)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (farming.EARLY_ESCAPES_A_DAY, 1)


def test_past_the_days_allowance_the_match_is_rated_as_the_loss_it_is(account):
    ann, bob = account("ann"), account("bob")
    pools(ann, bob)
    spend_the_days_allowance(bob, ann)
    assert not RatingChange.objects.exists()
    state = match_given_up(ann, bob)
    assert state["unrated_because"] is None
    assert state["unrated_text"] is None
    assert state["rated_early"] == farming.EARLY_ESCAPES_A_DAY
    assert "Rated as the loss it is" in state["rated_early_text"]
    assert f"already ended {farming.EARLY_ESCAPES_A_DAY} rated games or matches early" in state["rated_early_text"]
    # rated as a won match is: the loser loses rating, the change recorded against the last deal
    assert_rated(ann.user, bob.user, (ANN, BOB), "correspondence", "lewicki")
    assert RatingChange.objects.filter(game_id=state["game"]).count() == 2
    changes = {s["seat"]: s["rating_change"] for s in state["seats"]}
    assert changes["A"] > 0
    assert changes["B"] < 0
    # said on the match's page, and in the reader's language
    page = bob.get(state["url"]).content.decode()
    assert "Rated as the loss it is" in page
    assert "rated-early-note" in page
    # the report's line: the day's escapes and this match rated as a loss
    row = line(bob)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (farming.EARLY_ESCAPES_A_DAY, 1)
    assert state["game"] in row.games_ids
    assert len(row.games_ids) == farming.EARLY_ESCAPES_A_DAY + 1
    assert line(ann) is None


def test_the_winners_account_is_never_counted(account):
    ann, bob = account("ann"), account("bob")
    spend_the_days_allowance(ann, bob)  # the winner's allowance spent: no matter
    state = match_given_up(ann, bob)
    assert state["unrated_because"] == "early"
    assert state["rated_early"] is None
    assert not RatingChange.objects.exists()
    row = line(ann)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (farming.EARLY_ESCAPES_A_DAY, 0)
    assert state["game"] not in row.games_ids
    bob_row = line(bob)
    assert bob_row is not None
    assert (bob_row.escapes, bob_row.rated_losses) == (1, 0)


def test_a_partnership_match_counts_for_each_account_of_the_losing_side(account):
    ann, bob, cat, dan = (account(name) for name in ("ann", "bob", "cat", "dan"))
    spend_the_days_allowance(dan, ann)  # bob's partner has spent the day's allowance
    created = post_challenge(ann, variant="partnership", rated=True, seat="A", clock=None, days=1, target_wins=1)
    for client, seat in ((bob, "B"), (cat, "C"), (dan, "D")):
        accept(client, created["id"], seat=seat)
    game = Challenge.objects.get(pk=created["id"]).game
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["winner"] == "A+C"
    assert state["rated_early"] == farming.EARLY_ESCAPES_A_DAY  # the side's most spent
    assert RatingChange.objects.filter(game_id=state["game"]).count() == 4
    assert GameRating.objects.get(user=bob.user, time_class="correspondence").rating < 1500
    for client, counted in ((bob, (0, 1)), (dan, (farming.EARLY_ESCAPES_A_DAY, 1))):
        row = line(client)
        assert row is not None
        assert (row.escapes, row.rated_losses) == counted
    assert line(cat) is None


def test_a_match_that_ended_with_no_winner_is_not_counted(account, monkeypatch):
    from puzzles.games import clock, deadlines

    ann, bob = account("ann"), account("bob")
    for _ in range(farming.EARLY_ESCAPES_A_DAY - 1):
        resign_a_game_at_once(bob, ann)
    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    created = post_challenge(ann, rated=True, seat="A", target_wins=2)
    accept(bob, created["id"])
    later[0] += timedelta(seconds=deadlines.FIRST_MOVE_SECONDS + 1)  # no first move: the deal aborted
    deadlines.games_check_deadlines()
    state = bob.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["over"]
    assert state["match"]["winner"] is None
    assert state["rated_early"] is None
    assert line(ann) is None
    row = line(bob)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (farming.EARLY_ESCAPES_A_DAY - 1, 0)
    # bob's last early end of the day is still left
    assert resign_a_game_at_once(bob, ann)["unrated"] == "early"


def test_a_match_counts_on_the_utc_day_its_first_deal_started(account):
    ann, bob = account("ann"), account("bob")
    spend_the_days_allowance(bob, ann)
    Game.objects.update(created_at=timezone.now() - timedelta(days=1))  # yesterday's escapes
    state = match_given_up(ann, bob)
    assert state["unrated_because"] == "early"
    assert state["rated_early"] is None


def test_a_match_and_a_game_given_up_at_once_share_the_last_early_end(account, monkeypatch):
    """The losing side's accounts are locked while the match's early end is
    counted and decided, as a game's are: a match and a game of the account
    ending at the same instant, one short of the day's limit, count each
    other, so one is the last escape and the other is rated."""
    import types

    from puzzles.games import early

    from .test_limit_races import Race, logged_in

    ann, bob, cat = account("ann"), account("bob"), account("cat")
    for _ in range(farming.EARLY_ESCAPES_A_DAY - 1):
        resign_a_game_at_once(bob, ann)
    match = post_challenge(ann, rated=True, seat="A", clock=None, days=1, target_wins=1)
    accept(bob, match["id"])
    deal = Challenge.objects.get(pk=match["id"]).game
    single = post_challenge(cat, rated=True, seat="A")  # another pair: no pair limit
    game_id = accept(bob, single["id"])["game"]
    race = Race(monkeypatch)
    race.through(farming, "match_escapes_spent", monkeypatch)
    check = types.SimpleNamespace(escapes_spent=farming.escapes_spent)
    race.through(check, "escapes_spent", monkeypatch)
    monkeypatch.setattr(early, "_ESCAPES_SPENT", [check.escapes_spent])
    tabs = [logged_in(bob.user) for _ in range(2)]
    answers = race.run(
        [
            lambda tab=tab, pk=pk: tab.post(f"/api/games/{pk}/resign/")
            for tab, pk in zip(tabs, (deal.pk, game_id), strict=True)
        ]
    )
    assert [a.status_code for a in answers] == [200, 200], answers
    state = ann.get(f"/api/challenges/{match['id']}/").json()
    game = Game.objects.get(pk=game_id)
    rated = [state["rated_early"] is not None, game.result.get("rated_early") is not None]
    assert sorted(rated) == [False, True], (state, game.result)
    row = line(bob)
    assert row is not None
    assert (row.escapes, row.rated_losses) == (farming.EARLY_ESCAPES_A_DAY, 1)
