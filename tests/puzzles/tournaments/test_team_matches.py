"""A duplicate team match, two a side, played through the API and the game
services: each deal is dealt at both tables, the first team in seat A at
table 1 and in seat B at table 2; its games stay concealed, its results off
the page and its positions out of every analysis until both tables have
played it; then its par is known and each team's net on it is counted,
which the test works out by hand from the two results and the solver."""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from django.conf import settings

from puzzles.accounts.players import PLAYER_SESSION_KEY
from puzzles.tournaments.models import Pairing, Tournament
from solver import Position, analyse

from ..games.people_helpers import account_client, guest_client, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def read(client, tournament_id: int) -> dict:
    response = client.get(f"/api/tournaments/{tournament_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def make(client, **extra) -> object:
    body = {"kind": "team", "teams": ["Red", "Blue"], "team_size": 2, "deals": 2, **extra}
    return client.post("/api/tournaments/", body, format="json")


def seat_a_points(result: dict) -> int:
    points = result["points"]
    return points if result["winner"] == "A" else -points if result["winner"] == "B" else 0


def par_a(start: str) -> int:
    """The deal's exact value for seat A, from the solver (its value is the side to move's)."""
    position = Position.parse(start)
    value = analyse(position).value
    return value if position.side == "A" else -value


def test_a_team_match_two_a_side(django_user_model):
    maker = account_client(django_user_model, "captain")[0]
    assert make(maker, rated=True).status_code == 400  # a team match is not rated
    assert make(maker, teams=["Red", "Blue", "Green"]).status_code == 400
    assert make(maker, team_size=9).status_code == 400
    assert make(maker).status_code == 400  # no clock and no days: a table could hold the match for ever
    made = make(maker, days=1)
    assert made.status_code == 201, made.content
    tournament_id = made.json()["id"]

    clients = {name: guest_client()[0] for name in ("red1", "blue1", "red2", "blue2")}
    for name, client in clients.items():
        team = "Red" if name.startswith("red") else "Blue"
        joined = client.post(f"/api/tournaments/{tournament_id}/join/", {"team": team}, format="json")
        assert joined.status_code == 200, joined.content
        if name == "red1":  # nothing is dealt until both teams are full
            assert read(client, tournament_id)["team_match"]["deals"] == []
    late = guest_client()[0]
    assert late.post(f"/api/tournaments/{tournament_id}/join/", {"team": "Red"}, format="json").status_code == 409
    assert clients["red1"].post(f"/api/tournaments/{tournament_id}/leave/", format="json").status_code == 409

    tournament = Tournament.objects.get(pk=tournament_id)
    assert tournament.round == 1
    rng = random.Random(11)
    nets = []
    for number in (1, 2):
        tables = list(Pairing.objects.filter(tournament=tournament, round=number).order_by("id"))
        assert len(tables) == 2
        starts = {pairing.game.start_position for pairing in tables}
        assert len(starts) == 1  # the same deal at both tables
        start = starts.pop()
        # table 1: Red in seat A; table 2: Red in seat B
        by_key = {client_key(c): n for n, c in clients.items()}
        seated = [(by_key[pairing.a.session_key], by_key[pairing.b.session_key]) for pairing in tables]
        assert seated == [("red1", "blue1"), ("blue2", "red2")]

        results = []
        for index, (pairing, (a, b)) in enumerate(zip(tables, seated, strict=True)):
            over = play_out(
                {"A": clients[a], "B": clients[b]}, pairing.game_id, choose=lambda s: rng.choice(s["legal_moves"])
            )
            results.append(seat_a_points(over["result"]))
            state = read(clients[a], tournament_id)
            deal = state["team_match"]["deals"][number - 1]
            if index == 0:
                # one table still plays it: concealed, no result shown, the deal withheld from analyses
                assert clients[a].get(f"/api/games/{pairing.game_id}/").json()["concealed"] is True
                assert deal == {**deal, "closed": False, "played": 1, "par": None, "net": None, "results": []}
                assert all(game["outcome"] is None for game in state["games"] if game["round"] == number)
                refused = late.post("/api/analyses/", {"position": start}, format="json")
                assert refused.status_code == 403, refused.content
            else:
                assert deal["closed"] is True

        par = par_a(start)
        # by hand: Red's net is its points against par at each table, A at table 1 and B at table 2
        red = (results[0] - par) + (-(results[1] - par))
        nets.append(red)
        state = read(clients["red1"], tournament_id)
        deal = state["team_match"]["deals"][number - 1]
        assert deal["par"] == par
        assert [row["points"] for row in deal["results"]] == results
        assert deal["net"] == [red, -red]
        assert red == results[0] - results[1]  # as many tables each way: the pars cancel
        assert clients["red1"].get(f"/api/games/{tables[0].game_id}/").json()["concealed"] is False

    state = read(clients["blue2"], tournament_id)
    assert state["status"] == "finished"
    total = sum(nets)
    assert state["team_match"]["score"] == [total, -total]
    assert state["team_match"]["won"] == [sum(n > 0 for n in nets), sum(n < 0 for n in nets)]
    teams = {team["team"]: team["score"] for team in state["teams"]}
    assert teams == {"Red": total, "Blue": -total}
    # each player's share: their table's points against par, summing to their team's score
    shares = {row["player"]: row["score"] for row in state["standings"]}
    assert len(shares) == 4
    red_rows = [row["score"] for row in state["standings"] if row["team"] == "Red"]
    assert sum(red_rows) == total

    # the page: the score and each deal's two results and its par, in the reader's language
    for language, heading in (
        ("en", "Team match"),
        ("pl", "Mecz drużynowy"),
        ("nl", "Teamwedstrijd"),
        ("ro", "Meci pe echipe"),
    ):
        page = clients["red1"].get(f"/tournaments/{tournament_id}/", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        html = page.content.decode()
        assert f'<h2 id="team-match">{heading}</h2>' in html
        assert f"Red {total} : {-total} Blue" in html
        assert html.count("<tr><td>1</td>") + html.count("<tr><td>2</td>") >= 4  # two tables, two deals


def client_key(client) -> str:
    """The guest token of a test client's session."""
    store = import_module(settings.SESSION_ENGINE).SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value)
    return str(store[PLAYER_SESSION_KEY])


def test_the_plain_form_makes_a_team_match(django_user_model):
    maker = account_client(django_user_model, "form-captain")[0]
    made = maker.post(
        "/tournaments/",
        {"kind": "team", "variant": "lewicki", "control": "1d", "length": 3, "teams": "Red, Blue", "team_size": 3},
    )
    assert made.status_code == 302, made.content
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.teams, tournament.team_size, tournament.deals) == (
        "team",
        ["Red", "Blue"],
        3,
        3,
    )
    assert tournament.days == 1
    page = maker.get(made["Location"], HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "3 na drużynę, 3 rozdania" in page  # its control: players a side and deals
    assert "Pierwsze rozdanie zacznie się, gdy obie drużyny będą miały po 3 graczy." in page
    # a team size out of range is refused in the reader's language, nothing made
    refused = maker.post(
        "/tournaments/",
        {"kind": "team", "variant": "lewicki", "control": "1d", "length": 3, "teams": "Red, Blue"},
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert refused.status_code == 200
    assert "liczba graczy w drużynie" in refused.content.decode()
    assert Tournament.objects.count() == 1
