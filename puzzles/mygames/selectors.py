"""Reads of "My games" (never a write): a player's games filtered and paged,
their records for the export, a finished game's rating change and the
rematch offered after a game between people.

A player's games are the games they played a seat of
(``games.selectors.games_played_by``: their practice games, owned by them,
and the games between people where a ``GameSeat`` is theirs).  A concealed
game (an event's deal, ``Game.concealed``) is left out until its event is
over and the tournaments app clears the flag."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, CharField, Exists, F, OuterRef, Q, QuerySet, Subquery, When

from puzzles.accounts.players import Player
from puzzles.archive.site_records import records_of
from puzzles.botaccounts.presentation import user_text
from puzzles.games import selectors as game_selectors
from puzzles.games.models import Game, GameSeat
from puzzles.games.presentation import tournament_link
from puzzles.people import bots as people_bots
from puzzles.people.models import ONE_GAME, Challenge, ChallengeDeal, RatingChange
from solver import GameRecord

from .filters import Filters

PAGE_SIZE = 20
ABORTED = "aborted"


def _with_seat(games: QuerySet[Game], player: Player) -> QuerySet[Game]:
    """``games`` with ``my_seat``: the player's seat (a practice game's human
    seat, their ``GameSeat`` of a game between people)."""
    seat = player.rows(GameSeat.objects.filter(game=OuterRef("pk"), level="")).order_by().values("seat")[:1]
    return games.annotate(
        my_seat=Case(
            When(kind=Game.Kind.PEOPLE, then=Subquery(seat)),
            default=F("human_side"),
            output_field=CharField(),
        )
    )


# The winning sides (as a result names them) that hold each seat.
_WINNING = {"A": ["A", "A+C"], "B": ["B", "B+D"], "C": ["A+C"], "D": ["B+D"]}


def _by_result(games: QuerySet[Game], result: str) -> QuerySet[Game]:
    """A result's games: a win is a winning side that holds the player's
    seat (``A``, ``A+C``), a draw an end with no winner that is no abort."""
    if result == "playing":
        return games.exclude(status=Game.Status.OVER)
    over = games.filter(status=Game.Status.OVER)
    if result == ABORTED:
        return over.filter(result__reason=ABORTED)
    played = over.exclude(result__reason=ABORTED)
    if result == "drawn":
        return played.filter(result__winner=None)
    won = Q()
    for seat, sides in _WINNING.items():
        won |= Q(my_seat=seat, result__winner__in=sides)
    decided = played.exclude(result__winner=None)
    return decided.filter(won) if result == "won" else decided.exclude(won)


def _by_speed(games: QuerySet[Game], speed: str) -> QuerySet[Game]:
    if speed == "live":
        return games.filter(clock_initial__isnull=False)
    if speed == "correspondence":
        return games.filter(days__isnull=False)
    return games.filter(clock_initial__isnull=True, days__isnull=True)


def _by_opponent(games: QuerySet[Game], player: Player, name: str) -> QuerySet[Game]:
    """Games between people where another account whose name holds ``name`` had a seat."""
    others = GameSeat.objects.filter(game=OuterRef("pk"), level="", owner__username__icontains=name)
    if player.user is not None:
        others = others.exclude(owner=player.user)
    return games.filter(Exists(others))


def my_games(player: Player, filters: Filters) -> QuerySet[Game]:
    """The player's games that pass ``filters``, newest first, each with ``my_seat``."""
    games = _with_seat(game_selectors.games_played_by(player).filter(concealed=False), player)
    if filters.variant:
        games = games.filter(variant=filters.variant)
    if filters.kind:
        games = games.filter(kind=filters.kind)
    if filters.rated is not None:
        games = games.filter(rated=filters.rated)
    if filters.speed:
        games = _by_speed(games, filters.speed)
    if filters.result:
        games = _by_result(games, filters.result)
    if filters.opponent:
        games = _by_opponent(games, player, filters.opponent)
    return games.order_by("-created_at", "-pk")


@dataclass(frozen=True)
class Page:
    games: list[Game]
    number: int
    count: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // PAGE_SIZE))

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def my_games_page(player: Player, filters: Filters, number: int) -> Page:
    """One page of the player's filtered games, their seats and their rating
    changes read with them (four queries whatever the page holds)."""
    games = my_games(player, filters)
    count = games.count()
    start = (number - 1) * PAGE_SIZE
    rows = list(games.prefetch_related("seats__owner")[start : start + PAGE_SIZE])
    changes = _changes_of(player, rows)
    for game in rows:
        order = game.rules.seats
        game._seats_cache = sorted(game.seats.all(), key=lambda s: order.index(s.seat))  # type: ignore[attr-defined]
        game.my_change = changes.get(game.pk)  # type: ignore[attr-defined]
    return Page(rows, number, count)


def _changes_of(player: Player, games: list[Game]) -> dict[int, tuple[float, float]]:
    """The player's rating before and after each of ``games`` that changed it."""
    if player.user is None:
        return {}
    rows = RatingChange.objects.filter(user=player.user, game_id__in=[g.pk for g in games])
    return {
        game: (before, after) for game, before, after in rows.values_list("game_id", "rating_before", "rating_after")
    }


def export_records(player: Player, filters: Filters) -> Iterator[GameRecord]:
    """The records of every one of the player's filtered games that are
    over, newest first, with every tag (``archive.site_records``: the event,
    the players and their ratings, the clocks...; the ``You`` tag the
    player's seat in a game between people), read a batch at a time."""
    games = my_games(player, filters).filter(status=Game.Status.OVER)
    return records_of(games, reader_seat=lambda game: game.my_seat if game.is_people else None)  # type: ignore[attr-defined]


# ------------------------------------------------------------ after a game


def people_game_of(player: Player, game_id: int) -> tuple[Game, str | None] | None:
    """A game between people and the player's seat in it (None: a spectator); None for no such game
    or one the player may not read (a concealed game not theirs: ``games.selectors.game_of``)."""
    game = game_selectors.game_of(player, game_id)
    if game is None or game.kind != Game.Kind.PEOPLE:
        return None
    seat = player.rows(GameSeat.objects.filter(game=game, level="")).values_list("seat", flat=True).first()
    return game, seat


def rating_state(game: Game) -> dict[str, Any]:
    """Where a game between people's rating stands: ``status`` ``unrated`` (a
    casual game, an abort, an early end, a deal of a match: rated with the
    match), ``pending`` (over and rated, its change not written yet: the
    people app writes it after the game's last commit, or the beat's sweep
    does), ``rated`` (``ratings``: each account's seat with ``before``,
    ``after`` and ``change``, rounded), or ``playing``."""
    if not game.rated:
        return {"status": "unrated", "ratings": {}}
    if game.status != Game.Status.OVER:
        return {"status": "playing", "ratings": {}}
    ratings = _ratings_by_seat(game)
    if ratings:
        return {"status": "rated", "ratings": ratings}
    unrated = (game.result or {}).get("reason") == ABORTED or ChallengeDeal.objects.filter(game=game).exists()
    challenge = Challenge.objects.filter(game=game).only("rated_at", "unrated_because").first()
    if unrated or challenge is None or challenge.unrated_because or challenge.rated_at is not None:
        return {"status": "unrated", "ratings": {}}
    return {"status": "pending", "ratings": {}}


def _ratings_by_seat(game: Game) -> dict[str, dict[str, Any]]:
    rows = {
        user: (before, after)
        for user, before, after in RatingChange.objects.filter(game=game).values_list(
            "user_id", "rating_before", "rating_after"
        )
    }
    out: dict[str, dict[str, Any]] = {}
    for seat in GameSeat.objects.filter(game=game, level="", owner__isnull=False).select_related("owner"):
        if seat.owner_id in rows:
            before, after = (round(r) for r in rows[seat.owner_id])
            out[seat.seat] = {"player": str(seat.owner), "before": before, "after": after, "change": after - before}
    return out


def rematch_state(player: Player, game: Game, seat: str | None) -> dict[str, Any]:
    """The rematch of a finished one-game challenge between people as its
    players' game pages show it: whether the reader may offer one (a player,
    the game over and not aborted, no offer open), and the newest offer
    (``mine``: the reader made it; its status, and once accepted its game)."""
    challenge = Challenge.objects.filter(ONE_GAME, game=game).first()
    over = game.status == Game.Status.OVER and (game.result or {}).get("reason") != ABORTED
    # a tournament's game leads back to its tournament, which pairs its players again
    if challenge is None or seat is None or not over or tournament_link(game):
        return {"challenge": None, "can_offer": False, "offer": None}
    offer = (
        Challenge.objects.filter(rematch_of=challenge).select_related("creator").order_by("-created_at", "-pk").first()
    )
    return {
        "challenge": challenge.pk,
        "can_offer": (offer is None or offer.status != Challenge.Status.OPEN)
        and not people_bots.rematch_refused(challenge, player),
        "offer": None if offer is None else _offer(player, offer),
    }


def _offer(player: Player, offer: Challenge) -> dict[str, Any]:
    mine = Player.owning(offer, "creator") == player
    return {
        "id": offer.pk,
        "status": offer.status,
        "mine": mine,
        "by": user_text(offer.creator) if offer.creator is not None else "",  # a bot's marked BOT
        "game": offer.game_id if offer.status == Challenge.Status.STARTED else None,
    }
