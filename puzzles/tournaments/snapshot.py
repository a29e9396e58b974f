"""An event at one version, ready to be sent to each of its pages over
their sockets (``stream``): read once per version and language in a web
process, however many pages follow the event, and told to each reader as
``presentation.tournament_state`` tells it paged (the same JSON, key for
key: the page of the standings the reader follows and the latest games),
with no query and almost no encoding per reader.

The parts every reader is shown alike are encoded once, a page of the
standings when first asked for; a reader's own parts (their line of the
standings marked as theirs, their game in progress, their entry, a
duplicate event's games linked for their entrant alone) are looked up in
maps read with the snapshot and spliced in."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils import translation

from . import pairings, presentation
from .models import Entry, Tournament

# Who a reader is, as the entries store it: an account's id, or a guest's session token.
Identity = tuple[str, Any]


def identity_of(user_id: int | None, token: str) -> Identity | None:
    """A reader's identity: ``("u", user id)``, ``("s", token)``, or None (a visitor with no session)."""
    if user_id is not None:
        return ("u", user_id)
    return ("s", token) if token else None


# One encoder for every value (``json.dumps`` with options makes a new one a call).
_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


@lru_cache(maxsize=4096)
def _game_url(game_id: int) -> str:
    """A game's page, worked out once a game in this process (each of its readers is sent it after each change)."""
    return reverse("games:play-game", args=[game_id])


@dataclass
class Snapshot:
    tournament: Tournament
    shared: dict[str, Any]
    entries: dict[Identity, tuple[int, bool, int | None, bool]]  # identity: entry id, active, team, paused
    games_on: dict[int, int]  # entry id: its game in progress (the latest)
    head: str = ""  # the keys every reader is sent alike, encoded, without their braces
    pages: dict[int, list[str]] = field(default_factory=dict)  # a page's lines, encoded as nobody's own, once asked
    games: str = ""  # the latest games, encoded, where every reader is shown them alike
    games_beyond: set[int] = field(default_factory=set)  # the entries with a game among the others
    places: dict[int, int] = field(default_factory=dict)  # entry id: its index in the standings

    @property
    def version(self) -> int:
        return self.tournament.version

    @classmethod
    def read(cls, tournament_id: int, language: str) -> Snapshot | None:
        """The event as it is now, in ``language``; None if there is no such event."""
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return None
        with translation.override(language):
            shared = presentation.shared_state(tournament)
            urls = presentation.urls(tournament)
        entries: dict[Identity, tuple[int, bool, int | None, bool]] = {}
        for pk, owner_id, token, active, team, paused in Entry.objects.filter(tournament=tournament).values_list(
            "pk", "owner_id", "session_key", "active", "team", "paused"
        ):
            who = identity_of(owner_id, token)
            if who is not None:
                entries[who] = (pk, active, team, paused)
        games_on: dict[int, int] = {}
        for a, b, game in pairings.in_progress(tournament).order_by("id").values_list("a_id", "b_id", "game_id"):
            games_on[a] = game
            if b is not None:
                games_on[b] = game
        snapshot = cls(tournament, shared, entries, games_on)
        snapshot.encode(urls)
        return snapshot

    def encode(self, urls: dict[str, str]) -> None:
        tournament, shared = self.tournament, self.shared
        head = {
            **shared["summary"],
            "version": tournament.version,
            "round": tournament.round,
            "entrants": len(shared["standings"]),
            "teams": shared["teams"],
            "travellers": shared["travellers"],
            "team_match": shared["team_match"],
            "urls": urls,
        }
        self.head = _dumps(head)[1:-1]
        self.places = {row["entry"]: index for index, row in enumerate(shared["standings"])}
        if tournament.kind not in (Tournament.Kind.DUPLICATE, Tournament.Kind.TEAM):
            latest = shared["games"][: presentation.PAGE_GAMES]
            self.games = _dumps(presentation.games_for(tournament, latest, None))
            beyond = shared["games"][presentation.PAGE_GAMES :]
            self.games_beyond = {entry for row in beyond for entry in (row["entry"], row.get("b_entry"))}

    def _page(self, number: int) -> list[str]:
        """The lines of page ``number`` (from 1), encoded as nobody's own."""
        found = self.pages.get(number)
        if found is None:
            start = (number - 1) * presentation.PAGE_LINES
            rows = self.shared["standings"][start : start + presentation.PAGE_LINES]
            found = self.pages[number] = [_dumps(line) for line in presentation.standings_for(rows, None)]
        return found

    def doc_for(self, who: Identity | None, page: int | None = None) -> str:
        """The event's JSON as the reader ``who`` reads it, with the page
        ``page`` of the standings (None: their own), as the API answers
        ``?page=``."""
        tournament, shared = self.tournament, self.shared
        found = self.entries.get(who) if who is not None else None
        mine = found[0] if found is not None else None
        index = self.places.get(mine) if mine is not None else None
        count = len(shared["standings"])
        number, pages = presentation.page_span(count, index, page)
        lines = self._page(number)
        own_page = presentation.page_span(count, index, None)[0] if index is not None else None
        if index is not None and own_page == number:
            at = index - (number - 1) * presentation.PAGE_LINES
            own = _dumps(presentation.standings_for([shared["standings"][index]], mine)[0])
            lines = [*lines[:at], own, *lines[at + 1 :]]
        podium: list[dict[str, Any]] = []
        if tournament.status == Tournament.Status.FINISHED:
            podium = presentation.podium_of(tournament, presentation.standings_for(shared["standings"], mine))
        game = self.games_on.get(mine) if mine is not None else None
        games = self.games
        if not games or mine in self.games_beyond:
            games = _dumps(presentation.games_for(tournament, presentation.page_games(shared["games"], mine), mine))
        # the reader's own keys, encoded in one call
        tail = {
            "standings_page": {"page": number, "pages": pages, "mine": own_page},
            "podium": podium,
            "your_game": {"id": game, "url": _game_url(game)} if game is not None else None,
            "you": {
                "joined": found is not None,
                "active": bool(found and found[1]),
                "paused": bool(found and found[3]),
                "team": tournament.teams[found[2]] if found is not None and found[2] is not None else None,
            },
        }
        return f'{{{self.head},"standings":[{",".join(lines)}],"games":{games},{_dumps(tail)[1:]}'
