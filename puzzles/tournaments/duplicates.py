"""A duplicate event's deals, the same for everyone: each entrant plays
them one after the other, each a practice game against the solver at the
event's level from the same seat, with its values and hints withheld until
it is over (``Game.concealed``).  The deals are drawn from the event's
secret seed, and withheld from every analysis (``core.fairness``) while the
event runs: only the entrant's own game of a deal may be played.  Once the
event is over, the workers solve each deal (``close``): its exact par from
the entrants' seat and one best line, for the travellers; the scores are
``duplicate``'s, by matchpoints against the field and points against par."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events, fairness
from puzzles.games import notices
from puzzles.games.models import Game
from puzzles.games.signals import game_graded
from puzzles.games.starting import game_create
from puzzles.games.withheld import from_deals
from solver import Position, Variant, canonical_key, deal

from . import duplicate
from .models import Entry, Pairing, Tournament

SEED_BOUND = 1 << 53

# The start positions of each event's deals, by event and its seed.
_starts: dict[tuple[int, str], tuple[str, ...]] = {}


def deal_seed(tournament: Tournament, number: int) -> int:
    """The seed of deal ``number`` (from 1) of the event."""
    digest = hashlib.sha256(f"open-domino duplicate {tournament.seed} {number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_BOUND


def deal_seat(tournament: Tournament, number: int) -> str:
    """The seat every entrant plays in deal ``number``: drawn with the deal."""
    seats = Variant.parse(tournament.variant).seats
    return seats[(deal_seed(tournament, number) >> 7) % 2]


def _rng_seed(tournament: Tournament, number: int) -> int:
    """The solver's tie-breaking seed in deal ``number``: the same for every
    entrant, drawn apart from the deal's seed (which it does not tell)."""
    digest = hashlib.sha256(f"open-domino duplicate solver {tournament.seed} {number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_BOUND


def deal_of(tournament: Tournament, number: int) -> duplicate.Deal:
    return duplicate.Deal(deal_seed(tournament, number), tournament.variant)


def starts(tournament: Tournament) -> tuple[str, ...]:
    """The start positions of the event's deals, in order."""
    found = _starts.get((tournament.pk, tournament.seed))
    if found is None:
        found = tuple(
            str(deal(deal_seed(tournament, n), Variant.parse(tournament.variant)))
            for n in range(1, (tournament.deals or 0) + 1)
        )
        _starts[(tournament.pk, tournament.seed)] = found
    return found


def next_game(tournament: Tournament, entry: Entry) -> Pairing | None:
    """Start the entrant's next deal not played yet (None: all played).
    Called with the event locked and running."""
    played = set(Pairing.objects.filter(tournament=tournament, a=entry).values_list("round", flat=True))
    number = next((n for n in range(1, (tournament.deals or 0) + 1) if n not in played), None)
    if number is None:
        return None
    start = starts(tournament)[number - 1]
    with fairness.allowing(start):
        game = game_create(
            player=Player.owning(entry),
            seed=deal_seed(tournament, number),
            variant=tournament.variant,
            human=deal_seat(tournament, number),
            level=tournament.level or Game.Level.PERFECT,
            rng_seed=_rng_seed(tournament, number),
            concealed=True,
        )
    return Pairing.objects.create(tournament=tournament, round=number, a=entry, game=game)


def points_of(game: Game) -> int:
    """A finished deal's points for the entrant's side (positive: won)."""
    result = game.result or {}
    winner, points = result.get("winner"), int(result.get("points") or 0)
    if winner is None:
        return 0
    mine = Variant.parse(game.variant).team_name(Variant.parse(game.variant).team_of(game.human_side))
    return points if winner == mine else -points


def record(pairing: Pairing) -> None:
    """Count an entrant's finished deal (its row locked by the caller)."""
    assert pairing.game is not None
    points = points_of(pairing.game)
    outcome = Pairing.Outcome.A if points > 0 else Pairing.Outcome.B if points < 0 else Pairing.Outcome.DRAW
    Pairing.objects.filter(pk=pairing.pk).update(points=points, outcome=outcome)


def close(tournament_id: int) -> None:
    """Solve the deals of a finished event (on a worker): each deal's par
    from the entrants' seat and one best line, kept for the travellers; then
    its games show their values (and make their players' exercises, as any
    game's grading does), and its page is told."""
    tournament = Tournament.objects.get(pk=tournament_id)
    if tournament.kind != Tournament.Kind.DUPLICATE or tournament.pars:
        return
    pars: dict[str, Any] = {}
    for number, start in enumerate(starts(tournament), 1):
        position = Position.parse(start)
        pars[str(number)] = {
            "par": duplicate.par_for(position, deal_seat(tournament, number)),
            "line": list(duplicate.best_line(position)),
        }
    games = list(Pairing.objects.filter(tournament=tournament, game__isnull=False).values_list("game_id", flat=True))
    with transaction.atomic():
        if not Tournament.objects.filter(pk=tournament.pk, pars={}).update(
            pars=pars, version=F("version") + 1, updated_at=timezone.now()
        ):
            return
        Game.objects.filter(pk__in=games, concealed=True).update(concealed=False, version=F("version") + 1)
        events.notify_on_commit(events.channel("tournament", tournament.pk))
        for game_id in games:
            notices.game_changed(game_id)
        transaction.on_commit(lambda: _graded(games))


def _graded(games: list[int]) -> None:
    """Tell the apps that make things of grades (the coach) that these games' grades may be shown."""
    for game_id in games:
        game_graded.send(sender=Game, game_id=game_id)


def running_starts() -> list[str]:
    """The deals of every duplicate event not over yet."""
    events = Tournament.objects.filter(kind=Tournament.Kind.DUPLICATE).exclude(status=Tournament.Status.FINISHED)
    return [start for event in events.only("pk", "seed", "variant", "deals") for start in starts(event)]


def refusal(texts: list[str], player: Any = None) -> str | None:
    """``core.fairness``'s check: a deal of a duplicate event still running
    (its start, or a position it can come to) is withheld from everyone
    (``player`` whoever it is), but in the entrant's own game of it (begun
    within ``fairness.allowing``, walked within ``allowing_deal``)."""
    withheld = frozenset(start for start in running_starts() if not fairness.deal_allowed(start))
    if any(canonical_key(start) in texts for start in withheld) or from_deals(texts, withheld):
        return _("This deal is being played in a duplicate event: it can be studied once the event is over.")
    return None
