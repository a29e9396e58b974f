"""A duplicate daylong through the API: ten players each play the same four
deals against the solver, from the same seat; the deals are withheld from
every analysis while the event runs and the results hidden; once it is
over, the deals are solved and each entrant is scored by matchpoints
against the field and by points against the exact par, which a direct count
and the solver itself check."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.tournaments import duplicates
from puzzles.tournaments.models import Entry, Pairing, Tournament
from puzzles.tournaments.services import tournaments_tick
from solver import Position, analyse

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)

DEALS = 4
PLAYERS = 10


def read(client, tournament_id: int) -> dict:
    response = client.get(f"/api/tournaments/{tournament_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def play_deal(client, game_id: int, rng: random.Random, resign: bool) -> dict:
    """Play one deal to its end: resign at once, or random legal moves."""
    game = client.get(f"/api/games/{game_id}/").json()
    if resign:
        response = client.post(f"/api/games/{game_id}/resign/", format="json")
        assert response.status_code == 200, response.content
        return response.json()
    for _ in range(200):
        if game["status"] == "over":
            return game
        assert game["status"] == "your-move", game["status"]
        # the solver's values are withheld from an event's deal until it is over
        assert all(move["value"] is None and move["grade"] is None for move in game["moves"])
        assert game["hints"] == []
        move = rng.choice(game["legal_moves"])
        response = client.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": game["ply"]}, format="json")
        assert response.status_code == 201, response.content
        game = response.json()
    raise AssertionError("the deal did not end")


def direct_matchpoints(results: dict[int, dict[int, int]]) -> dict[int, int]:
    """Each entrant's matchpoints counted straight from the results (deal ->
    entrant -> points): 2 for each other result on the deal beaten, 1 a tie."""
    totals: dict[int, int] = {}
    for on_deal in results.values():
        for me, mine in on_deal.items():
            for other, theirs in on_deal.items():
                if other != me:
                    totals[me] = totals.get(me, 0) + (2 if mine > theirs else 1 if mine == theirs else 0)
    return totals


def test_a_duplicate_daylong_of_four_deals_and_ten_players(django_user_model):
    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post("/api/tournaments/", {"kind": "duplicate", "deals": DEALS, "level": "perfect"}, format="json")
    assert made.status_code == 201, made.content
    tournament_id = made.json()["id"]
    tournament = Tournament.objects.get(pk=tournament_id)
    starts = duplicates.starts(tournament)
    assert len(set(starts)) == DEALS

    # the deals are withheld from everyone while the event runs
    outsider = guest_client()[0]
    refused = outsider.post("/api/analyses/", {"position": starts[0]}, format="json")
    assert refused.status_code == 403, refused.content
    assert "duplicate" in refused.json()["error"]
    practice = outsider.post(
        "/api/games/", {"seed": duplicates.deal_seed(tournament, 1), "variant": tournament.variant}, format="json"
    )
    assert practice.status_code == 403

    players = [guest_client()[0] for _ in range(PLAYERS)]
    rng = random.Random(7)
    for index, client in enumerate(players):
        state = client.post(f"/api/tournaments/{tournament_id}/join/", format="json").json()
        seats = set()
        for _ in range(DEALS):
            game_id = state["your_game"]["id"]
            game = client.get(f"/api/games/{game_id}/").json()
            seats.add((game["start"], game["human"]))
            over = play_deal(client, game_id, rng, resign=(index % 4 == 3))
            # over, but the event is not: still nothing of the solver's (the player could pass it on)
            assert over["status"] == "over"
            done = client.get(f"/api/games/{game_id}/").json()
            assert done["concealed"] is True
            assert all(move["value"] is None and move["best_moves"] is None for move in done["moves"])
            state = read(client, tournament_id)
            # the results stay hidden until the event is over
            assert all(row["score"] is None and row["rank"] is None for row in state["standings"])
            assert all(row["outcome"] is None for row in state["games"])
        assert state["your_game"] is None  # every deal played
        # the same deals, each from its seat, for everyone
        assert seats == {(start, duplicates.deal_seat(tournament, n)) for n, start in enumerate(starts, 1)}

    Tournament.objects.filter(pk=tournament_id).update(ends_at=timezone.now() - timedelta(seconds=1))
    tournaments_tick()  # over: the deals are solved on a worker (eager here)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert outsider.post("/api/analyses/", {"position": starts[0]}, format="json").status_code != 403
    # the event's games now show the solver's values to their players
    first = Pairing.objects.filter(tournament=tournament).order_by("id").first()
    assert first is not None
    owner = players[0]
    shown = owner.get(f"/api/games/{first.game_id}/").json()
    assert shown["concealed"] is False
    assert any(move["value"] is not None for move in shown["moves"])

    results: dict[int, dict[int, int]] = {}
    for row in Pairing.objects.filter(tournament=tournament):
        results.setdefault(row.round, {})[row.a_id] = row.points
    assert all(len(on_deal) == PLAYERS for on_deal in results.values())
    pars = {}
    for number, start in enumerate(starts, 1):
        position = Position.parse(start)
        value = analyse(position).value  # for the side to move
        seat = duplicates.deal_seat(tournament, number)
        same = position.variant.team_of(seat) == position.variant.team_of(position.side)
        pars[number] = value if same else -value
    state = read(players[0], tournament_id)
    names = {e.pk: e for e in Entry.objects.filter(tournament=tournament)}
    expected = direct_matchpoints(results)
    by_name = {row["player"]: row for row in state["standings"]}
    from puzzles.tournaments.selectors import entry_name

    for pk, entry in names.items():
        row = by_name[entry_name(entry)]
        assert row["score"] == expected[pk]
        assert row["vs_par"] == sum(results[n][pk] - pars[n] for n in results)
        assert row["percent"] == round(100 * expected[pk] / (DEALS * 2 * (PLAYERS - 1)), 1)
    ranks = sorted(state["standings"], key=lambda row: row["rank"])
    assert [row["score"] for row in ranks] == sorted(expected.values(), reverse=True)

    page = players[0].get(f"/tournaments/{tournament_id}/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert page.count('class="traveller"') == DEALS  # drawn by the server too
    assert "Rozdanie 1, z miejsca" in page
    # each deal's traveller: every result, best first, the solver's par, a best line that reaches it
    assert [t["number"] for t in state["travellers"]] == list(range(1, DEALS + 1))
    for traveller in state["travellers"]:
        number = traveller["number"]
        assert traveller["par"] == pars[number]
        points = [r["points"] for r in traveller["results"]]
        assert points == sorted(results[number].values(), reverse=True)
        position = Position.parse(starts[number - 1])
        for move in traveller["line"]:
            position = position.push(move)
        assert position.is_over()
        assert duplicates.duplicate.deal_points(position, traveller["seat"]) == traveller["par"]


def test_a_deal_still_on_when_the_event_closes_counts_for_nothing(django_user_model):
    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post("/api/tournaments/", {"kind": "duplicate", "deals": 1}, format="json").json()
    early, late = guest_client()[0], guest_client()[0]
    games = {}
    for client in (early, late):
        games[client] = client.post(f"/api/tournaments/{made['id']}/join/", format="json").json()["your_game"]["id"]
    play_deal(early, games[early], random.Random(1), resign=True)
    Tournament.objects.filter(pk=made["id"]).update(ends_at=timezone.now() - timedelta(seconds=1))
    tournaments_tick()
    state = read(late, made["id"])
    assert state["status"] == "finished"
    assert state["your_game"] is None
    play_deal(late, games[late], random.Random(2), resign=True)  # after the close: played, not counted
    assert Pairing.objects.get(game_id=games[late]).points is None
    rows = {row["you"]: row for row in read(late, made["id"])["standings"]}
    assert rows[True]["games"] == 0
    assert rows[True]["score"] is None
    assert rows[False]["games"] == 1
