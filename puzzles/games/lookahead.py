"""The look-ahead: the analyses a human's next move will need, computed on
the workers before the move comes, so that the move's request grades it and
plays the solver's replies by lookup (the solver never runs in a request).

``turn_prepare`` (a task, when the human's turn begins) puts in Redis the
analysis of the position, of the positions each of the human's moves would
leave the solver in, and of the human's next position after the solver's
replies (``foresee``); the move's request reads them back
(``analyses_at_hand``, ``replies_foreseen``).  The solver's choice is made by
the seat's level and the game's seeded generator (``solver_choice``), so the
look-ahead, the request and the solver's task all choose the same move.
Nothing here writes to the database.

Its memory and Redis copies are keyed by the position as written, not by
its canonical form (``solver.canonical_key``) as the analyses' rows are:
the positions of a game are reached by its moves, so another spelling of
the same game never comes up within it, and canonical keys would add about
0.1 ms a position (and 0.7 ms to read an analysis off another spelling,
``solver.carried``) to the move's request, whose cost is what matters here."""

from __future__ import annotations

from django.conf import settings

from puzzles.analyses.selectors import analyses_cached_fast, analysis_cached_fast, analysis_stored
from puzzles.analyses.services import analyses_exchange, analyses_share, analysis_ahead, analysis_computed
from solver import Analysis, DominoError, Position

from . import opponent
from .models import Game, GameSeat


def analyses_at_hand(game: Game, move: str) -> tuple[Analysis | None, list[tuple[Position, str, Analysis]]]:
    """What grades the human's ``move`` and plays the solver's replies in
    the request, as far as it is at hand (``turn_prepare`` computed it ahead
    of the turn): the analysis of the game's current position (this
    process's memory, Redis, else its row), and the replies foreseen
    (``replies_foreseen``).  The current position and the one the move
    leads to are looked up in one Redis round trip."""
    current = game.current_position
    try:
        before = Position.parse(current)
        after: Position | None = before.push(before.normalise_move(move))
    except DominoError:
        after = None  # the transaction says what is wrong
    found = analyses_cached_fast([current] if after is None else [current, str(after)])
    known = found.get(current)
    if known is None:
        known = analysis_stored(current)
    if known is None or after is None or not settings.OD_REPLY_IN_REQUEST:
        return known, []
    return known, replies_foreseen(game, after, found)


def replies_foreseen(game: Game, after: Position, found: dict[str, Analysis]) -> list[tuple[Position, str, Analysis]]:
    """The solver's moves from ``after`` (the position the human's move in
    the game's current position leads to) up to the human's next turn (or the
    end), as far as the analyses they are chosen from are at hand: in
    ``found`` (looked up already), this process or Redis.
    ``(position, move, analysis)`` each.  Nothing is written."""
    position = after
    foreseen: list[tuple[Position, str, Analysis]] = []
    ply = game.ply_count + 1
    while not position.is_over() and position.side not in game.person_seats:
        key = str(position)
        analysis = found[key] if key in found else analysis_cached_fast(key)
        if analysis is None:
            break
        reply = solver_choice(game, position, analysis, ply)
        foreseen.append((position, reply, analysis))
        position = position.push(reply)
        ply += 1
    return foreseen


def solver_choice(game: Game, position: Position, analysis: Analysis, ply: int) -> str:
    """The solver's move in ``position`` at ``ply``: by the seat's level and
    the game's seeded generator, so the solver's task, the request that
    plays a reply and the look-ahead all choose the same one."""
    return opponent.choose_move(analysis, solver_level(game, position.side), game.rng_seed, ply)


def turn_prepare(*, game: Game, position: str) -> None:
    """Ahead of the human's move in ``position``: its analysis, in Redis (the
    grade and the hints need it; the move's request stores its row), and if
    the game is still there, the analyses of the solver's replies
    (``foresee``).  Idempotent; writes nothing to the database."""
    if game.current_position == position and game.status == Game.Status.YOUR_MOVE:
        foresee(game, Position.parse(position), game.ply_count)
    else:
        analysis_ahead(position)


def foresee(game: Game, start: Position, ply: int) -> None:
    """The analysis of ``start`` (the human to move, at ``ply``) and, for
    each move the human could make there, the analyses of the positions the
    solver would then move in and of the human's next position after the
    solver's replies, put in Redis for a while (most are never needed).
    Then the request that plays the move grades it, plays the reply and
    leaves the next grade ready, all by lookup."""
    # position -> the ply it is reached at, for the positions still in play.
    # Each round reads its positions, and shares what the round before
    # computed, in one round trip to Redis (an analysis found there keeps
    # its own time to live).
    start_key = str(start)
    frontier = {start_key: (start, ply)}
    frontier.update(
        {str(after): (after, ply + 1) for after in map(start.push, start.legal_moves()) if not after.is_over()}
    )
    found = analyses_exchange({}, list(frontier))
    if start_key not in found:
        # Usually the last turn's look-ahead has it.  If not, the grade and
        # the hints need it first: shared at once, before the solver's
        # positions are solved.
        found[start_key] = analysis_computed(start_key, start)
        analyses_share({start_key: found[start_key]})
    while frontier:
        computed: dict[str, Analysis] = {}
        following: dict[str, tuple[Position, int]] = {}
        for key, (reached, at) in frontier.items():
            analysis = found.get(key)
            if analysis is None:
                analysis = computed[key] = analysis_computed(key, reached)
            if reached.side not in game.person_seats:
                after = reached.push(solver_choice(game, reached, analysis, at))
                if not after.is_over():
                    following[str(after)] = (after, at + 1)
        frontier = following
        found = analyses_exchange(computed, list(frontier))


def solver_level(game: Game, seat: str) -> str:
    """The strength the solver plays ``seat`` with: the human's partner plays
    perfectly (for the human's team), the opponents at the game's level; in
    a game between people, the level its seat was given."""
    if game.is_people:
        levels = getattr(game, "_levels_cache", None)
        if levels is None:
            levels = dict(GameSeat.objects.filter(game=game).values_list("seat", "level"))
            game._levels_cache = levels  # type: ignore[attr-defined]
        return levels.get(seat) or game.level
    return Game.Level.PERFECT if game.role_of(seat) == "partner" else game.level
