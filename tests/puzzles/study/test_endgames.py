"""The endgame library: built by the solver (at least 60 endgames over the
six chapters), every line optimal and every fact agreeing with the solver,
texts rendered from facts in the reader's language, progress (studied,
mastered), curation (hidden endgames, order), the pages and the API."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from puzzles.study import presentation
from puzzles.study import services as study_services
from puzzles.study.ideas import IDEA_KEYS as IDEAS
from puzzles.study.models import Chapter, Endgame, EndgameProgress
from solver import PASS, Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def library():
    call_command("build_endgames", "--no-warm", verbosity=0)
    return list(Endgame.objects.select_related("chapter"))


def play(position: Position, text: str) -> Position:
    return position.play(PASS if text == "pass" else position.normalise_move(text))


def check_facts(endgame: Endgame) -> None:
    """Every stored value, line and fact of one endgame against the solver."""
    facts = endgame.facts
    start = Position.parse(endgame.position)
    assert facts["start"] == endgame.position == str(start)
    assert all(h.count <= 5 for h in start.hands)
    start_analysis = analyse(start)
    assert facts["value"] == start_analysis.value
    assert facts["side"] == start.side
    position = start
    for ply, step in enumerate(facts["line"]):
        analysis = analyse(position)
        assert step["ply"] == ply
        assert step["position"] == str(position)
        assert step["side"] == position.side
        assert step["student"] == (position.side == start.side)
        values = {str(m.move): m.value for m in analysis.moves}
        # the main line is optimal: every move keeps the position's value
        assert values[step["move"]] == analysis.value == step["value"]
        assert step["legal"] == len(analysis.moves)
        assert step["best_count"] == len(analysis.best_moves)
        worse = [v for v in values.values() if v != analysis.value]
        assert step["second"] == (max(worse) if worse else None)
        for alt in step["alternatives"]:
            assert values[alt["move"]] == alt["value"] < analysis.value
            after = play(position, alt["move"])
            if alt["reply"] is None:
                assert after.is_over()
            else:
                reply_analysis = analyse(after)
                # the refutation is a best reply: it holds the alternative to its value
                assert {str(m.move): m.value for m in reply_analysis.moves}[alt["reply"]] == reply_analysis.value
                assert reply_analysis.value == -alt["value"]
        after = play(position, step["move"])
        for tag in step["tags"]:
            kind = tag["kind"]
            if kind == "only_win":
                assert analysis.value > 0
                assert all(v <= 0 for v in worse)
                assert step["best_count"] == 1
            elif kind == "only_draw":
                assert analysis.value == 0
                assert all(v < 0 for v in worse)
            elif kind == "block":
                assert after.legal_moves() == [PASS]
            elif kind == "starve":
                theirs = after.hand_of(tag["opponent"]).stones()
                assert tag["number"] in after.ends
                assert not any(s.has(tag["number"]) for s in theirs)
            elif kind == "unlock":
                col = [c for c, s in position.hand.available() if str(s) == step["move"][:2]][0]
                assert str(position.hand.back[col]) == tag["stone"]
            elif kind == "domino":
                assert after.result().reason == "domino"
                assert after.result().points == tag["points"]
            elif kind == "blocked_end":
                assert after.result().reason == "blocked"
                assert after.hand_of(step["side"]).pips == tag["mine"]
        position = after
    assert position.is_over()
    result = position.result()
    assert facts["final"] == {"winner": result.winner, "points": result.points, "reason": result.reason}
    # the final result is the value of the start for the student
    points = 0 if result.winner is None else (result.points if result.winner == start.side else -result.points)
    assert points == start_analysis.value


def test_library_builds_60_endgames_across_the_chapters(library):
    assert len(library) >= 60
    per_chapter = {idea: 0 for idea in IDEAS}
    for e in library:
        per_chapter[e.chapter.idea] += 1
        assert e.facts["idea"] == e.chapter.idea
        assert e.chapter.idea in e.facts["ideas"]
        assert 1 <= e.difficulty <= 5
    assert all(n >= 10 for n in per_chapter.values()), per_chapter
    assert len({e.difficulty for e in library}) >= 3
    assert Chapter.objects.count() == 6
    # orders within a chapter are 1..n, easiest first
    for chapter in Chapter.objects.all():
        rows = list(chapter.endgames.order_by("order").values_list("order", "difficulty"))
        assert [o for o, _ in rows] == list(range(1, len(rows) + 1))
        assert [d for _, d in rows] == sorted(d for _, d in rows)


def test_a_sample_agrees_with_the_solver(library):
    rng = random.Random(1)
    sample = rng.sample(library, 20) + [e for e in library if e.difficulty >= 4][:5]
    for endgame in sample:
        check_facts(endgame)


def test_each_chapter_teaches_its_idea(library):
    for e in library:
        line = e.facts["line"]
        idea = e.chapter.idea
        student_kinds = {t["kind"] for s in line if s["student"] for t in s["tags"]}
        if idea == "blocking":
            assert "block" in student_kinds
        elif idea == "counting":
            assert e.facts["final"]["reason"] == "blocked"
        elif idea == "racing":
            assert e.facts["final"]["reason"] == "domino"
            assert e.facts["final"]["winner"] == e.facts["side"]
        elif idea == "tempo":
            assert any(s["move"] == "pass" for s in line)
        elif idea == "unlocking":
            assert "unlock" in student_kinds
        # the key move is the one move to find
        assert {t["kind"] for t in line[0]["tags"]} & {"only_win", "only_draw", "only_best"}


def test_build_is_idempotent_and_ensure_only_builds_when_empty(library):
    count = Endgame.objects.count()
    assert study_services.library_ensure() is None
    summary = study_services.library_build(warm_analyses=False)
    assert summary["added"] == 0
    assert Endgame.objects.count() == count


def test_texts_are_rendered_from_facts_in_the_readers_language(library):
    endgame = library[0]
    state = presentation.endgame_state(endgame)
    assert state["title"]
    assert state["intro"]
    assert state["final"]["text"]
    assert all(isinstance(s["text"], str) for s in state["steps"])
    assert any(s["text"] for s in state["steps"])
    # nothing English is stored: the facts are data
    stored = str(endgame.facts)
    assert "only move" not in stored
    assert "refuted" not in stored
    with translation.override("pl"):
        assert presentation.endgame_state(endgame)["steps"][0]["text"]
    # a curator's title and intro win over the generated ones
    Endgame.objects.filter(pk=endgame.pk).update(title="My title", intro="My intro")
    endgame.refresh_from_db()
    state = presentation.endgame_state(endgame)
    assert state["title"] == "My title"
    assert state["intro"] == "My intro"


def test_pages_and_progress(library):
    client = Client()
    page = client.get("/endgames/").content.decode()
    for chapter in Chapter.objects.all():
        assert f'data-chapter="{chapter.idea}"' in page
    endgame = library[3]
    response = client.get(f"/endgames/{endgame.pk}/")
    assert response.status_code == 200
    text = response.content.decode()
    assert 'id="endgame-data"' in text
    assert "data-line" in text
    assert endgame.position in text
    assert not EndgameProgress.objects.filter(endgame=endgame).exists()  # a GET writes nothing
    assert "data-mark-studied" in text
    marked = client.post(f"/endgames/{endgame.pk}/")  # the plain page's "Mark as studied"
    assert marked.status_code == 302
    row = EndgameProgress.objects.get(endgame=endgame)
    assert row.studied_at is not None
    assert row.mastered_at is None
    assert 'class="studied"' in client.get("/endgames/").content.decode()
    # stepping through the line: the board after each step
    n = len(endgame.facts["line"])
    for step in range(n + 1):
        assert client.get(f"/endgames/{endgame.pk}/?step={step}").status_code == 200
    # mastered: the whole main line, checked by the solver
    moves = [s["move"] for s in endgame.facts["line"]]
    url = f"/api/endgames/{endgame.pk}/progress/"
    bad = client.post(url, {"moves": moves[:-1]}, content_type="application/json")
    assert bad.status_code == 400
    assert "end of the deal" in bad.json()["error"]
    first = analyse(Position.parse(endgame.position))
    wrong = next((m for m in first.moves if m.value != first.value), None)
    if wrong is not None:
        bad = client.post(url, {"moves": [str(wrong.move)]}, content_type="application/json")
        assert bad.status_code == 400
        assert "not the best" in bad.json()["error"]
    ok = client.post(url, {"moves": moves}, content_type="application/json")
    assert ok.status_code == 200
    assert ok.json() == {"studied": True, "mastered": True, "pending": False}
    assert 'class="mastered"' in client.get("/endgames/").content.decode()
    # someone else's progress is their own
    other = Client()
    assert other.get("/api/endgames/").json()[0]["mastered"] == 0


def test_any_best_move_counts_for_mastery(library):
    """Another move of the same value also masters the endgame."""
    for endgame in library:
        start = Position.parse(endgame.position)
        position, moves, branched = start, [], False
        while not position.is_over():
            analysis = analyse(position)
            best = analysis.best_moves
            move = best[-1] if position.side == start.side else best[0]
            branched |= position.side == start.side and len(best) > 1
            moves.append(str(move))
            position = position.play(move)
        if branched:
            client = Client()
            response = client.post(
                f"/api/endgames/{endgame.pk}/progress/", {"moves": moves}, content_type="application/json"
            )
            assert response.status_code == 200
            assert response.json()["mastered"]
            return
    pytest.skip("no endgame with two best moves for the student")


def test_api_and_hidden_endgames(library, api):
    chapters = api.get("/api/endgames/").json()
    assert [c["idea"] for c in chapters] == list(IDEAS)
    total = sum(len(c["endgames"]) for c in chapters)
    assert total == len(library)
    endgame = library[0]
    body = api.get(f"/api/endgames/{endgame.pk}/").json()
    assert body["position"] == endgame.position
    assert [s["move"] for s in body["steps"]] == [s["move"] for s in endgame.facts["line"]]
    assert len(body["boards"]) == len(body["steps"]) + 1
    assert body["boards"][-1]["over"] is True
    Endgame.objects.filter(pk=endgame.pk).update(hidden=True)
    assert api.get(f"/api/endgames/{endgame.pk}/").status_code == 404
    assert sum(len(c["endgames"]) for c in api.get("/api/endgames/").json()) == total - 1
    assert api.get("/api/endgames/999999/").json() == {"error": "no such endgame"}


def test_the_analysis_api_answers_every_endgame_move_at_once(api):
    call_command("build_endgames", "--per-chapter", "2", verbosity=0)  # with the analyses stored
    endgame = Endgame.objects.first()
    for step in endgame.facts["line"]:
        response = api.post("/api/analyses/", {"position": step["position"]}, format="json")
        assert response.status_code == 200  # already analysed: no waiting
        assert response.json()["result"]["value"] == step["value"]


def test_admin_can_curate(library):
    from django.contrib.auth.models import User

    User.objects.create_superuser("curator", "c@example.com", "pw")
    client = Client()
    client.login(username="curator", password="pw")
    assert client.get("/admin/study/endgame/").status_code == 200
    assert client.get("/admin/study/chapter/").status_code == 200
    endgame = library[0]
    assert client.get(f"/admin/study/endgame/{endgame.pk}/change/").status_code == 200
    response = client.post(
        "/admin/study/endgame/",
        {
            "action": "hide_endgames",
            "_selected_action": [endgame.pk],
        },
    )
    assert response.status_code == 302
    endgame.refresh_from_db()
    assert endgame.hidden


def test_a_guests_progress_and_analyses_follow_them_when_they_log_in(library):
    from django.contrib.auth.models import User

    from puzzles.study.models import GameAnalysis

    User.objects.create_user("guest", "g@example.com", "pw")
    client = Client()
    endgame = library[0]
    client.get(f"/endgames/{endgame.pk}/")
    moves = [s["move"] for s in endgame.facts["line"]]
    assert client.post(
        f"/api/endgames/{endgame.pk}/progress/", {"moves": moves}, content_type="application/json"
    ).json()["mastered"]
    start = endgame.position
    record = start + " " + " ".join(moves)
    assert client.post("/api/game-analyses/", {"record": record}, content_type="application/json").status_code == 202
    assert client.login(username="guest", password="pw")
    user = User.objects.get(username="guest")
    assert EndgameProgress.objects.get(endgame=endgame).owner == user
    assert GameAnalysis.objects.get().owner == user
    chapters = client.get("/api/endgames/").json()
    assert sum(c["mastered"] for c in chapters) == 1


def test_each_step_opens_in_analysis_at_its_position(library):
    import html
    import re

    client = Client()
    endgame = max(library, key=lambda e: len(e.facts["line"]))
    page = client.get(f"/endgames/{endgame.pk}/").content.decode()
    links = [html.unescape(u) for u in re.findall(r'<a class="open-analysis" href="([^"]+)"', page)]
    assert len(links) == len(endgame.facts["line"])
    for link, step in zip(links, endgame.facts["line"], strict=False):
        view = client.get(link).content.decode()
        assert f"<code data-current-position>{html.escape(step['position'])}</code>" in view


def test_the_mastery_check_never_runs_the_solver_in_the_request(library, no_tasks):
    """With the line's analyses not computed (no worker), the check answers 202
    and queues them; once they are there, the same line is mastered."""
    from unittest import mock

    from django.core.cache import cache

    from puzzles.analyses.models import Analysis
    from puzzles.analyses.selectors import analysis_memory_clear
    from puzzles.analyses.tasks import compute_analysis_task

    endgame = library[0]
    moves = [s["move"] for s in endgame.facts["line"]]
    Analysis.objects.all().delete()
    cache.clear()
    analysis_memory_clear()  # nothing remembered by this process either
    client = Client()
    with mock.patch("solver.analyse", side_effect=AssertionError("the solver ran in a request")):
        first = client.post(f"/api/endgames/{endgame.pk}/progress/", {"moves": moves}, content_type="application/json")
    assert first.status_code == 202
    assert first.json() == {"studied": True, "mastered": False, "pending": True}
    queued = [args[0] for task, args in no_tasks if task is compute_analysis_task]
    assert len(queued) == len(moves)
    for analysis_id in queued:  # a worker computes them
        compute_analysis_task.apply(args=(analysis_id,), throw=True)
    again = client.post(f"/api/endgames/{endgame.pk}/progress/", {"moves": moves}, content_type="application/json")
    assert again.status_code == 200
    assert again.json()["mastered"] is True
