"""A guest who logs in to the account that holds another seat of the same
game or challenge: one account never sits twice.  The live game is aborted
(nobody could play the guest's seat), an open challenge cancelled, the seat
stays the guest's, and the player is told."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game, GameSeat
from puzzles.people.models import Challenge, ChallengeSeat

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(client, name: str):
    return client.post("/accounts/login/", {"username": name, "password": f"pw-{name}-12345"})


def test_a_guest_logging_in_to_their_opponents_account_aborts_the_game(account, other_api):
    carol = account("carol")
    created = post_challenge(carol, seat="A")
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])  # the guest sits at B
    assert log_in(other_api, "carol").status_code == 302
    game.refresh_from_db()
    assert game.status == "over"
    assert game.result["reason"] == "aborted"
    assert game.result["unplayable"] == "same-account"
    assert game.result["aborted"] == "B"
    seats = {row.seat: row for row in GameSeat.objects.filter(game=game)}
    assert seats["A"].owner_id == carol.user.pk
    assert seats["B"].owner_id is None
    assert seats["B"].session_key
    rows = ChallengeSeat.objects.filter(challenge_id=created["id"])
    assert [row.seat for row in rows if row.owner_id == carol.user.pk] == ["A"]
    state = other_api.get(f"/api/games/{game.pk}/").json()
    assert state["my_seat"] == "A"
    assert state["result"]["text"]
    assert "one account cannot play both seats" in other_api.get("/").content.decode()


def test_an_open_challenge_with_both_seats_is_cancelled_at_log_in(account, other_api):
    carol = account("carol")
    created = post_challenge(other_api, variant="partnership", seat="A", clock=None, days=3)  # the guest's
    accept(carol, created["id"], seat="B")
    assert log_in(other_api, "carol").status_code == 302
    challenge = Challenge.objects.get(pk=created["id"])
    assert challenge.status == "cancelled"
    assert challenge.game is None
    assert ChallengeSeat.objects.filter(challenge=challenge, owner=carol.user).count() == 1
    assert "the challenge was cancelled" in other_api.get("/").content.decode()


def test_other_seats_are_still_handed_over(account, other_api, api):
    carol = account("carol")
    created = post_challenge(api, seat="A")  # another guest's
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])
    assert log_in(other_api, "carol").status_code == 302
    game.refresh_from_db()
    assert game.status != "over"
    assert GameSeat.objects.get(game=game, seat="B").owner_id == carol.user.pk
