"""My games' export in the versioned record format: every tag (event and
round, date, players, ratings, time control, how the game ended), every move
and every clock, for any number of games: 1,000 read back through the
solver's parser with nothing lost; and the records of the site's games."""

from __future__ import annotations

import time

import pytest

from puzzles.archive.site_records import records_of
from puzzles.games.models import Game, GameMove
from puzzles.tournaments.models import Entry, Pairing, Tournament
from solver.records import read_records

from .games import T0, expected_clocks, many_games

pytestmark = pytest.mark.django_db


def export(client, query: str = "") -> str:
    response = client.get(f"/api/games/mine/export/{query}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"].startswith("attachment;")
    return b"".join(response.streaming_content).decode("utf-8")


def test_an_export_of_1000_games_reads_back_with_every_tag_move_and_clock(account):
    ann, bob = account("ann"), account("bob")
    games = many_games({"A": ann.user, "B": bob.user}, 1000, ratings={"A": (1512.4, 1520.6), "B": (1490.0, 1481.7)})
    began = time.monotonic()
    text = export(ann)
    records = list(read_records(text))
    assert time.monotonic() - began < 60
    assert text.count('[Format "1"]') == 1000
    assert len(records) == 1000
    by_id = {int(r.tag("GameId")): r for r in records}
    assert set(by_id) == {g.pk for g in games}
    assert [int(r.tag("GameId")) for r in records] == sorted(by_id, reverse=True)  # newest first
    moves = {}
    for game_id, _ply, move, side in GameMove.objects.values_list("game_id", "ply", "move", "side").order_by("ply"):
        moves.setdefault(game_id, []).append((move, side))
    for game in games:
        record = by_id[game.pk]
        tags = dict(record.tags)
        ended = "A 20 resigned" if record.result is None else None  # else the moves end the deal
        assert {name: value for name, value in tags.items() if name != "Termination"} == {
            "Event": "Rated game between people",
            "Site": "Open domino trainer",
            "Date": "2026-10-14",
            "Time": "18:30:05",
            "A": "ann",
            "B": "bob",
            "ARating": "1512",
            "BRating": "1490",
            "ARatingDiff": "+9",
            "BRatingDiff": "-8",
            "TimeControl": "300+3",
            "GameId": str(game.pk),
            "You": "A",
            "Seed": game.seed,
        }
        assert str(record.start) == game.start_position
        assert [str(m) for m in record.moves] == [m for m, _ in moves[game.pk]]
        assert record.clocks == tuple(expected_clocks([s for _, s in moves[game.pk]]))
        assert tags.get("Termination") == ended


def test_the_export_names_the_event_and_round_and_a_finished_deals_result(account):
    ann, bob = account("ann"), account("bob")
    swiss = Tournament.objects.create(kind=Tournament.Kind.SWISS, name="Evening Swiss", starts_at=T0, rated=True)
    game = many_games({"A": ann.user, "B": bob.user}, 1, moves=60, result={"winner": "B", "points": 5, "reason": "x"})[
        0
    ]
    a = Entry.objects.create(tournament=swiss, owner=ann.user, name="ann")
    b = Entry.objects.create(tournament=swiss, owner=bob.user, name="bob")
    Pairing.objects.create(tournament=swiss, round=3, a=a, b=b, game=game)
    record = next(records_of(Game.objects.filter(pk=game.pk)))
    assert record.tag("Event") == "Evening Swiss"
    assert record.tag("Round") == "3"
    assert record.is_over
    assert record.tag("Termination") is None  # the moves end it: the Result tag says how
    assert record.tag("Result") == str(record.result.winner) + f" {record.result.points} {record.result.reason}"


def test_a_bob_of_another_pair_and_a_game_in_progress_are_not_in_anns_export(account):
    ann, bob, cleo = account("ann"), account("bob"), account("cleo")
    mine = many_games({"A": ann.user, "B": bob.user}, 2)
    many_games({"A": bob.user, "B": cleo.user}, 2, first_seed=300)
    Game.objects.filter(pk=mine[0].pk).update(status=Game.Status.YOUR_MOVE)
    assert [r.tag("GameId") for r in read_records(export(ann))] == [str(mine[1].pk)]
    assert len(list(read_records(export(bob)))) == 3  # his two with cleo, his finished one with ann
    assert export(cleo, "?opponent=ann") == ""


def test_the_my_games_page_links_every_game_and_the_import(account):
    ann = account("ann")
    html = ann.get("/games/mine/?result=won").content.decode()
    assert 'href="/api/games/mine/export/?result=won"' in html
    assert 'class="my-games-export-all" href="/api/games/mine/export/"' in html
    assert 'href="/analysis/imported/"' in html


def test_a_correspondence_games_clock_counts_down_to_each_deadline(account):
    ann, bob = account("ann"), account("bob")
    game = many_games({"A": ann.user, "B": bob.user}, 1, clock_initial=None, clock_increment=None, days=3)[0]
    record = next(records_of([game]))
    assert record.tag("TimeControl") == "3d"
    assert set(record.clocks) == {3 * 86_400_000 - 2000}


def test_ones_own_profile_links_the_download_of_every_game(account):
    ann, bob = account("ann"), account("bob")
    own = ann.get("/players/ann/").content.decode()
    assert 'class="profile-export-all" href="/api/games/mine/export/"' in own
    assert "profile-export-all" not in bob.get("/players/ann/").content.decode()


def test_a_duplicate_events_deal_names_its_event_and_deal_and_a_private_event_is_not_named(account):
    ann, bob = account("ann"), account("bob")
    duplicate = Tournament.objects.create(kind=Tournament.Kind.DUPLICATE, name="Daily duplicate", starts_at=T0)
    deal_game = many_games({"A": ann.user, "B": bob.user}, 1)[0]
    Game.objects.filter(pk=deal_game.pk).update(kind=Game.Kind.PRACTICE, people="")
    entry = Entry.objects.create(tournament=duplicate, owner=ann.user, name="ann")
    Pairing.objects.create(tournament=duplicate, round=4, a=entry, game=deal_game)
    record = next(records_of(Game.objects.filter(pk=deal_game.pk)))
    assert (record.tag("Event"), record.tag("Round")) == ("Daily duplicate", "4")
    assert record.tag("A") == "human"
    private = Tournament.objects.create(kind=Tournament.Kind.SWISS, name="Secret", starts_at=T0, password="x")
    game = many_games({"A": ann.user, "B": bob.user}, 1, first_seed=50)[0]
    a = Entry.objects.create(tournament=private, owner=ann.user, name="ann")
    b = Entry.objects.create(tournament=private, owner=bob.user, name="bob")
    Pairing.objects.create(tournament=private, round=1, a=a, b=b, game=game)
    record = next(records_of([game]))
    assert (record.tag("Event"), record.tag("Round")) == ("Rated game between people", None)


def test_a_bot_account_is_titled_bot_and_a_casual_game_has_no_ratings(account):
    from puzzles.botaccounts.models import BotAccount

    ann, bot = account("ann"), account("beep")
    BotAccount.objects.create(user=bot.user)
    game = many_games({"A": ann.user, "B": bot.user}, 1, rated=False)[0]
    tags = dict(next(records_of([game])).tags)
    assert tags["Event"] == "Casual game between people"
    assert (tags["B"], tags["BTitle"]) == ("beep", "BOT")
    assert "ATitle" not in tags
    assert not any(name.endswith(("Rating", "RatingDiff")) for name in tags)
