"""Helpers of the people tests: two players posting and accepting challenges."""

from __future__ import annotations

import pytest

from puzzles.ratings import glicko2


def post_challenge(api, **payload) -> dict:
    body = {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}, **payload}
    response = api.post("/api/challenges/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def accept(api, challenge_id: int, **payload) -> dict:
    response = api.post(f"/api/challenges/{challenge_id}/accept/", payload, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def expected(player: glicko2.Rating, opponent: glicko2.Rating, score: float) -> glicko2.Rating:
    """One Glicko-2 rating period of one result, the deviation kept in MIN_RD..MAX_RD."""
    after = glicko2.update(player, [(opponent, score)])
    return glicko2.Rating(after.rating, max(glicko2.MIN_RD, min(glicko2.MAX_RD, after.rd)), after.volatility)


def assert_rated(winner, loser, before: tuple[glicko2.Rating, glicko2.Rating], time_class: str, family: str):
    """Both accounts' ratings in the pool are one Glicko-2 period of the
    winner's win from ``before`` (the winner's, the loser's); their rows."""
    from puzzles.people.models import GameRating

    a, b = before
    rows = [GameRating.objects.get(user=user, time_class=time_class, family=family) for user in (winner, loser)]
    for row, after in zip(rows, (expected(a, b, 1.0), expected(b, a, 0.0)), strict=True):
        assert row.rating == pytest.approx(after.rating)
        assert row.rd == pytest.approx(after.rd)
        assert row.volatility == pytest.approx(after.volatility)
    assert rows[0].rating > a.rating
    assert rows[1].rating < b.rating
    assert rows[0].games == rows[1].games == 1
    return rows


def play_plies(clients: dict, game_id: int, plies: int) -> dict:
    """Play ``plies`` moves of a game between people through the API, the
    client of the seat to move playing its first legal move each time; the
    last state read."""
    seen: dict = {}
    for _ in range(plies):
        seen = next(iter(clients.values())).get(f"/api/games/{game_id}/").json()
        mover = clients[seen["to_move"]]
        mine = mover.get(f"/api/games/{game_id}/").json()
        response = mover.post(
            f"/api/games/{game_id}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content
    return seen


def play_twice_each(clients: dict, game_id: int) -> dict:
    """Play a game between people until every player has made two moves (a
    rated game given up before is an abort); the last state read."""
    while True:
        seen = next(iter(clients.values())).get(f"/api/games/{game_id}/").json()
        made = [move["side"] for move in seen["moves"]]
        if all(made.count(seat) >= 2 for seat in clients) or seen["status"] == "over":
            return seen
        play_plies(clients, game_id, 1)


def _lasts(seed: int, variant: str) -> bool:
    """Whether the deal of ``seed`` is still in play once every seat has made
    two moves, each playing its first legal move (as ``play_plies`` does)."""
    from solver import Variant
    from solver.deal import deal

    position = deal(seed, Variant.parse(variant))
    made = dict.fromkeys(position.variant.seats, 0)
    while min(made.values()) < 2:
        if position.is_over():
            return False
        made[position.side] += 1
        position = position.play(position.legal_moves()[0])
    return not position.is_over()


@pytest.fixture(autouse=True)
def lasting_deals(monkeypatch):
    """People games (and a match's first deal) dealt from random seeds whose
    deals last past two moves each in every variant these tests play (a test may still patch
    ``randbelow`` to deal a deal of its own).  About one deal in two hundred
    blocks sooner under first-legal-move play, and a rated game that ends so
    is an abort, which a test of a rated result must not meet by chance."""
    import random
    import types

    from puzzles.games import people_start

    variants = ("lewicki", "block+doubles", "partnership")
    draw = random.Random()

    def randbelow(bound: int) -> int:
        while True:
            seed = draw.randrange(bound)
            if all(_lasts(seed, variant) for variant in variants):
                return seed

    monkeypatch.setattr(people_start, "secrets", types.SimpleNamespace(randbelow=randbelow))

    # a match's deals come from its match seed: its first deal lasts too
    from puzzles.people import matches

    def match_seed(bound: int) -> int:
        while True:
            seed = draw.randrange(bound)
            if all(_lasts(matches.deal_seed(seed, 1), variant) for variant in variants):
                return seed

    monkeypatch.setattr(matches, "secrets", types.SimpleNamespace(randbelow=match_seed))
