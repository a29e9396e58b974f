"""The cheating report over a synthetic population of graded rated games
between people: honest accounts losing points as a generated relation of
their rating says, with a human pace (longer on harder positions); one
account rated 1500 playing nothing but best moves at an even pace; an
honest strong player alone in their band; an account with too few moves.
The report ranks the cheat first with a high score, does not flag the
strong player, gives the newcomer no verdict, and its fit recovers the
relation; the admin lists it."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.analyses.models import Analysis
from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.people import cheating, cheating_report
from puzzles.people.models import Challenge, ChallengeDeal, CheatingScore, ExpectedPlayFit, RatingChange
from solver import analyse, deal

pytestmark = pytest.mark.django_db


def true_mean(rating: float) -> float:
    return 20.0 - 0.01 * (rating - 1000)


def position_pool(rng: random.Random) -> dict[int, list[str]]:
    """Real positions by their number of legal moves (1: forced), from random playouts."""
    pool: dict[int, list[str]] = {}
    for seed in range(8):
        p = deal(seed=seed)
        while not p.is_over():
            legal = p.legal_moves()
            pool.setdefault(len(legal), []).append(str(p))
            p = p.push(rng.choice(legal))
    return {k: v[:4] for k, v in pool.items()}


class Population:
    """Builds graded rated games between people straight into the tables."""

    def __init__(self, django_user_model, rng: random.Random) -> None:
        self.users = django_user_model
        self.rng = rng
        self.pool = position_pool(rng)
        gaps = {}
        for positions in self.pool.values():
            for position in positions:
                found = analyse(position).to_json()
                Analysis.objects.create(position=position, status="done", result=found)
                values = sorted((m["value"] for m in found["moves"]), reverse=True)
                gaps[position] = values[0] - values[1] if len(values) > 1 else None
        self.gaps = gaps
        self.clock = timezone.now() - timedelta(days=5)

    def account(self, name: str, rating: float, style: str):
        user = self.users.objects.create_user(name, password=f"pw-{name}-12345")
        user.rating, user.style = rating, style
        return user

    def think(self, style: str, position: str, legal: int) -> float:
        if style == "engine":
            return self.rng.uniform(5.7, 6.3)
        hard = 6 if (self.gaps.get(position) or 0) <= 2 else 0
        return self.rng.lognormvariate(0, 0.5) * (2 + 2.5 * legal + hard)

    def lost(self, user) -> int:
        return 0 if user.style == "engine" else round(self.rng.expovariate(1 / true_mean(user.rating)))

    def game(self, a, b, choices: int = 12) -> Game:
        """A finished rated game of ``choices`` moves with a choice each (and a forced one), both rated."""
        start = self.pool[7][0]
        game = Game.objects.create(
            variant="lewicki",
            start_position=start,
            current_position=start,
            rng_seed=1,
            status="over",
            kind="people",
            people="AB",
            rated=True,
            clock_initial=300,
            clock_increment=3,
            result={"winner": "A", "points": 10, "reason": "domino"},
        )
        GameSeat.objects.bulk_create([GameSeat(game=game, seat="A", owner=a), GameSeat(game=game, seat="B", owner=b)])
        moves, at = [], self.clock
        for ply in range(2 * choices + 2):
            side, user = ("A", a) if ply % 2 == 0 else ("B", b)
            legal = 1 if ply >= 2 * choices else self.rng.choice([2, 3, 4, 5, 7])
            position = self.rng.choice(self.pool[legal])
            at = at + timedelta(seconds=self.think(user.style, position, legal))
            lost = 40 if legal == 1 else self.lost(user)  # a forced move is never counted
            moves.append(
                GameMove(
                    game=game,
                    ply=ply,
                    side=side,
                    by="human",
                    move="00",
                    position_before=position,
                    position_after=position,
                    grade="best" if lost == 0 else "mistake",
                    points_lost=lost,
                    created_at=at,
                )
            )
        GameMove.objects.bulk_create(moves)
        self.clock = at + timedelta(minutes=1)
        for user, score in ((a, 1.0), (b, 0.0)):
            RatingChange.objects.create(
                user=user,
                game=game,
                time_class="live",
                family="lewicki",
                rating_before=user.rating,
                rating_after=user.rating,
                rd_after=60,
                score=score,
            )
        return game


@pytest.fixture
def population(django_user_model, monkeypatch):
    # the moves' arrival times are the test's, not the clock's
    monkeypatch.setattr(GameMove._meta.get_field("created_at"), "auto_now_add", False)
    rng = random.Random(3)
    built = Population(django_user_model, rng)
    honest = [built.account(f"h{i}", 1300 + 100 * (i // 3) + 30 * (i % 3), "human") for i in range(24)]
    cheat = built.account("cheat", 1500, "engine")
    strong = built.account("strong", 2160, "human")
    newcomer = built.account("newcomer", 1500, "engine")
    for round_ in range(8):
        for i, player in enumerate(honest):
            built.game(player, honest[(i + 1 + round_) % len(honest)])
        built.game(cheat, honest[round_ * 3 % len(honest)])
        built.game(honest[(round_ * 3 + 1) % len(honest)], strong)
    built.game(newcomer, honest[5])
    return {"honest": honest, "cheat": cheat, "strong": strong, "newcomer": newcomer}


def test_the_cheat_ranks_first_the_strong_player_is_not_flagged_and_few_moves_say_nothing(population):
    row = cheating_report.cheating_report()
    scores = {s.user.username: s for s in CheatingScore.objects.select_related("user")}
    ranked = [s.user.username for s in CheatingScore.objects.select_related("user")]  # the report's order
    cheat = scores["cheat"]
    assert ranked[0] == "cheat"
    assert cheat.score is not None
    assert cheat.score >= 2 * cheating.SCORE_LOOK
    assert cheat.moves == 8 * 12
    assert cheat.games == 8
    assert cheat.actual_lost == 0.0
    assert cheat.expected_lost == pytest.approx(true_mean(1500), rel=0.2)
    assert cheat.even_pace is not None
    assert cheat.even_pace > 0.8
    assert cheat.ignores_difficulty is not None
    assert cheat.ignores_difficulty > 0.5
    assert cheat.z is not None
    assert cheat.z < cheat.score
    strong = scores["strong"]
    assert strong.score is not None
    assert strong.score < cheating.SCORE_LOOK
    assert strong.actual_lost == pytest.approx(true_mean(2160), abs=2.5)
    assert strong.even_pace == 0.0
    newcomer = scores["newcomer"]
    assert newcomer.moves == 12
    assert newcomer.score is None
    assert newcomer.z is None
    assert ranked[-1] == "newcomer"  # no verdict: last
    assert not [s for s in scores.values() if s.user.username.startswith("h") and (s.score or 0) >= cheating.SCORE_LOOK]
    # forced moves (40 points each, one legal move) are not counted
    assert row.moves == sum(s.moves for s in scores.values()) - cheat.moves
    assert row.accounts == 26


def test_the_stored_fit_recovers_the_generated_relation(population):
    cheating_report.cheating_report()
    fit = cheating_report.latest_fit()
    assert fit is not None
    for band in range(1300, 2100, 100):
        mean, _sd = fit.expected(band + 50)
        # the cheat's best moves are out of the stored fit: 1500 too is honest
        assert mean == pytest.approx(true_mean(band + 50), rel=0.1)
    _intercept, slope, _spread = fit.total.line()
    assert -0.012 < slope < -0.007


def test_a_rated_match_counts_every_deal_at_the_rating_before_it(population, django_user_model):
    built_cheat = population["cheat"]
    games = list(Game.objects.filter(seats__owner=built_cheat).order_by("pk")[:3])
    challenge = Challenge.objects.create(
        variant="lewicki",
        rated=True,
        clock_initial=300,
        clock_increment=3,
        status="started",
        game=games[-1],
        creator=built_cheat,
        target_wins=3,
        expires_at=timezone.now(),
    )
    for number, game in enumerate(games, start=1):
        ChallengeDeal.objects.create(challenge=challenge, number=number, game=game)
    # a match is rated once, on its last deal
    RatingChange.objects.filter(game__in=games[:2]).delete()
    found = cheating_report.moves_by_account()
    match = [(r, moves) for r, moves in found[built_cheat.pk] if len(r.games) == 3]
    assert len(match) == 1
    assert match[0][0].games == tuple(g.pk for g in games)
    assert len(match[0][1]) == 3 * 12
    assert {m.rating for m in match[0][1]} == {1500}


def test_the_admin_lists_accounts_by_score_with_their_parts(population, admin_client):
    cheating_report.cheating_report()
    page = admin_client.get("/admin/people/cheatingscore/").content.decode()
    assert "Cheating report" in page
    assert "cheat" in page
    assert page.index(">cheat<") < page.index(">strong<")
    assert "/admin/games/game/?id__in=" in page
    cheat = CheatingScore.objects.get(user=population["cheat"])
    detail = admin_client.get(f"/admin/people/cheatingscore/{cheat.pk}/change/").content.decode()
    assert f"/games/{cheat.games_ids[0]}/review/" in detail
    fit = ExpectedPlayFit.objects.first()
    assert admin_client.get(f"/admin/people/expectedplayfit/{fit.pk}/change/").status_code == 200
    assert "the band" in admin_client.get(f"/admin/people/expectedplayfit/{fit.pk}/change/").content.decode()
    response = admin_client.post(
        "/admin/people/cheatingscore/", {"action": "mark_reviewed", "_selected_action": [cheat.pk]}
    )
    assert response.status_code == 302
    assert CheatingScore.objects.get(pk=cheat.pk).reviewed
    cheating_report.cheating_report()  # counting again keeps the admin's mark
    assert CheatingScore.objects.get(pk=cheat.pk).reviewed
    # reviewed when it scored less: a score risen since puts the account before the admin again
    CheatingScore.objects.filter(pk=cheat.pk).update(score=cheating.SCORE_LOOK)
    cheating_report.cheating_report()
    assert not CheatingScore.objects.get(pk=cheat.pk).reviewed


def test_on_demand_and_on_the_beat(population):
    from io import StringIO

    from django.conf import settings
    from django.core.management import call_command

    from puzzles.people.tasks import cheating_report_task

    out = StringIO()
    call_command("cheating_report", stdout=out)
    assert "cheat: score" in out.getvalue()
    assert "strong" not in out.getvalue()
    cheating_report_task()
    assert ExpectedPlayFit.objects.count() == 2
    beat = settings.CELERY_BEAT_SCHEDULE["cheating-report"]
    assert beat["task"] == "puzzles.people.tasks.cheating_report_task"
