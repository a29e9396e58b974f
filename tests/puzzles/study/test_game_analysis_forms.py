"""The game-analysis form for a newcomer: open domino is the game chosen at
first, a hand typed with spaces round its slash reads, a slash in a one-row
hand and a wrong stone say which hand is wrong; and a record of a game
between people in progress is refused as such even when the rest of it does
not read."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from puzzles.games.people_start import game_start_people
from puzzles.study.models import GameAnalysis
from solver import deal

from ..games.people_helpers import guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def hands(variant: str, seed: int) -> list[str]:
    """Each hand as a player types it: stones with spaces, the rows with " / " between them."""
    board = deal(seed, variant).to_json()
    out = []
    for hand in board["hands"].values():
        front = " ".join(s for s in hand["front"] if s)
        back = " ".join(s for s in hand["back"] if s)
        out.append(f"{front} / {back}" if back else front)
    return out


def test_the_deal_form_starts_with_open_domino():
    page = Client().get("/analysis/games/").content.decode()
    assert re.search(r'<option value="lewicki" selected>', page)
    assert not re.search(r'<option value="block" selected>', page)


def test_an_open_domino_deal_with_spaces_round_the_slash_is_graded():
    a, b = hands("lewicki", 5)
    start = deal(5, "lewicki")
    first = str(start.legal_moves()[0])
    response = Client().post(
        "/analysis/games/", {"kind": "deal", "variant": "lewicki", "hand_a": a, "hand_b": b, "moves": first}
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert GameAnalysis.objects.count() == 1


def test_open_domino_hands_typed_for_the_block_game_say_which_hand_and_why(api):
    a, b = hands("lewicki", 5)
    refused = api.post("/api/game-analyses/", {"variant": "block", "hands": [a, b]}, format="json")
    assert refused.status_code == 400
    assert "The hand of A has a slash" in refused.json()["error"]
    assert "one row" in refused.json()["error"]
    wrong = api.post(
        "/api/game-analyses/", {"variant": "lewicki", "hands": [a, b.replace(b[:2], "7x", 1)]}, format="json"
    )
    assert wrong.status_code == 400
    assert wrong.json()["error"].startswith("The hand of B: ")


def test_a_broken_record_of_a_game_in_progress_is_refused_as_such():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, clock=(600, 5))
    record = ann.get(f"/games/{game.pk}/record.txt").content.decode()
    broken = record.rstrip() + " 1. 7x\n"
    refused = bob.post("/api/game-analyses/", {"record": broken}, format="json")
    assert refused.status_code == 403
    assert "game between people in progress" in refused.json()["error"]
    # a broken record of no game in progress still says what is wrong with it (to someone not
    # seated in a live game: its players get no solver view of anything while it is on)
    other = f'[Start "{deal(3)}"]\n\n1. 7x\n'
    assert guest_client()[0].post("/api/game-analyses/", {"record": other}, format="json").status_code == 400
