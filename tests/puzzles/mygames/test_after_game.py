"""After a game between people: its rating change (pending until the people
app rates it, then each account's before, after and change) and its
rematch offer as both players' game pages read it."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people import upkeep
from puzzles.people.models import RatingChange

pytestmark = pytest.mark.django_db(transaction=True)


def challenge_game(creator, opponent, **payload) -> tuple[int, Game]:
    body = {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}, **payload}
    created = creator.post("/api/challenges/", body, format="json").json()
    accepted = opponent.post(f"/api/challenges/{created['id']}/accept/", {}, format="json").json()
    return created["id"], Game.objects.get(pk=accepted["game"])


def play_each_twice(clients: dict, game: Game) -> None:
    """Two moves each (a rated game ended sooner is an abort), each the first legal move."""
    for _ in range(4):
        seen = clients["A"].get(f"/api/games/{game.pk}/").json()
        mover = clients[seen["to_move"]]
        mine = mover.get(f"/api/games/{game.pk}/").json()
        response = mover.post(
            f"/api/games/{game.pk}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content


def test_the_rating_change_is_pending_until_rated_then_each_players(account, client):
    ann, bob = account("ann"), account("bob")
    _challenge, game = challenge_game(ann, bob, rated=True)
    assert ann.get(f"/api/games/{game.pk}/rating/").json() == {"status": "playing", "ratings": {}}
    play_each_twice({"A": ann, "B": bob}, game)
    if Game.objects.get(pk=game.pk).status == "over":
        pytest.skip("the deal ended within four moves")
    # the game ends and its rating is not written yet (the signal lost: the beat's sweep writes it)
    Game.objects.filter(pk=game.pk).update(status="over", result={"winner": "A", "points": 20, "reason": "resigned"})
    assert client.get(f"/api/games/{game.pk}/rating/").json() == {"status": "pending", "ratings": {}}
    assert not RatingChange.objects.exists()  # a read writes nothing
    upkeep.people_settle()
    state = bob.get(f"/api/games/{game.pk}/rating/").json()
    assert state["status"] == "rated"
    ann_change = RatingChange.objects.get(game=game, user=ann.user)
    assert state["ratings"]["A"] == {
        "player": "ann",
        "before": round(ann_change.rating_before),
        "after": round(ann_change.rating_after),
        "change": round(ann_change.rating_after) - round(ann_change.rating_before),
    }
    assert state["ratings"]["A"]["change"] > 0 > state["ratings"]["B"]["change"]
    # the game's own JSON gives the same, and My games the player's line
    assert ann.get(f"/api/games/{game.pk}/").json()["result"]["ratings"]["B"]["after"] == state["ratings"]["B"]["after"]
    row = ann.get("/api/games/mine/?rated=true").json()["games"][0]
    assert row["rating"] == {k: state["ratings"]["A"][k] for k in ("before", "after", "change")}


def test_a_casual_games_rating_is_unrated_and_a_stranger_id_is_a_404(account):
    ann, bob = account("ann"), account("bob")
    _challenge, game = challenge_game(ann, bob)
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert ann.get(f"/api/games/{game.pk}/rating/").json()["status"] == "unrated"
    assert ann.get("/api/games/987654/rating/").status_code == 404
    assert ann.get("/api/games/987654/rematch-offer/").status_code == 404


def test_the_rematch_offer_seen_from_both_pages_accepted_on_the_others(account, client):
    ann, bob = account("ann"), account("bob")
    challenge, game = challenge_game(ann, bob)
    url = f"/api/games/{game.pk}/rematch-offer/"
    assert ann.get(url).json() == {"challenge": None, "can_offer": False, "offer": None}  # still played
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert ann.get(url).json() == {"challenge": challenge, "can_offer": True, "offer": None}
    assert client.get(url).json()["can_offer"] is False  # a spectator offers nothing
    offered = ann.post(f"/api/challenges/{challenge}/rematch/").json()
    mine, theirs = ann.get(url).json(), bob.get(url).json()
    assert mine["offer"] == {"id": offered["id"], "status": "open", "mine": True, "by": "ann", "game": None}
    assert theirs["offer"] == {**mine["offer"], "mine": False}
    assert mine["can_offer"] is False
    assert theirs["can_offer"] is False
    # declined, then offered again by bob and accepted by ann: both pages see the new game
    assert bob.post(f"/api/challenges/{offered['id']}/decline/").status_code == 200
    assert ann.get(url).json()["offer"]["status"] == "declined"
    assert ann.get(url).json()["can_offer"] is True
    again = bob.post(f"/api/challenges/{challenge}/rematch/").json()
    new_game = ann.post(f"/api/challenges/{again['id']}/accept/", {}, format="json").json()["game"]
    for player in (ann, bob):
        assert player.get(url).json()["offer"] == {
            "id": again["id"],
            "status": "started",
            "mine": player is bob,
            "by": "bob",
            "game": new_game,
        }
