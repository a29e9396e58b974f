"""A tournament's games: who plays whom (``arena_rules``, ``swiss``), each
game started as an ordinary game between people through a challenge the
people app makes and its second player takes at once (so it is rated, and
checked for fair play, as every game between people is), and each result
counted into the event.  Called by ``services`` with the tournament locked
(and, to count a game, its pairing)."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.games.models import Game
from puzzles.people.services import challenge_accept, challenge_create

from . import arena_rules, blocks, duplicates, swiss, team_matches
from .models import Entry, Pairing, Tournament

log = logging.getLogger(__name__)

Outcome = Pairing.Outcome

# What one game's outcome is to each side, for an arena's results.
_ARENA_RESULT = {
    Outcome.A: (arena_rules.Result.WIN, arena_rules.Result.LOSS),
    Outcome.B: (arena_rules.Result.LOSS, arena_rules.Result.WIN),
    Outcome.DRAW: (arena_rules.Result.DRAW, arena_rules.Result.DRAW),
    Outcome.ABORTED: (arena_rules.Result.ABORTED, arena_rules.Result.ABORTED),
}
# A Swiss game's points to seat A (a bye: 1).
_SWISS_POINTS = {Outcome.A: 1.0, Outcome.B: 0.0, Outcome.DRAW: 0.5, Outcome.BYE: swiss.BYE_POINTS}


def in_progress(tournament: Tournament | int) -> QuerySet[Pairing]:
    """The event's games not counted yet."""
    return Pairing.objects.filter(tournament=tournament, finished_at__isnull=True, game__isnull=False)


def games_on(entry: Entry) -> QuerySet[Pairing]:
    """The entrant's games of the event not counted yet."""
    return in_progress(entry.tournament_id).filter(Q(a=entry) | Q(b=entry))


def playing(entry: Entry) -> bool:
    """Whether the entrant is in one of the event's games now."""
    return games_on(entry).exists()


def start_game(tournament: Tournament, a: Entry, b: Entry, number: int = 0) -> Pairing:
    """``a`` (seat A) against ``b``: the game of the event's variant and control."""
    clock = (
        {"initial": tournament.clock_initial, "increment": tournament.clock_increment}
        if tournament.clock_initial is not None
        else None
    )
    first, second = Player.owning(a), Player.owning(b)
    challenge = challenge_create(
        player=first,
        variant=tournament.variant,
        rated=tournament.rated,
        seat="A",
        clock=clock,
        days=tournament.days,
        reserved={"B": second},
        by_site=True,
    )
    game = challenge_accept(player=second, challenge_id=challenge.pk).game
    return Pairing.objects.create(tournament=tournament, round=number, a=a, b=b, game=game)


def arena_pair(tournament: Tournament) -> int:
    """Pair the arena's waiting players (``arena_rules.pair_waiting``) and
    start their games; how many games were started."""
    waiting = list(Entry.objects.filter(tournament=tournament, active=True, waiting_since__isnull=False).order_by("id"))
    if len(waiting) < 2:
        return 0
    by_id = {entry.pk: entry for entry in waiting}
    avoid = blocks.entries_to_avoid(waiting)
    pairs = arena_rules.pair_waiting(
        arena_rules.Waiting(
            player=entry.pk,
            score=round(entry.score),
            rating=round(entry.rating),
            since=entry.waiting_since or timezone.now(),
            last_opponent=entry.last_opponent_id,
            a_seats=entry.a_seats,
            b_seats=entry.b_seats,
            avoid=avoid.get(entry.pk, frozenset()),
        )
        for entry in waiting
    )
    started = 0
    for pair in pairs:
        a, b = by_id[pair.a], by_id[pair.b]
        try:
            with transaction.atomic():  # a pair the people app refuses stays waiting; the others play
                start_game(tournament, a, b)
        except ApplicationError as exc:
            log.warning("arena %s: %s and %s not paired: %s", tournament.pk, a.pk, b.pk, exc)
            continue
        Entry.objects.filter(pk=a.pk).update(waiting_since=None, last_opponent=b, a_seats=a.a_seats + 1)
        Entry.objects.filter(pk=b.pk).update(waiting_since=None, last_opponent=a, b_seats=b.b_seats + 1)
        started += 1
    return started


def swiss_rounds(tournament: Tournament) -> list[swiss.RoundResult]:
    """The Swiss's rounds played so far, as ``swiss`` reads them."""
    rows = list(Pairing.objects.filter(tournament=tournament).exclude(outcome="").order_by("round", "id"))
    rounds: list[swiss.RoundResult] = []
    for number in range(1, tournament.round + 1):
        games = tuple(
            swiss.Game(row.a_id, row.b_id, _SWISS_POINTS[Outcome(row.outcome)])
            for row in rows
            if row.round == number and row.b_id is not None and row.outcome != Outcome.ABORTED
        )
        bye = next((row.a_id for row in rows if row.round == number and row.outcome == Outcome.BYE), None)
        rounds.append(swiss.RoundResult(games, bye))
    return rounds


def swiss_next_round(tournament: Tournament) -> bool:
    """Pair and start the Swiss's next round; False when no pairing is left
    (fewer than two players, or none without a repeat: the event ends)."""
    entries = {entry.pk: entry for entry in Entry.objects.filter(tournament=tournament)}
    active = [pk for pk, entry in entries.items() if entry.active]
    if len(active) < 2:
        return False
    ratings = {pk: entry.rating for pk, entry in entries.items()}
    try:
        avoid = blocks.entries_to_avoid(entries[pk] for pk in active)
        pairing = swiss.pair_round(swiss.entrants_after(swiss_rounds(tournament), ratings, active, avoid))
    except swiss.NoPairing:
        return False
    number = tournament.round + 1
    for a, b in pairing.pairs:
        start_game(tournament, entries[a], entries[b], number)
    if pairing.bye is not None:
        Pairing.objects.create(
            tournament=tournament, round=number, a=entries[pairing.bye], outcome=Outcome.BYE, finished_at=timezone.now()
        )
        _score(entries[pairing.bye], swiss.BYE_POINTS)
    Tournament.objects.filter(pk=tournament.pk).update(round=number)
    tournament.round = number
    return True


def outcome_of(game: Game) -> str:
    """A finished game's outcome: a win for a seat, a draw, or an abort."""
    result = game.result or {}
    if result.get("reason") == "aborted":
        return Outcome.ABORTED
    winner = result.get("winner")
    return Outcome.A if winner == "A" else Outcome.B if winner == "B" else Outcome.DRAW


def _score(entry: Entry, points: float) -> None:
    Entry.objects.filter(pk=entry.pk).update(score=entry.score + points)
    entry.score += points


def record(pairing: Pairing, now: datetime) -> None:
    """Count a finished game (its row locked by the caller)."""
    assert pairing.game is not None
    tournament = pairing.tournament
    if tournament.kind == Tournament.Kind.DUPLICATE:
        duplicates.record(pairing)
        Pairing.objects.filter(pk=pairing.pk).update(finished_at=now)
        return
    assert pairing.b is not None
    outcome = outcome_of(pairing.game)
    Pairing.objects.filter(pk=pairing.pk).update(outcome=outcome, finished_at=now)
    if tournament.kind == Tournament.Kind.TEAM:
        team_matches.record(pairing, outcome)
    if tournament.kind == Tournament.Kind.ARENA:
        for entry, result in zip((pairing.a, pairing.b), _ARENA_RESULT[Outcome(outcome)], strict=True):
            fresh = Entry.objects.select_for_update().get(pk=entry.pk)
            results = [*fresh.results, result.value]
            sheet = arena_rules.score(arena_rules.Result(r) for r in results)
            open_ = fresh.active and tournament.ends_at is not None and now < tournament.ends_at
            Entry.objects.filter(pk=entry.pk).update(
                results=results, score=sheet.total, on_fire=sheet.on_fire, waiting_since=now if open_ else None
            )
    elif tournament.kind == Tournament.Kind.SWISS and outcome != Outcome.ABORTED:
        a_points = _SWISS_POINTS[Outcome(outcome)]
        _score(Entry.objects.select_for_update().get(pk=pairing.a_id), a_points)
        _score(Entry.objects.select_for_update().get(pk=pairing.b.pk), 1.0 - a_points)
