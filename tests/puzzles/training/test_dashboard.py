"""The puzzle dashboard agrees with a direct count over the attempts in the
database; replay of failed puzzles, the remembered difficulty, and votes."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.accounts.players import guest
from puzzles.training import pool
from puzzles.training.models import Puzzle, PuzzleAttempt, PuzzleRating
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

THEMES = ["block", "count", "domino", "double", "long-line"]


def make_puzzles(n: int = 30) -> list[Puzzle]:
    rng = random.Random(3)
    out = []
    for i in range(n):
        position = deal(i + 1)
        out.append(
            Puzzle.objects.create(
                position=str(position),
                side=position.side,
                kind="win",
                line=["36"],
                solver_moves=1,
                themes=rng.sample(THEMES, rng.randrange(1, 3)),
                value=10,
                rating=900 + 40 * i,
                seed="1",
                ply=i,
            )
        )
    return out


def token_of(api) -> str:
    api.get("/api/puzzles/history/")
    session = api.session
    from puzzles.accounts.players import PLAYER_SESSION_KEY

    return session.get(PLAYER_SESSION_KEY, "")


def test_dashboard_agrees_with_a_direct_count(api):
    puzzles = make_puzzles()
    api.post(f"/api/puzzles/{puzzles[0].pk}/attempts/")  # gives the guest a token
    token = token_of(api)
    assert token
    PuzzleAttempt.objects.all().delete()
    rng = random.Random(5)
    now = timezone.now()
    for i, p in enumerate(puzzles * 2):
        solved = rng.random() < 0.55
        finished = now - timedelta(days=rng.uniform(0, 120))
        PuzzleAttempt.objects.create(
            puzzle=p,
            session_key=token,
            position=p.position,
            rated=i < len(puzzles),
            status=PuzzleAttempt.Status.SOLVED if solved else PuzzleAttempt.Status.FAILED,
            finished_at=finished,
            puzzle_rating_before=p.rating - 5,
        )
    PuzzleAttempt.objects.create(
        puzzle=puzzles[1], session_key="someone-else", position="x", status=PuzzleAttempt.Status.SOLVED, finished_at=now
    )
    for period in (7, 30, 90):
        body = api.get(f"/api/puzzles/dashboard/?days={period}").json()
        since = timezone.now() - timedelta(days=period)
        mine = PuzzleAttempt.objects.filter(session_key=token, finished_at__gte=since)
        assert body["total"]["attempts"] == mine.count()
        assert body["total"]["solved"] == mine.filter(status="solved").count()
        for row in body["themes"]:
            rows = [a for a in mine.select_related("puzzle") if row["theme"] in a.puzzle.themes]
            solved = sum(a.status == "solved" for a in rows)
            assert row["attempts"] == len(rows)
            assert row["solved"] == solved
            assert row["success_rate"] == round(solved / len(rows), 3)
            mean = sum(a.puzzle_rating_before for a in rows) / len(rows)
            assert row["performance"] == round(mean + 400 * (2 * solved - len(rows)) / len(rows))
        counted = {t for a in mine.select_related("puzzle") for t in a.puzzle.themes}
        assert {r["theme"] for r in body["themes"]} == counted
        ranked = sorted(
            (r for r in body["themes"] if r["attempts"] >= 3),
            key=lambda r: (r["performance"], r["success_rate"], r["theme"]),
        )
        if ranked:
            assert body["weakest"][0]["name"] == ranked[0]["theme"]
            assert body["strongest"][0]["name"] == ranked[-1]["theme"]
            assert body["train_weakest_url"].endswith(f"?theme={ranked[0]['theme']}")
    assert api.get("/api/puzzles/dashboard/?days=5").status_code == 400
    assert api.get("/puzzles/dashboard/?days=90").status_code == 200
    # replay: a failed puzzle never solved
    failed = api.get("/api/puzzles/replay/").json()
    states = set(
        PuzzleAttempt.objects.filter(session_key=token, puzzle_id=failed["id"]).values_list("status", flat=True)
    )
    assert "failed" in states
    assert "solved" not in states
    assert "line" not in failed
    assert "themes" not in failed


def test_difficulty_is_remembered_and_honoured(api):
    make_puzzles()
    assert (
        api.post("/api/puzzles/difficulty/", {"difficulty": "hardest"}, format="json").json()["difficulty"] == "hardest"
    )
    assert api.get("/api/puzzles/history/").json()["player"]["difficulty"] == "hardest"
    for _ in range(5):
        body = api.get("/api/puzzles/next/").json()
        assert abs(body["rating"] - (1500 + 600)) <= 250
    easy = api.get("/api/puzzles/next/?difficulty=easiest").json()
    assert abs(easy["rating"] - 900) <= 250
    assert api.post("/api/puzzles/difficulty/", {"difficulty": "impossible"}, format="json").status_code == 400
    assert PuzzleRating.objects.get(session_key=token_of(api)).difficulty == "hardest"


def test_votes_after_the_attempt_move_the_score(api):
    puzzle = make_puzzles(1)[0]
    Puzzle.objects.filter(pk=puzzle.pk).update(quality=50, score=50)
    url = f"/api/puzzles/{puzzle.pk}/vote/"
    attempt = api.post(f"/api/puzzles/{puzzle.pk}/attempts/").json()
    assert api.post(url, {"up": True}, format="json").status_code == 409  # not before the end
    api.post(attempt["urls"]["give_up"])
    assert api.post(url, {"up": True}, format="json").json() == {"up": 1, "down": 0, "yours": True, "url": url}
    assert Puzzle.objects.get(pk=puzzle.pk).score == 60.0
    assert api.post(url, {"up": False}, format="json").json()["down"] == 1  # changed, not added
    assert Puzzle.objects.get(pk=puzzle.pk).votes_up == 0
    assert guest("nobody") is not None


def test_daily_is_the_best_of_its_band():
    from puzzles.training import days

    make_puzzles()
    monday = timezone.now().date()
    while monday.weekday() != 0:
        monday += timedelta(days=1)
    target = days.daily_target(monday)
    band = list(Puzzle.objects.filter(rating__gte=target - 100, rating__lte=target + 100))
    best = band[2]
    Puzzle.objects.filter(pk=best.pk).update(score=99)
    assert pool.daily_ensure(monday).pk == best.pk


def test_next_puzzle_goes_beyond_the_band_before_saying_none_is_left(api):
    """With every puzzle near the target tried, the next one is the nearest
    of the rest; "none left" only once every puzzle was tried."""
    puzzles = make_puzzles(6)  # ratings 900 to 1100: all far below a hardest target of 2100
    assert api.post("/api/puzzles/difficulty/", {"difficulty": "hardest"}, format="json").status_code == 200
    seen = []
    for _ in range(6):
        body = api.get("/api/puzzles/next/").json()
        assert body["rating"] == max(p.rating for p in puzzles if p.pk not in seen)  # the nearest left
        seen.append(body["id"])
        assert api.post(f"/api/puzzles/{body['id']}/attempts/").status_code in (200, 201)
    assert api.get("/api/puzzles/next/").status_code == 404
