"""Games between people played through the practice games' API: two guests
and two accounts play whole games, a move sent twice is played once, only
the player of the seat to move moves, spectators watch without solver
values, abort and resign, and the result at the end."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game, GameMove
from puzzles.games.people_start import game_start_people
from solver import Position, deal

from .people_helpers import account_client, guest_client, play_out, state

pytestmark = pytest.mark.django_db(transaction=True)

VALUES = ("value", "best_value", "value_for_human", "best_value_for_human", "best_moves", "grade", "points_lost")


def two_guests(**kwargs):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    args = {"variant": "lewicki", "rated": False, "clock": (600, 5), "seed": 7, **kwargs}
    game = game_start_people(seats={"A": ann_player, "B": bob_player}, **args)
    return game, {"A": ann, "B": bob}


def no_values(seen: dict) -> None:
    for move in seen["moves"]:
        assert all(move[key] is None for key in VALUES), move
    assert seen["hints"] == []


def test_two_guests_play_a_whole_game_and_a_spectator_watches():
    game, clients = two_guests()
    watcher, _ = guest_client()
    first = state(clients["A"], game.pk)
    assert first["kind"] == "people"
    assert first["my_seat"] == "A"
    assert first["spectator"] is False
    assert first["players"]["A"]["you"]
    assert not first["players"]["B"]["you"]
    assert {p["kind"] for p in first["players"].values()} == {"guest"}
    assert first["time_control"] == {"initial": 600, "increment": 5, "days": None}
    assert first["clocks"] == {"A": 600_000, "B": 600_000}
    assert first["server_time"] > 0

    def check(seen: dict) -> None:
        no_values(seen)
        seen_by_watcher = state(watcher, game.pk)
        assert seen_by_watcher["spectator"]
        assert seen_by_watcher["my_seat"] is None
        assert seen_by_watcher["legal_moves"] == []
        no_values(seen_by_watcher)

    end = play_out(clients, game.pk, each=check)
    played = [m["move"] for m in end["moves"]]
    final = Position.parse(end["start"])
    for move in played:
        final = final.push(move)
    assert final.is_over()
    assert end["position"] == str(final)
    result = final.result()
    assert (end["result"]["winner"], end["result"]["points"], end["result"]["reason"]) == (
        result.winner,
        result.points,
        result.reason,
    )
    # over: every move graded, for both players and the spectator
    for client in (*clients.values(), watcher):
        seen = state(client, game.pk)
        assert all(m["grade"] is not None for m in seen["moves"]), seen["moves"]
        assert {m["side"] for m in seen["moves"]} == {"A", "B"}
    mine, theirs = state(clients["A"], game.pk)["result"], state(clients["B"], game.pk)["result"]
    if result.winner is not None:
        assert {mine["outcome"], theirs["outcome"]} == {"win", "loss"}
        assert mine["human_points"] == -theirs["human_points"]


def test_two_accounts_play_a_rated_game(django_user_model):
    (ann, ann_player), (bob, bob_player) = (account_client(django_user_model, n) for n in ("ann", "bob"))
    game = game_start_people(
        variant="lewicki", seats={"A": bob_player, "B": ann_player}, rated=True, clock=(300, 3), seed=11
    )
    seen = state(ann, game.pk)
    assert seen["rated"]
    assert seen["my_seat"] == "B"
    assert seen["players"]["A"] == {
        "name": "bob",
        "kind": "account",
        "level": None,
        "you": False,
        "bot": False,
    }
    end = play_out({"A": bob, "B": ann}, game.pk)
    assert end["status"] == "over"
    assert end["result"]["reason"] in ("domino", "blocked")
    assert GameMove.objects.filter(game=game, graded_at__isnull=True).count() == 0


def test_a_move_sent_twice_is_played_once_and_a_stale_ply_is_refused():
    game, clients = two_guests()
    mover = deal(7).side
    client = clients[mover]
    move = state(client, game.pk)["legal_moves"][0]
    first = client.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": 0}, format="json")
    again = client.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": 0}, format="json")
    assert first.status_code == again.status_code == 201
    assert GameMove.objects.filter(game=game).count() == 1
    assert again.json()["ply"] == first.json()["ply"] == 1
    other = clients["B" if mover == "A" else "A"]
    reply = state(other, game.pk)["legal_moves"][0]
    stale = other.post(f"/api/games/{game.pk}/moves/", {"move": reply, "ply": 0}, format="json")
    assert stale.status_code == 409
    assert "error" in stale.json()


def test_only_the_player_of_the_seat_to_move_moves():
    game, clients = two_guests()
    mover = deal(7).side
    waiting = clients["B" if mover == "A" else "A"]
    move = state(clients[mover], game.pk)["legal_moves"][0]
    early = waiting.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": 0}, format="json")
    assert early.status_code == 409
    assert "not your move" in early.json()["error"]
    watcher, _ = guest_client()
    intruder = watcher.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": 0}, format="json")
    assert intruder.status_code == 403
    assert "error" in intruder.json()
    assert watcher.post(f"/api/games/{game.pk}/resign/").status_code == 403
    assert watcher.post(f"/api/games/{game.pk}/abort/").status_code == 403
    assert not GameMove.objects.filter(game=game).exists()


def test_abort_before_both_have_moved_then_not():
    game, clients = two_guests()
    aborted = clients["B"].post(f"/api/games/{game.pk}/abort/")
    assert aborted.status_code == 200
    body = aborted.json()
    assert body["status"] == "over"
    assert body["result"]["reason"] == "aborted"
    assert body["result"]["winner"] is None
    assert body["result"]["text"] == "The game was aborted: no result."

    game, clients = two_guests()
    for _ in range(2):  # each player moves once
        seen = state(clients["A"], game.pk)
        mover = clients[seen["to_move"]]
        move = state(mover, game.pk)["legal_moves"][0]
        assert (
            mover.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": seen["ply"]}, format="json").status_code
            == 201
        )
    late = clients["A"].post(f"/api/games/{game.pk}/abort/")
    assert late.status_code == 409
    assert "resign" in late.json()["error"]


def test_resign_ends_the_game_for_the_resigning_players_side():
    game, clients = two_guests()
    response = clients["B"].post(f"/api/games/{game.pk}/resign/")
    assert response.status_code == 200
    result = response.json()["result"]
    start = Position.parse(game.start_position)
    assert (result["winner"], result["reason"], result["resigned"]) == ("A", "resigned", "B")
    assert result["points"] == start.team_pips(start.variant.team_of("B"))
    assert result["outcome"] == "loss"
    assert state(clients["A"], game.pk)["result"]["outcome"] == "win"
    assert clients["A"].post(f"/api/games/{game.pk}/resign/").status_code == 409


def test_four_guests_play_a_partnership_game():
    players = [guest_client() for _ in range(4)]
    seats = dict(zip("ABCD", (p for _, p in players), strict=True))
    game = game_start_people(variant="partnership", seats=seats, rated=False, clock=(600, 5), seed=3)
    clients = dict(zip("ABCD", (c for c, _ in players), strict=True))
    assert {state(c, game.pk)["my_seat"] for c in clients.values()} == set("ABCD")
    end = play_out(clients, game.pk)
    assert end["result"]["reason"] in ("domino", "blocked")
    assert end["result"]["winner"] in ("A+C", "B+D", None)
    assert {m["side"] for m in end["moves"]} == set("ABCD")


def test_solver_partners_move_on_their_own():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="partnership",
        seats={"A": ann_player, "B": bob_player, "C": "perfect", "D": "perfect"},
        rated=False,
        clock=(600, 5),
        seed=4,
    )
    end = play_out({"A": ann, "B": bob}, game.pk)
    assert end["status"] == "over"
    by = {m["side"]: m["by"] for m in end["moves"]}
    assert by.get("C") == by.get("D") == "solver"
    assert by["A"] == by["B"] == "human"
    assert Game.objects.get(pk=game.pk).status == Game.Status.OVER


def test_the_plain_page_offers_the_move_form_to_the_player_to_move_only():
    game, clients = two_guests()
    mover = deal(7).side
    waiting = "B" if mover == "A" else "A"
    watcher, _ = guest_client()
    pages = {
        who: client.get(f"/play/{game.pk}/").content.decode()
        for who, client in (("mover", clients[mover]), ("waiting", clients[waiting]), ("watcher", watcher))
    }
    assert 'class="move-form"' in pages["mover"]
    assert 'class="hint-form"' not in pages["mover"]
    assert 'class="move-form"' not in pages["waiting"]
    assert "Waiting for the other player" in pages["waiting"]
    assert 'class="move-form"' not in pages["watcher"]
    assert 'class="resign-form"' not in pages["watcher"]
    assert 'class="resign-form"' in pages["waiting"]
    assert "10+5 · casual game" in pages["watcher"]
    # the plain form's move, by the player to move
    move = state(clients[mover], game.pk)["legal_moves"][0]
    assert clients[mover].post(f"/play/{game.pk}/move/", {"move": move, "ply": 0}).status_code == 302
    assert GameMove.objects.filter(game=game).count() == 1


def test_the_status_says_whose_turn_it_is_to_each_reader():
    # A game between people tells each reader where the turn is: the player
    # to move reads 'your-move', the other player and a spectator 'their-move';
    # it carries none of a practice game's solver fields.
    game, clients = two_guests()
    watcher, _ = guest_client()
    for _ in range(2):
        mover = state(clients["A"], game.pk)["to_move"]
        waiting = "B" if mover == "A" else "A"
        seen = {
            "mover": state(clients[mover], game.pk),
            "waiting": state(clients[waiting], game.pk),
            "watcher": state(watcher, game.pk),
        }
        assert {who: s["status"] for who, s in seen.items()} == {
            "mover": "your-move",
            "waiting": "their-move",
            "watcher": "their-move",
        }
        assert all(s["solver"] is None and s["level"] is None for s in seen.values())
        move = seen["mover"]["legal_moves"][0]
        answer = clients[mover].post(
            f"/api/games/{game.pk}/moves/", {"move": move, "ply": seen["mover"]["ply"]}, format="json"
        )
        assert answer.status_code == 201
        assert answer.json()["status"] == "their-move"  # the mover's own answer, now the other's turn
    over = play_out(clients, game.pk)
    assert {state(c, game.pk)["status"] for c in (*clients.values(), watcher)} == {"over"} == {over["status"]}
