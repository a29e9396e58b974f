"""The claim of a live game over an opponent who has left: only once every
person has made a first move, never in an untimed game; a move is a sign of
life, an outage and the claimant's own arrival put the claim off, a rated
game claimed early ends as an early resignation would, and a socket count
left by a dead process counts for nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.core import outages
from puzzles.games import disconnects
from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.games.people_start import game_start_people

from .people_helpers import account_client, guest_client
from .test_people_disconnects import claim, first_moves, seen

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live(now, settings):
    """A live timed game between two guests, nobody's page open: (game, clients by seat)."""
    settings.OD_DISCONNECT_CLAIM_SECONDS = 30
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, clock=(300, 3), seed=7
    )
    return game, {"A": ann, "B": bob}


def test_no_claim_before_every_person_has_made_a_first_move(live, now):
    game, clients = live
    first_moves(clients, game.pk, now, plies=1)
    now.move(300)
    assert seen(clients["A"], game.pk)["claim_from"] is None
    refused = claim(clients["A"], game.pk)
    assert refused.status_code == 409
    assert "first move" in refused.json()["error"]
    assert Game.objects.get(pk=game.pk).status != "over"


def test_an_untimed_game_is_never_claimed(now, settings):
    settings.OD_DISCONNECT_CLAIM_SECONDS = 30
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, seed=7)
    assert (game.clock_initial, game.days) == (None, None)
    first_moves({"A": ann, "B": bob}, game.pk, now)
    now.move(300)
    assert seen(ann, game.pk)["claim_from"] is None
    refused = claim(ann, game.pk)
    assert refused.status_code == 409
    assert "without a clock" in refused.json()["error"]


def test_a_move_is_a_sign_of_life(live, now):
    game, clients = live
    first_moves(clients, game.pk, now)
    now.move(20)
    GameMove.objects.filter(game_id=game.pk, side="B").update(created_at=now.at)  # a program posting its moves
    now.move(25)
    refused = claim(clients["A"], game.pk)
    assert refused.status_code == 409
    assert "in 5 s" in refused.json()["error"]
    now.move(5)
    assert claim(clients["A"], game.pk).status_code == 200


def test_an_outage_puts_the_claim_off(live, now):
    game, clients = live
    first_moves(clients, game.pk, now)
    now.move(100)
    outages.record("restart", now.at - timedelta(seconds=60), now.at - timedelta(seconds=10))
    state = seen(clients["A"], game.pk)
    assert state["claim_from"] - state["server_time"] == 20_000
    refused = claim(clients["A"], game.pk)
    assert refused.status_code == 409
    assert "in 20 s" in refused.json()["error"]
    now.move(20)
    assert claim(clients["A"], game.pk).status_code == 200


def test_the_claimant_who_has_just_come_waits_too(live, now):
    game, clients = live
    first_moves(clients, game.pk, now)
    now.move(100)
    GameSeat.objects.filter(game=game, seat="A").update(present_at=now.at)
    assert claim(clients["A"], game.pk).status_code == 409
    now.move(30)
    assert claim(clients["A"], game.pk).status_code == 200


def test_a_rated_game_claimed_before_two_moves_each_ends_as_an_early_end(django_user_model, now, settings):
    settings.OD_DISCONNECT_CLAIM_SECONDS = 30
    (ann, ann_player), (bob, bob_player) = (
        account_client(django_user_model, "ann"),
        account_client(django_user_model, "bob"),
    )
    game = game_start_people(
        variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=True, clock=(300, 3), seed=7
    )
    first_moves({"A": ann, "B": bob}, game.pk, now)
    now.move(60)
    won = claim(ann, game.pk)
    assert won.status_code == 200, won.content
    result = won.json()["result"]
    assert (result["reason"], result["winner"], result["ended"], result["unrated"]) == (
        "aborted",
        None,
        "abandoned",
        "early",
    )
    assert result["aborted"] == "B"


def test_a_socket_count_not_refreshed_counts_for_nothing(live, now):
    game, _clients = live
    row = GameSeat.objects.get(game=game, seat="B")
    row.sockets = 1
    row.seen_until = now.at - timedelta(seconds=disconnects.SOCKET_FRESH_SECONDS - 5)
    assert disconnects.away_since(row, game, now.at) is None  # refreshed a moment ago: there
    row.seen_until = now.at - timedelta(seconds=disconnects.SOCKET_FRESH_SECONDS + 5)
    assert disconnects.away_since(row, game, now.at) == row.seen_until  # its process died then: gone since


def test_the_seats_of_open_sockets_are_seen_in_one_update(live, now, django_assert_num_queries):
    game, _clients = live
    disconnects.socket_opened(game.pk, "A")
    disconnects.socket_opened(game.pk, "B")
    now.move(20)
    with django_assert_num_queries(1):
        disconnects.sockets_seen([(game.pk, "A"), (game.pk, "B")])
    assert set(GameSeat.objects.filter(game=game).values_list("seen_until", flat=True)) == {now.at}
