"""Streak and timed runs through the API and the pages: a streak's puzzles
get harder and the first wrong move ends it, its best is kept; a timed run's
clock is the server's (penalties move its deadline, a move after it is
refused), its result lists every puzzle with its solution only once it is
over; and no answer of either, JSON or HTML, reveals a solution or a value
before that."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from unittest import mock

import pytest
from api_checks import json_paths
from django.utils import timezone

from puzzles.training import lifecycle, mining, run_services, runs, services
from puzzles.training import pool as puzzle_pool
from puzzles.training.models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun
from solver import Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)

SEEDS = [11, 12, 13, 14, 15, 16]
THEME_NAMES = set(mining.THEMES)
HIDDEN = (
    "line",
    "themes",
    "solution",
    "best_moves",
    "first_moves",
    "start_moves",
    "value",
    "best_value",
    "points_lost",
    "quality_facts",
)


@pytest.fixture
def pool():
    summary = puzzle_pool.mine_seeds(SEEDS)
    assert summary["accepted"] >= 10, summary
    return summary


# ------------------------------------------------------------ the scan


def assert_no_answer(body) -> None:
    """Nothing in the JSON ``body`` tells any puzzle's answer: no solution,
    line, value, best moves or themes (the board's table line aside), no
    theme named, no stored line in order."""
    for keys, value in json_paths(body):
        last = keys[-1] if keys else None
        assert last not in HIDDEN or value in (None, []) or (last == "line" and "board" in keys), (keys, value)
        if isinstance(value, str):
            assert value not in THEME_NAMES or last == "reason", (keys, value)
    text = json.dumps(body)
    for line in Puzzle.objects.values_list("line", flat=True):
        if len(line) > 1:
            assert json.dumps(line) not in text


JSON_SCRIPT = re.compile(r'<script id="([\w-]+)" type="application/json">(.*?)</script>', re.S)


def assert_page_has_no_answer(html: str) -> None:
    """A page: its embedded JSON as above, and no solution drawn."""
    for _, data in JSON_SCRIPT.findall(html):
        assert_no_answer(json.loads(data))
    for marker in ('class="solution', 'class="run-result', "Solution:", "First moves:"):
        assert marker not in html, marker


class Recorder:
    """Wraps a test client: every answer (JSON or HTML) is kept with whether
    some run of the player was over when it was given, for the scan."""

    def __init__(self, client):
        self.client = client
        self.seen: list[tuple[str, str, bool]] = []
        for name in ("get", "post"):
            setattr(self, name, self._wrap(getattr(client, name)))

    def _wrap(self, call):
        def recorded(path, *args, **kwargs):
            response = call(path, *args, **kwargs)
            if response.status_code < 300 and not str(path).startswith("/api/schema"):
                kind = response.get("Content-Type", "")
                self.seen.append((str(path), kind, self._over_now()))
            if response.status_code < 300:
                self.scan_last(response)
            return response

        return recorded

    @staticmethod
    def _over_now() -> bool:
        """Whether the newest run (the one these tests play) is over by now."""
        from puzzles.training import presentation

        latest = PuzzleRun.objects.order_by("-id").first()
        return latest is not None and presentation.run_over_now(latest)

    def scan_last(self, response) -> None:
        path, kind, over = self.seen[-1]
        if over:
            return  # a run is over: its result shows the solutions
        if kind.startswith("application/json"):
            assert_no_answer(response.json())
        elif kind.startswith("text/html"):
            assert_page_has_no_answer(response.content.decode())
        self.scanned += 1

    scanned = 0


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return Recorder(APIClient())


# ------------------------------------------------------------ helpers


def start_run(api, mode: str) -> dict:
    response = api.post("/api/runs/", {"mode": mode}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def best_move(attempt: dict) -> str:
    """The solver's first best move where the attempt stands (computed here)."""
    return str(analyse(Position.parse(attempt["position"])).best_moves[0])


def wrong_move(attempt: dict) -> str:
    analysis = analyse(Position.parse(attempt["position"]))
    worst = analysis.moves[-1]
    assert worst.value < analysis.value
    return str(worst.move)


def move(api, run: dict, text: str, expect: int = 201) -> dict:
    attempt = run["attempt"]
    response = api.post(
        run["urls"]["moves"], {"move": text, "ply": len(attempt["moves"]), "attempt": attempt["id"]}, format="json"
    )
    assert response.status_code == expect, response.content
    if expect != 201:
        return response.json()
    # eager tasks: the move is graded (and the solver replied) already; read the run as a client would
    return api.get(run["urls"]["self"]).json()


def solve_current(api, run: dict) -> dict:
    """Play best moves until the run's puzzle under way is over; the run after it."""
    attempt_id = run["attempt"]["id"]
    while run["attempt"] is not None and run["attempt"]["id"] == attempt_id:
        assert run["attempt"]["status"] == "your-move", run["attempt"]
        assert run["attempt"]["solution"] is None
        run = move(api, run, best_move(run["attempt"]))
    return run


def normalised_line(puzzle: Puzzle) -> list[str]:
    position, out = Position.parse(puzzle.position), []
    for text in puzzle.line:
        played = position.normalise_move(text)
        out.append(str(played))
        position = position.play(played)
    return out


def visit_pages(api, run: dict) -> None:
    """The pages a player sees during a run (each scanned by the recorder)."""
    for url in (run["urls"]["page"], run["urls"]["mode_page"]):
        assert api.get(url).status_code == 200, url
    if run["attempt"] is not None:
        assert api.get(f"/puzzles/attempts/{run['attempt']['id']}/").status_code == 200
        assert api.get(run["attempt"]["urls"]["self"]).status_code == 200


# ------------------------------------------------------------ streak


def test_a_streak_gets_harder_and_ends_on_the_first_wrong_move_and_its_best_is_kept(api, pool):
    run = start_run(api, "streak")
    assert run["mode"] == "streak"
    assert run["status"] == "active"
    assert run["time_left"] is None
    assert run["attempt"]["rated"] is False
    assert run["attempt"]["run"] == run["id"]
    ratings = [run["puzzles"][0]["rating"]]
    for solved in range(1, 3):
        run = solve_current(api, run)
        assert run["status"] == "active", run
        assert run["score"] == solved, run
        assert [p["result"] for p in run["puzzles"]] == ["solved"] * solved + ["unfinished"]
        assert all(p["solution"] is None for p in run["puzzles"])
        ratings.append(run["puzzles"][-1]["rating"])
    # increasing ratings: each puzzle is rated at least as the one before, and at least the mode's target
    assert ratings == sorted(ratings)
    stored = [round(a.puzzle_rating_before) for a in PuzzleAttempt.objects.filter(run_id=run["id"]).order_by("id")]
    assert stored == ratings
    last = run["attempt"]
    run = move(api, run, wrong_move(last))
    assert run["status"] == "over"
    assert run["end_reason"] == "wrong-move"
    assert run["score"] == 2
    assert run["attempt"] is None
    assert run["new_best"]
    assert run["best"] == 2
    assert [p["result"] for p in run["puzzles"]] == ["solved", "solved", "failed"]
    # the puzzle the wrong move ended the run on stays at hand, with its solution, for its board
    ended_by = run["ended_by"]
    assert ended_by["id"] == last["id"]
    assert ended_by["moves"][-1]["move"] == wrong_move(last)
    assert ended_by["solution"] is not None
    assert ended_by["legal_moves"] == []
    assert ended_by["to_move"] is None
    page = api.get(run["urls"]["page"]).content.decode()
    board = page.split('class="run-board-note"')[1].split('class="run-result"')[0]
    assert "The puzzle that ended the run (puzzle 3), after your move:" in board
    # the run is over: its final position is shown with no side to move
    assert "to-move" not in board
    assert "to move" not in board
    shown = re.findall(r'aria-label="(\d)-(\d)"', board.split('<div class="line"')[0])
    hands = ended_by["board"]["hands"]
    top = "B" if ended_by["side"] == "A" else "A"
    assert ["".join(s) for s in shown] == [s for s in hands[top]["front"] + hands[top]["back"] if s]
    for p in run["puzzles"]:
        puzzle = Puzzle.objects.get(pk=p["puzzle"])
        assert [m["move"] for m in p["solution"]["line"]] == normalised_line(puzzle)
        assert p["solution"]["value"] == analyse(Position.parse(puzzle.position)).value
    assert PuzzleRating.objects.get(user=None).best_puzzle_streak == 2
    # over: no more moves
    ended = api.get(last["urls"]["self"]).json()
    assert (
        api.post(run["urls"]["moves"], {"move": "pass", "ply": len(ended["moves"])}, format="json").status_code == 409
    )
    # a worse streak keeps the best
    worse = start_run(api, "streak")
    worse = move(api, worse, wrong_move(worse["attempt"]))
    assert worse["status"] == "over"
    assert worse["score"] == 0
    assert not worse["new_best"]
    assert worse["best"] == 2
    listing = api.get("/api/runs/?mode=streak").json()
    assert listing["best_streak"] == 2
    assert [r["score"] for r in listing["runs"]] == [0, 2]
    # ratings are untouched: runs are unrated
    assert PuzzleRating.objects.get(user=None).rated_count == 0


def test_starting_a_run_ends_the_one_under_way_and_a_runs_puzzle_cannot_be_tried_aside(api, pool):
    first = start_run(api, "streak")
    puzzle = first["attempt"]["puzzle"]["id"]
    # the same puzzle outside the run (to give up and read its solution) is refused meanwhile
    assert api.post(f"/api/puzzles/{puzzle}/attempts/", format="json").status_code == 409
    second = start_run(api, "timed")
    assert PuzzleRun.objects.get(pk=first["id"]).end_reason == "stopped"
    stopped = api.post(second["urls"]["stop"], format="json").json()
    assert stopped["status"] == "over"
    assert stopped["end_reason"] == "stopped"
    assert api.post(second["urls"]["stop"], format="json").status_code == 409
    assert api.post(f"/api/puzzles/{puzzle}/attempts/", format="json").status_code == 201


# ------------------------------------------------------------ timed


def test_a_timed_run_penalises_wrong_moves_and_ends_when_the_servers_clock_runs_out(api, pool):
    run = start_run(api, "timed")
    assert run["duration"] == runs.TIMED_DURATION
    assert 175 <= run["time_left"] <= 180
    assert run_services.run_expire(run_id=run["id"]) is False  # the countdown task before time: a no-op
    row = PuzzleRun.objects.get(pk=run["id"])
    deadline = row.deadline
    first = run["attempt"]["id"]
    run = move(api, run, wrong_move(run["attempt"]))
    assert run["status"] == "active"
    assert run["mistakes"] == 1
    assert run["penalty_seconds"] == runs.TIMED_PENALTY
    assert PuzzleRun.objects.get(pk=run["id"]).deadline == deadline - timedelta(seconds=runs.TIMED_PENALTY)
    assert run["time_left"] <= runs.TIMED_DURATION - runs.TIMED_PENALTY
    # the next puzzle is there; the failed one's solution waits for the end
    assert run["attempt"]["id"] != first
    assert run["puzzles"][0]["result"] == "failed"
    assert run["puzzles"][0]["solution"] is None
    assert api.get(f"/api/attempts/{first}/").json()["solution"] is None
    run = solve_current(api, run)
    assert run["score"] == 1
    assert run["status"] == "active"
    # the clock runs out on the server: every reader sees the run over, before anything writes it
    later = PuzzleRun.objects.get(pk=run["id"]).deadline + timedelta(seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        over = api.get(run["urls"]["self"]).json()
        assert over["status"] == "over"
        assert over["end_reason"] == "time"
        assert over["time_left"] == 0
        assert over["attempt"] is None
        assert PuzzleRun.objects.get(pk=run["id"]).status == "active"  # a GET wrote nothing
        # the result lists every puzzle with its solution
        assert [p["result"] for p in over["puzzles"]] == ["failed", "solved", "unfinished"]
        for p in over["puzzles"]:
            puzzle = Puzzle.objects.get(pk=p["puzzle"])
            assert p["solution"]["value"] == analyse(Position.parse(puzzle.position)).value
            assert len(p["solution"]["line"]) == len(puzzle.line)
        # a move after the deadline is refused, and closes the run
        refused = move(api, run, best_move(run["attempt"]), expect=409)
        assert "time" in refused["error"]
    row = PuzzleRun.objects.get(pk=run["id"])
    assert row.status == "over"
    assert row.end_reason == "time"
    assert row.score == 1
    assert PuzzleRating.objects.get(user=None).best_timed_score == 1
    # the puzzle the clock cut short: its attempt's page says so and offers no move; the puzzle's own page starts afresh
    cut = over["puzzles"][-1]
    page = api.get(cut["urls"]["page"]).content.decode()
    assert "Not finished: the run ended" in page
    assert 'name="move"' not in page
    page = api.get(cut["urls"]["puzzle"]).content.decode()
    assert "Not finished" not in page
    assert '"attempt-state"' not in page


def test_a_runs_move_without_its_ply_is_a_400_and_changes_nothing(api, pool):
    run = start_run(api, "streak")
    attempt = run["attempt"]
    response = api.post(run["urls"]["moves"], {"move": best_move(attempt), "attempt": attempt["id"]}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "ply: This field is required."
    assert api.get(run["urls"]["self"]).json() == run
    assert PuzzleAttempt.objects.get(pk=attempt["id"]).moves == []


def test_the_countdown_task_and_the_upkeep_close_a_timed_run(api, pool):
    run = start_run(api, "timed")
    later = timezone.now() + timedelta(seconds=runs.TIMED_DURATION + 1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert run_services.runs_expire_due() == [run["id"]]
    row = PuzzleRun.objects.get(pk=run["id"])
    assert row.status == "over"
    assert row.end_reason == "time"


def test_a_move_accepted_in_time_counts_though_graded_after_the_deadline(api, pool, no_tasks):
    run = start_run(api, "timed")
    attempt = run["attempt"]
    api.post(run["urls"]["moves"], {"move": best_move(attempt), "ply": len(attempt["moves"])}, format="json")
    row = PuzzleRun.objects.get(pk=run["id"])
    later = row.deadline + timedelta(seconds=5)
    with mock.patch("django.utils.timezone.now", return_value=later):
        # still being graded: not over yet for the reader
        assert api.get(run["urls"]["self"]).json()["status"] == "active"
        services.attempt_settle(attempt=PuzzleAttempt.objects.select_related("puzzle").get(pk=attempt["id"]))
        state = api.get(run["urls"]["self"]).json()
    settled = PuzzleAttempt.objects.get(pk=attempt["id"])
    if settled.status == "solved":
        assert state["status"] == "over"
        assert state["score"] == 1
    else:  # the puzzle goes on: its next move comes too late
        assert state["status"] == "over"
        assert state["puzzles"][0]["result"] == "unfinished"


# ------------------------------------------------------------ the scan of every answer


def test_no_answer_of_a_streak_or_a_timed_run_reveals_a_solution_before_it_is_over(api, pool):
    from rest_framework.test import APIClient

    for mode in ("streak", "timed"):
        run = start_run(api, mode)
        visit_pages(api, run)
        if mode == "streak":
            run = api.post(run["urls"]["skip"], format="json").json()
            visit_pages(api, run)
        for _ in range(2):
            run = solve_current(api, run)
            visit_pages(api, run)
        if mode == "timed":
            run = move(api, run, wrong_move(run["attempt"]))
            visit_pages(api, run)
            assert run["status"] == "active"
            assert run["mistakes"] == 1
            run = api.post(run["urls"]["stop"], format="json").json()
        else:
            run = move(api, run, wrong_move(run["attempt"]))
        assert run["status"] == "over"
        # the result is there, and would have failed the scan before the end
        with pytest.raises(AssertionError):
            assert_no_answer(run)
        page = api.get(run["urls"]["page"]).content.decode()
        with pytest.raises(AssertionError):
            assert_page_has_no_answer(page)
        assert all(p["solution"] for p in run["puzzles"])
    assert api.scanned >= 30
    # the list of runs and another player's view
    assert_no_answer(api.get("/api/runs/").json())
    other = APIClient()
    assert other.get(run["urls"]["self"]).status_code == 404


# ------------------------------------------------------------ pages and guests


def test_the_pages_work_without_the_script(client, pool):
    assert "Streak" in client.get("/puzzles/train/").content.decode()
    page = client.get("/puzzles/streak/")
    assert page.status_code == 200
    response = client.post("/puzzles/streak/")
    assert response.status_code == 302
    run = PuzzleRun.objects.get()
    attempt = run.attempts.get()
    html = client.get(response["Location"]).content.decode()
    assert 'id="run-root"' in html
    assert 'name="move"' in html
    assert '<input type="hidden" name="ply" value="0">' in html
    best = analyse(Position.parse(attempt.position))
    form = {"move": str(best.best_moves[0]), "attempt": attempt.pk, "ply": "0"}
    client.post(f"/puzzles/runs/{run.pk}/move/", form)
    attempt.refresh_from_db()
    assert attempt.moves[0]["correct"] is True
    # the form sent again with another move: refused as out of date, nothing played
    played = len(attempt.moves)
    stale = client.post(f"/puzzles/runs/{run.pk}/move/", {**form, "move": str(best.moves[-1].move)}, follow=True)
    assert "out of date" in stale.content.decode()
    attempt.refresh_from_db()
    assert len(attempt.moves) == played
    client.post(f"/puzzles/runs/{run.pk}/stop/")
    run.refresh_from_db()
    assert run.status == "over"
    assert run.end_reason == "stopped"
    html = client.get(f"/puzzles/runs/{run.pk}/").content.decode()
    assert 'class="run-result"' in html
    assert "Solution:" in html
    assert client.get("/puzzles/timed/").status_code == 200


def test_the_result_explains_brackets_only_when_a_line_has_the_solvers_replies():
    from django.template.loader import render_to_string

    def puzzle(line):
        return {
            "index": 1,
            "rating": 1200,
            "result": "failed",
            "played": ["12L"],
            "urls": {"puzzle": "/puzzles/1/"},
            "solution": {"line": line, "value": 5},
        }

    state = {
        "end_reason": "wrong-move",
        "score": 0,
        "new_best": False,
        "best": 3,
        "urls": {"mode_page": "/puzzles/streak/"},
        "puzzles": [puzzle([{"move": "36R", "key": True}]), {**puzzle(None), "solution": None}],
    }
    html = render_to_string("training/_run_result.html", {"state": state})
    assert "Solution: 36R" in html
    assert "(" not in html.split("Solution:")[1].split("<")[0]
    assert "In brackets" not in html
    state["puzzles"].append(
        puzzle([{"move": "36R", "key": True}, {"move": "12L", "key": False}, {"move": "25R", "key": True}])
    )
    html = render_to_string("training/_run_result.html", {"state": state})
    assert "Solution: 36R (12L) 25R" in html
    assert "In brackets: the solver's replies." in html


def test_a_guests_bests_follow_them_when_they_sign_up(client, pool):
    from django.contrib.auth.models import User

    client.post("/puzzles/streak/")
    run = PuzzleRun.objects.get()
    attempt = run.attempts.get()
    client.post(
        f"/puzzles/runs/{run.pk}/move/",
        {"move": str(analyse(Position.parse(attempt.position)).moves[-1].move), "attempt": attempt.pk, "ply": "0"},
    )
    run.refresh_from_db()
    assert run.status == "over"
    PuzzleRating.objects.filter(user=None).update(best_puzzle_streak=4, best_timed_score=7)
    user = User.objects.create_user("ann", password="a-long-password-1")
    PuzzleRating.objects.create(user=user, best_puzzle_streak=2, best_timed_score=9)
    assert client.login(username="ann", password="a-long-password-1")
    mine = PuzzleRating.objects.get(user=user)
    assert (mine.best_puzzle_streak, mine.best_timed_score) == (4, 9)
    run.refresh_from_db()
    assert run.user == user
    assert run.session_key == ""


def test_asking_for_the_analysis_of_a_runs_puzzle_counts_as_a_wrong_move(api, other_api, pool):
    run = start_run(api, "streak")
    position = run["attempt"]["position"]
    # another player's analysis of the same position changes nothing for this run
    other_api.post("/api/analyses/", {"position": position}, format="json")
    assert api.get(run["urls"]["self"]).json()["status"] == "active"
    # the analysis answer itself has values: asked through the bare client, outside the scan
    api.client.post("/api/analyses/", {"position": position}, format="json")
    over = api.get(run["urls"]["self"]).json()
    assert over["status"] == "over"
    assert over["end_reason"] == "wrong-move"
    assert over["score"] == 0
    assert PuzzleAttempt.objects.get(pk=run["attempt"]["id"]).unrated_because == "analysed"


def test_a_streak_past_the_hardest_puzzle_ends_with_nothing_left(api, pool):
    run = start_run(api, "streak")
    current = run["attempt"]["puzzle"]["id"]
    # every other puzzle easier than this one: a streak never goes down
    Puzzle.objects.exclude(pk=current).update(rating=100)
    run = solve_current(api, run)
    assert run["status"] == "over"
    assert run["end_reason"] == "exhausted"
    assert run["score"] == 1
    assert run["puzzles"][0]["solution"] is not None


def test_a_logged_in_player_keeps_a_timed_best_on_the_account(pool):
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient

    user = User.objects.create_user("bo", password="a-long-password-2")
    client = APIClient()
    client.force_authenticate(user)
    run = start_run(client, "timed")
    assert PuzzleRun.objects.get(pk=run["id"]).user == user
    run = solve_current(client, run)
    done = client.post(run["urls"]["stop"], format="json").json()
    assert done["score"] == 1
    assert done["new_best"]
    assert PuzzleRating.objects.get(user=user).best_timed_score == 1
    assert client.get("/api/runs/").json()["best_timed"] == 1


def test_a_streak_may_skip_one_puzzle_a_timed_run_none(api, pool):
    run = start_run(api, "streak")
    assert run["skips_left"] == 1
    skipped = run["attempt"]
    run = api.post(run["urls"]["skip"], format="json").json()
    assert run["status"] == "active"
    assert run["score"] == 0
    assert run["skips_left"] == 0
    assert [p["result"] for p in run["puzzles"]] == ["skipped", "unfinished"]
    assert run["attempt"]["id"] != skipped["id"]
    assert run["puzzles"][0]["solution"] is None
    # still increasing: the next puzzle is rated at least as the skipped one
    assert run["puzzles"][1]["rating"] >= run["puzzles"][0]["rating"]
    # the skipped puzzle's attempt is over: no move there, and its solution waits for the end of the run
    assert api.get(skipped["urls"]["self"]).json()["solution"] is None
    again = api.post(
        skipped["urls"]["moves"], {"move": best_move(skipped), "ply": len(skipped["moves"])}, format="json"
    )
    assert again.status_code == 409
    assert api.post(run["urls"]["skip"], format="json").status_code == 409  # one per streak
    run = solve_current(api, run)
    assert run["score"] == 1
    assert run["status"] == "active"
    run = move(api, run, wrong_move(run["attempt"]))
    assert run["status"] == "over"
    assert run["score"] == 1
    assert [p["result"] for p in run["puzzles"]] == ["skipped", "solved", "failed"]
    assert all(p["solution"] for p in run["puzzles"])
    timed = start_run(api, "timed")
    assert timed["skips_left"] == 0
    assert api.post(timed["urls"]["skip"], format="json").status_code == 409


def test_a_run_is_read_as_of_one_moment_when_a_puzzle_ends_between_its_reads(api, pool):
    """A worker may end the puzzle under way between the read of the run's row
    and the read of its puzzles: the answer must not show the next puzzle
    beside the score from before (a browser took such an answer for a puzzle
    that ended unsolved with the streak going on)."""
    from puzzles.training import selectors

    run = start_run(api, "streak")
    real = selectors.run_attempts
    ended = []

    def worker_ends_the_puzzle_meanwhile(row):
        if not ended:
            current = PuzzleAttempt.objects.get(pk=run["attempt"]["id"])
            ended.append(lifecycle.attempt_finish(current, solved=True, fields={}))
        return real(row)

    with mock.patch.object(selectors, "run_attempts", worker_ends_the_puzzle_meanwhile):
        state = api.get(run["urls"]["self"]).json()
    assert ended == [True]
    assert len(state["puzzles"]) == 2
    assert state["puzzles"][0]["result"] == "solved"
    assert state["score"] == 1, state["score"]
    assert state["attempt"]["id"] == state["puzzles"][1]["attempt"]
    assert state["version"] == PuzzleRun.objects.get(pk=run["id"]).version


def test_a_runs_puzzle_that_moved_on_after_it_was_read_is_not_failed_as_analysed(api, pool):
    """The analysis of a streak's puzzle fails it; but should the player's
    move come between the read of their puzzles under way and the failing,
    the puzzle (now being graded) is left to that move."""
    from django.db.models import F

    from puzzles.accounts.players import guest
    from puzzles.training import selectors

    run = start_run(api, "streak")
    attempt = run["attempt"]
    real = selectors.attempts_open_positions

    def a_move_comes_meanwhile(player):
        found = real(player)
        PuzzleAttempt.objects.filter(pk=attempt["id"]).update(status="thinking", version=F("version") + 1)
        return found

    with mock.patch.object(selectors, "attempts_open_positions", a_move_comes_meanwhile):
        services.attempts_unrate_analysed(player=guest(api.client.session["od_player"]), position=attempt["position"])
    row = PuzzleAttempt.objects.get(pk=attempt["id"])
    assert row.status == "thinking"
    assert row.unrated_because == ""
    assert PuzzleRun.objects.get(pk=run["id"]).status == "active"
    # read without a move meanwhile, the same analysis fails it
    PuzzleAttempt.objects.filter(pk=attempt["id"]).update(status="your-move")
    services.attempts_unrate_analysed(player=guest(api.client.session["od_player"]), position=attempt["position"])
    assert PuzzleAttempt.objects.get(pk=attempt["id"]).unrated_because == "analysed"
    assert PuzzleRun.objects.get(pk=run["id"]).end_reason == "wrong-move"


def test_simultaneous_starts_leave_one_run_under_way(api, pool):
    """Twelve starts sent at the same instant by one player: one run is under
    way after them (each start was answered, none with a 500), as when they
    come one after another. The database refuses a second run under way."""
    import threading

    from django.db import IntegrityError, connection, transaction
    from rest_framework.test import APIClient

    api.post("/api/runs/", {"mode": "streak"}, format="json")  # the session (one guest for every thread)
    barrier = threading.Barrier(12)
    codes: list[int] = []
    failures: list[BaseException] = []

    def start() -> None:
        client = APIClient()  # a client of its own (a test client is no thread's to share), the same session
        client.cookies.update(getattr(api, "client", api).cookies)  # the recorder's own client
        try:
            barrier.wait(10)
            codes.append(client.post("/api/runs/", {"mode": "streak"}, format="json").status_code)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures
    assert len(codes) == 12, codes
    assert set(codes) <= {201, 409}, codes
    assert codes.count(201) >= 1
    active = PuzzleRun.objects.filter(status=PuzzleRun.Status.ACTIVE)
    assert active.count() == 1
    run = active.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        PuzzleRun.objects.create(mode="timed", session_key=run.session_key, started_at=timezone.now())


def test_a_guest_logging_in_while_the_accounts_run_cannot_end_keeps_one_run_under_way(api, pool):
    """The account's run under way cannot be closed at the log-in (its last
    move is being graded): the hand-over does not break the one-run rule (an
    IntegrityError was a 500 at the log-in, the guest's other progress left
    behind); the guest's run ends and everything else is handed over."""
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient

    user = User.objects.create_user("cy", password="a-long-password-3")
    account = APIClient()
    account.force_authenticate(user)
    mine = start_run(account, "timed")
    theirs = start_run(api, "streak")
    session_key = PuzzleRun.objects.get(pk=theirs["id"]).session_key
    with mock.patch.object(lifecycle, "run_close", return_value=False):
        services.ratings_claim(user=user, session_key=session_key)
    assert PuzzleRun.objects.get(pk=mine["id"]).status == PuzzleRun.Status.ACTIVE
    guest_run = PuzzleRun.objects.get(pk=theirs["id"])
    assert guest_run.user == user
    assert guest_run.status == PuzzleRun.Status.OVER
    assert PuzzleRun.objects.filter(user=user, status=PuzzleRun.Status.ACTIVE).count() == 1
    assert not PuzzleAttempt.objects.filter(session_key=session_key, user__isnull=True).exists()
