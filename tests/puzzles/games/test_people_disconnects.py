"""A live game's opponent who has left the table (``disconnects``): seen
there while a socket of theirs is open or a long poll of theirs is held,
gone once neither; the other player may claim the game once they have been
gone OD_DISCONNECT_CLAIM_SECONDS, and not before, nor while they are there,
nor before every person has moved, nor in a correspondence or untimed game."""

from __future__ import annotations

import pytest

from puzzles.games import disconnects
from puzzles.games.models import GameMove, GameSeat
from puzzles.games.people_start import game_start_people

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(now, settings):
    settings.OD_DISCONNECT_CLAIM_SECONDS = 30
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, clock=(300, 3), seed=7
    )
    first_moves({"A": ann, "B": bob}, game.pk, now)
    return game, ann, bob


def first_moves(clients: dict, game_id: int, now, plies: int = 2) -> None:
    """The first ``plies`` moves, each seat's stored as made at the clocks' time (a moment ago)."""
    for _ in range(plies):
        seen = state(clients["A"], game_id)
        mover = clients[seen["to_move"]]
        mine = state(mover, game_id)
        response = mover.post(
            f"/api/games/{game_id}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content
    GameMove.objects.filter(game_id=game_id).update(created_at=now.at)
    now.move(1)


def claim(client, game_id: int):
    return client.post(f"/api/games/{game_id}/claim/")


def seen(client, game_id: int) -> dict:
    response = client.get(f"/api/games/{game_id}/claim/")
    assert response.status_code == 200, response.content
    return response.json()


def test_an_opponent_with_an_open_socket_is_there_and_the_claim_is_refused(table, now):
    game, ann, _bob = table
    disconnects.socket_opened(game.pk, "B")
    now.move(120)
    disconnects.sockets_seen([(game.pk, "B")])  # its web process keeps it seen
    state = seen(ann, game.pk)
    assert state["opponents"] == [{"seat": "B", "gone": False, "gone_since": None, "vacation": False}]
    assert (state["claim_from"], state["claimable"]) == (None, False)
    refused = claim(ann, game.pk)
    assert refused.status_code == 409
    assert "still at the table" in refused.json()["error"]


def test_a_claim_too_soon_after_the_opponent_left_is_refused_then_wins(table, now):
    game, ann, _bob = table
    disconnects.socket_opened(game.pk, "B")
    disconnects.socket_opened(game.pk, "B")  # two tabs: one closing leaves them there
    disconnects.socket_closed(game.pk, "B")
    assert not seen(ann, game.pk)["opponents"][0]["gone_since"]
    disconnects.socket_closed(game.pk, "B")
    now.move(2)
    state = seen(ann, game.pk)
    assert state["opponents"][0]["gone"] is False  # a reload takes a moment: not shown gone yet
    assert state["opponents"][0]["gone_since"] is not None
    now.move(10)
    state = seen(ann, game.pk)
    assert state["opponents"][0]["gone"] is True
    assert state["claimable"] is False
    assert state["claim_from"] - state["server_time"] == 18_000
    refused = claim(ann, game.pk)
    assert refused.status_code == 409
    assert "in 18 s" in refused.json()["error"]
    now.move(18)
    assert seen(ann, game.pk)["claimable"] is True
    won = claim(ann, game.pk)
    assert won.status_code == 200, won.content
    result = won.json()["result"]
    assert (result["reason"], result["winner"], result["abandoned"]) == ("abandoned", "A", "B")
    assert result["points"] > 0
    assert won.json()["status"] == "over"
    assert claim(ann, game.pk).status_code == 409  # over: nothing more to claim


def test_a_held_long_poll_keeps_its_player_there(table, now):
    game, ann, bob = table
    version = ann.get(f"/api/games/{game.pk}/").json()["version"]
    # a poll that asks for an older version answers at once, having counted its reader there for its wait
    assert bob.get(f"/api/games/{game.pk}/?wait={version - 1}&timeout=20").status_code == 200
    assert GameSeat.objects.get(game=game, seat="B").seen_until is None  # kept in the cache: the read wrote no row
    assert set(disconnects.polled_until(game.pk, ["A", "B"])) == {"B"}
    now.move(20)
    assert seen(ann, game.pk)["opponents"][0]["gone_since"] is None
    now.move(4 + disconnects.POLL_MARGIN_SECONDS)
    assert seen(ann, game.pk)["opponents"][0]["gone"] is True
    now.move(30)
    assert claim(ann, game.pk).status_code == 200


def test_a_spectator_neither_reads_nor_claims_and_a_correspondence_game_is_never_claimed(now, settings):
    settings.OD_DISCONNECT_CLAIM_SECONDS = 30
    (ann, ann_player), (_bob, bob_player), (eve, _eve) = guest_client(), guest_client(), guest_client()
    game = game_start_people(variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, days=3, seed=7)
    now.move(3600)
    assert claim(eve, game.pk).status_code == 403
    assert eve.get(f"/api/games/{game.pk}/claim/").status_code == 403
    assert seen(ann, game.pk)["claim_from"] is None
    refused = claim(ann, game.pk)
    assert refused.status_code == 409
    assert "correspondence" in refused.json()["error"]
