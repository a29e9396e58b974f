"""The daily deal's ranking against a direct count over the database: 30
players' finished games (real legal moves from the day's deal, graded rows
with points lost), some of them not ranked (played late, a hint, resigned)
or still waiting for a grade; every player's rank, percentile and top, the
histogram and the median are counted again here from the ``GameMove`` rows
and compared with what the API and the page say."""

from __future__ import annotations

import math
import random
import statistics
from datetime import UTC, datetime

import pytest
import time_machine
from django.db.models import Count, Q, Sum
from django.utils import timezone

from puzzles.daily import services
from puzzles.daily.models import DailyEntry
from puzzles.games.models import Game, GameMove
from solver import Position

pytestmark = pytest.mark.django_db(transaction=True)

DAY = datetime(2026, 3, 14, 9, 30, tzinfo=UTC)
GRADES = ["best", "best", "best", "inaccuracy", "mistake", "blunder"]
# The bins of points lost written out again (0; 1-4; 5-9; 10-19; 20-29; 30-49; 50 and more).
EDGES = [(0, 0), (1, 4), (5, 9), (10, 19), (20, 29), (30, 49), (50, 10**9)]


def played_game(
    user, deal, rng: random.Random, *, ungraded: bool = False, hints: int = 0, resigned: bool = False
) -> Game:
    """A finished game of the deal by ``user``: random legal moves to the end,
    the human's graded with random grades and points lost (the last one
    left ungraded if asked)."""
    game = Game.objects.create(
        variant=deal.variant,
        start_position=deal.start_position,
        current_position=deal.start_position,
        human_side=deal.human_side,
        level="perfect",
        seed=deal.seed,
        rng_seed=deal.rng_seed,
        status=Game.Status.OVER,
        owner=user,
        hints_used=hints,
    )
    position = Position.parse(deal.start_position)
    rows = []
    ply = 0
    while not position.is_over() and not (resigned and ply >= 6):
        legal = [str(m) for m in position.legal_moves()]
        move = rng.choice(legal)
        human = position.side == deal.human_side
        fields: dict = {"graded_at": timezone.now(), "grade": "best", "points_lost": 0, "value": 0, "best_value": 0}
        if human and len(legal) > 1:
            grade = rng.choice(GRADES)
            lost = (
                0 if grade == "best" else rng.choice([1, 2, 3, 5, 8]) if grade == "inaccuracy" else rng.randint(10, 30)
            )
            fields.update(grade=grade, points_lost=lost, value=-lost)
        after = position.push(move)
        rows.append(
            GameMove(
                game=game,
                ply=ply,
                side=position.side,
                by="human" if human else "solver",
                move=move,
                position_before=str(position),
                position_after=str(after),
                **fields,
            )
        )
        position, ply = after, ply + 1
    if ungraded:
        last = [r for r in rows if r.by == "human"][-1]
        last.graded_at = last.grade = last.points_lost = None
    GameMove.objects.bulk_create(rows)
    result = (
        {"winner": "B", "points": 10, "reason": "resigned", "resigned": deal.human_side}
        if resigned
        else {"winner": "A", "points": 3, "reason": "domino"}
    )
    Game.objects.filter(pk=game.pk).update(current_position=str(position), ply_count=ply, result=result)
    return game


def direct_field(deal) -> dict[int, int]:
    """Points lost of every ranked game of the deal, by user id, counted from the moves."""
    games = (
        Game.objects.filter(daily_entry__deal=deal, daily_entry__on_the_day=True, status="over", hints_used=0)
        .exclude(result__reason="resigned")
        .annotate(
            lost=Sum("moves__points_lost", filter=Q(moves__by="human")),
            pending=Count("moves", filter=Q(moves__by="human", moves__graded_at__isnull=True)),
        )
        .filter(pending=0)
    )
    return {g.owner_id: g.lost or 0 for g in games}


def direct_accuracy(game: Game) -> float | None:
    moves = [m for m in game.moves.filter(by="human") if len(Position.parse(m.position_before).legal_moves()) > 1]
    return round(100 * sum(m.grade == "best" for m in moves) / len(moves), 1) if moves else None


@pytest.fixture
def field_of_30(django_user_model):
    """The deal of DAY with 30 players who finished it on the day, plus three
    late games, two with a hint, one resigned, two with a grade pending;
    recorded by the beat's sweep, all but the two pending."""
    with time_machine.travel(DAY, tick=False):
        deal = services.deal_ensure()
        # the games are played on the day (a game finished after its grace is late)
        rng = random.Random(2026)
        users, extra = [], {}
        for i in range(38):
            user = django_user_model.objects.create_user(f"player{i}", password="pw-player-12345")
            kind = (
                "ranked"
                if i < 30
                else ["late", "late", "late", "hints", "hints", "resigned", "pending", "pending"][i - 30]
            )
            game = played_game(
                user,
                deal,
                rng,
                ungraded=kind == "pending",
                hints=2 if kind == "hints" else 0,
                resigned=kind == "resigned",
            )
            DailyEntry.objects.create(deal=deal, game=game, owner=user, on_the_day=kind != "late")
            users.append(user)
            extra[user.pk] = kind
        # The games were stored over with no game_finished: the beat's sweep records them (reads never do).
        assert services.entries_settle() == 36
    return deal, users, extra


def test_the_ranking_of_30_players_agrees_with_a_direct_count(field_of_30, client):
    deal, users, kinds = field_of_30
    url = f"/api/daily-deal/{deal.day.isoformat()}/ranking/"
    with time_machine.travel(DAY, tick=False):
        client.force_login(users[0])
        first = client.get(url).json()
    field = direct_field(deal)
    assert len(field) == 30
    assert set(field) == {u.pk for u in users if kinds[u.pk] == "ranked"}
    points = list(field.values())
    assert len(set(points)) < 30, "the random field should have ties, to test them"
    assert first["players"] == 30
    assert first["median_points_lost"] == statistics.median(points)
    assert [b["count"] for b in first["histogram"]] == [sum(low <= p <= high for p in points) for low, high in EDGES]
    assert [(b["low"], b["high"] if b["high"] is not None else 10**9) for b in first["histogram"]] == EDGES
    # the chart draws the same counts, the player's bar marked
    assert [bar["count"] for bar in first["chart"]["bars"]] == [b["count"] for b in first["histogram"]]
    assert sum(bar["mine"] for bar in first["chart"]["bars"]) == 1
    with time_machine.travel(DAY, tick=False):
        for user in users:
            client.force_login(user)
            you = client.get(url).json()["you"]
            game = Game.objects.get(daily_entry__owner=user)
            if kinds[user.pk] == "pending":
                assert you is None  # waits for its grade
                continue
            mine = sum(m.points_lost or 0 for m in game.moves.filter(by="human"))
            others = [p for uid, p in field.items() if uid != user.pk]
            more = sum(p > mine for p in others)
            equal = sum(p == mine for p in others)
            fewer = sum(p < mine for p in others)
            assert you["points_lost"] == mine
            assert you["accuracy"] == direct_accuracy(game)
            assert you["rank"] == fewer + 1
            assert you["field"] == len(others) + 1
            percentile = 100 * (more + equal / 2) / len(others)
            assert you["percentile"] == pytest.approx(percentile, abs=0.05)
            assert you["top"] == math.ceil(100 * (fewer + 1) / (len(others) + 1) - 1e-9)
            assert you["ranked"] == (kinds[user.pk] == "ranked")
            assert (
                you["excluded"]
                == {"ranked": None, "late": "late", "hints": "hints", "resigned": "resigned"}[kinds[user.pk]]
            )
            assert (user.pk in field) == you["ranked"]


def test_a_pending_grade_joins_the_field_once_graded(field_of_30, client):
    deal, users, kinds = field_of_30
    pending = [u for u in users if kinds[u.pk] == "pending"]
    url = f"/api/daily-deal/{deal.day.isoformat()}/ranking/"
    with time_machine.travel(DAY, tick=False):
        client.force_login(pending[0])
        page = client.get(f"/daily/{deal.day.isoformat()}/").content.decode()
        assert "Grading your moves" in page
        assert client.get(url).json()["status"] == "grading"
        GameMove.objects.filter(game__daily_entry__owner=pending[0], graded_at__isnull=True).update(
            graded_at=timezone.now(), grade="mistake", points_lost=12
        )
        after = client.get(url).json()
    assert after["status"] == "over"
    assert after["players"] == 31
    assert after["you"]["points_lost"] == direct_field(deal)[pending[0].pk]


def test_the_page_shows_the_same_standing_and_histogram(field_of_30, client):
    deal, users, kinds = field_of_30
    with time_machine.travel(DAY, tick=False):
        client.force_login(users[3])
        data = client.get(f"/api/daily-deal/{deal.day.isoformat()}/ranking/").json()
        html = client.get(f"/daily/{deal.day.isoformat()}/").content.decode()
    you = data["you"]
    assert f'<strong class="daily-points">{you["points_lost"]}</strong>' in html
    assert f"rank <strong>{you['rank']}</strong> of 30" in html
    assert html.count("<rect ") == 7
    assert html.count('class="bar mine"') == 1
    assert you["share"] in html  # the share line, ready to copy
    assert "30 players finished this deal on its day" in html


@pytest.mark.parametrize(
    ("fewer", "equal", "more", "rank", "percentile", "top", "share"),
    [
        (0, 0, 0, 1, 100.0, 100, "the first result of the day"),  # alone: nobody did better
        (0, 0, 9, 1, 100.0, 10, "the best of 10 results"),
        (0, 1, 2, 1, 83.3, 25, "the best of 4 results"),  # tied at the top
        (2, 0, 7, 3, 77.8, 30, "top 30%"),
        (9, 0, 0, 10, 0.0, 100, "top 100%"),
    ],
)
def test_the_first_result_reads_as_the_best(fewer, equal, more, rank, percentile, top, share):
    """The sole or first-ranked player stands at the 100th percentile and is
    told so, never "top 50%"."""
    from puzzles.daily import presentation, ranking
    from puzzles.daily.models import DailyDeal

    standing = ranking.standing(fewer, equal, more)
    assert (standing.rank, standing.percentile, standing.top) == (rank, percentile, top)
    deal = DailyDeal(day=DAY.date())
    entry = DailyEntry(points_lost=3, accuracy=90.0, grades="bbi")
    line = presentation.share_line(deal, entry, standing)
    assert share in line
    assert ("top" in line) == (rank > 1)
