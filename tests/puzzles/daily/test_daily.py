"""The daily deal: the same deal for everyone, chosen from the date and made
once however many ask at once; one game per player and deal (a second start
resumes it); the day's rollover with a moving clock (a game started before
midnight stays ranked, a past deal played late is not); the share line,
which gives away no move; bad input; a guest's game handed to their account."""

from __future__ import annotations

import random
import re
from datetime import UTC, date, datetime, timedelta
from io import StringIO
from unittest import mock

import pytest
import time_machine
from django.core.management import call_command
from django.db import IntegrityError

from puzzles.daily import selectors, services
from puzzles.daily.models import DailyDeal, DailyEntry
from puzzles.daily.tasks import daily_deal_task
from puzzles.games.models import Game
from solver import Position, deal

pytestmark = pytest.mark.django_db(transaction=True)

EVENING = datetime(2026, 5, 1, 23, 58, tzinfo=UTC)
STONE_MOVE = re.compile(r"\b[0-6]{2}[LR]\b|\bpass\b", re.I)


def finish(api, game_id: int, seed: int = 0) -> dict:
    rng = random.Random(seed)
    url = f"/api/games/{game_id}/"
    while (game := api.get(url).json())["status"] != "over":
        response = api.post(
            url + "moves/", {"move": rng.choice(game["legal_moves"]), "ply": game["ply"]}, format="json"
        )
        assert response.status_code == 201, response.content
    return game


def test_the_deal_is_chosen_from_the_date_and_is_the_same_for_everyone(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        mine, theirs = api.get("/api/daily-deal/").json(), other_api.get("/api/daily-deal/").json()
        assert not DailyDeal.objects.exists()  # reads store nothing: the beat makes the deal
        daily_deal_task.apply()
        stored = api.get("/api/daily-deal/").json()
    assert mine["date"] == theirs["date"] == "2026-05-01"
    assert mine["human"] == theirs["human"]
    assert mine["variant"] == "lewicki"
    assert stored == mine  # the deal shown before it was stored is the one stored
    made = DailyDeal.objects.get()
    assert made.commitment == mine["deal"]["commitment"]
    assert made.start_position == str(deal(int(made.seed)))
    # the same date always gives the same deal; another date another one
    assert services.deal_choice(date(2026, 5, 1)) == services.deal_choice(date(2026, 5, 1))
    assert services.deal_choice(date(2026, 5, 2))["seed"] != made.seed
    assert {services.deal_choice(date(2026, 1, d))["human_side"] for d in range(1, 29)} == {"A", "B"}


def test_two_first_requests_at_once_make_one_deal():
    day = date(2026, 5, 3)
    services.deal_ensure(day)
    # the second caller looked before the first one's row was there
    with mock.patch.object(selectors, "deal_on", return_value=None):
        again = services.deal_ensure(day)
    assert again.day == day
    assert DailyDeal.objects.filter(day=day).count() == 1


def test_one_game_per_player_and_day(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        first = api.post("/api/daily-deal/start/", {}, format="json")
        again = api.post("/api/daily-deal/start/", {}, format="json")
        theirs = other_api.post("/api/daily-deal/start/", {}, format="json")
        state = api.get("/api/daily-deal/").json()
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert theirs.json()["id"] != first.json()["id"]
    game = first.json()
    assert game["level"] == "perfect"
    assert game["human"] == state["human"]
    assert game["start"] == DailyDeal.objects.get().start_position
    assert theirs.json()["start"] == game["start"]
    assert theirs.json()["rng_seed"] == game["rng_seed"]
    assert state["status"] == "playing"
    assert state["game"] == game["id"]
    assert DailyEntry.objects.count() == 2
    assert Game.objects.count() == 2
    # the database refuses a second entry of the same guest for the same deal
    entry = DailyEntry.objects.get(game_id=game["id"])
    with pytest.raises(IntegrityError):  # Django's, whichever the database
        DailyEntry.objects.create(
            deal=entry.deal, game=Game.objects.get(pk=theirs.json()["id"]), session_key=entry.session_key
        )


def test_two_starts_at_once_by_one_player_make_one_game(api):
    with time_machine.travel(EVENING, tick=False):
        first = api.post("/api/daily-deal/start/", {}, format="json").json()
        # the second request looked before the first one's game was stored
        real = selectors.entry_for_player
        calls = []

        def late_look(player, deal):
            calls.append(player)
            return None if len(calls) == 1 else real(player, deal)

        with mock.patch.object(selectors, "entry_for_player", late_look):
            again = api.post("/api/daily-deal/start/", {}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    assert Game.objects.count() == 1
    assert DailyEntry.objects.count() == 1


def test_a_guest_who_played_logs_in_to_an_account_that_played_too(api, other_api, django_user_model):
    django_user_model.objects.create_user("emil", password="pw-emil-12345")
    with time_machine.travel(EVENING, tick=False):
        assert other_api.login(username="emil", password="pw-emil-12345")
        kept = other_api.post("/api/daily-deal/start/", {}, format="json").json()
        api.post("/api/daily-deal/start/", {}, format="json")
        assert (
            api.post(
                "/accounts/login/", {"username": "emil", "password": "pw-emil-12345"}, format="multipart"
            ).status_code
            == 302
        )
        state = api.get("/api/daily-deal/").json()
    # the account keeps its own game of the deal: still one entry of the account's
    assert state["game"] == kept["id"]
    assert DailyEntry.objects.filter(owner__username="emil").count() == 1


def test_the_day_rolls_over_at_midnight_utc(api, other_api):
    with time_machine.travel(EVENING, tick=True) as clock:
        started = api.post("/api/daily-deal/start/", {}, format="json").json()
        yesterday = api.get("/api/daily-deal/").json()
        clock.shift(timedelta(minutes=5))  # 00:03 the next day
        today = api.get("/api/daily-deal/").json()
        assert today["date"] == "2026-05-02"
        assert today["status"] == "new"
        assert today["date"] != yesterday["date"]
        # the game begun before midnight goes on and counts for its own day
        game = finish(api, started["id"])
        ranking = api.get("/api/daily-deal/2026-05-01/ranking/").json()
        assert ranking["today"] is False
        assert ranking["status"] == "over"
        assert ranking["you"]["ranked"] is True
        assert ranking["players"] == 1
        assert ranking["you"]["points_lost"] == sum(m["points_lost"] or 0 for m in game["moves"] if m["by"] == "human")
        # another player starting yesterday's deal now plays it late: not ranked
        late = other_api.post("/api/daily-deal/start/", {"date": "2026-05-01"}, format="json")
        assert late.status_code == 201
        assert late.json()["start"] == started["start"]
        finish(other_api, late.json()["id"], seed=5)
        theirs = other_api.get("/api/daily-deal/2026-05-01/ranking/").json()
        assert theirs["you"]["ranked"] is False
        assert theirs["you"]["excluded"] == "late"
        assert theirs["players"] == 1  # the field is still the one game played on the day
        assert "not ranked" in theirs["you"]["share"]
        # and today's deal is a new game
        assert api.post("/api/daily-deal/start/", {}, format="json").status_code == 201
        clock.shift(timedelta(days=1))
        assert api.get("/api/daily-deal/").json()["date"] == "2026-05-03"
    assert DailyDeal.objects.count() == 2  # the third day's deal shown, not stored (the beat makes it)


def test_the_share_line_gives_away_no_move(api):
    with time_machine.travel(EVENING, tick=False):
        game = finish(api, api.post("/api/daily-deal/start/", {}, format="json").json()["id"], seed=3)
        you = api.get("/api/daily-deal/").json()["you"]
        html = api.get("/daily/").content.decode()
        line = api.get("/api/daily-deal/2026-05-01/ranking/").json()["best_line"]
    share = you["share"]
    head, squares = share.split("\n")
    assert head == (
        f"Open domino daily deal 2026-05-01: {you['points_lost']} point{'s' if you['points_lost'] != 1 else ''} lost, "
        f"{round(you['accuracy'])}% accuracy, the first result of the day"  # alone in the field
    )
    human = [m for m in game["moves"] if m["by"] == "human"]
    assert len(squares) == len(human)
    assert set(squares) <= set("🟩🟨🟧🟥⬜")
    assert not STONE_MOVE.search(share)
    for m in game["moves"]:  # no stone of the deal either (the date's digits aside)
        if m["move"] != "pass":
            assert m["move"][:2] not in head.replace("2026-05-01", "").replace(str(you["points_lost"]), "")
    assert share in html
    # the best line is there once the game is over, and it replays from the start
    position = Position.parse(game["start"])
    for step in line["moves"]:
        assert step["side"] == position.side
        position = position.push(step["move"])
    assert position.is_over()


def test_the_best_line_is_hidden_until_your_game_is_over(api):
    with time_machine.travel(EVENING, tick=False):
        assert api.get("/api/daily-deal/2026-05-01/ranking/").json()["best_line"] is None
        api.post("/api/daily-deal/start/", {}, format="json")
        ranking = api.get("/api/daily-deal/2026-05-01/ranking/").json()
    assert ranking["status"] == "playing"
    assert ranking["best_line"] is None
    assert ranking["you"] is None


@pytest.mark.parametrize(
    ("method", "url", "data", "code", "words"),
    [
        ("get", "/api/daily-deal/2026-13-01/ranking/", None, 400, "YYYY-MM-DD"),
        ("get", "/api/daily-deal/yesterday/ranking/", None, 400, "YYYY-MM-DD"),
        ("get", "/api/daily-deal/2026-W18-5/ranking/", None, 400, "YYYY-MM-DD"),
        ("get", "/api/daily-deal/2026-05-09/ranking/", None, 404, "not out yet"),
        ("get", "/api/daily-deal/2026-04-01/ranking/", None, 404, "no daily deal"),
        ("post", "/api/daily-deal/start/", {"date": "May first"}, 400, "date"),
        ("post", "/api/daily-deal/start/", {"date": "2026-04-01"}, 404, "no daily deal"),
        ("post", "/api/daily-deal/start/", {"date": "2026-06-01"}, 404, "not out yet"),
    ],
)
def test_bad_input_says_what_is_wrong(api, method, url, data, code, words):
    with time_machine.travel(EVENING, tick=False):
        response = getattr(api, method)(url, data, format="json") if data is not None else getattr(api, method)(url)
    assert response.status_code == code, response.content
    assert words in response.json()["error"]
    assert Game.objects.count() == 0


def test_a_guests_daily_game_is_handed_to_their_account(api, django_user_model):
    with time_machine.travel(EVENING, tick=False):
        game = api.post("/api/daily-deal/start/", {}, format="json").json()
        django_user_model.objects.create_user("dora", password="pw-dora-12345")
        assert (
            api.post(
                "/accounts/login/", {"username": "dora", "password": "pw-dora-12345"}, format="multipart"
            ).status_code
            == 302
        )
        state = api.get("/api/daily-deal/").json()
        assert state["game"] == game["id"]
        assert state["status"] == "playing"
        assert api.post("/api/daily-deal/start/", {}, format="json").status_code == 200
    entry = DailyEntry.objects.get()
    assert entry.owner.username == "dora"
    assert entry.session_key == ""


def test_the_command_makes_a_days_deal():
    out = StringIO()
    call_command("daily_deal", "--date", "2026-05-04", stdout=out)
    made = DailyDeal.objects.get(day=date(2026, 5, 4))
    assert f"seed {made.seed}" in out.getvalue()
    assert made.start_position in out.getvalue()


def test_the_answers_have_the_documented_shapes(api):
    from puzzles.daily.serializers import DailyDealOutputSerializer, RankingOutputSerializer
    from puzzles.games.serializers import GameOutputSerializer

    with time_machine.travel(EVENING, tick=False):
        fresh = api.get("/api/daily-deal/").json()
        game = api.post("/api/daily-deal/start/", {}, format="json").json()
        finish(api, game["id"], seed=9)
        over = api.get("/api/daily-deal/").json()
        ranking = api.get("/api/daily-deal/2026-05-01/ranking/").json()
    for serializer, data in (
        (DailyDealOutputSerializer, fresh),
        (DailyDealOutputSerializer, over),
        (GameOutputSerializer, game),
        (RankingOutputSerializer, ranking),
    ):
        shape = serializer(data=data)
        assert shape.is_valid(), (serializer.__name__, shape.errors)
    assert set(fresh) == set(DailyDealOutputSerializer().fields)
    assert set(ranking) == set(RankingOutputSerializer().fields)
    assert set(over["you"]) == set(ranking["you"])
    assert over["you"]["share"] == ranking["you"]["share"]


@pytest.mark.parametrize("how", ["hint", "resign"])
def test_a_game_with_a_hint_or_resigned_is_shown_but_not_ranked(api, other_api, how):
    with time_machine.travel(EVENING, tick=False):
        finish(other_api, other_api.post("/api/daily-deal/start/", {}, format="json").json()["id"], seed=2)
        game = api.post("/api/daily-deal/start/", {}, format="json").json()
        url = f"/api/games/{game['id']}/"
        if how == "hint":
            assert api.get(url).json()["status"] == "your-move"  # the solver's opening, if any, was played at once
            assert api.post(url + "hint/", {"level": 1}, format="json").status_code == 200
            finish(api, game["id"], seed=4)
        else:
            assert api.post(url + "resign/", {}, format="json").status_code == 200
        ranking = api.get("/api/daily-deal/2026-05-01/ranking/").json()
    you = ranking["you"]
    assert ranking["players"] == 1
    assert you["ranked"] is False
    assert you["excluded"] == {"hint": "hints", "resign": "resigned"}[how]
    assert "not ranked" in you["excluded_text"]
    assert "not ranked" in you["share"]
    assert "top" not in you["share"]
    assert you["field"] == 2  # placed against the field as if it were in it


def test_the_beat_task_makes_todays_deal():
    from puzzles.daily.tasks import daily_deal_task

    with time_machine.travel(EVENING, tick=False):
        assert daily_deal_task.apply().get() == "2026-05-01"
        assert daily_deal_task.apply().get() == "2026-05-01"
    assert DailyDeal.objects.get().day == date(2026, 5, 1)
