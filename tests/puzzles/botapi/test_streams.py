"""The bot streams' formats as a program reads them (NDJSON, one event a
line, empty lines kept alive): a player's events (a challenge for them,
declined, cancelled; a game started and finished) and a game's stream
(``gameFull`` then a ``gameState`` a change, ended after the last), each
saying no more than the game page says to the same reader."""

from __future__ import annotations

import pytest

from puzzles.botapi import streaming
from tests.puzzles.games.people_helpers import guest_client

from .helpers import Stream, bearer, challenge_to

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_keep_alive(monkeypatch):
    monkeypatch.setattr(streaming, "KEEP_ALIVE_SECONDS", 0.05)


@pytest.fixture
def robo(django_user_model):
    return django_user_model.objects.create_user("robo", password="a-long-pass-phrase-29")


def started_game(robo) -> tuple[int, object, object]:
    """A live game between a guest (A) and robo (B), robo having accepted by its token."""
    guest, _player = guest_client()
    bot = bearer(robo)
    challenge = challenge_to(guest, "robo")
    accepted = bot.post(f"/api/challenge/{challenge['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    return accepted.json()["game"], guest, bot


def test_the_events_of_challenges_and_games(robo):
    bot = bearer(robo)
    events = Stream(bot.get("/api/stream/events"))
    guest, _ = guest_client()
    first = challenge_to(guest, "robo", clock={"initial": 180, "increment": 2})
    event = events.next_of("challenge")["challenge"]
    assert event["id"] == first["id"]
    assert event["for_you"] is True
    assert event["seat"] == "B"
    assert event["challenger"]["guest"] is True
    assert event["challenger"]["bot"] is False
    assert (event["variant"], event["rated"], event["clock"], event["control"]) == (
        "lewicki",
        False,
        {"initial": 180, "increment": 2},
        "3+2",
    )
    assert event["accept"] == f"/api/challenge/{first['id']}/accept/"
    assert bot.post(event["decline"]).status_code == 200
    assert events.next_of("challengeDeclined")["challenge"] == {"id": first["id"], "status": "declined"}

    second = challenge_to(guest, "robo")
    assert events.next_of("challenge")["challenge"]["id"] == second["id"]
    assert guest.post(f"/api/challenges/{second['id']}/cancel/").status_code == 200
    assert events.next_of("challengeCanceled")["challenge"]["id"] == second["id"]

    third = challenge_to(guest, "robo")
    assert events.next_of("challenge")["challenge"]["id"] == third["id"]
    game_id = bot.post(f"/api/challenge/{third['id']}/accept/").json()["game"]
    start = events.next_of("gameStart")["game"]
    assert start == {
        "id": game_id,
        "url": f"/play/{game_id}/",
        "stream": f"/api/bot/game/stream/{game_id}",
        "variant": "lewicki",
        "rated": False,
        "my_seat": "B",
    }
    assert guest.post(f"/api/games/{game_id}/resign/").status_code == 200
    finish = events.next_of("gameFinish")["game"]
    assert finish["id"] == game_id
    assert finish["result"]["reason"] in ("resigned", "aborted")  # resigned before any move: called off
    # nothing more to say: keep-alives only
    before = events.keep_alives
    assert next(events.chunks) == b"\n"
    assert events.keep_alives == before
    assert not events.pending


def test_a_new_stream_sends_the_open_challenges_and_games_first(robo):
    game_id, guest, bot = started_game(robo)
    waiting = challenge_to(guest_client()[0], "robo")
    events = Stream(bot.get("/api/stream/events"))
    challenge, start = events.next_of("challenge"), events.next_of("gameStart")
    assert challenge["challenge"]["id"] == waiting["id"]
    assert challenge["challenge"]["for_you"] is True
    assert start["game"]["id"] == game_id
    assert start["game"]["my_seat"] == "B"


def _play(client, game_id: int, state: dict) -> str:
    move = state["legal_moves"][0]
    answer = client.post(f"/api/bot/game/{game_id}/move/{move}?ply={state['ply']}")
    assert answer.status_code == 201, answer.content
    return move


def test_the_game_stream_from_a_seat_and_as_a_spectator(robo):
    game_id, guest, bot = started_game(robo)
    mine = Stream(bot.get(f"/api/bot/game/stream/{game_id}"))
    full = mine.next_of("gameFull")
    watcher, _ = guest_client()
    theirs = Stream(watcher.get(f"/api/bot/game/stream/{game_id}"))
    seen = theirs.next_of("gameFull")
    page = bot.get(f"/api/games/{game_id}/").json()  # what the game page says to robo
    assert full["id"] == game_id
    assert (full["my_seat"], full["spectator"], full["kind"], full["rated"]) == ("B", False, "people", False)
    assert full["players"]["B"]["name"] == "robo"
    assert full["players"]["B"]["you"] is True
    assert full["players"]["A"]["kind"] == "guest"
    assert full["time_control"] == {"initial": 300, "increment": 3, "days": None}
    assert full["start"] == page["start"]
    assert full["deal"]["seed"] is None
    assert full["deal"]["commitment"]
    state = full["state"]
    assert state["type"] == "gameState"
    assert (state["moves"], state["ply"], state["position"]) == ([], 0, page["position"])
    assert state["clocks"] == {"A": 300000, "B": 300000}
    assert state["legal_moves"] == page["legal_moves"]  # robo's own, when robo is to move; else none
    assert (seen["my_seat"], seen["spectator"], seen["state"]["legal_moves"]) == (None, True, [])
    assert all(player["you"] is False for player in seen["players"].values())

    movers = {"A": guest, "B": bot}
    played = []
    for _ in range(3):
        reader = movers[state["to_move"]]
        now = reader.get(f"/api/games/{game_id}/").json()
        if reader is bot:
            played.append(_play(bot, game_id, now))
        else:
            move = now["legal_moves"][0]
            answer = guest.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": now["ply"]}, format="json")
            assert answer.status_code == 201, answer.content
            played.append(move)
        state = mine.next_of("gameState")
        assert state["moves"] == played
        assert set(state) == {"type", "moves", *streaming_fields()}
        watched = theirs.next_of("gameState")
        assert watched["moves"] == played
        assert watched["legal_moves"] == []
        page = bot.get(f"/api/games/{game_id}/").json()
        assert state["legal_moves"] == page["legal_moves"]
        assert state["position"] == page["position"]
    assert guest.post(f"/api/games/{game_id}/resign/").status_code == 200
    last = mine.next_of("gameState")
    assert last["status"] == "over"
    assert last["result"]["reason"] == "resigned"
    assert mine.next() is None
    assert mine.ended
    assert theirs.next_of("gameState")["status"] == "over"
    assert theirs.next() is None


def streaming_fields() -> set[str]:
    from puzzles.botapi.presentation import STATE_FIELDS

    return set(STATE_FIELDS)


def test_a_finished_game_streams_its_last_state_and_ends(robo):
    game_id, guest, bot = started_game(robo)
    assert guest.post(f"/api/games/{game_id}/resign/").status_code == 200
    stream = Stream(bot.get(f"/api/bot/game/stream/{game_id}"))
    full = stream.next_of("gameFull")
    assert full["state"]["status"] == "over"
    assert stream.next() is None


def test_a_practice_game_of_someone_else_is_not_found(robo, django_user_model):
    guest, _ = guest_client()
    made = guest.post("/api/games/", {"seed": 3}, format="json")
    assert made.status_code == 201
    answer = bearer(robo).get(f"/api/bot/game/stream/{made.json()['id']}")
    assert answer.status_code == 404
    assert "error" in answer.json()
