"""The JSON the tournaments API returns and the pages embed."""

from __future__ import annotations

import time
from typing import Any

from django.core.cache import cache
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.botaccounts.selectors import is_bot
from puzzles.core.texts import variant_name

from . import selectors, team_sheet
from .models import Pairing, Tournament


def urls(tournament: Tournament) -> dict[str, str]:
    return {
        "page": reverse("tournaments:page", args=[tournament.pk]),
        "api": reverse("tournaments:api-tournament", args=[tournament.pk]),
        "join": reverse("tournaments:api-join", args=[tournament.pk]),
        "leave": reverse("tournaments:api-leave", args=[tournament.pk]),
    }


def control_text(tournament: Tournament) -> str:
    """The event's control in words: "3+2", "3 days a move", "5 deals against the solver";
    a team match's with its deals and players a side: "3+2 · 4 a side, 6 deals"."""
    if tournament.kind == Tournament.Kind.TEAM:
        deals, size = tournament.deals or 0, tournament.team_size or 0
        clock = _clock_text(tournament) or _("untimed")
        teams = ngettext("%(size)s a side, %(deals)s deal", "%(size)s a side, %(deals)s deals", deals)
        return f"{clock} · {teams % {'size': size, 'deals': deals}}"
    return _clock_text(tournament) or _deals_text(tournament)


def _clock_text(tournament: Tournament) -> str:
    if tournament.clock_initial is not None:
        minutes = tournament.clock_initial / 60
        shown = f"{minutes:g}" if minutes >= 1 else f"{tournament.clock_initial}s"
        return f"{shown}+{tournament.clock_increment}"
    if tournament.days is not None:
        return ngettext("%(days)s day a move", "%(days)s days a move", tournament.days) % {"days": tournament.days}
    return ""


def _deals_text(tournament: Tournament) -> str:
    deals = tournament.deals or 0
    return ngettext("%(deals)s deal against the solver", "%(deals)s deals against the solver", deals) % {"deals": deals}


def kind_text(tournament: Tournament) -> str:
    return str(Tournament.Kind(tournament.kind).label)


def name_of(tournament: Tournament) -> str:
    """Its name: its maker's; a recurring event's in the reader's language;
    or when its maker gave none, its kind and control ("Arena 3+2")."""
    if tournament.scheduled:
        return _(tournament.name)
    return tournament.name or f"{capfirst(kind_text(tournament))} {control_text(tournament)}"


def summary(tournament: Tournament) -> dict[str, Any]:
    """One event as the lists show it."""
    return {
        "id": tournament.pk,
        "name": name_of(tournament),
        "kind": tournament.kind,
        "kind_text": kind_text(tournament),
        "variant": tournament.variant,
        "variant_text": variant_name(tournament.variant),
        "rated": tournament.rated,
        "private": tournament.private,
        "control": control_text(tournament),
        "clock": {"initial": tournament.clock_initial, "increment": tournament.clock_increment}
        if tournament.clock_initial is not None
        else None,
        "days": tournament.days,
        "minutes": tournament.minutes,
        "rounds": tournament.rounds,
        "deals": tournament.deals,
        "team_names": tournament.teams,
        "team_leaders": tournament.team_leaders,
        "team_size": tournament.team_size,
        "status": tournament.status,
        "status_text": str(Tournament.Status(tournament.status).label),
        "starts_at": tournament.starts_at.isoformat(),
        "ends_at": tournament.ends_at.isoformat() if tournament.ends_at else None,
        "url": reverse("tournaments:page", args=[tournament.pk]),
    }


def _game_row(pairing: Pairing) -> dict[str, Any]:
    """One game of the event, as every reader is shown it but for whose it is
    (``games_for``).  A duplicate event's outcomes are hidden from everyone
    until the event is over, a team match's until every table has played the deal."""
    tournament = pairing.tournament
    hidden = tournament.kind == Tournament.Kind.DUPLICATE and tournament.status != Tournament.Status.FINISHED
    if tournament.kind == Tournament.Kind.TEAM:
        hidden = str(pairing.round) not in tournament.pars
    return {
        "id": pairing.game_id,
        "url": reverse("games:play-game", args=[pairing.game_id]) if pairing.game_id else None,
        "round": pairing.round,
        "a": selectors.entry_name(pairing.a),
        "b": selectors.entry_name(pairing.b) if pairing.b is not None else None,
        "outcome": None if hidden else pairing.outcome or None,
        "over": pairing.finished_at is not None,
        "entry": pairing.a_id,
        "b_entry": pairing.b_id,
        # a team match's deal still played at another table: its games linked for their players alone
        "private": (pairing.a_id, pairing.b_id) if hidden and tournament.kind == Tournament.Kind.TEAM else None,
    }


def games_for(tournament: Tournament, rows: list[dict[str, Any]], mine: int | None) -> list[dict[str, Any]]:
    """The games as the player of entry ``mine`` reads them: a duplicate
    event's are their entrants' own practice games, linked for their entrant alone."""
    private = tournament.kind == Tournament.Kind.DUPLICATE
    shown = []
    for row in rows:
        game = {key: value for key, value in row.items() if key not in ("entry", "b_entry", "private")}
        if private and (mine is None or row["entry"] != mine):
            game["id"] = game["url"] = None
        if row.get("private") and mine not in row["private"]:
            game["id"] = game["url"] = None
        shown.append(game)
    return shown


def _standing(row: selectors.Row, tournament: Tournament) -> dict[str, Any]:
    extra = dict(row.extra)
    if "team" in extra:  # a team battle's: the team's name (else none)
        extra["team"] = tournament.teams[extra["team"]] if extra["team"] is not None and tournament.teams else None
    return {
        "player": selectors.entry_name(row.entry),
        "bot": is_bot(row.entry.owner_id),
        "score": row.score,
        "rank": row.rank,
        "games": row.games,
        "active": row.entry.active,
        "entry": row.entry.pk,
        **extra,
    }


# How many lines of the standings a reader is sent (and their own beyond them).
STANDINGS_SHOWN = 100
# How many lines make a page of the standings, as the event's page shows
# them (Lichess's arenas show ten), and how many of the latest games come
# with a page (and the reader's own among the others shown): what a
# thousand open pages are sent after each change stays small.
PAGE_LINES, PAGE_GAMES = 10, 10
# How long the part of an event every reader is shown at one version is kept.
SHARED_SECONDS = 60
# How long a process waits for another working out that part (polling the
# cache each ``WORKING_POLL`` s) before it works it out itself.
WORKING_SECONDS, WORKING_POLL = 1.0, 0.01


def shared_state(tournament: Tournament) -> dict[str, Any]:
    """What every reader of the event at its version is shown alike: worked
    out once a version and language, however many pages wait on the event
    (each game's end wakes them all) in however many web processes: one
    works it out while the others wait for it in the cache."""
    key = f"tournament:{tournament.pk}:{tournament.version}:{get_language()}"
    found: dict[str, Any] | None = cache.get(key)
    if found is None and cache.add(f"{key}:working", 1, WORKING_SECONDS) is False:  # (None: the cache is down)
        found = _worked_elsewhere(key)
    if found is None:
        rows = selectors.standings(tournament)
        found = {
            "summary": summary(tournament),
            "standings": [_standing(row, tournament) for row in rows],
            "teams": selectors.team_standings(tournament, rows),
            "games": [_game_row(pairing) for pairing in selectors.games_of(tournament)],
            "travellers": selectors.travellers(tournament) if tournament.kind == Tournament.Kind.DUPLICATE else [],
            "team_match": team_sheet.sheet(tournament),
        }
        cache.set(key, found, SHARED_SECONDS)
    return found


def _worked_elsewhere(key: str) -> dict[str, Any] | None:
    """What another process is working out under ``key`` (every web
    process's pages of an event are woken by the same change), once it has
    it; None if it has not within ``WORKING_SECONDS``: then work it out here."""
    deadline = time.monotonic() + WORKING_SECONDS
    while time.monotonic() < deadline:
        time.sleep(WORKING_POLL)
        found: dict[str, Any] | None = cache.get(key)
        if found is not None:
            return found
    return None


def standings_for(rows: list[dict[str, Any]], mine: int | None) -> list[dict[str, Any]]:
    """The first ``STANDINGS_SHOWN`` lines, and the reader's own (entry ``mine``) beyond them."""
    return [
        {**{k: v for k, v in row.items() if k != "entry"}, "you": mine is not None and row["entry"] == mine}
        for index, row in enumerate(rows)
        if index < STANDINGS_SHOWN or (mine is not None and row["entry"] == mine)
    ]


# The page asked for as the reader's own (``?page=mine``).
MINE = "mine"


def page_asked(text: str) -> int | None:
    """The page of the standings ``?page=`` asks for: a number from 1, or
    None for ``mine`` (the reader's own); ``ValueError`` for anything else."""
    if text == MINE:
        return None
    if not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise ValueError(_("page is a page number from 1, or mine (your own page), not %(page)s") % {"page": text[:20]})
    return int(text)


def page_span(count: int, own: int | None, page: int | None) -> tuple[int, int]:
    """``(page, pages)`` of standings of ``count`` lines: ``page`` (from 1,
    kept within them), or when None the page of line ``own`` (the reader's,
    an index), else the first."""
    pages = max(1, -(-count // PAGE_LINES))
    if page is None:
        page = own // PAGE_LINES + 1 if own is not None else 1
    return min(max(page, 1), pages), pages


def page_of_standings(rows: list[dict[str, Any]], mine: int | None, page: int | None) -> dict[str, Any]:
    """The page ``page`` of the standings (None: the reader's own page) with
    the reader's line marked, where it is, and how many pages there are."""
    own = next((index for index, row in enumerate(rows) if row["entry"] == mine), None) if mine is not None else None
    number, pages = page_span(len(rows), own, page)
    start = (number - 1) * PAGE_LINES
    return {
        "lines": standings_for(rows[start : start + PAGE_LINES], mine),
        "page": {
            "page": number,
            "pages": pages,
            "mine": page_span(len(rows), own, None)[0] if own is not None else None,
        },
    }


def page_games(rows: list[dict[str, Any]], mine: int | None) -> list[dict[str, Any]]:
    """The latest ``PAGE_GAMES`` games, and the reader's own (entry ``mine``) among the others."""
    return [
        row
        for index, row in enumerate(rows)
        if index < PAGE_GAMES or (mine is not None and mine in (row["entry"], row.get("b_entry")))
    ]


def podium_of(tournament: Tournament, standings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The top three of a finished event who played (ties share a place)."""
    if tournament.status != Tournament.Status.FINISHED:
        return []
    return [s for s in standings if s["rank"] is not None and s["rank"] <= 3 and s["games"] > 0]


def tournament_state(
    tournament: Tournament, player: Player, *, paged: bool = False, page: int | None = None
) -> dict[str, Any]:
    """The event as a player (or a visitor) reads it: its standings, its
    latest games, their own entry and game in it.  ``paged``: one page of
    the standings (``page``, from 1; None: the reader's own) and the games
    that come with it (``page_games``), as the event's page shows them;
    else the first ``STANDINGS_SHOWN`` lines and the latest games."""
    mine = selectors.entry_of(tournament, player)
    game = selectors.current_game(mine)
    shared = shared_state(tournament)
    entry = mine.pk if mine is not None else None
    standings = standings_for(shared["standings"], entry)
    lines, games, paging = standings, shared["games"], None
    if paged:
        shown = page_of_standings(shared["standings"], entry, page)
        lines, games, paging = shown["lines"], page_games(games, entry), shown["page"]
    return {
        **shared["summary"],
        "version": tournament.version,
        "round": tournament.round,
        "standings": lines,
        "standings_page": paging,
        "entrants": len(shared["standings"]),
        "podium": podium_of(tournament, standings),
        "teams": shared["teams"],
        "games": games_for(tournament, games, entry),
        "travellers": shared["travellers"],
        "team_match": shared["team_match"],
        "your_game": {"id": game.game_id, "url": reverse("games:play-game", args=[game.game_id])}
        if game is not None and game.game_id is not None
        else None,
        "you": {
            "joined": mine is not None,
            "active": bool(mine and mine.active),
            "paused": bool(mine and mine.paused),
            "team": tournament.teams[mine.team] if mine is not None and mine.team is not None else None,
        },
        "urls": urls(tournament),
    }


# How many of an account's latest events its profile lists.
PROFILE_EVENTS = 10


def _event_row(entry: Any) -> dict[str, Any]:
    """One of a player's events: its final rank and score once it is over
    (kept on the entry, ``results``); while it runs, the score so far and
    the rank by score alone (level scores share it) where they are shown
    (an arena's, a Swiss's; a duplicate event's are hidden)."""
    tournament = entry.tournament
    finished = tournament.status == Tournament.Status.FINISHED
    live = tournament.kind in (Tournament.Kind.ARENA, Tournament.Kind.SWISS)
    shown = finished or live
    final = not finished or entry.rank is not None or tournament.kind == Tournament.Kind.TEAM
    return {
        "name": name_of(tournament),
        "kind_text": kind_text(tournament),
        "status_text": str(Tournament.Status(tournament.status).label),
        "url": urls(tournament)["page"],
        "rank": entry.rank if finished else entry.ahead + 1 if live else None,
        "entrants": entry.entrants,
        "score": entry.score if shown and final else None,
    }


def profile_events(user: Any) -> list[dict[str, Any]]:
    """An account's latest public events with its rank there
    (``people.profiles``): one query, whatever the number of events."""
    return [_event_row(entry) for entry in selectors.entries_of_user(user, PROFILE_EVENTS)]


def event_of_game(game: Any) -> dict[str, Any] | None:
    """The event a game was played in (its pairing and event read with it), or None."""
    pairing = getattr(game, "tournament_pairing", None) if game is not None else None
    if pairing is None:
        return None
    return {"name": name_of(pairing.tournament), "url": urls(pairing.tournament)["page"]}


def rated_events_entered(user: Any) -> list[str]:
    """The names of the rated events not yet over that an account is in
    (``botaccounts``: it leaves them before it becomes a bot)."""
    return [name_of(tournament) for tournament in selectors.rated_events_in(user)]


def player_events(player: Player, limit: int = PROFILE_EVENTS) -> list[dict[str, Any]]:
    """A player's latest events (a guest's too, private ones included: their
    own coach reads them), with their rank and score: one query."""
    return [_event_row(entry) for entry in selectors.entries_of_player(player, limit)]
