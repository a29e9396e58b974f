"""A guest who logs in keeps their seats in games between people."""

from __future__ import annotations

import pytest

from puzzles.accounts.players import Player
from puzzles.accounts.signals import guest_claimed
from puzzles.games import selectors
from puzzles.games.people_start import game_start_people
from puzzles.games.seating import seat_of

from .people_helpers import guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guests_seat_goes_to_their_account(django_user_model):
    (_, ann), (_, bob) = guest_client(), guest_client()
    game = game_start_people(variant="lewicki", seats={"A": ann, "B": bob}, rated=False, clock=(60, 1), seed=2)
    user = django_user_model.objects.create_user("ann", password="a-long-pass-phrase-29")
    guest_claimed.send(sender=None, user=user, session_key=ann.token)
    account = Player(user, "")
    game.refresh_from_db()
    assert seat_of(game, account) == "A"
    assert seat_of(game, ann) is None
    assert [g.pk for g in selectors.people_games_in_progress(account)] == [game.pk]
