"""Games to watch: the games between people in progress, best rated first,
and the featured game ("TV").

The games are read once every ``SHARED_SECONDS`` for everyone (one query
for the games and their seats, one for the players' ratings, one Redis
round trip for the spectator counts) and kept in the cache; each filter
and language's list is made from it and cached as long, so a page that
refreshes every few seconds costs no query.  Concealed games (a duplicate
event's deals) and games with a closed account at the table are never
listed.  A listed game is watched through its own page, as anyone without
a seat sees it (``games.presentation.people_state``: no move to make, no
solver value, grade or hint until it is over); the list itself says no
more of a game than its players, control and number of moves."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import get_language

from puzzles.botaccounts.selectors import is_bot
from puzzles.core.texts import clock_code
from puzzles.games import spectators
from puzzles.games import texts as games_texts
from puzzles.games.models import Game, GameSeat
from puzzles.games.presentation import variant_label
from puzzles.games.selectors import guest_tag
from puzzles.ratings.glicko2 import DEFAULT_RATING

from . import selectors

# How long everyone is shown the same read of the games in progress.
SHARED_SECONDS = 2
# The most games read, and listed.
READ_LIMIT = 500
LIST_LIMIT = 50
# The featured game's id, kept while it is in progress (so the TV stays on it).
FEATURED_KEY = "watch:featured"
FEATURED_SECONDS = 24 * 3600


def _control(game: Game) -> tuple[str, str]:
    """The game's time class and its control as the lobby writes it."""
    if game.days is not None:
        return "correspondence", f"{game.days}d"
    if game.clock_initial is None:
        return "untimed", ""
    return "live", clock_code(game.clock_initial, game.clock_increment or 0)


def _player(row: GameSeat, ratings: dict[tuple[int, str, str], float], pool: tuple[str, str]) -> dict[str, Any]:
    if row.level:
        return {"seat": row.seat, "name": "", "level": row.level, "rating": None, "guest": False, "bot": False}
    if row.owner_id is None:
        name = games_texts.guest_name(guest_tag(row.session_key))
        return {"seat": row.seat, "name": name, "level": "", "rating": None, "guest": True, "bot": False}
    found = ratings.get((row.owner_id, *pool))
    rating = round(found) if found is not None else None
    name = row.owner.username  # type: ignore[union-attr]
    return {"seat": row.seat, "name": name, "level": "", "rating": rating, "guest": False, "bot": is_bot(row.owner_id)}


def _games() -> list[Game]:
    seats = Prefetch("seats", queryset=GameSeat.objects.select_related("owner").order_by("seat"))
    found = (
        Game.objects.filter(kind=Game.Kind.PEOPLE, concealed=False)
        .exclude(status=Game.Status.OVER)
        # a private event's games (one with a join password) are for its entrants,
        # read by the tournaments app's relation's name, as this app sits below it
        .exclude(tournament_pairing__tournament__password__gt="")
        .prefetch_related(seats)
        .order_by("-updated_at")[:READ_LIMIT]
    )
    # a closed account's games are not shown, as its profile is not
    return [g for g in found if all(s.owner is None or s.owner.is_active for s in g.seats.all())]


def _read() -> list[dict[str, Any]]:
    """Every listed game in progress, without words (any language's list is made from it), best rated first."""
    games = _games()
    users = {s.owner_id for g in games for s in g.seats.all() if s.owner_id is not None}
    ratings = selectors.ratings_of_users(users) if users else {}
    counts = spectators.counts(g.pk for g in games)
    rows: list[dict[str, Any]] = []
    for game in games:
        time_class, control = _control(game)
        family = game.rules.name
        players = [_player(s, ratings, (time_class, family)) for s in game.seats.all()]
        people = [p for p in players if not p["level"]]
        average = sum(p["rating"] or DEFAULT_RATING for p in people) / max(1, len(people))
        rows.append(
            {
                "game": game.pk,
                "url": reverse("games:play-game", args=[game.pk]),
                "variant": game.variant,
                "family": family,
                "time_class": time_class,
                "control": control,
                "rated": game.rated,
                "moves": game.ply_count,
                "spectators": counts.get(game.pk, 0),
                "rating": round(average),
                "players": players,
            }
        )
    rows.sort(key=lambda r: (-r["rating"], -r["spectators"], -r["game"]))
    return rows


def _shared() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] | None = cache.get("watch:games")
    if found is None:
        found = _read()
        cache.set("watch:games", found, SHARED_SECONDS)
    return found


def _worded(row: dict[str, Any]) -> dict[str, Any]:
    players = [
        {**p, "name": p["name"] or games_texts.solver_name(p["level"])} if p["level"] else p for p in row["players"]
    ]
    return {**row, "players": players, "variant_text": variant_label(row["variant"])}


def watch_list(family: str | None = None, min_rating: int | None = None) -> list[dict[str, Any]]:
    """The games to watch of a variant family (None: all) whose players'
    average rating (a guest's counted as a new account's) is at least
    ``min_rating``, best rated first, at most ``LIST_LIMIT``; in the
    request's language, shared by every reader of it for ``SHARED_SECONDS``."""
    key = f"watch:list:{family or ''}:{min_rating or 0}:{get_language()}"
    found: list[dict[str, Any]] | None = cache.get(key)
    if found is None:
        rows = [
            r
            for r in _shared()
            if (family is None or r["family"] == family) and (min_rating is None or r["rating"] >= min_rating)
        ]
        found = [_worded(r) for r in rows[:LIST_LIMIT]]
        cache.set(key, found, SHARED_SECONDS)
    return found


def featured() -> dict[str, Any] | None:
    """The featured game: the one featured last while it is in progress, else
    the best rated live game (a clocked one; else any), which is kept from
    then on.  None when no game is in progress."""
    rows = _shared()
    if not rows:
        return None
    kept = cache.get(FEATURED_KEY)
    row = next((r for r in rows if r["game"] == kept), None)
    if row is None:
        clocked = [r for r in rows if r["time_class"] == "live"]
        row = (clocked or rows)[0]
        cache.set(FEATURED_KEY, row["game"], FEATURED_SECONDS)
    return _worded(row)
