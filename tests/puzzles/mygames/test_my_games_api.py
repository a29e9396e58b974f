"""My games: the list of a player's games with each filter and paging, only
their own, concealed games hidden until their event closes; the export's
records read back with the solver's parser and match the games."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.mygames.selectors import PAGE_SIZE
from solver import Position
from solver.records import read_records

from .conftest import stored_game

pytestmark = pytest.mark.django_db

WON_A = {"winner": "A", "points": 30, "reason": "resigned", "resigned": "B"}
WON_B = {"winner": "B", "points": 12, "reason": "blocked"}
DRAW = {"winner": None, "points": 0, "reason": "blocked"}
ABORT = {"winner": None, "points": 0, "reason": "aborted", "aborted": "A"}


def exported(client, query: str = "") -> str:
    """The export's file (written as it is read: a streamed answer)."""
    response = client.get(f"/api/games/mine/export/{query}")
    assert response.status_code == 200, response
    return b"".join(response.streaming_content).decode("utf-8")


def ids(client, query: str = "") -> list[int]:
    response = client.get(f"/api/games/mine/?{query}")
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["games"]]


@pytest.fixture
def games(account):
    """Ann's games against bob and cleo (and one of bob's against cleo)."""
    ann, bob, cleo = account("ann"), account("bob"), account("cleo")
    made = {
        "won": stored_game({"A": ann.user, "B": bob.user}, result=WON_A, rated=True),
        "lost": stored_game({"A": bob.user, "B": ann.user}, result=WON_A, variant="block+doubles"),
        "lost_as_a": stored_game(
            {"A": ann.user, "B": cleo.user}, result=WON_B, clock_initial=None, clock_increment=None, days=3
        ),
        "drawn": stored_game({"A": cleo.user, "B": ann.user}, result=DRAW, rated=True),
        "aborted": stored_game({"A": ann.user, "B": bob.user}, result=ABORT),
        "playing": stored_game({"A": ann.user, "B": cleo.user}),
        "theirs": stored_game({"A": bob.user, "B": cleo.user}, result=WON_A),
    }
    return ann, bob, cleo, made


def test_the_list_holds_only_the_players_own_games_newest_first(games):
    ann, bob, _cleo, made = games
    mine = [g.pk for k, g in made.items() if k != "theirs"]
    assert ids(ann) == sorted(mine, reverse=True)
    assert made["theirs"].pk in ids(bob)
    assert made["drawn"].pk not in ids(bob)
    row = ann.get("/api/games/mine/").json()["games"][-1]
    assert row["opponents"] == ["bob"]
    assert row["result"] == "won"
    assert row["points"] == 30
    assert row["play_url"] == f"/play/{made['won'].pk}/"
    assert row["review_url"] == f"/games/{made['won'].pk}/review/"


def test_each_filter(games):
    ann, _bob, _cleo, made = games
    pk = {k: g.pk for k, g in made.items()}
    assert ids(ann, "result=won") == [pk["won"]]
    assert ids(ann, "result=lost") == [pk["lost_as_a"], pk["lost"]]
    assert ids(ann, "result=drawn") == [pk["drawn"]]
    assert ids(ann, "result=aborted") == [pk["aborted"]]
    assert ids(ann, "result=playing") == [pk["playing"]]
    assert ids(ann, "rated=true") == [pk["drawn"], pk["won"]]
    assert pk["won"] not in ids(ann, "rated=false")
    assert ids(ann, "variant=block%2Bdoubles") == [pk["lost"]]
    assert ids(ann, "speed=correspondence") == [pk["lost_as_a"]]
    assert pk["lost_as_a"] not in ids(ann, "speed=live")
    assert ids(ann, "opponent=CLE") == [pk["playing"], pk["drawn"], pk["lost_as_a"]]
    assert ids(ann, "opponent=ann") == []  # the player's own name is no opponent
    assert ids(ann, "opponent=bob&result=won") == [pk["won"]]
    assert ids(ann, "kind=practice") == []


@pytest.mark.parametrize(
    "query",
    [
        "result=maybe",
        "rated=sometimes",
        "speed=fast",
        "variant=chess",
        "page=0",
        "page=x",
        "kind=x",
        "page=²",
        "page=١",
    ],
)
def test_a_filter_not_known_is_a_400(account, query):
    response = account("ann").get(f"/api/games/mine/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]


def test_paging(account):
    ann, bob = account("ann"), account("bob")
    made = [stored_game({"A": ann.user, "B": bob.user}, result=WON_A).pk for _ in range(PAGE_SIZE + 3)]
    first = ann.get("/api/games/mine/").json()
    assert (first["count"], first["page"], first["pages"]) == (PAGE_SIZE + 3, 1, 2)
    assert [r["id"] for r in first["games"]] == sorted(made, reverse=True)[:PAGE_SIZE]
    second = ann.get("/api/games/mine/?page=2").json()
    assert [r["id"] for r in second["games"]] == sorted(made, reverse=True)[PAGE_SIZE:]
    assert ann.get("/api/games/mine/?page=3").json()["games"] == []


def test_the_list_reads_a_bounded_number_of_queries(account, django_assert_max_num_queries):
    ann, bob = account("ann"), account("bob")
    for _ in range(PAGE_SIZE):
        stored_game({"A": ann.user, "B": bob.user}, result=WON_A, rated=True)
    with django_assert_max_num_queries(12):
        assert len(ids(ann)) == PAGE_SIZE


def test_practice_games_are_listed_and_concealed_ones_hidden_until_their_event_closes(account):
    ann = account("ann")
    start = str(Position.parse(stored_game({"A": ann.user}).start_position))
    Game.objects.filter(kind=Game.Kind.PEOPLE).delete()
    practice = Game.objects.create(
        owner=ann.user, start_position=start, current_position=start, status="over", result=WON_A, rng_seed=1
    )
    concealed = Game.objects.create(
        owner=ann.user,
        start_position=start,
        current_position=start,
        status="over",
        result=WON_A,
        rng_seed=1,
        concealed=True,
    )
    assert ids(ann) == [practice.pk]
    assert ids(ann, "kind=practice&speed=untimed&result=won") == [practice.pk]
    assert exported(ann).count("[Event ") == 1
    Game.objects.filter(pk=concealed.pk).update(concealed=False)  # the event is over
    assert ids(ann) == [concealed.pk, practice.pk]


def test_a_guest_sees_their_own_games_and_a_stranger_none(client, account):
    from puzzles.accounts.players import PLAYER_SESSION_KEY

    bob = account("bob")
    session = client.session
    session[PLAYER_SESSION_KEY] = "guest-token-1"
    session.save()
    game = stored_game({"A": "guest-token-1", "B": bob.user}, result=WON_B)
    assert [r["id"] for r in client.get("/api/games/mine/").json()["games"]] == [game.pk]
    assert ids(bob, "opponent=guest") == []  # a guest has no account name to look for


def test_the_export_holds_the_filtered_games_records_which_parse_back(games):
    ann, _bob, cleo, made = games
    Game.objects.filter(pk=made.pop("won").pk).delete()  # won again, with moves this time
    made["won"] = stored_game({"A": ann.user, "B": cleo.user}, result=WON_A, moves=5)
    response = ann.get("/api/games/mine/export/?result=lost")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert response["Content-Type"].startswith("text/plain")
    records = list(read_records(b"".join(response.streaming_content).decode()))
    assert [(dict(r.tags)["A"], dict(r.tags)["B"]) for r in records] == [("ann", "cleo"), ("bob", "ann")]
    assert [str(r.start) for r in records] == [made["lost_as_a"].start_position, made["lost"].start_position]
    everything = list(read_records(exported(ann)))
    # the games over (not the one in progress), newest first, each as the game stores it
    over = [g for k, g in sorted(made.items(), key=lambda kv: -kv[1].pk) if k not in ("playing", "theirs")]
    assert [str(r.start) for r in everything] == [g.start_position for g in over]
    played = everything[0]
    assert [str(m) for m in played.moves] == list(made["won"].moves.order_by("ply").values_list("move", flat=True))
    assert len(played.moves) == 5
    assert dict(played.tags)["You"] == "A"
    assert all(dict(r.tags)["A"] != "bob" or dict(r.tags)["B"] != "cleo" for r in everything)  # not bob's game
    assert ann.get("/api/games/mine/export/?speed=nope").status_code == 400
    assert exported(cleo, "?opponent=zed") == ""


def test_the_page_lists_the_filtered_games_with_their_links_in_the_readers_language(games, settings):
    ann, _bob, _cleo, made = games
    html = ann.get("/games/mine/?result=won").content.decode()
    assert f'data-game="{made["won"].pk}"' in html
    assert f'data-game="{made["lost"].pk}"' not in html
    assert f'href="/games/{made["won"].pk}/review/"' in html
    assert 'href="/api/games/mine/export/?result=won"' in html
    polish = ann.get("/games/mine/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Moje partie" in polish
    assert "Wygrane" in polish
    # a filter the list does not know is said, and the whole list shown
    shown = ann.get("/games/mine/?result=maybe").content.decode()
    assert 'role="alert"' in shown
    assert f'data-game="{made["lost"].pk}"' in shown
    # a digit that is not an ASCII one is no page number: said, not a 500
    superscript = ann.get("/games/mine/?page=²")
    assert superscript.status_code == 200
    assert 'role="alert"' in superscript.content.decode()
