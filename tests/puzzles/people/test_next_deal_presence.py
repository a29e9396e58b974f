"""A match's next deal is dealt the moment the last one ends, while its
players may still read that deal's result: its first moves are timed from
when both players have opened it (``POST /api/games/<id>/present/``), at the
latest a grace (OD_NEXT_DEAL_GRACE_SECONDS) after the dealing.  Every check
of the deadline (the beat's sweep, the deadline task, a read, a move) and
the clocks shown agree with that start; only a seated player says they are
there, and a read never does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from puzzles.games import clock, deadlines, tasks
from puzzles.games.models import Game, GameSeat
from puzzles.people.models import Challenge, ChallengeDeal

from .conftest import accept, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 60.0
FIRST = deadlines.FIRST_MOVE_SECONDS


@pytest.fixture
def later(monkeypatch, settings):
    settings.OD_NEXT_DEAL_GRACE_SECONDS = GRACE
    now = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


def _ms(at) -> int:
    return int(at.timestamp() * 1000)


def _next_deal(account, later, rated=True):
    """Ann (A) and Bob (B) in a match; deal 1 given up by Bob; deal 2 just
    dealt: the clients by seat, the challenge's id, deal 2 and when it was dealt."""
    ann, bob = account("ann"), account("bob")
    clients = {"A": ann, "B": bob}
    created = post_challenge(ann, rated=rated, seat="A", target_wins=3)
    accept(bob, created["id"])
    first = Challenge.objects.get(pk=created["id"]).game
    play_twice_each(clients, first.pk)
    later[0] += timedelta(seconds=5)
    assert bob.post(f"/api/games/{first.pk}/resign/").status_code == 200
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != first.pk
    return clients, created["id"], second, later[0]


def _sweep_and_read(clients, game_id: int) -> Game:
    """Every check of the deadline: the beat's sweep, the deadline task, a read by each player."""
    deadlines.games_check_deadlines()
    game = Game.objects.get(pk=game_id)
    tasks.deadline_task(game_id, game.ply_count)
    for client in clients.values():
        assert client.get(f"/api/games/{game_id}/").status_code == 200
    return Game.objects.get(pk=game_id)


def test_a_next_deal_whose_players_do_not_come_waits_the_grace_before_its_first_move_lapses(account, later):
    clients, challenge_id, second, dealt = _next_deal(account, later)
    due = dealt + timedelta(seconds=GRACE + FIRST)
    assert second.deadline == due
    state = clients["A"].get(f"/api/games/{second.pk}/").json()
    seat = state["to_move"]
    assert state["deadline"] == _ms(due)  # the first move's time, shown as the server counts it
    assert state["clock_running"] is None
    assert state["first_moves_from"] == _ms(dealt + timedelta(seconds=GRACE))  # the deal page says it waits
    # the result box of deal 1: the next deal's first move, its time waiting for the players
    match = clients["A"].get(f"/api/challenges/{challenge_id}/").json()["match"]
    assert match["first_move"]["seat"] == seat
    assert match["first_move"]["deadline"] is None
    assert match["first_move"]["starts_by"] == _ms(dealt + timedelta(seconds=GRACE))
    assert match["first_move"]["first_move_seconds"] == FIRST

    # the first move's time after the dealing is over, but not the grace: the deal goes on
    later[0] = dealt + timedelta(seconds=FIRST + 1)
    assert _sweep_and_read(clients, second.pk).status != Game.Status.OVER
    later[0] = due - timedelta(seconds=1)
    assert _sweep_and_read(clients, second.pk).status != Game.Status.OVER
    # once the grace is over the box counts the first move down
    match = clients["A"].get(f"/api/challenges/{challenge_id}/").json()["match"]
    assert (match["first_move"]["deadline"], match["first_move"]["starts_by"]) == (_ms(due), None)
    # grace and first move both gone: the rated match's deal is forfeited by the side to move
    later[0] = due + timedelta(seconds=1)
    deadlines.games_check_deadlines()
    second.refresh_from_db()
    assert second.status == Game.Status.OVER
    assert second.result["reason"] == "aborted"
    row = ChallengeDeal.objects.get(challenge_id=challenge_id, number=2)
    assert row.reason == "forfeit"
    assert row.winner == ("B" if seat == "A" else "A")


def test_once_both_players_have_come_the_first_move_is_timed_from_then(account, later):
    clients, challenge_id, second, dealt = _next_deal(account, later)
    came = dealt + timedelta(seconds=10)
    later[0] = came
    one = clients["A"].post(f"/api/games/{second.pk}/present/")
    assert one.status_code == 200, one.content
    assert one.json() == {"seat": "A", "absent": ["B"], "first_moves_from": _ms(dealt + timedelta(seconds=GRACE))}
    second.refresh_from_db()
    assert second.deadline == dealt + timedelta(seconds=GRACE + FIRST)  # one player is not the table
    version = second.version

    later[0] = came + timedelta(seconds=5)
    both = clients["B"].post(f"/api/games/{second.pk}/present/")
    assert both.json() == {"seat": "B", "absent": [], "first_moves_from": None}
    second.refresh_from_db()
    start = came + timedelta(seconds=5)
    assert (second.turn_started_at, second.deadline) == (start, start + timedelta(seconds=FIRST))
    assert second.version > version  # the pages following the game hear of the new deadline
    state = clients["B"].get(f"/api/games/{second.pk}/").json()
    assert state["deadline"] == _ms(start + timedelta(seconds=FIRST))
    assert state["first_moves_from"] is None
    match = clients["B"].get(f"/api/challenges/{challenge_id}/").json()["match"]
    assert (match["first_move"]["deadline"], match["first_move"]["starts_by"]) == (_ms(second.deadline), None)
    # posting again changes nothing
    assert clients["A"].post(f"/api/games/{second.pk}/present/").status_code == 200
    assert GameSeat.objects.get(game=second, seat="A").present_at == came

    # the normal window runs from then: in time a second before, lapsed a second after
    later[0] = start + timedelta(seconds=FIRST - 1)
    assert _sweep_and_read(clients, second.pk).status != Game.Status.OVER
    later[0] = start + timedelta(seconds=FIRST + 1)
    assert _sweep_and_read(clients, second.pk).status == Game.Status.OVER
    assert ChallengeDeal.objects.get(challenge_id=challenge_id, number=2).reason == "forfeit"


def test_a_first_move_made_in_the_grace_leaves_the_other_seats_first_move_waiting_too(account, later):
    clients, _challenge_id, second, dealt = _next_deal(account, later)
    state = clients["A"].get(f"/api/games/{second.pk}/").json()
    mover, other = state["to_move"], ("B" if state["to_move"] == "A" else "A")
    later[0] = dealt + timedelta(seconds=3)
    assert clients[mover].post(f"/api/games/{second.pk}/present/").status_code == 200
    mine = clients[mover].get(f"/api/games/{second.pk}/").json()
    moved = clients[mover].post(
        f"/api/games/{second.pk}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json"
    )
    assert moved.status_code == 201, moved.content
    second.refresh_from_db()
    assert moved.json()["to_move"] == other  # (lewicki: no seat moves twice, and two moves end no deal)
    # the other player has not come: their first move's time waits for them, as long as the grace
    assert second.deadline == dealt + timedelta(seconds=GRACE + FIRST)
    # they come: their first move is timed from then, not from the move they did not see
    later[0] = dealt + timedelta(seconds=20)
    assert clients[other].post(f"/api/games/{second.pk}/present/").status_code == 200
    second.refresh_from_db()
    assert second.deadline == later[0] + timedelta(seconds=FIRST)
    later[0] = dealt + timedelta(seconds=FIRST + 5)
    assert _sweep_and_read(clients, second.pk).status != Game.Status.OVER
    later[0] = dealt + timedelta(seconds=20 + FIRST + 1)
    assert _sweep_and_read(clients, second.pk).status == Game.Status.OVER


def test_only_a_seated_player_says_they_are_there(account, api, later):
    clients, challenge_id, second, _dealt = _next_deal(account, later)
    watcher = account("cid")
    for client in (watcher, api):  # an account without a seat, a guest
        refused = client.post(f"/api/games/{second.pk}/present/")
        assert refused.status_code == 403
        assert "only its players" in refused.json()["error"]
    assert not GameSeat.objects.filter(game=second, present_at__isnull=False).exists()
    practice = api.post("/api/games/", {"seed": 7}, format="json").json()
    assert api.post(f"/api/games/{practice['id']}/present/").status_code == 403
    assert clients["A"].post("/api/games/999999/present/").status_code == 404


def test_reads_never_say_a_player_is_there(account, later):
    clients, challenge_id, second, dealt = _next_deal(account, later)
    with CaptureQueriesContext(connection) as queries:
        for client in clients.values():
            assert client.get(f"/api/games/{second.pk}/").status_code == 200
            assert client.get(f"/play/{second.pk}/").status_code == 200
            assert client.get(f"/api/challenges/{challenge_id}/").status_code == 200
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert not [sql for sql in writes if "puzzles_gameseat" in sql or 'puzzles_game"' in sql], writes
    assert not GameSeat.objects.filter(game=second, present_at__isnull=False).exists()
    second.refresh_from_db()
    assert second.deadline == dealt + timedelta(seconds=GRACE + FIRST)


def test_a_first_deal_and_a_single_game_keep_their_first_move_time(account, later):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, seat="A", target_wins=2)
    accept(bob, created["id"])
    first = Challenge.objects.get(pk=created["id"]).game
    single = post_challenge(ann, rated=True, seat="A")
    game = Game.objects.get(pk=accept(bob, single["id"])["game"])
    for dealt in (first, game):
        assert dealt.first_moves_from is None
        assert dealt.deadline == dealt.turn_started_at + timedelta(seconds=FIRST)
        answer = ann.post(f"/api/games/{dealt.pk}/present/")
        assert answer.json() == {"seat": "A", "absent": ["B"], "first_moves_from": None}
    assert ann.get(f"/api/challenges/{created['id']}/").json()["match"]["first_move"]["deadline"] == _ms(first.deadline)
