"""The people app's beat sweep: what a lost ``games.signals.game_finished``
left, made good.  The signal is sent after the commit that ends a game, so a
process killed between the two loses it; its receiver
(``ratings.people_on_game_finished``) is idempotent, and so is this sweep,
which does what it would have done.  Reads never write: a challenge, a match
or a profile shows the state as stored until the sweep (or the signal) has
written it, within one ``OD_REQUEUE_EVERY`` (15 s by default)."""

from __future__ import annotations

from puzzles.games.models import Game

from . import accuracy, farming, matches, ratings
from .models import ONE_GAME, Challenge

# At most this many of each kind of leftover settled by one run of the sweep.
SETTLE_LIMIT = 100


def people_settle(*, limit: int = SETTLE_LIMIT) -> int:
    """What a lost ``game_finished`` left (a process killed between the
    game's commit and its signal), made good: the finished deals of matches
    not counted (``matches.deals_settle``), the won rated matches and the
    finished rated games not rated, the accuracies not recorded.  Each in
    its own transaction, at most ``limit`` of each a call, and idempotent (a
    signal coming meanwhile changes nothing twice).  The beat's sweep
    (``tasks.people_settle_task``, every ``OD_REQUEUE_EVERY`` seconds) calls
    it; reads never do.  How many deals were recorded and games rated.  A
    game found here lost its whole signal, so its fair-play checks (the
    farming flags, the early-escape line) are run here too; so are a won
    match's farming flags."""
    recorded = matches.deals_settle(limit=limit)
    pending = Challenge.objects.filter(
        ONE_GAME, rated=True, rated_at__isnull=True, unrated_because="", game__status=Game.Status.OVER
    ).values_list("game_id", flat=True)[:limit]
    rated = 0
    for game_id in list(pending):
        if game_id is None:
            continue
        rated += ratings.game_rate(game_id=game_id)
        game = Game.objects.filter(pk=game_id).first()
        if game is not None:
            ratings.finished_checks(game)
    won = (
        Challenge.objects.filter(rated=True, rated_at__isnull=True, unrated_because="")
        .exclude(match_winner="")
        .values_list("pk", flat=True)
    )
    for pk in list(won[:limit]):
        if ratings.match_rate(challenge_id=pk):
            rated += 1
            farming.farming_check(challenge=Challenge.objects.get(pk=pk))
    accuracy.accuracies_settle(limit=limit)
    return recorded + rated
