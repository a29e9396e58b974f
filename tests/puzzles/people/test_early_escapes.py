"""Escaping bad rated deals: the deal is seen whole before the first move, so
a rated game given up before each player has moved twice ends as an abort,
unrated.  An account may end ``farming.EARLY_ESCAPES_A_DAY`` rated games a
UTC day so by its own resignation or loss on time; past them, its next one
is rated as the loss it is, and it is told why.  The admin's farming report
counts them per account."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games import clock, deadlines
from puzzles.games.models import Game
from puzzles.people import farming
from puzzles.people.models import Challenge, EarlyEscape, GameRating, RatingChange
from solver import Position

from .conftest import accept, play_plies, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def rated(creator, opponent, **payload) -> Game:
    created = post_challenge(creator, rated=True, seat="A", **payload)
    return Game.objects.get(pk=accept(opponent, created["id"])["game"])


def to_move(game: Game) -> str:
    game.refresh_from_db()
    return Position.parse(game.current_position).side


def resign(client, game: Game) -> dict:
    answer = client.post(f"/api/games/{game.pk}/resign/")
    assert answer.status_code == 200, answer.content
    return answer.json()["result"]


def escape_the_days_limit(ann, bob) -> None:
    """``ann`` resigns ``EARLY_ESCAPES_A_DAY`` rated games at once: each an abort."""
    for _ in range(farming.EARLY_ESCAPES_A_DAY):
        result = resign(ann, rated(ann, bob))
        assert result["reason"] == "aborted"
        assert result["unrated"] == "early"
        assert result["ended"] == "resigned"
        assert documented(result)
    assert not RatingChange.objects.exists()


def documented(result: dict) -> bool:
    """Whether ``result`` is what the API's schema says a result is."""
    from puzzles.games.serializers import ResultOutputSerializer

    checked = ResultOutputSerializer(data=result)
    assert checked.is_valid(), checked.errors
    return set(result) <= set(ResultOutputSerializer().fields)


def test_past_the_days_early_escapes_an_early_resignation_is_rated_as_the_loss_it_is(account):
    ann, bob = account("ann"), account("bob")
    escape_the_days_limit(ann, bob)
    # the opponent resigning at once feeds ann nothing: the rule is the resigner's
    result = resign(bob, rated(bob, ann))
    assert result["reason"] == "aborted"
    assert result["unrated"] == "early"
    assert not RatingChange.objects.exists()
    game = rated(ann, bob)
    result = resign(ann, game)
    assert (result["reason"], result["winner"], result["resigned"]) == ("resigned", "B", "A")
    assert result["rated_early"] == farming.EARLY_ESCAPES_A_DAY
    assert "unrated" not in result
    assert documented(result)
    assert f"already ended {farming.EARLY_ESCAPES_A_DAY} rated games today" in result["text"]
    assert "Rated as the loss it is" in result["text"]
    told = bob.get(f"/api/games/{game.pk}/").json()["result"]["text"]
    assert "Rated as the loss it is" in told
    assert "you have" not in told
    assert RatingChange.objects.filter(game=game).count() == 2
    mine = GameRating.objects.get(user=ann.user)
    assert mine.games == 1
    assert mine.rating < GameRating.objects.get(user=bob.user).rating
    assert Challenge.objects.get(game=game).unrated_because == ""


def test_the_day_is_a_utc_day(account):
    ann, bob = account("ann"), account("bob")
    escape_the_days_limit(ann, bob)
    Game.objects.update(created_at=timezone.now() - timedelta(days=1))
    assert resign(ann, rated(ann, bob))["reason"] == "aborted"


def test_past_the_limit_a_loss_on_time_before_two_moves_each_is_rated(account, monkeypatch):
    ann, bob = account("ann"), account("bob")
    escape_the_days_limit(ann, bob)
    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    game = rated(ann, bob, clock={"initial": 30, "increment": 0})
    play_plies({"A": ann, "B": bob}, game.pk, 2)  # each side's free first move
    if to_move(game) != "A":
        play_plies({"A": ann, "B": bob}, game.pk, 1)  # bob opened: his second move
    later[0] += timedelta(seconds=31)  # ann's clock runs out on her second move
    deadlines.games_check_deadlines()
    game.refresh_from_db()
    assert (game.result.get("reason"), game.result.get("flagged"), game.result["winner"]) == ("time", "A", "B")
    assert game.result["rated_early"] == farming.EARLY_ESCAPES_A_DAY
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_first_move_never_made_is_an_abort_never_rated_nor_counted(account, monkeypatch, settings):
    """Let lapse, or called off by the opponent who waited for it: past the
    limit too, an abort; a player who never came is not told from one who
    escapes, and counting it would let whoever accepts an absent player's
    challenges spend that player's allowance."""
    settings.OD_RATED_ABORT_WAIT_SECONDS = 0
    ann, bob = account("ann"), account("bob")
    escape_the_days_limit(ann, bob)
    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    before = EarlyEscape.objects.get(user=ann.user)
    for how in ("lapse", "abort"):
        game = rated(ann, bob) if how == "lapse" else rated(bob, ann)
        clients = {"A": ann, "B": bob} if how == "lapse" else {"A": bob, "B": ann}
        seat = next(s for s, c in clients.items() if c is ann)
        if to_move(game) != seat:
            play_plies(clients, game.pk, 1)  # bob opened
        if how == "lapse":
            later[0] += timedelta(seconds=deadlines.FIRST_MOVE_SECONDS + 1)  # ann never makes her first move
            deadlines.games_check_deadlines()
        else:
            later[0] += timedelta(seconds=1)
            assert bob.post(f"/api/games/{game.pk}/abort/").status_code == 200
        game.refresh_from_db()
        assert game.result["reason"] == "aborted", game.result
        assert game.result["winner"] is None, game.result
        assert "rated_early" not in game.result
        assert not RatingChange.objects.filter(game=game).exists()
    after = EarlyEscape.objects.get(user=ann.user)
    assert (after.escapes, after.rated_losses) == (before.escapes, before.rated_losses)


def test_early_ends_at_once_past_the_limit_are_rated_but_the_allowance(account, monkeypatch):
    """Several of an account's rated games resigned at once (a script, many
    tabs), one short of the day's limit: the account is locked while its
    early ends are counted, so one is the last escape and the rest are rated."""
    import types

    from puzzles.games import early

    from .test_limit_races import THREADS, Race, logged_in

    ann, bob = account("ann"), account("bob")
    for _ in range(farming.EARLY_ESCAPES_A_DAY - 1):
        resign(ann, rated(ann, bob))
    games = [rated(ann, account(f"opponent{i}")) for i in range(THREADS)]  # other pairs: no pair limit
    race = Race(monkeypatch)
    check = types.SimpleNamespace(escapes_spent=farming.escapes_spent)
    race.through(check, "escapes_spent", monkeypatch)
    monkeypatch.setattr(early, "_ESCAPES_SPENT", [check.escapes_spent])
    tabs = [logged_in(ann.user) for _ in range(THREADS)]
    results = race.run([lambda tab=tab, game=game: resign(tab, game) for tab, game in zip(tabs, games, strict=True)])
    assert sorted(r["reason"] for r in results) == ["aborted"] + ["resigned"] * (THREADS - 1), results
    assert RatingChange.objects.filter(game__in=games).count() == 2 * (THREADS - 1)


def test_the_farming_report_counts_early_escapes_per_account(account, admin_client):
    ann, bob = account("ann"), account("bob")
    escape_the_days_limit(ann, bob)
    resign(bob, rated(bob, ann))  # bob's one
    resign(ann, rated(ann, bob))  # past the limit: rated
    rows = {row.user_id: row for row in EarlyEscape.objects.all()}
    assert set(rows) == {ann.user.pk, bob.user.pk}
    assert (rows[ann.user.pk].escapes, rows[ann.user.pk].rated_losses) == (farming.EARLY_ESCAPES_A_DAY, 1)
    assert (rows[bob.user.pk].escapes, rows[bob.user.pk].rated_losses) == (1, 0)
    assert len(rows[ann.user.pk].games_ids) == farming.EARLY_ESCAPES_A_DAY + 1
    assert rows[ann.user.pk].day == timezone.now().date()
    page = admin_client.get("/admin/people/earlyescape/")
    assert page.status_code == 200
    assert "ann" in page.content.decode()
    assert farming.EARLY_ESCAPE_RULE in page.content.decode()


def test_a_lost_signal_leaves_the_early_escape_to_the_beat_sweep(account):
    """A process killed between an early resignation's commit and its signal
    leaves the game unjudged: the beat's sweep judges it (unrated, early) and
    writes the account's line of the report, as the signal would have, and
    a second sweep changes nothing."""
    from puzzles.games.signals import game_finished
    from puzzles.people import ratings, upkeep

    ann, bob = account("ann"), account("bob")
    game = rated(ann, bob)
    game_finished.disconnect(dispatch_uid="puzzles.people.game_finished")
    try:
        assert resign(bob, game)["unrated"] == "early"
    finally:
        game_finished.connect(ratings.people_on_game_finished, dispatch_uid="puzzles.people.game_finished")
    assert Challenge.objects.get(game=game).unrated_because == ""
    assert not EarlyEscape.objects.exists()
    upkeep.people_settle()
    assert Challenge.objects.get(game=game).unrated_because == "early"
    line = EarlyEscape.objects.get()
    assert (line.user_id, line.escapes, line.games_ids) == (bob.user.pk, 1, [game.pk])
    upkeep.people_settle()
    assert EarlyEscape.objects.get().escapes == 1
