"""A rated game claimed from an opponent who left the table is rated as the
claimant's win."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people.models import RatingChange

from .conftest import accept, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_claimed_rated_game_is_rated_as_a_win(account, settings):
    settings.OD_DISCONNECT_CLAIM_SECONDS = 0  # every page of these API clients is gone at once
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, seat="A")
    game = Game.objects.get(pk=accept(bob, created["id"])["game"])
    if play_twice_each({"A": ann, "B": bob}, game.pk)["status"] == "over":
        pytest.skip("the deal ended before each player had moved twice")
    answer = ann.post(f"/api/games/{game.pk}/claim/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["result"]["reason"] == "abandoned"
    changes = {change.user.username: change for change in RatingChange.objects.filter(game=game)}
    assert changes["ann"].rating_after > changes["ann"].rating_before
    assert changes["bob"].rating_after < changes["bob"].rating_before
