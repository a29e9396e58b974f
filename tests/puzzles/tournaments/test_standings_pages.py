"""An event's page shows its standings a page at a time (``?page=``): the
lines of the page asked for, the reader's own page by default (the first
if they have not entered), a page past the last read as the last, the
latest games and the reader's own among the others; a bad page is a 400
that says what is wrong.  Over the page's socket the reader turns to
another page with ``{"type": "page", "page": n}`` and is sent it at once;
anything else is refused."""

from __future__ import annotations

import json

import pytest

from puzzles.tournaments import presentation
from puzzles.tournaments.snapshot import Snapshot, identity_of
from puzzles.tournaments.stream import TournamentStream

from ..games.people_helpers import account_client, guest_client
from .test_stream_gap import run_apart
from .test_tournaments_api import ARENA, join, make, read

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def arena(django_user_model, monkeypatch):
    """An arena of seven guests, with pages of three lines and one game shown besides a reader's own."""
    maker = account_client(django_user_model, "organiser")[0]
    monkeypatch.setattr(presentation, "PAGE_LINES", 3)
    monkeypatch.setattr(presentation, "PAGE_GAMES", 1)
    made = make(maker, **ARENA)
    guests = [guest_client() for _ in range(7)]
    for client, _player in guests:
        join(client, made["id"])
    return made["id"], guests


def paged(client, tournament_id: int, page: str) -> dict:
    answer = client.get(f"/api/tournaments/{tournament_id}/?page={page}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_each_page_has_its_lines_and_the_reader_starts_on_their_own(arena):
    tournament_id, guests = arena
    outsider = guest_client()[0]
    whole = read(outsider, tournament_id)
    assert whole["standings_page"] is None  # not asked for: the first lines, as before
    names = [line["player"] for line in whole["standings"]]
    assert len(names) == 7
    for page in (1, 2, 3):
        state = paged(outsider, tournament_id, str(page))
        assert [line["player"] for line in state["standings"]] == names[(page - 1) * 3 : page * 3]
        assert state["standings_page"] == {"page": page, "pages": 3, "mine": None}
        assert state["entrants"] == 7
    assert paged(outsider, tournament_id, "9")["standings_page"]["page"] == 3  # past the last: the last
    assert paged(outsider, tournament_id, "mine")["standings_page"]["page"] == 1  # not entered: the first
    for client, _player in guests:
        own = paged(client, tournament_id, "mine")
        mine = [line for line in own["standings"] if line["you"]]
        assert len(mine) == 1
        index = names.index(mine[0]["player"])
        assert own["standings_page"] == {"page": index // 3 + 1, "pages": 3, "mine": index // 3 + 1}
        other = paged(client, tournament_id, "1" if index >= 3 else "2")
        assert not any(line["you"] for line in other["standings"])
        assert other["standings_page"]["mine"] == index // 3 + 1


def test_a_page_comes_with_the_latest_games_and_the_readers_own(arena):
    tournament_id, guests = arena
    latest = read(guest_client()[0], tournament_id)["games"]
    assert len(latest) == 3  # seven guests: three games, one waiting
    assert [g["id"] for g in paged(guest_client()[0], tournament_id, "1")["games"]] == [latest[0]["id"]]
    for client, _player in guests:
        state = paged(client, tournament_id, "2")
        ids = [g["id"] for g in state["games"]]
        assert ids[0] == latest[0]["id"]
        if state["your_game"] is not None:
            assert state["your_game"]["id"] in ids
        assert len(ids) == (1 if state["your_game"] is None or state["your_game"]["id"] == ids[0] else 2)


@pytest.mark.parametrize("page", ["0", "-1", "two", "", "1.5", "1" * 12])
def test_a_bad_page_is_refused_with_what_is_wrong(arena, page):
    tournament_id, guests = arena
    for url in (
        f"/api/tournaments/{tournament_id}/?page={page}",
        f"/api/tournaments/{tournament_id}/?wait=1&page={page}",
    ):
        answer = guests[0][0].get(url)
        assert answer.status_code == 400
        assert "page" in answer.json()["error"]
    left = guests[0][0].post(f"/api/tournaments/{tournament_id}/leave/?page={page}", format="json")
    assert left.status_code == 400
    assert paged(guests[0][0], tournament_id, "mine")["you"]["active"]  # refused before anything was done


def test_joining_and_leaving_answer_the_page_asked_for(arena):
    tournament_id, guests = arena
    newcomer = guest_client()[0]
    joined = newcomer.post(f"/api/tournaments/{tournament_id}/join/?page=mine", format="json").json()
    assert joined["standings_page"]["mine"] == joined["standings_page"]["page"]
    assert any(line["you"] for line in joined["standings"])
    left = guests[0][0].post(f"/api/tournaments/{tournament_id}/leave/?page=3", format="json").json()
    assert left["standings_page"]["page"] == 3


class _Room:
    def __init__(self, snapshot: Snapshot) -> None:
        self.found = snapshot

    async def snapshot(self, language: str) -> Snapshot:
        return self.found


def _socket(snapshot: Snapshot, who) -> tuple[TournamentStream, list[dict]]:
    page = TournamentStream()
    page.room, page.who = _Room(snapshot), who  # type: ignore[assignment]
    sent: list[dict] = []

    async def send(text_data: str) -> None:
        sent.append(json.loads(text_data))

    page.send = send  # type: ignore[method-assign]
    return page, sent


def test_a_page_turned_over_the_socket_is_sent_at_once(arena):
    tournament_id, guests = arena
    snapshot = Snapshot.read(tournament_id, "en")
    player = guests[0][1]
    who = identity_of(None, player.token)
    page, sent = _socket(snapshot, who)
    run_apart(page.send_doc(snapshot))
    own = sent[-1]["standings_page"]
    assert own["page"] == own["mine"]
    for asked in (3, 1, None, 2):
        run_apart(page.receive(text_data=json.dumps({"type": "page", "page": asked})))
        expected = own["mine"] if asked is None else asked
        assert sent[-1]["standings_page"]["page"] == expected
        assert sent[-1]["version"] == snapshot.version  # the same version again, on the page asked for
        assert sent[-1] == json.loads(snapshot.doc_for(who, asked))
    run_apart(page.send_doc(snapshot))  # a version it has: not sent again
    assert len(sent) == 5
    for bad in ("{", json.dumps({"type": "page", "page": 0}), json.dumps({"type": "move"}), json.dumps([1])):
        run_apart(page.receive(text_data=bad))
        assert sent[-1]["type"] == "refused"
        assert "page" in sent[-1]["error"]
    run_apart(page.receive(text_data=json.dumps({"type": "page", "page": True})))
    assert sent[-1]["type"] == "refused"
    assert page.page == 2  # still the page last asked for
