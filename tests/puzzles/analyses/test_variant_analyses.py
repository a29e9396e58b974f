"""POST /api/analyses/ and /api/positions/ take a position of every variant
(its first field names the variant) and answer in the same shape; the
values are the solver's; bad input is a 400 ``{"error"}`` and stores nothing."""

from __future__ import annotations

import random

import pytest

from puzzles.analyses.models import Analysis
from solver import VARIANTS, Position, analyse, deal

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [str(v) for v in VARIANTS]


def positions_of(variant: str) -> list[Position]:
    """A fresh deal and two positions reached by random play, of ``variant``."""
    rng = random.Random(variant)
    out = []
    for seed, plies in ((3, 0), (8, 5), (13, 11)):
        position = deal(seed, variant)
        for _ in range(plies):
            if position.result() is not None:
                break
            position = position.play(rng.choice(position.legal_moves()))
        out.append(position)
    return out


@pytest.mark.parametrize("variant", NAMES)
def test_analyses_of_every_variant_agree_with_the_solver(api, variant):
    for position in positions_of(variant):
        text = str(position)
        assert text.startswith(variant) == (variant != "lewicki")
        response = api.post("/api/analyses/", {"position": text}, format="json")
        assert response.status_code in (200, 202), response.content
        body = api.get(f"/api/analyses/{response.json()['id']}/").json()
        assert body["status"] == "done", body
        expected = analyse(position)
        result = body["result"]
        assert result["position"] == text
        assert result["value"] == expected.value
        assert [(m["move"], m["value"], m["grade"]) for m in result["moves"]] == [
            (str(m.move), m.value, m.grade) for m in expected.moves
        ]
        assert result["pv"] == [str(m) for m in expected.pv]


@pytest.mark.parametrize("variant", NAMES)
def test_positions_api_plays_a_line_of_every_variant(api, variant):
    start = deal(21, variant)
    moves, position = [], start
    for _ in range(6):
        if position.result() is not None:
            break
        move = position.legal_moves()[-1]
        moves.append(str(move))
        position = position.play(move)
    response = api.post("/api/positions/", {"position": str(start), "moves": moves}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["position"] == str(start)
    assert body["current"] == str(position)
    assert body["moves"] == moves
    board = body["board"]
    assert board["legal_moves"] == [str(m) for m in position.legal_moves()]
    assert board["side"] == position.side
    assert set(board["hands"]) == set(position.variant.seats)
    assert board.get("variant") == (None if variant == "lewicki" else variant)
    assert board.get("out", []) == [str(s) for s in position.out]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("bogus 45.15.44.05.34.13.25 56.14.01.66.22.26.00 - B", "bogus"),
        ("block 45.15.44.05.34.13.25 56.14.01.66.22.26.00 - B", "fields"),
        ("block+doubles+doubles " + str(deal(1, "block")).split(" ", 1)[1], "doubles"),
        (str(deal(1, "partnership")).replace(" - ", " - ").rsplit(" ", 1)[0] + " E", "E"),
        (str(deal(1, "block")).replace("00", "07", 1), "07"),
    ],
)
def test_bad_variant_positions_are_refused_with_the_reason(api, text, words):
    for url, body in (("/api/analyses/", {"position": text}), ("/api/positions/", {"position": text, "moves": []})):
        response = api.post(url, body, format="json")
        assert response.status_code == 400, response.content
        error = response.json()
        assert set(error) == {"error"}
        assert words.lower() in str(error["error"]).lower()
    assert Analysis.objects.count() == 0


def test_an_illegal_move_of_a_variant_line_is_refused(api):
    start = deal(4, "partnership")
    illegal = next(f"{s}" for s in ("00", "01", "02", "12") if s not in {str(m) for m in start.legal_moves()})
    response = api.post("/api/positions/", {"position": str(start), "moves": [illegal]}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"error"}
