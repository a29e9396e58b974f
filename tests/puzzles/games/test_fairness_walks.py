"""The solver's view of a live game is not reached by a back door: a
position one stone off it (a stone the game has played put back in a hand)
is refused like the position itself; a practice game cannot walk into a
withheld position from a start that was not one (the daily deal's own game
walks its deal, hints included); and a player seated in a live game between
people gets no solver view of anything until it is over."""

from __future__ import annotations

import random

import pytest

from puzzles.core import fairness
from puzzles.daily.services import daily_start, deal_ensure
from puzzles.games import withheld
from puzzles.games.models import Game
from puzzles.games.people_start import game_start_people
from solver import Position, canonical_key, deal
from solver.position import Hand

from .people_helpers import guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def one_off(q: Position, start: str) -> bool:
    """Whether ``q`` is one entry off the deal ``start``: not a position of it."""
    (hands,) = withheld._comparable([str(q)])
    return withheld._misses(hands, withheld._stone_owners(start)) == 1


def back_door(p: Position, start: str) -> tuple[Position, object] | None:
    """A position ``q``, one entry off the deal ``start``, and a move from it
    that reaches ``p``: a stone played put back in the hand of the seat
    before the side to move (in front of a back stone left uncovered, or
    where a column was emptied), with the ends it left."""
    target = canonical_key(p)
    seats = p.seats
    mover = seats[(seats.index(p.side) - 1) % len(seats)]
    index = seats.index(mover)
    hand = p.hands[index]
    for stone in p.played_stones():
        for col in range(7):
            front, back = hand.front[col], hand.back[col]
            if front is None and back is not None:
                new = Hand(hand.front[:col] + (stone,) + hand.front[col + 1 :], hand.back)
            elif front is None and back is None:
                new = Hand(hand.front, hand.back[:col] + (stone,) + hand.back[col + 1 :])
            else:
                continue
            hands = p.hands[:index] + (new,) + p.hands[index + 1 :]
            for left in range(7):
                for right in range(7):
                    try:
                        q = Position.parse(str(Position(hands, (left, right), mover, p.variant, p.out)))
                    except ValueError:
                        continue
                    for move in q.legal_moves():
                        if move.stone == stone and canonical_key(q.play(move)) == target and one_off(q, start):
                            return q, move
    return None


def walked(start: str, rng: random.Random, wanted) -> tuple[Position, Position, object]:
    """A position of the deal ``start`` a few plies in with a back door, the door and its move."""
    for _ in range(300):
        p = Position.parse(start)
        for _ply in range(rng.randrange(2, 9)):
            after = p.play(rng.choice(p.legal_moves()))
            if after.is_over():
                break
            p = after
        found = back_door(p, start) if wanted(p) else None
        if found is not None:
            return p, *found
    raise AssertionError("no back door found")


def test_a_position_one_stone_off_a_live_game_is_refused_and_no_practice_game_walks_in():
    ann, bob, watcher = guest_client(), guest_client(), guest_client()[0]
    # by correspondence: the players themselves are not shut out of everything
    game = game_start_people(variant="lewicki", seats={"A": ann[1], "B": bob[1]}, rated=False, days=3)
    live, door, move = walked(game.start_position, random.Random(3), lambda p: True)
    assert fairness.refusal(str(live)) is not None
    for client in (ann[0], bob[0], watcher):
        for position in (str(door), str(live)):
            answer = client.post("/api/analyses/", {"position": position}, format="json")
            assert answer.status_code == 403, (position, answer.content)
            assert "in progress" in answer.json()["error"], (position, answer.content)
        practice = client.post("/api/games/", {"position": str(door), "human": door.side}, format="json")
        assert practice.status_code == 403, practice.content
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    assert watcher.post("/api/analyses/", {"position": str(door)}, format="json").status_code in (200, 202)


def test_the_daily_deals_own_game_walks_its_deal_but_a_practice_game_one_stone_off_does_not(monkeypatch):
    today = deal_ensure()
    client, player = guest_client()
    own, _created = daily_start(player=player, deal=today)
    game = Game.objects.get(pk=own.game_id)
    hint = client.post(f"/api/games/{game.pk}/hint/", {"level": 1}, format="json")
    assert hint.status_code in (200, 202), hint.content  # the daily game's own hints are its player's
    seen = client.get(f"/api/games/{game.pk}/").json()
    played = client.post(
        f"/api/games/{game.pk}/moves/", {"move": seen["legal_moves"][0], "ply": seen["ply"]}, format="json"
    )
    assert played.status_code == 201, played.content  # and its moves
    solver = "B" if today.human_side == "A" else "A"
    live, door, move = walked(today.start_position, random.Random(5), lambda p: p.side == solver)
    assert fairness.refusal(str(live), player) is not None
    other, _ = guest_client()
    practice = other.post("/api/games/", {"position": str(door), "human": door.side, "level": "perfect"}, format="json")
    assert practice.status_code == 403, practice.content  # one stone off today's deal
    # and were the near positions let through, its first move into the deal would not be
    monkeypatch.setattr(withheld, "TOLERANCE", 0)
    practice = other.post("/api/games/", {"position": str(door), "human": door.side, "level": "perfect"}, format="json")
    assert practice.status_code == 201, practice.content
    walk = other.post(f"/api/games/{practice.json()['id']}/moves/", {"move": str(move), "ply": 0}, format="json")
    assert walk.status_code == 403, walk.content
    assert "daily deal" in walk.json()["error"], walk.content


def test_a_player_in_a_live_game_gets_no_solver_view_until_it_is_over():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    elsewhere = str(deal(4242))
    assert ann.post("/api/analyses/", {"position": elsewhere}, format="json").status_code in (200, 202)
    game = game_start_people(variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, clock=(300, 5))
    for client in (ann, bob):
        refused = client.post("/api/analyses/", {"position": elsewhere}, format="json")
        assert refused.status_code == 403
        assert "live game between people" in refused.json()["error"]
        assert client.post("/api/games/", {"seed": 99}, format="json").status_code == 403
        assert client.get("/analysis/", {"position": elsewhere}).status_code == 403
    # a spectator, and a player of a correspondence game, are not shut out
    assert guest_client()[0].post("/api/analyses/", {"position": elsewhere}, format="json").status_code == 200
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    assert ann.post("/api/analyses/", {"position": elsewhere}, format="json").status_code == 200
