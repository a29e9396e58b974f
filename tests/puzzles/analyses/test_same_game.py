"""An analysis asked for in another spelling of a game already analysed (a
hand's columns in another order, the seats renamed, the ends reversed) is
answered at once from the stored one, with no solver run: the moves written
as the asker wrote the position, the values the solver gives it."""

from __future__ import annotations

import random

import pytest

from puzzles.analyses.models import Analysis
from solver import VARIANTS, Position, analyse, canonical_key, deal
from solver import Analysis as SolverAnalysis

pytestmark = pytest.mark.django_db(transaction=True)


def respelled(position: Position) -> str:
    """``position`` with every hand's columns (or slots) reversed, the seats
    turned by one and the ends reversed."""
    named = [] if position.variant.is_default else [str(position.variant)]
    fields = str(position).split()[len(named) :]
    seats = len(position.seats)
    hands = ["/".join(".".join(reversed(row.split("."))) for row in hand.split("/")) for hand in fields[:seats]]
    hands = hands[1:] + hands[:1]
    ends, side = fields[-2], fields[-1]
    side = position.seats[(position.seats.index(side) - 1) % seats]
    return " ".join([*named, *hands, *fields[seats:-2], ends[::-1] if ends != "-" else ends, side])


def played(variant, seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    position = deal(seed, variant)
    for _ in range(plies):
        after = position.play(rng.choice(position.legal_moves()))
        if after.is_over():
            break
        position = after
    return position


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_another_spelling_is_answered_at_once_from_the_stored_analysis(api, variant, monkeypatch):
    position = played(variant, 21, 6)
    first = api.post("/api/analyses/", {"position": str(position)}, format="json")
    assert first.status_code in (200, 202)
    assert api.get(f"/api/analyses/{first.json()['id']}/").json()["status"] == "done"

    other = respelled(position)
    assert canonical_key(other) == canonical_key(position)
    assert Position.parse(other) != position
    solved = []
    monkeypatch.setattr("solver.analyse", lambda *a, **k: solved.append(a) or analyse(*a, **k))
    answer = api.post("/api/analyses/", {"position": other}, format="json")
    assert answer.status_code == 200, answer.content  # done at once, nothing queued
    assert solved == []
    result = answer.json()["result"]
    expected = analyse(other).to_json()
    assert result["position"] == expected["position"] == str(Position.parse(other))
    assert result["value"] == expected["value"]
    assert result["moves"] == expected["moves"]
    assert SolverAnalysis.from_json(result).pv  # a valid main line of best moves, as the asker writes moves
    rows = Analysis.objects.filter(canonical=canonical_key(position))
    assert sorted(rows.values_list("position", flat=True)) == sorted([str(position), str(Position.parse(other))])


def test_another_game_is_not_answered_from_it(api):
    position = deal(5)
    api.post("/api/analyses/", {"position": str(position)}, format="json")
    # the same stones with two back stones exchanged between columns: another game
    front, back = str(position).split()[0].split("/")
    stones = back.split(".")
    stones[0], stones[1] = stones[1], stones[0]
    other = " ".join([f"{front}/{'.'.join(stones)}", *str(position).split()[1:]])
    assert canonical_key(other) != canonical_key(position)
    answer = api.post("/api/analyses/", {"position": other}, format="json")
    assert answer.status_code == 202  # queued for the solver (run at once here), not read off the other
    assert api.get(f"/api/analyses/{answer.json()['id']}/").json()["result"] == analyse(other).to_json()
