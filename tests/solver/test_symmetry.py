"""The canonical form of a position over every symmetry of the game: drawn
positions of every variant at random plies, rewritten by a random symmetry
(written here on the position string, independently of ``solver.symmetry``),
have the same canonical form, the same legal moves carried by the symmetry,
and the same exact values."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import VARIANTS, Analysis, Position, PositionError, Variant, analyse, deal
from solver.symmetry import Symmetry, canonical, canonical_key, carried, same_game

PLAYED = "--"


def random_position(variant: str, seed: int, plies: int, rng: random.Random) -> Position:
    position = deal(seed, variant)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(rng.choice(moves))
    return position


def rewrite(text: str, variant: Variant, rng: random.Random) -> tuple[str, int, bool]:
    """``text`` with every hand's columns (or slots) shuffled, stones written
    high half first, the ends maybe reversed and the seats turned by a random
    amount: the same game.  Returns the string, the turn and whether the ends
    were reversed."""
    fields = text.split()
    named = fields[0] if fields[0][0].isalpha() else None
    if named:
        fields = fields[1:]
    seats = len(variant.seats)
    hands, rest = fields[:seats], fields[seats:]
    written = []
    for hand in hands:
        rows = [row.split(".") for row in hand.split("/")]
        order = list(range(len(rows[0])))
        rng.shuffle(order)
        rows = [[row[i] if row[i] == PLAYED else row[i][::-1] for i in order] for row in rows]
        written.append("/".join(".".join(row) for row in rows))
    turn = rng.randrange(seats)
    written = written[turn:] + written[:turn]  # seat turn+k is called k
    ends, side = rest[-2], rest[-1]
    flip = ends != "-" and rng.random() < 0.5
    if flip:
        ends = ends[::-1]
    side = variant.seats[(variant.seats.index(side) - turn) % seats]
    parts = ([named] if named else []) + written + rest[:-2] + [ends, side.lower() if rng.random() < 0.3 else side]
    return " ".join(parts), turn, flip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**53 - 1),
    plies=st.integers(0, 30),
    choices=st.randoms(use_true_random=False),
)
def test_every_symmetry_gives_the_same_canonical_form_moves_and_values(variant, seed, plies, choices):
    position = random_position(str(variant), seed, plies, choices)
    text, turn, flip = rewrite(str(position), position.variant, choices)
    other = Position.parse(text)  # the rewritten string is a valid position of its own
    assert canonical_key(other) == canonical_key(position)
    assert same_game(text, position)

    image, symmetry = canonical(other)
    _, direct = canonical(position)
    seats = len(position.seats)
    assert (symmetry.turn + turn) % seats == direct.turn  # the rewriting, then the canonical turn
    assert (symmetry.flip ^ flip) == direct.flip or position.ends is None or position.ends[0] == position.ends[1]
    assert Position.parse(str(image)) == image  # the canonical form is a valid position
    assert canonical(image)[0] == image  # and its own canonical form
    assert image.side == image.seats[0]

    # the moves correspond one to one through the symmetry, with the same values
    mapped = sorted(str(symmetry.move(m)) for m in other.legal_moves())
    assert mapped == sorted(str(m) for m in image.legal_moves())
    if sum(h.count for h in position.hands) <= 16:
        ours, theirs = analyse(other), analyse(image)
        assert ours.value == theirs.value == analyse(position).value
        assert {str(symmetry.move(mv.move)): mv.value for mv in ours.moves} == {
            str(mv.move): mv.value for mv in theirs.moves
        }
        # an analysis of one spelling read off another's: what the solver says of it, in its order
        read_off = carried(analyse(position), other)
        assert read_off.position == other
        assert read_off.value == ours.value
        assert read_off.moves == ours.moves
        assert Analysis.from_json(read_off.to_json()) == read_off  # its main line is a line of best moves


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_a_different_game_has_another_canonical_form(variant):
    # Swapping two back stones between columns changes which stone each
    # front stone covers: another game, not a rewriting of the same one.
    position = deal(11, variant)
    hand = position.hands[0]
    if hand.is_rows:
        back = list(hand.back)
        back[0], back[1] = back[1], back[0]
        fields = str(position).split()
        at = 1 if fields[0][0].isalpha() else 0
        front, _ = fields[at].split("/")
        fields[at] = front + "/" + ".".join(map(str, back))
    else:
        # a stone of one seat exchanged with a stone of the next
        fields = str(position).split()
        at = 1 if fields[0][0].isalpha() else 0
        mine, theirs = fields[at].split("."), fields[at + 1].split(".")
        first = position.first_stone()
        i = next(i for i, s in enumerate(mine) if s != str(first))
        j = next(j for j, s in enumerate(theirs) if s != str(first))
        mine[i], theirs[j] = theirs[j], mine[i]
        fields[at], fields[at + 1] = ".".join(mine), ".".join(theirs)
    other = " ".join(fields)
    try:
        Position.parse(other)
    except ValueError:
        pytest.skip("the exchange made the opener another seat")
    assert not same_game(position, other)
    assert canonical_key(position) != canonical_key(other)


def test_the_symmetry_carries_moves_and_seats_both_ways():
    symmetry = Symmetry(turn=1, flip=True)
    assert str(symmetry.move("36L")) == "36R"
    assert str(symmetry.move_back(symmetry.move("45R"))) == "45R"
    assert str(symmetry.move("pass")) == "pass"
    assert str(symmetry.move("00")) == "00"
    seats = ("A", "B", "C", "D")
    assert symmetry.seat("B", seats) == "A"
    assert symmetry.seat("A", seats) == "D"
    assert all(symmetry.seat_back(symmetry.seat(s, seats), seats) == s for s in seats)


def test_an_analysis_is_not_carried_to_another_game():
    position = deal(3)
    other = deal(4)
    with pytest.raises(PositionError, match="not the same game"):
        carried(analyse(position), other)
