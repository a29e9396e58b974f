"""Tournaments through the API, as the issue's contract states it: an
account makes an event, guests join, the event pairs them into ordinary
games between people (played through the games' endpoints), counts each
result by its kind's rules and pairs again; a Swiss moves on round by round;
bad input says what is wrong."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.tournaments import arena_rules, swiss
from puzzles.tournaments.models import Entry, Pairing, Tournament
from puzzles.tournaments.services import tournaments_tick

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)

ARENA = {
    "kind": "arena",
    "variant": "lewicki",
    "rated": False,
    "clock": {"initial": 300, "increment": 3},
    "minutes": 30,
}


@pytest.fixture
def maker(django_user_model):
    return account_client(django_user_model, "organiser")[0]


def make(client, **body) -> dict:
    response = client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def read(client, tournament_id: int) -> dict:
    response = client.get(f"/api/tournaments/{tournament_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def join(client, tournament_id: int) -> dict:
    response = client.post(f"/api/tournaments/{tournament_id}/join/", format="json")
    assert response.status_code == 200, response.content
    return response.json()


def resign(client, game_id: int) -> None:
    response = client.post(f"/api/games/{game_id}/resign/", format="json")
    assert response.status_code == 200, response.content


def players(n: int) -> list:
    return [guest_client()[0] for _ in range(n)]


def test_an_account_makes_an_arena_and_guests_joining_are_paired_into_games(maker):
    made = make(maker, **ARENA)
    assert made["url"] == f"/tournaments/{made['id']}/"
    guests = players(4)
    for client in guests:
        state = join(client, made["id"])
    assert state["status"] == "started"
    assert len(state["standings"]) == 4
    games = {read(client, made["id"])["your_game"]["id"] for client in guests}
    assert len(games) == 2  # two games, each player in one
    game = guests[0].get(f"/api/games/{next(iter(games))}/").json()
    assert game["status"] != "over"
    assert Pairing.objects.filter(tournament_id=made["id"]).count() == 2


def test_arena_points_and_the_streak_bonus_count_as_the_rules_say(maker):
    """Ann wins three games running (her opponents resign): 2, 2, then 4 on
    fire; the others score as their results say, each game once."""
    made = make(maker, **ARENA)
    ann, *others = players(4)
    for client in (ann, *others):
        join(client, made["id"])
    clients = {id(c): c for c in (ann, *others)}
    entries = {e.session_key: e for e in Entry.objects.filter(tournament_id=made["id"])}
    assert len(entries) == 4
    for _ in range(3):
        mine = read(ann, made["id"])["your_game"]
        assert mine is not None
        opponent = next(c for c in others if (read(c, made["id"])["your_game"] or {}).get("id") == mine["id"])
        resign(opponent, mine["id"])
        # the others' game too, if one is on, so everyone is waiting again and ann is paired anew
        for client in others:
            theirs = read(client, made["id"])["your_game"]
            if theirs is not None and theirs["id"] != mine["id"] and read(ann, made["id"])["your_game"] is None:
                resign(client, theirs["id"])
    state = read(ann, made["id"])
    me = next(row for row in state["standings"] if row["you"])
    assert me["sheet"][:3] == [2, 2, 4]
    assert me["rank"] == 1
    for row in state["standings"]:
        entry = next(e for e in Entry.objects.filter(tournament_id=made["id"]) if e.score == row["score"])
        assert row["score"] == arena_rules.score(arena_rules.Result(r) for r in entry.results).total
    assert len(clients) == 4


def test_an_arena_never_pairs_last_opponents_and_a_player_who_left_is_not_paired(maker):
    made = make(maker, **ARENA)
    ann, bob, cid = players(3)
    join(ann, made["id"])
    join(bob, made["id"])
    game = read(ann, made["id"])["your_game"]["id"]
    join(cid, made["id"])  # waits: nobody else is free
    assert read(cid, made["id"])["your_game"] is None
    resign(bob, game)
    # ann and bob are free again, but met last: each is paired with cid, one of them only
    paired = [read(c, made["id"])["your_game"] for c in (ann, bob, cid)]
    assert paired[2] is not None
    assert sum(1 for p in paired[:2] if p is not None) == 1
    left = bob if paired[1] is None else ann
    response = left.post(f"/api/tournaments/{made['id']}/leave/", format="json")
    assert response.status_code == 200
    assert response.json()["you"] == {"joined": True, "active": False, "paused": False, "team": None}
    assert Entry.objects.get(tournament_id=made["id"], active=False).waiting_since is None


def test_an_arena_finishes_when_its_time_is_up_and_its_games_are_over(maker):
    made = make(maker, **ARENA)
    guests = players(2)
    for client in guests:
        join(client, made["id"])
    game = read(guests[0], made["id"])["your_game"]["id"]
    Tournament.objects.filter(pk=made["id"]).update(ends_at=timezone.now() - timedelta(seconds=1))
    tournaments_tick()
    assert read(guests[0], made["id"])["status"] == "started"  # a game is still on
    resign(guests[1], game)
    tournaments_tick()
    state = read(guests[0], made["id"])
    assert state["status"] == "finished"
    assert state["podium"][0]["score"] == 2
    assert state["your_game"] is None  # not paired again after the end
    assert join_refused(guests[0], made["id"]) == 409


def join_refused(client, tournament_id: int) -> int:
    return client.post(f"/api/tournaments/{tournament_id}/join/", format="json").status_code


def test_a_swiss_of_five_plays_its_rounds_with_a_bye_each_and_no_repeat(maker):
    made = make(maker, kind="swiss", clock={"initial": 300, "increment": 3}, rounds=3)
    guests = players(5)
    for client in guests:
        join(client, made["id"])
    tournaments_tick()
    assert read(guests[0], made["id"])["status"] == "created"  # it starts in 5 minutes, time to join
    Tournament.objects.filter(pk=made["id"]).update(starts_at=timezone.now())
    tournaments_tick()  # the beat: its time has come, round 1 is paired
    for number in (1, 2, 3):
        tournament = Tournament.objects.get(pk=made["id"])
        assert tournament.round == number
        rows = list(Pairing.objects.filter(tournament=tournament, round=number))
        assert sum(1 for row in rows if row.outcome == Pairing.Outcome.BYE) == 1
        for row in rows:
            if row.game_id is not None:  # seat B resigns: A wins
                seat_b = next(
                    c
                    for c in guests
                    if (read(c, made["id"])["your_game"] or {}).get("id") == row.game_id
                    and c.get(f"/api/games/{row.game_id}/").json()["my_seat"] == "B"
                )
                resign(seat_b, row.game_id)
    state = read(guests[0], made["id"])
    assert state["status"] == "finished"
    games = list(Pairing.objects.filter(tournament_id=made["id"]).exclude(b=None))
    met = [frozenset((g.a_id, g.b_id)) for g in games]
    assert len(met) == len(set(met)) == 6  # two games a round, nobody twice
    byes = [p.a_id for p in Pairing.objects.filter(tournament_id=made["id"], outcome=Pairing.Outcome.BYE)]
    assert len(byes) == len(set(byes)) == 3
    # the standings are the Swiss rules' own, from the games as played
    rounds = [
        swiss.RoundResult(
            tuple(swiss.Game(g.a_id, g.b_id, 1.0) for g in games if g.round == n),
            next(b for b, p in zip(byes, range(1, 4), strict=True) if p == n),
        )
        for n in (1, 2, 3)
    ]
    entries = {e.pk: e for e in Entry.objects.filter(tournament_id=made["id"])}
    expected = swiss.standings(rounds, {pk: e.rating for pk, e in entries.items()})
    assert [(row["score"], row["rank"], row["buchholz"]) for row in state["standings"]] == [
        (row.score, row.rank, row.buchholz) for row in expected
    ]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"kind": "knockout", "minutes": 30}, 400, "kind"),
        ({**ARENA, "rounds": 3}, 400, "rounds"),
        ({"kind": "arena", "clock": {"initial": 60, "increment": 0}}, 400, "minutes"),
        ({"kind": "arena", "days": 3, "minutes": 30}, 400, "live"),
        ({"kind": "swiss", "rounds": 3}, 400, "time control"),
        ({"kind": "duplicate", "deals": 4, "clock": {"initial": 60, "increment": 0}}, 400, "solver"),
        ({**ARENA, "starts_at": "2020-01-01T00:00:00Z"}, 400, "30 days"),
    ],
)
def test_bad_input_says_what_is_wrong(maker, body, status, words):
    response = maker.post("/api/tournaments/", body, format="json")
    assert response.status_code == status, response.content
    assert words in response.json()["error"]


def test_a_guest_may_not_make_an_event_nor_join_a_rated_one(maker):
    guest = guest_client()[0]
    assert guest.post("/api/tournaments/", ARENA, format="json").status_code == 403
    rated = make(maker, **{**ARENA, "rated": True})
    assert join_refused(guest, rated["id"]) == 403
    assert guest.get("/api/tournaments/999999/").status_code == 404
    assert join_refused(guest, 999999) == 404


def test_the_list_shows_events_by_status(maker):
    later = make(maker, **{**ARENA, "starts_at": (timezone.now() + timedelta(hours=1)).isoformat()})
    now = make(maker, **ARENA)
    lists = maker.get("/api/tournaments/").json()
    assert [t["id"] for t in lists["upcoming"]] == [later["id"]]
    assert [t["id"] for t in lists["running"]] == [now["id"]]
    assert lists["finished"] == []


def test_a_reader_is_sent_the_first_lines_of_the_standings_and_their_own(maker, monkeypatch):
    from puzzles.tournaments import presentation

    monkeypatch.setattr(presentation, "STANDINGS_SHOWN", 2)
    made = make(maker, **ARENA)
    guests = players(4)
    for client in guests:
        join(client, made["id"])
    outsider = guest_client()[0]
    assert len(read(outsider, made["id"])["standings"]) == 2
    assert read(outsider, made["id"])["entrants"] == 4
    for client in guests:
        state = read(client, made["id"])
        mine = [row for row in state["standings"] if row["you"]]
        assert len(mine) == 1
        assert len(state["standings"]) == (2 if mine[0] in state["standings"][:2] else 3)


def test_readers_of_one_version_share_one_reading_of_the_standings(maker):
    from django.db import connection
    from django.db.models import F
    from django.test.utils import CaptureQueriesContext

    made = make(maker, **ARENA)
    guests = players(4)
    for client in guests:
        join(client, made["id"])

    def queries(client) -> int:
        with CaptureQueriesContext(connection) as ctx:
            read(client, made["id"])
        return len(ctx.captured_queries)

    # a change made elsewhere (a game's end counted by a worker) moves the version on
    Tournament.objects.filter(pk=made["id"]).update(version=F("version") + 1)
    first, second, third = queries(guests[0]), queries(guests[1]), queries(guests[2])
    assert second == third < first  # the readers after the first do not read the standings again
    Tournament.objects.filter(pk=made["id"]).update(version=F("version") + 1)
    assert queries(guests[3]) == first  # a new version: read anew


def test_a_private_event_is_not_listed_and_is_joined_with_its_password(maker):
    made = make(maker, **{**ARENA, "password": "domino-night"})
    lists = maker.get("/api/tournaments/").json()
    assert made["id"] not in [t["id"] for rows in lists.values() for t in rows]
    guest = guest_client()[0]
    state = read(guest, made["id"])  # its link shows it
    assert state["private"] is True
    for body in ({}, {"password": "wrong"}):
        refused = guest.post(f"/api/tournaments/{made['id']}/join/", body, format="json")
        assert refused.status_code == 403
        assert "password" in refused.json()["error"]
    joined = guest.post(f"/api/tournaments/{made['id']}/join/", {"password": "domino-night"}, format="json")
    assert joined.status_code == 200
    assert joined.json()["you"]["joined"] is True
    guest.post(f"/api/tournaments/{made['id']}/leave/", format="json")
    assert join_refused(guest, made["id"]) == 200  # back in without it: entered already
    short = maker.post("/api/tournaments/", {**ARENA, "password": "abc"}, format="json")
    assert short.status_code == 400
    assert "4 to 64" in short.json()["error"]


def test_an_accounts_profile_lists_its_events_with_its_rank(maker, django_user_model):
    made = make(maker, **{**ARENA, "name": "Friday arena"})
    ann, bob = (account_client(django_user_model, name)[0] for name in ("ann", "bob"))
    join(ann, made["id"])
    join(bob, made["id"])
    resign(bob, read(ann, made["id"])["your_game"]["id"])
    for name, rank, score in (("ann", 1, 2), ("bob", 2, 0)):
        events = maker.get(f"/api/players/{name}/").json()["events"]
        assert [(e["name"], e["rank"], e["entrants"], e["score"]) for e in events] == [("Friday arena", rank, 2, score)]
    page = maker.get("/players/ann/")
    assert page.status_code == 200
    assert "Friday arena" in page.content.decode()
    assert maker.get("/api/players/organiser/").json()["events"] == []


def test_a_team_battle_scores_each_team_by_its_leaders(maker):
    """Two teams, two leaders each: a team's score is its two best players'."""
    made = make(maker, **{**ARENA, "teams": ["Kraków", "Utrecht"], "leaders": 2})
    reds = players(3)
    blues = players(2)
    refused = reds[0].post(f"/api/tournaments/{made['id']}/join/", {}, format="json")
    assert refused.status_code == 400
    assert "Kraków, Utrecht" in refused.json()["error"]
    for client in reds:
        assert client.post(f"/api/tournaments/{made['id']}/join/", {"team": "Kraków"}, format="json").status_code == 200
    for client in blues:
        assert (
            client.post(f"/api/tournaments/{made['id']}/join/", {"team": "Utrecht"}, format="json").status_code == 200
        )
    # every game ends with seat B resigning: whoever sat in A won
    for _ in range(2):
        for client in reds + blues:
            game = read(client, made["id"])["your_game"]
            if game is not None and client.get(f"/api/games/{game['id']}/").json()["my_seat"] == "B":
                resign(client, game["id"])
    state = read(maker, made["id"])
    scores: dict[str, list[float]] = {}
    for row in state["standings"]:
        scores.setdefault(row["team"], []).append(row["score"])
    expected = {team: sum(sorted(s, reverse=True)[:2]) for team, s in scores.items()}
    assert {t["team"]: t["score"] for t in state["teams"]} == expected
    assert [t["rank"] for t in state["teams"]] in ([1, 2], [1, 1])
    assert all(len(t["leaders"]) <= 2 for t in state["teams"])
    assert read(reds[0], made["id"])["you"]["team"] == "Kraków"
    bad = maker.post("/api/tournaments/", {**ARENA, "teams": ["Solo"]}, format="json")
    assert bad.status_code == 400
    swiss = maker.post(
        "/api/tournaments/", {"kind": "swiss", "rounds": 3, "days": 3, "teams": ["A", "B"]}, format="json"
    )
    assert swiss.status_code == 400
    assert "team battle" in swiss.json()["error"]


def test_a_player_with_every_open_challenge_they_may_post_is_still_paired(maker):
    from puzzles.people.limits import MAX_OPEN_CHALLENGES

    made = make(maker, **ARENA)
    busy, other = players(2)
    for _ in range(MAX_OPEN_CHALLENGES):
        posted = busy.post("/api/challenges/", {"seat": "A", "clock": {"initial": 300, "increment": 3}}, format="json")
        assert posted.status_code == 201, posted.content
    assert busy.post("/api/challenges/", {"seat": "A", "days": 3}, format="json").status_code == 409
    join(busy, made["id"])
    join(other, made["id"])
    assert read(busy, made["id"])["your_game"] is not None  # the site's pairing is not the player's challenge


def test_a_guest_who_logs_in_keeps_their_entry_and_their_game(maker, django_user_model):
    made = make(maker, **ARENA)
    guest, other = players(2)
    join(guest, made["id"])
    join(other, made["id"])
    game = read(guest, made["id"])["your_game"]
    django_user_model.objects.create_user("zofia", password="a-long-pass-phrase-29")
    logged = guest.post("/accounts/login/", {"username": "zofia", "password": "a-long-pass-phrase-29"})
    assert logged.status_code == 302
    state = read(guest, made["id"])
    assert state["you"]["joined"] is True
    assert state["your_game"] == game
    assert [row["player"] for row in state["standings"] if row["you"]] == ["zofia"]
    assert Entry.objects.filter(tournament_id=made["id"], owner__username="zofia").count() == 1


def test_a_private_events_address_cannot_be_guessed_and_its_profile_line_is_not_shown(maker, django_user_model):
    ids = [make(maker, **{**ARENA, "password": "secret-4"})["id"] for _ in range(3)]
    public = make(maker, **ARENA)["id"]
    assert all(abs(a - b) > 1_000_000 for a, b in zip(ids, ids[1:], strict=False))
    assert all(abs(i - public) > 1_000_000 for i in ids)
    ann = account_client(django_user_model, "ann")[0]
    assert ann.post(f"/api/tournaments/{ids[0]}/join/", {"password": "secret-4"}, format="json").status_code == 200
    assert maker.get("/api/players/ann/").json()["events"] == []
