"""The server-drawn board (core/_board.html) for every variant: the seats in
their places, one row in the hand layout, the out stones face down and
counted, the solver's JSON drawn as it is."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string

from solver import deal

VARIANTS = ["lewicki", "lewicki9", "block", "block+doubles", "partnership", "partnership+doubles"]


def later(variant: str, plies: int = 5):
    position = deal(11, variant)
    for _ in range(plies):
        position = position.play(position.legal_moves()[0])
    return position


def render(position, **context) -> str:
    return render_to_string("core/_board.html", {"board": position.to_json(), **context})


def hands(html: str) -> dict[str, str]:
    """Each seat's hand block, by seat."""
    blocks = re.findall(
        r'<div class="hand hand-(\w)[^"]*" data-seat="\w" data-place="(\w+)">(.*?)</div>\s*</div>\s*</div>', html, re.S
    )
    return {seat: body for seat, _place, body in blocks}


def places(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-seat="(\w)" data-place="(\w+)"', html))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seat_and_stone_of_the_position_is_drawn(variant):
    position = later(variant)
    html = render(position)
    data = position.to_json()
    assert set(places(html)) == set(data["hands"])
    drawn = hands(html)
    for seat, hand in data["hands"].items():
        stones = [s for s in hand["front"] + hand["back"] if s]
        shown = re.findall(
            r'<span class="stone[^"]*"[^>]*><svg class="stone-face"[^>]*aria-label="(\d)-(\d)"', drawn[seat]
        )
        assert ["".join(s) for s in shown] == stones
        # The hand layout has one row, the rows layout a back row whose covered stones are marked.
        assert ('class="row back"' in drawn[seat]) == bool(hand["back"])
    line = re.search(r'<div class="line".*?(?=<div class="hand)', html, re.S).group(0)
    assert len(re.findall(r'<span class="stone">', line.split('<div class="out"')[0])) == len(data["line"])
    assert 'style="' not in html
    assert "<script" not in html


@pytest.mark.parametrize("variant", ["block", "lewicki9"])
def test_out_stones_are_face_down_and_counted_unless_revealed(variant):
    position = later(variant)
    out = [str(s) for s in position.out]
    html = render(position)
    block = re.search(r'<div class="out" data-count="(\d+)">(.*?)</div>', html, re.S)
    assert int(block.group(1)) == len(out)
    assert f"{len(out)} stones out of play, face down" in block.group(2)
    assert "<svg" not in block.group(2)
    revealed = re.search(r'<div class="out"[^>]*>(.*?)</div>', render(position, reveal_out=True), re.S).group(1)
    assert re.findall(r'aria-label="(\d)-(\d)"', revealed) == [(s[0], s[1]) for s in out]


def test_two_seats_keep_today_s_order():
    position = later("lewicki")
    assert list(places(render(position))) == ["B", "A"]
    assert places(render(position, sides="AB", human="B")) == {"A": "top", "B": "bottom"}


@pytest.mark.parametrize(
    ("bottom", "expected"),
    [
        ("A", {"A": "bottom", "B": "left", "C": "top", "D": "right"}),
        ("B", {"B": "bottom", "C": "left", "D": "top", "A": "right"}),
    ],
)
def test_four_seats_sit_round_the_table_with_the_partner_across(bottom, expected):
    position = later("partnership")
    html = render(position, human=bottom)
    assert places(html) == expected
    assert "plain-four" in html
    partner = expected and [s for s, p in expected.items() if p == "top"][0]
    assert f"Your partner, the solver ({partner})" in html
    assert f"You ({bottom})" in html
    # The last letter of `sides` names the bottom seat too.
    assert places(render(position, sides="DB"))["B"] == "bottom"
