"""Puzzle training: generation verified by the solver, duplicates,
the daily puzzle, solving through the API (stored line, an equally good
alternative, a wrong move, giving up), the answer never shown early,
ratings on the first attempt only, streaks, pages."""

from __future__ import annotations

import json
from datetime import date, timedelta
from unittest import mock

import pytest
from api_checks import assert_schema_documents, json_paths

from puzzles.training import days, mining, services
from puzzles.training import pool as puzzle_pool
from puzzles.training.models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleSeed
from puzzles.training.tasks import attempt_settle_task
from solver import Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)

SEEDS = [11, 12, 13, 14, 15, 16]
THEME_NAMES = set(mining.THEMES)


@pytest.fixture
def api():
    """The API client of every test here, recording every answer; at the end
    each answer that is not a finished attempt is scanned for the answer."""
    from rest_framework.test import APIClient

    client = APIClient()
    seen: list = []
    for name in ("get", "post"):
        original = getattr(client, name)

        def call(*args, _original=original, **kwargs):
            response = _original(*args, **kwargs)
            # the solver's tools (an analysis, a practice game's grades and hints, a
            # graded record) show what they know by design: using them unrates the attempt
            analysis = str(args[0] if args else kwargs.get("path", "")).startswith(
                ("/api/analyses/", "/api/games/", "/api/game-analyses/")
            )
            if response.get("Content-Type", "").startswith("application/json") and not analysis:
                seen.append(response.json())
            return response

        setattr(client, name, call)
    yield client
    for body in seen:
        if isinstance(body, dict) and body.get("status") in ("solved", "failed") and "solution" in body:
            continue  # over: the solution is shown
        if isinstance(body, dict) and "paths" in body:
            continue  # the OpenAPI schema
        if isinstance(body, list) and body and "description" in body[0]:
            continue  # GET /api/puzzles/themes/: the list of all themes
        assert_no_answer(body, None, [])


@pytest.fixture
def pool():
    summary = puzzle_pool.mine_seeds(SEEDS)
    assert summary["accepted"] >= 10, summary
    return summary


# ------------------------------------------------------------ helpers


def assert_no_answer(body: dict, puzzle: Puzzle, played: list[str]) -> None:
    """Nothing in ``body`` reveals the answer: no line, no themes, no value,
    no solution, no best moves, no theme name anywhere as a value."""
    for keys, value in json_paths(body):
        last = keys[-1] if keys else None
        hidden = (
            "line",
            "themes",
            "solution",
            "best_moves",
            "first_moves",
            "start_moves",
            "value",
            "best_value",
            "points_lost",
        )
        assert (
            last not in hidden
            or value in (None, [])
            or (
                last == "line" and "board" in keys  # the board's table line (stones on the table)
            )
        ), (keys, value)
        if isinstance(value, str):
            assert value not in THEME_NAMES or last in ("reason",), (keys, value)
    text = json.dumps(body)
    for p in [puzzle] if puzzle is not None else Puzzle.objects.all():
        assert json.dumps(p.line) not in text  # the whole line, in order


def start(api, puzzle_id: int) -> dict:
    response = api.post(f"/api/puzzles/{puzzle_id}/attempts/", format="json")
    assert response.status_code == 201, response.content
    return response.json()


def play(api, attempt: dict, move: str, expect: int = 201) -> dict:
    response = api.post(attempt["urls"]["moves"], {"move": move, "ply": len(attempt["moves"])}, format="json")
    assert response.status_code == expect, response.content
    body = response.json()
    if expect == 201 and body["status"] == "thinking":  # eager tasks: settled already; else poll
        body = api.get(attempt["urls"]["self"]).json()
    return body


REFERENCE_UP_TO = 18  # stones in hand: the pure-Python reference solver is quick enough up to here


def engine_for(position: Position) -> str:
    """The independent reference solver where it is quick, else the compiled core."""
    stones = position.hand_of("A").count + position.hand_of("B").count
    return "reference" if stones <= REFERENCE_UP_TO else "core"


def line_is_optimal(puzzle: Puzzle) -> None:
    position = Position.parse(puzzle.position)
    for text in puzzle.line:
        analysis = analyse(position, engine=engine_for(position))
        entry = analysis.move_value(text)
        assert entry.value == analysis.value, (puzzle.pk, text, entry, analysis.value)
        position = position.play(position.normalise_move(text))


# --------------------------------------------------------- generation


def test_generation_stores_verified_puzzles(pool):
    puzzles = list(Puzzle.objects.all())
    assert len(puzzles) == pool["accepted"]
    assert set(pool["by_kind"]) <= {"win", "most"}
    assert PuzzleSeed.objects.count() == len(SEEDS)
    by_reference = 0
    for puzzle in puzzles:
        start_position = Position.parse(puzzle.position)
        assert str(start_position) == puzzle.position  # normalised
        assert puzzle.side == start_position.side
        engine = engine_for(start_position)
        by_reference += engine == "reference"
        analysis = analyse(start_position, engine=engine)  # checked again, by the reference solver where quick
        values = [m.value for m in analysis.moves]
        assert len(values) >= 2
        if puzzle.kind == "win":
            assert sum(v > 0 for v in values) == 1
            assert values[0] > 0
        else:
            assert min(values) > 0
            assert values[1] <= values[0] - 10
        assert puzzle.value == analysis.value
        assert str(analysis.moves[0].move) == puzzle.line[0]
        line_is_optimal(puzzle)
        assert 1 <= puzzle.solver_moves == (len(puzzle.line) + 1) // 2  # the movers alternate, passes included
        assert set(puzzle.themes) <= THEME_NAMES
        assert puzzle.start_moves == [m.to_json() for m in analysis.moves]
    assert by_reference >= 5


def test_duplicates_are_rejected(pool):
    count = Puzzle.objects.count()
    again = puzzle_pool.mine_seeds(SEEDS)  # seeds mined before are skipped
    assert again["seeds"] == 0
    assert again["accepted"] == 0
    records, _examined = puzzle_pool.mine_seed(SEEDS[0])
    stored, duplicates = puzzle_pool.store_puzzles(records + records[:1])
    assert stored == []
    assert duplicates == len(records) + 1
    assert Puzzle.objects.count() == count


def test_generate_puzzles_service_through_eager_tasks(db):
    total = puzzle_pool.generate_puzzles(12, seeds_per_task=2, workers=True)
    assert total["accepted"] >= 12
    assert Puzzle.objects.count() == total["accepted"]
    assert total["examined"] > total["candidates"] >= total["accepted"]
    assert 0 < total["acceptance"] < 1
    # today's daily is chosen as soon as puzzles exist
    assert Puzzle.objects.filter(daily_on=days.utc_today()).count() == 1


def test_generate_command_summary(db, capsys):
    from django.core.management import call_command

    call_command("generate_puzzles", "--count", "5", "--local", "--no-progress")
    out = capsys.readouterr().out
    assert "accepted:" in out
    assert "by kind:" in out
    assert "puzzles/minute" in out
    assert "acceptance" in out
    assert Puzzle.objects.count() >= 5


# -------------------------------------------------------------- daily


def _ratings(pool_ids, spread=(800, 2400)):
    low, high = spread
    for i, pk in enumerate(pool_ids):
        Puzzle.objects.filter(pk=pk).update(rating=low + (high - low) * i / max(1, len(pool_ids) - 1), daily_on=None)


def test_daily_is_idempotent_deterministic_and_harder_towards_sunday(pool):
    ids = list(Puzzle.objects.values_list("pk", flat=True))
    _ratings(ids)
    monday = date(2026, 11, 30)
    assert monday.weekday() == 0
    first = puzzle_pool.daily_ensure(monday)
    assert puzzle_pool.daily_ensure(monday).pk == first.pk  # idempotent
    assert Puzzle.objects.filter(daily_on=monday).count() == 1
    # deterministic: the same state gives the same choice
    Puzzle.objects.filter(pk=first.pk).update(daily_on=None)
    assert puzzle_pool.daily_ensure(monday).pk == first.pk
    ratings = [first.rating]
    for offset in range(1, 7):
        ratings.append(puzzle_pool.daily_ensure(monday + timedelta(days=offset)).rating)
    assert ratings[0] < ratings[3] < ratings[6]
    assert abs(ratings[0] - 1200) < abs(ratings[6] - 1200)
    assert len({p.pk for p in Puzzle.objects.filter(daily_on__isnull=False)}) == 7  # never reused


def test_daily_api_and_archive(api, pool):
    body = api.get("/api/puzzles/daily/").json()
    puzzle = Puzzle.objects.get(pk=body["id"])
    assert puzzle.daily_on == days.utc_today()
    assert_no_answer(body, puzzle, [])
    assert api.get("/api/puzzles/daily/").json()["id"] == body["id"]
    yesterday = puzzle_pool.daily_ensure(days.utc_today() - timedelta(days=1))
    page = api.get("/puzzles/archive/")
    assert page.status_code == 200
    assert f"/puzzles/{yesterday.pk}/" in page.content.decode()
    # a past daily is playable
    attempt = start(api, yesterday.pk)
    assert attempt["status"] == "your-move"
    assert attempt["daily"] is False


# ------------------------------------------------------------ solving


def solve_with_line(api, puzzle: Puzzle, attempt: dict) -> dict:
    moves = puzzle.line
    seen = [attempt]
    state = attempt
    for i in range(0, len(moves), 2):
        assert state["status"] == "your-move", state
        assert moves[i] in state["legal_moves"]
        state = play(api, state, moves[i])
        seen.append(state)
        assert next(m for m in reversed(state["moves"]) if m["by"] == "player")["correct"] is True
        if state["status"] == "solved":
            break
        assert state["status"] == "your-move"
        assert state["feedback"] == "correct"
        # the solver's reply is the stored line's
        assert state["moves"][-1]["by"] == "solver"
        assert state["moves"][-1]["move"] == moves[i + 1]
        assert state["last_move"] == moves[i + 1]
    assert state["status"] == "solved", state
    for body in seen[:-1]:
        assert_no_answer(body, puzzle, [])
    return state


def test_scripted_client_solves_the_daily_with_the_stored_line(api, pool):
    daily = api.get("/api/puzzles/daily/").json()
    puzzle = Puzzle.objects.get(pk=daily["id"])
    attempt = start(api, puzzle.pk)
    assert attempt["rated"]
    assert attempt["daily"]
    assert attempt["solution"] is None
    assert set(attempt["legal_moves"]) == {str(m) for m in Position.parse(puzzle.position).legal_moves()}
    assert attempt["board"]["position"] == puzzle.position
    done = solve_with_line(api, puzzle, attempt)
    assert done["feedback"] == "correct"
    assert done["solution"]["line"][0]["move"] == puzzle.line[0]
    assert {t["name"] for t in done["solution"]["themes"]} == set(puzzle.themes)
    assert done["rating"]["after"] > done["rating"]["before"]
    player = api.get("/api/puzzles/daily/").json()["player"]
    assert player["streak"] == 1
    assert player["solved_today"]
    assert player["rating"] == done["rating"]["after"]


def _alternative(puzzle: Puzzle):
    """(prefix of the line, an alternative move) where a later step of the
    solving side has two moves that keep the value, else None."""
    position = Position.parse(puzzle.position)
    for i, text in enumerate(puzzle.line):
        if i > 0 and i % 2 == 0:
            analysis = analyse(position)
            others = [str(m) for m in analysis.best_moves if str(m) != text]
            if others:
                return puzzle.line[:i], others[0]
        position = position.push(text)
    return None


def test_scripted_client_solves_with_an_equally_good_alternative(api, pool):
    found = None
    for puzzle in Puzzle.objects.filter(solver_moves__gte=2).order_by("id"):
        alt = _alternative(puzzle)
        if alt is not None:
            found = (puzzle, *alt)
            break
    if found is None:  # mine more deals until one turns up
        for seed in range(100, 200):
            for p in Puzzle.objects.filter(pk__in=puzzle_pool.mine_seeds([seed])["puzzle_ids"], solver_moves__gte=2):
                alt = _alternative(p)
                if alt is not None:
                    found = (p, *alt)
                    break
            if found:
                break
    assert found is not None
    puzzle, prefix, alternative = found
    state = start(api, puzzle.pk)
    for i in range(0, len(prefix), 2):
        state = play(api, state, prefix[i])
        assert state["status"] == "your-move"
        assert state["moves"][-1]["move"] == prefix[i + 1]
    state = play(api, state, alternative)  # not the stored line's move, just as good
    assert state["moves"][len(prefix)]["move"] == alternative
    assert state["moves"][len(prefix)]["correct"] is True
    # go on from the position actually reached, with any value-keeping move
    while state["status"] == "your-move":
        assert_no_answer(state, puzzle, [])
        assert state["feedback"] == "correct"
        best = analyse(Position.parse(state["position"])).best_moves[0]
        state = play(api, state, str(best))
    assert state["status"] == "solved", state
    assert state["solution"] is not None


def test_a_wrong_move_fails_and_then_the_solution_is_shown(api, pool):
    puzzle = Puzzle.objects.order_by("id")[1]
    state = start(api, puzzle.pk)
    analysis = analyse(Position.parse(puzzle.position))
    wrong = str(analysis.moves[-1].move)
    assert analysis.moves[-1].value < analysis.value
    assert_no_answer(state, puzzle, [])
    failed = play(api, state, wrong)
    assert failed["status"] == "failed"
    assert failed["feedback"] == "incorrect"
    assert failed["moves"][0]["correct"] is False
    assert failed["moves"][0]["value"] == analysis.moves[-1].value
    assert failed["solution"]["line"][0]["move"] == puzzle.line[0]
    assert failed["solution"]["first_moves"][0]["value"] == puzzle.value
    assert failed["rating"]["after"] < failed["rating"]["before"]
    # over: no more moves (409), and trying again is allowed, unrated
    assert play(api, failed, str(analysis.moves[0].move), expect=409)["error"]
    again = start(api, puzzle.pk)
    assert again["rated"] is False
    assert again["solution"] is None
    solved = solve_with_line(api, puzzle, again)
    assert solved["rating"] is None
    history = api.get("/api/puzzles/history/").json()
    assert [row["status"] for row in history["attempts"]] == ["failed", "solved"]
    assert history["attempts"][0]["rating_after"] == failed["rating"]["after"]
    assert history["attempts"][1]["rating_after"] is None


def test_give_up(api, pool):
    puzzle = Puzzle.objects.order_by("id")[2]
    state = start(api, puzzle.pk)
    response = api.post(state["urls"]["give_up"], format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "failed"
    assert body["gave_up"]
    assert body["solution"]["line"]
    assert api.post(state["urls"]["give_up"], format="json").status_code == 409


def test_errors_and_ownership(api, other_api, pool):
    puzzle = Puzzle.objects.order_by("id")[0]
    state = start(api, puzzle.pk)
    bad = api.post(state["urls"]["moves"], {"move": "77", "ply": len(state["moves"])}, format="json")
    assert bad.status_code == 400
    assert "error" in bad.json()
    illegal = [str(m) for m in Position.parse(puzzle.position).legal_moves()]
    some_stone = next(s for s in ("00L", "66R", "35L", "12R") if s not in illegal)
    assert (
        api.post(state["urls"]["moves"], {"move": some_stone, "ply": len(state["moves"])}, format="json").status_code
        == 400
    )
    assert api.post(state["urls"]["moves"], {}, format="json").status_code == 400
    assert other_api.get(state["urls"]["self"]).status_code == 404
    assert (
        other_api.post(
            state["urls"]["moves"], {"move": puzzle.line[0], "ply": len(state["moves"])}, format="json"
        ).status_code
        == 404
    )
    assert api.post("/api/puzzles/999999/attempts/", format="json").status_code == 404
    assert api.get("/api/puzzles/next/?theme=nonsense").status_code == 400
    # unchanged by all of that
    assert PuzzleAttempt.objects.get(pk=state["id"]).moves == []


def test_a_move_without_its_ply_is_a_400_and_changes_nothing(api, pool):
    puzzle = Puzzle.objects.order_by("id")[0]
    state = start(api, puzzle.pk)
    for body in ({"move": puzzle.line[0]}, {"move": puzzle.line[0], "ply": None}):
        response = api.post(state["urls"]["moves"], body, format="json")
        assert response.status_code == 400, response.content
        assert response.json()["error"].startswith("ply: "), response.json()
    assert (
        api.post(state["urls"]["moves"], {"move": puzzle.line[0]}, format="json").json()["error"]
        == "ply: This field is required."
    )
    after = api.get(state["urls"]["self"]).json()
    assert after["moves"] == []
    assert after["status"] == "your-move"
    assert after["version"] == state["version"]
    assert PuzzleAttempt.objects.get(pk=state["id"]).moves == []


def test_next_puzzle_near_the_rating_by_theme(api, pool):
    body = api.get("/api/puzzles/next/").json()
    puzzle = Puzzle.objects.get(pk=body["id"])
    assert puzzle.daily_on is None
    assert_no_answer(body, puzzle, [])
    theme = next(
        t
        for t in ("count", "not-heaviest", "back-row", "long-line")
        if Puzzle.objects.filter(themes__icontains=f'"{t}"').exists()
    )
    themed = api.get(f"/api/puzzles/next/?theme={theme}").json()
    assert theme in Puzzle.objects.get(pk=themed["id"]).themes
    assert "themes" not in themed
    # not one already tried
    start(api, puzzle.pk)
    for _ in range(5):
        assert api.get("/api/puzzles/next/").json().get("id") != puzzle.pk


def test_the_solver_reply_comes_from_a_task(api, pool):
    """Without a worker the move is stored and the attempt waits ('thinking');
    the request never runs the solver."""
    puzzle = Puzzle.objects.order_by("id")[0]
    state = start(api, puzzle.pk)
    with (
        mock.patch("puzzles.core.tasking.send") as send,
        mock.patch("puzzles.training.mining.analyse") as m1,
        mock.patch("puzzles.analyses.services.solver.analyse") as m2,
    ):
        body = api.post(
            state["urls"]["moves"], {"move": puzzle.line[0], "ply": len(state["moves"])}, format="json"
        ).json()
        assert not m1.called
        assert not m2.called
    assert body["status"] == "thinking"
    assert body["legal_moves"] == []
    assert body["moves"][0]["correct"] is None
    assert send.call_args[0] == (attempt_settle_task, state["id"])
    # at the ply it is at now (the same ply again would be a retry, answered as the first time)
    assert (
        api.post(state["urls"]["moves"], {"move": puzzle.line[0], "ply": len(body["moves"])}, format="json").status_code
        == 409
    )
    services.attempt_settle(attempt=PuzzleAttempt.objects.get(pk=state["id"]))
    after = api.get(state["urls"]["self"]).json()
    assert after["status"] in ("your-move", "solved")
    assert after["moves"][0]["correct"] is True


# ------------------------------------------------------------ streaks


def test_streak_counts_consecutive_days():
    r = PuzzleRating(session_key="x")
    d = date(2026, 1, 1)
    days.streak_record(r, d)
    days.streak_record(r, d)  # the same day twice counts once
    days.streak_record(r, d + timedelta(days=1))
    assert r.streak == 2
    assert r.best_streak == 2
    assert days.streak_current(r, d + timedelta(days=2)) == 2  # alive until the day after
    assert days.streak_current(r, d + timedelta(days=3)) == 0
    days.streak_record(r, d + timedelta(days=4))
    assert r.streak == 1
    assert r.best_streak == 2


def test_streak_through_the_api_over_two_days(api, pool):
    day1 = days.utc_today()
    for offset, expected in ((0, 1), (1, 2)):
        day = day1 + timedelta(days=offset)
        with mock.patch.object(days, "utc_today", return_value=day):
            puzzle_pool.daily_ensure(day)
            body = api.get("/api/puzzles/daily/").json()
            puzzle = Puzzle.objects.get(pk=body["id"])
            assert puzzle.daily_on == day
            solve_with_line(api, puzzle, start(api, puzzle.pk))
            assert api.get("/api/puzzles/daily/").json()["player"]["streak"] == expected


# ---------------------------------------------------------- schema, pages


def test_openapi_schema_documents_the_puzzle_api(api):
    assert_schema_documents(
        api,
        (
            "/api/puzzles/daily/",
            "/api/puzzles/next/",
            "/api/puzzles/{puzzle_id}/attempts/",
            "/api/attempts/{attempt_id}/moves/",
            "/api/attempts/{attempt_id}/give-up/",
            "/api/puzzles/history/",
        ),
    )


def test_training_page_gives_its_rating_sentence_with_placeholders_in_every_language(client, pool):
    """The training page's "your rating" sentence comes with its translation's
    placeholders, which the page's script fills in after a rated attempt: the
    numbers sit in a different place in each language."""
    import html
    import re

    for language, count_label in (
        ("en", "(%(count)s rated)"),
        ("pl", "(zadania rankingowe: %(count)s)"),
        ("ro", "(cu rating: %(count)s)"),
    ):
        page = client.get("/puzzles/train/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        texts = [html.unescape(t) for t in re.findall(r'class="player-rating"[^>]*data-text="([^"]*)"', page)]
        assert len(texts) == 2, (language, texts)
        assert any(t.endswith(count_label) and "%(rating)s" in t for t in texts), (language, texts)


def test_pages(client, pool):
    home = client.get("/")
    assert home.status_code == 200
    assert 'id="puzzle-root"' in home.content.decode()
    for url in (
        "/puzzles/daily/",
        "/puzzles/train/",
        "/puzzles/train/?theme=count",
        "/puzzles/archive/",
        "/puzzles/history/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    puzzle = Puzzle.objects.order_by("id")[0]
    page = client.get(f"/puzzles/{puzzle.pk}/").content.decode()
    assert json.dumps(puzzle.line) not in page
    assert '"themes"' not in page
    # the plain forms work without the script
    response = client.post(f"/puzzles/{puzzle.pk}/")
    assert response.status_code == 302
    attempt = PuzzleAttempt.objects.latest("id")
    page = client.get(f"/puzzles/attempts/{attempt.pk}/").content.decode()
    assert '<input type="hidden" name="ply" value="0">' in page
    client.post(f"/puzzles/attempts/{attempt.pk}/move/", {"move": puzzle.line[0], "ply": "0"})
    attempt.refresh_from_db()
    assert attempt.moves[0]["correct"] is True
    # the form sent again: the move is not played twice; another move from the old page is refused
    played = len(attempt.moves)
    client.post(f"/puzzles/attempts/{attempt.pk}/move/", {"move": puzzle.line[0], "ply": "0"})
    other = next(m for m in state_moves(attempt) if m != puzzle.line[0])
    stale = client.post(f"/puzzles/attempts/{attempt.pk}/move/", {"move": other, "ply": "0"}, follow=True)
    assert "out of date" in stale.content.decode()
    attempt.refresh_from_db()
    assert len(attempt.moves) == played
    client.post(f"/puzzles/attempts/{attempt.pk}/give-up/")
    attempt.refresh_from_db()
    if attempt.status == "failed":
        assert attempt.gave_up
    page = client.get(f"/puzzles/attempts/{attempt.pk}/").content.decode()
    assert puzzle.line[0] in page
    history = client.get("/puzzles/history/").content.decode()
    assert "<svg" in history


def state_moves(attempt: PuzzleAttempt) -> list[str]:
    """The legal moves of the attempt's first position."""
    return [str(m) for m in Position.parse(attempt.moves[0]["position_before"]).legal_moves()]


def test_the_scan_would_see_an_answer(api, pool):
    puzzle = Puzzle.objects.order_by("id")[0]
    state = start(api, puzzle.pk)
    done = api.post(state["urls"]["give_up"], format="json").json()
    with pytest.raises(AssertionError):
        assert_no_answer(done, puzzle, [])
    with pytest.raises(AssertionError):
        assert_no_answer({"x": {"themes": ["block"]}}, puzzle, [])
    with pytest.raises(AssertionError):
        assert_no_answer({"x": ["count"]}, puzzle, [])


def test_theme_list(api):
    body = api.get("/api/puzzles/themes/").json()
    assert [t["name"] for t in body] == list(mining.THEMES)
    assert all(t["label"] and t["description"] for t in body)


def test_theme_texts_match_the_registry():
    from django.utils import translation

    from puzzles.training.presentation import themes

    assert [t["name"] for t in themes()] == list(mining.THEMES)
    for theme in mining.THEMES.values():
        assert theme.key
        assert str(theme.name)
        assert str(theme.description)
        assert callable(theme.predicate)
    with translation.override("pl"):
        assert [t["label"] for t in themes()] == [str(t.name) for t in mining.THEMES.values()]


def test_log_in_keeps_the_guest_attempts_and_rating(client, pool):
    from django.contrib.auth.models import User

    puzzle = Puzzle.objects.order_by("id")[0]
    client.post(f"/puzzles/{puzzle.pk}/")  # start as a guest (plain form)
    attempt = PuzzleAttempt.objects.latest("id")
    client.post(f"/puzzles/attempts/{attempt.pk}/give-up/")
    guest = PuzzleRating.objects.get(user=None)
    User.objects.create_user("ann", password="a-long-password-1")
    assert client.login(username="ann", password="a-long-password-1")
    attempt.refresh_from_db()
    assert attempt.user.username == "ann"
    assert attempt.session_key == ""
    assert PuzzleRating.objects.get(user__username="ann").rating == guest.rating


def test_stale_thinking_attempts_are_requeued(api, pool):
    from datetime import timedelta as td

    from django.utils import timezone

    puzzle = Puzzle.objects.order_by("id")[0]
    state = start(api, puzzle.pk)
    with mock.patch("puzzles.core.tasking.send"):
        api.post(state["urls"]["moves"], {"move": puzzle.line[0], "ply": len(state["moves"])}, format="json")
    PuzzleAttempt.objects.filter(pk=state["id"]).update(updated_at=timezone.now() - td(minutes=1))
    assert services.requeue_stale_attempts(stale_after=10) == [state["id"]]  # eager: settled now
    assert PuzzleAttempt.objects.get(pk=state["id"]).status in ("your-move", "solved")


def test_ensure_puzzle_pool_command(db, capsys):
    from django.core.management import call_command

    call_command("ensure_puzzle_pool", "--min", "8", "--wait", "0")
    out = capsys.readouterr().out
    assert "deals queued" in out
    assert "today's daily puzzle: #" in out
    assert Puzzle.objects.filter(daily_on__isnull=True).count() >= 8
    call_command("ensure_puzzle_pool", "--min", "8", "--wait", "0")
    assert "enough" in capsys.readouterr().out


def test_the_front_page_shows_how_the_daily_went(client, pool):
    daily = puzzle_pool.daily_ensure()
    client.post(f"/puzzles/{daily.pk}/")
    attempt = PuzzleAttempt.objects.latest("id")
    client.post(f"/puzzles/attempts/{attempt.pk}/give-up/")
    page = client.get("/").content.decode()
    assert 'id="attempt-state"' in page
    assert "You gave up." in page


def test_a_logged_in_player_plays_with_the_pages_csrf_token(pool):
    import re

    from django.contrib.auth.models import User
    from django.test import Client

    User.objects.create_user("bo", password="a-long-password-2")
    client = Client(enforce_csrf_checks=True)
    assert client.login(username="bo", password="a-long-password-2")
    page = client.get("/").content.decode()
    token = re.search(r'data-csrf-token="([^"]+)"', page).group(1)
    daily = puzzle_pool.daily_ensure()
    refused = client.post(f"/api/puzzles/{daily.pk}/attempts/", content_type="application/json")
    assert refused.status_code == 403
    response = client.post(
        f"/api/puzzles/{daily.pk}/attempts/", content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201
    assert response.json()["rated"]
    moved = client.post(
        response.json()["urls"]["moves"],
        {"move": daily.line[0], "ply": len(response.json()["moves"])},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert moved.status_code == 201
    assert PuzzleAttempt.objects.get(pk=response.json()["id"]).user.username == "bo"


def test_rating_chart_and_weekday_targets():
    from puzzles.training.presentation import rating_chart

    assert rating_chart([]) is None
    rows = [
        {"rating_before": 1500, "rating_after": 1580},
        {"rating_before": None, "rating_after": None},
        {"rating_before": 1580, "rating_after": 1540},
    ]
    chart = rating_chart(rows)
    assert [d["v"] for d in chart["dots"]] == [1500, 1580, 1540]
    assert len(chart["points"].split()) == 3
    ys = [d["y"] for d in chart["dots"]]
    assert ys[1] < ys[2] < ys[0]  # higher rating, higher on the chart
    targets = [days.daily_target(date(2026, 11, 30) + timedelta(days=i)) for i in range(7)]
    assert targets[0] == 1200
    assert targets[6] == 2000
    assert targets == sorted(targets)


@pytest.mark.parametrize("where", ["api", "board", "hint", "game", "record"])
def test_reading_back_a_known_analysis_of_your_attempt_makes_it_unrated(api, other_api, pool, where):
    """The analysis of a puzzle's position may be stored already (the site
    analysed it, or another player asked): reading it back, from the API or
    on the analysis board's page, gives the line away as asking for it does;
    so do a hint in a practice game at that position, a practice game started
    from it (its moves are graded against the best), and a record through it
    graded move by move.  Another player doing the same changes nothing for you."""
    from puzzles.analyses.models import Analysis
    from puzzles.analyses.services import analysis_request

    puzzle = Puzzle.objects.order_by("id")[0]
    known = analysis_request(position=puzzle.position)  # the site's own, told to nobody
    assert Analysis.objects.get(pk=known.pk).status == Analysis.Status.DONE
    games = {}
    if where == "hint":  # practice games at the position, from before the attempt
        for client in (api, other_api):
            made = client.post("/api/games/", {"position": puzzle.position, "human": puzzle.side}, format="json")
            assert made.status_code == 201, made.content
            assert made.json()["status"] == "your-move", made.content
            games[client] = made.json()["id"]
    mine = start(api, puzzle.pk)
    assert mine["rated"] is True

    def read(client):
        if where == "api":
            answer = client.get(f"/api/analyses/{known.pk}/")
            assert answer.status_code == 200
            assert answer.json()["result"] is not None
        elif where == "board":
            answer = client.get("/analysis/", {"position": puzzle.position})
            assert answer.status_code == 200
        elif where == "hint":
            answer = client.post(f"/api/games/{games[client]}/hint/", {"level": 3}, format="json")
            assert answer.status_code == 200, answer.content
        elif where == "game":
            answer = client.post("/api/games/", {"position": puzzle.position, "human": puzzle.side}, format="json")
            assert answer.status_code == 201, answer.content
        else:
            record = f"{puzzle.position} {puzzle.line[0]}"
            answer = client.post("/api/game-analyses/", {"record": record}, format="json")
            assert answer.status_code == 202, answer.content

    read(other_api)
    assert api.get(mine["urls"]["self"]).json()["rated"] is True
    read(api)
    after = api.get(mine["urls"]["self"]).json()
    assert after["rated"] is False
    assert after["unrated_because"] == "analysed"


@pytest.mark.parametrize("mover", ["you", "the solver", "you, logged in"])
def test_a_practice_game_through_your_puzzles_position_makes_it_unrated(api, other_api, pool, mover, django_user_model):
    """A practice game that only passes through a puzzle's position (it
    started from a deal) shows the line there too: your move there is graded
    against the best, or the solver plays its choice there.  Your attempt is
    then unrated; another player's game through it changes nothing for you.
    In a streak, the puzzle under way counts as failed."""
    from puzzles.games.models import Game
    from solver.deal import deal

    seed = 7
    dealt = deal(seed)
    puzzle = Puzzle.objects.order_by("id")[0]
    Puzzle.objects.filter(pk=puzzle.pk).update(position=str(dealt), side=dealt.side)
    if mover == "you, logged in":
        api.force_login(django_user_model.objects.create_user("ana", password="a-long-password-7"))
        mover = "you"
    mine = start(api, puzzle.pk)
    assert mine["rated"] is True
    assert mine["position"] == str(dealt)
    human = dealt.side if mover == "you" else ("B" if dealt.side == "A" else "A")

    def play_through(client):
        made = client.post("/api/games/", {"seed": seed, "human": human}, format="json")
        assert made.status_code == 201, made.content
        if mover == "you":
            first = str(dealt.legal_moves()[0])
            moved = client.post(f"/api/games/{made.json()['id']}/moves/", {"move": first, "ply": 0}, format="json")
            assert moved.status_code == 201, moved.content
        game = Game.objects.get(pk=made.json()["id"])
        assert game.start_position == str(dealt)
        assert game.ply_count >= 1
        return game

    play_through(other_api)
    assert api.get(mine["urls"]["self"]).json()["rated"] is True
    play_through(api)
    after = api.get(mine["urls"]["self"]).json()
    assert after["rated"] is False
    assert after["unrated_because"] == "analysed"


def test_a_practice_game_through_a_streaks_puzzle_fails_it(pool):
    from rest_framework.test import APIClient

    from puzzles.training.models import PuzzleRun
    from solver.deal import deal

    client = APIClient()
    run = client.post("/api/runs/", {"mode": "streak"}, format="json").json()
    dealt = deal(9)
    line = [str(analyse(dealt).best_moves[0])]  # the solution shown once the run is over
    Puzzle.objects.filter(pk=run["puzzles"][0]["puzzle"]).update(position=str(dealt), side=dealt.side, line=line)
    PuzzleAttempt.objects.filter(pk=run["attempt"]["id"]).update(position=str(dealt))
    made = client.post("/api/games/", {"seed": 9, "human": dealt.side}, format="json")
    moved = client.post(
        f"/api/games/{made.json()['id']}/moves/", {"move": str(dealt.legal_moves()[0]), "ply": 0}, format="json"
    )
    assert moved.status_code == 201, moved.content
    state = client.get(run["urls"]["self"]).json()
    assert state["status"] == "over"
    assert state["end_reason"] == "wrong-move"
    assert PuzzleAttempt.objects.get(pk=run["attempt"]["id"]).unrated_because == "analysed"
    assert PuzzleRun.objects.get(pk=run["id"]).score == 0


def test_analysing_a_position_of_your_attempt_makes_it_unrated(api, other_api, pool):
    """Asking the site for the analysis of a puzzle you are solving gives the
    line away: the attempt is then unrated, and says so; another player's
    analysis of the same position changes nothing for you."""
    puzzle = Puzzle.objects.order_by("id")[0]
    mine = start(api, puzzle.pk)
    assert mine["rated"] is True
    assert mine["unrated_because"] is None
    other_api.post("/api/analyses/", {"position": puzzle.position}, format="json")
    assert api.get(mine["urls"]["self"]).json()["rated"] is True
    api.post("/api/analyses/", {"position": puzzle.position}, format="json")
    after = api.get(mine["urls"]["self"]).json()
    assert after["rated"] is False
    assert after["unrated_because"] == "analysed"
    before = PuzzleRating.objects.filter(session_key=api.session.get("od_player", "")).first()
    solve_with_line(api, puzzle, after)
    rating = PuzzleRating.objects.filter(session_key=api.session.get("od_player", "")).first()
    assert rating is None or before is None or rating.rating == before.rating
    assert PuzzleAttempt.objects.get(pk=mine["id"]).rating_after is None
