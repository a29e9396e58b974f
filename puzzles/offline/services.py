"""Writes of offline puzzles: asking for keys and building them (the task
runs the solver; a web request only asks), the keys given to a player, recording a result played offline
as an unrated attempt (once per result), and a guest's results handed to
their account.

A result is checked against the puzzle's key before anything is written: its
moves must be legal and must follow the key (the defender's replies are the
key's, the player sends only their own moves), and the attempt must be over
(solved, failed, or given up).  It is recorded as a finished, unrated
``PuzzleAttempt`` (``unrated_because="offline"``): no rating, the player's or
the puzzle's, changes; ratings come only from attempts played on the server.

The keys given to a player are remembered (``keys_give``, ``KeyHeld``):
training withholds those puzzles from the player's rated training, and an
attempt at one on the server is unrated (``training.withheld``; the source
is registered in ``OfflineConfig.ready``).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_solve
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError, ConflictError
from puzzles.training import lifecycle, mining
from puzzles.training.models import Puzzle, PuzzleAttempt

from . import keys, selectors
from .models import KeyHeld, OfflineKey, OfflineResult
from .tasks import keys_build_task

UNRATED_BECAUSE = "offline"
# Why an attempt on the server at a puzzle whose key its player holds is unrated.
UNRATED_KEY_HELD = "offline-key"
KEYS_PER_TASK = 10


def keys_request(puzzle_ids: list[int]) -> None:
    """Ask for the keys of these puzzles (a task builds them)."""
    if not puzzle_ids:
        return
    now = timezone.now()
    with transaction.atomic():
        for pk in puzzle_ids:
            OfflineKey.objects.update_or_create(puzzle_id=pk, defaults={"requested_at": now})
        # In batches, so that several workers share a new player's fifty keys.
        for start in range(0, len(puzzle_ids), KEYS_PER_TASK):
            tasking.enqueue(keys_build_task, puzzle_ids[start : start + KEYS_PER_TASK])


def keys_upkeep(limit: int = 100) -> int:
    """Ask for the keys of up to ``limit`` training puzzles that have none and of those
    whose building was lost (the beat's; a player's pack asks for its own too).  Returns how many."""
    ids = selectors.keys_missing(limit)
    keys_request(ids)
    return len(ids)


def keys_build(puzzle_ids: list[int]) -> int:
    """Build the keys of these puzzles that have none yet.  Runs the solver:
    for tasks only.  Returns how many keys were built."""
    built = 0
    for puzzle in Puzzle.objects.filter(pk__in=puzzle_ids):
        if OfflineKey.objects.filter(puzzle=puzzle, tree__isnull=False).exists():
            continue
        tree = keys.key_tree(
            puzzle.position,
            puzzle.solver_moves,
            analysis_solve,
            mining.defender_reply,
            mining.is_deep_choice,
        )
        now = timezone.now()
        OfflineKey.objects.update_or_create(
            puzzle=puzzle,
            defaults={"tree": tree, "usable": tree is not None, "built_at": now, "requested_at": now},
        )
        built += tree is not None
    return built


def keys_give(*, player: Player, puzzle_ids: list[int]) -> None:
    """Remember that ``player`` was given the keys of these puzzles (now):
    they are withheld from the player's rated training from now on
    (``training.withheld``).  Before the keys are sent; a player with no
    account and no guest token gets none (``apis``)."""
    if not puzzle_ids:
        return
    if not player.known:
        raise ApplicationError("no player: start a session first")
    now = timezone.now()
    owner = player.owner_fields("user")
    # Two packs at once give the same keys: the second insert is skipped (unique per player and puzzle).
    KeyHeld.objects.bulk_create(
        [KeyHeld(puzzle_id=pk, first_given_at=now, last_given_at=now, **owner) for pk in puzzle_ids],
        ignore_conflicts=True,
    )
    selectors.keys_held_by(player).filter(puzzle_id__in=puzzle_ids).update(last_given_at=now)


def result_record(
    *, player: Player, client_id: str, puzzle: Puzzle, moves: list[str], gave_up: bool
) -> tuple[PuzzleAttempt, bool]:
    """Record a result played offline; returns the attempt and whether it is
    new (False: this result was recorded before, and nothing changes).
    400 for moves that are not legal or do not end the puzzle, 409 when the
    puzzle has no key (it was never sent for offline use)."""
    if not player.known:
        raise ApplicationError("no player: start a session first")
    done = selectors.result_for_player(player, client_id)
    if done is not None:
        if done.attempt.puzzle_id != puzzle.pk:
            raise ApplicationError(f"the result {client_id!r} was recorded for another puzzle")
        return done.attempt, False
    key = selectors.key_of(puzzle)
    if key is None or key.tree is None:
        raise ConflictError("this puzzle has no offline key: it was not sent for offline solving")
    walk = keys.key_walk(key.tree, moves)
    if walk.status == "open" and not gave_up:
        raise ApplicationError("the moves stop before the puzzle is over: send all of them, or gave_up")
    if walk.status != "open" and gave_up:
        raise ApplicationError(f"the puzzle was {walk.status} by these moves: it cannot be given up after that")
    try:
        with transaction.atomic():
            attempt = PuzzleAttempt.objects.create(
                puzzle=puzzle,
                **player.owner_fields("user"),
                status=PuzzleAttempt.Status.YOUR_MOVE,
                position=puzzle.position,
                rated=False,
                unrated_because=UNRATED_BECAUSE,
            )
            OfflineResult.objects.create(client_id=client_id, attempt=attempt, **player.owner_fields("user"))
            Puzzle.objects.filter(pk=puzzle.pk).update(attempts_count=F("attempts_count") + 1)
            fields: dict[str, Any] = {
                "moves": walk.records,
                "found": walk.found,
                "position": walk.position,
                "gave_up": gave_up,
            }
            lifecycle.attempt_finish(attempt, solved=walk.status == "solved", fields=fields)
    except IntegrityError:
        # The same result, sent twice at once: the other request recorded it.
        done = selectors.result_for_player(player, client_id)
        if done is None:
            raise
        return done.attempt, False
    attempt.refresh_from_db()
    return attempt, True


def results_claim(*, user: Any, session_key: str, **kwargs: Any) -> None:
    """On log-in (a receiver of ``accounts.signals.guest_claimed``): the
    guest's offline results become the account's (their attempts move with
    training's own claim)."""
    guest = OfflineResult.objects.filter(user__isnull=True, session_key=session_key)
    # A result the account sent already (the same browser before logging out) stays the account's.
    mine = OfflineResult.objects.filter(user=user).values_list("client_id", flat=True)
    guest.filter(client_id__in=list(mine)).delete()
    guest.update(user=user, session_key="")


def keys_held_claim(*, user: Any, session_key: str, **kwargs: Any) -> None:
    """On log-in (a receiver of ``accounts.signals.guest_claimed``): the keys
    the guest was given are held by the account (a key both held keeps the
    account's row)."""
    guest = KeyHeld.objects.filter(user__isnull=True, session_key=session_key)
    mine = KeyHeld.objects.filter(user=user).values_list("puzzle_id", flat=True)
    guest.filter(puzzle_id__in=list(mine)).delete()
    guest.update(user=user, session_key="")
