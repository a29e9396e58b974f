"""Game analysis: a record round-trips through upload and analysis, the
progress is stored, the per-player summary matches an independent
computation from solver.analyse, practice games can be analysed, bad
records get the parser's reason."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from puzzles.study.models import GameAnalysis
from solver import GameRecord, analyse, canonical_key, deal
from solver.errors import RecordError

pytestmark = pytest.mark.django_db(transaction=True)


def random_record(seed: int, finish: bool = True) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord.from_seed(seed, (), {"Event": "Study test", "A": 'Ann "the quick"', "B": "Bob"})
    limit = 999 if finish else 9
    while not record.is_over and len(record.moves) < limit:
        analysis = analyse(record.final_position)
        # a mix of good and bad moves
        move = rng.choice([analysis.moves[0].move, rng.choice(analysis.moves).move])
        record = record.push(move)
    return record


def independent_summary(record: GameRecord) -> dict:
    """Per player, straight from solver.analyse."""
    out = {
        s: {
            "moves": 0,
            "choices": 0,
            "kept": 0,
            "points_lost": 0,
            "best": 0,
            "inaccuracy": 0,
            "mistake": 0,
            "blunder": 0,
        }
        for s in "AB"
    }
    for position, move in zip(record.positions(), record.moves, strict=False):
        analysis = analyse(position)
        value = next(m.value for m in analysis.moves if m.move == move)
        best = analysis.value
        s = out[position.side]
        s["moves"] += 1
        s["points_lost"] += best - value
        if value == best:
            grade = "best"
        elif (value > 0) - (value < 0) != (best > 0) - (best < 0):
            grade = "blunder"
        elif best - value >= 10:
            grade = "mistake"
        else:
            grade = "inaccuracy"
        s[grade] += 1
        if len(analysis.moves) >= 2:
            s["choices"] += 1
            s["kept"] += value == best
    for s in out.values():
        s["accuracy"] = 100.0 if not s["choices"] else round(100.0 * s["kept"] / s["choices"], 1)
        del s["kept"]
    return out


def check_done(body: dict, record: GameRecord) -> None:
    assert body["status"] == "done", body
    assert body["progress"] == body["total"] == len(record.moves)
    assert GameRecord.parse(body["record"]) == record  # the stored text re-parses equal
    result = body["result"]
    assert [p["move"] for p in result["plies"]] == [str(m) for m in record.moves]
    assert result["summary"] == independent_summary(record)
    positions = record.positions()
    for p, position in zip(result["plies"], positions, strict=False):
        analysis = analyse(position)
        assert p["best"] == analysis.value
        assert p["position"] == str(position)
    values = [analyse(p).value * (1 if p.side == "A" else -1) for p in positions]
    assert result["values"] == values


def test_json_record_round_trips(api):
    record = random_record(3)
    response = api.post("/api/game-analyses/", {"record": str(record)}, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    check_done(body, record)
    assert body["source"] == "paste"
    # the stored record, pasted again, gives the same analysis
    again = api.post("/api/game-analyses/", {"record": body["record"]}, format="json").json()
    assert api.get(f"/api/game-analyses/{again['id']}/").json()["result"] == body["result"]


def test_upload_round_trips(api):
    record = random_record(8)
    upload = SimpleUploadedFile("game.txt", str(record).encode("utf-8"), content_type="text/plain")
    response = api.post("/api/game-analyses/", {"file": upload}, format="multipart")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    check_done(body, record)
    assert body["source"] == "upload"


def test_unfinished_and_bare_records(api):
    record = random_record(12, finish=False)
    assert not record.is_over
    bare = str(record.start) + " " + " ".join(str(m) for m in record.moves)
    body = api.post("/api/game-analyses/", {"record": bare}, format="json").json()
    body = api.get(f"/api/game-analyses/{body['id']}/").json()
    assert body["result"]["result"] == "*"
    assert GameRecord.parse(body["record"]) == GameRecord(record.start, record.moves)
    assert body["result"]["summary"] == independent_summary(record)


def test_page_form_upload_and_detail_page():
    client = Client()
    record = random_record(21)
    upload = SimpleUploadedFile("game.txt", str(record).encode("utf-8"))
    response = client.post("/analysis/games/", {"record": "", "file": upload})
    assert response.status_code == 302, response.content.decode()[:2000]
    page = client.get(response["Location"]).content.decode()
    assert "data-chart" in page
    assert "<polyline" in page
    assert len(re.findall(r'<tr class="grade-\w+" data-ply=', page)) == len(record.moves)
    summary = independent_summary(record)
    for side in "AB":
        row = re.search(rf'<tr data-side="{side}">(.*?)</tr>', page, re.S).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[1] == f"{summary[side]['accuracy']}%"
        assert [int(c) for c in cells[2:7]] == [
            summary[side][k] for k in ("points_lost", "inaccuracy", "mistake", "blunder", "moves")
        ]
    assert "/analysis/?position=" in page
    listing = client.get("/analysis/games/").content.decode()
    assert response["Location"] in listing


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("", "empty"),
        ('[Seed "x"]\n1. 00', "Seed"),
        ('[Seed "42"]\n\n1. 66', "at move 1:"),
        ('[Event "no start"]\n', "Start tag"),
    ],
)
def test_bad_records_are_400_with_the_reason(api, text, phrase):
    before = GameAnalysis.objects.count()
    response = api.post("/api/game-analyses/", {"record": text}, format="json")
    assert response.status_code == 400, response.content
    assert phrase.lower() in response.json()["error"].lower()
    assert GameAnalysis.objects.count() == before
    if text:
        # the parser's reason, a move's named by its number in playing order
        with pytest.raises(RecordError) as info:
            GameRecord.parse(text)
        reason = re.sub(r"^ply (\d+): ", "", str(info.value))
        assert response.json()["error"].endswith(reason)


def test_need_exactly_one_source(api):
    assert api.post("/api/game-analyses/", {}, format="json").status_code == 400
    both = api.post("/api/game-analyses/", {"record": str(random_record(1)), "game_id": 1}, format="json")
    assert both.status_code == 400
    assert "error" in both.json()


def test_practice_game_by_id_and_ownership(api, other_api):
    seed = next(s for s in range(100) if deal(s).side == "A")
    game = api.post("/api/games/", {"seed": seed, "human": "A", "level": "perfect"}, format="json").json()
    for _ in range(3):
        state = api.get(f"/api/games/{game['id']}/").json()
        if state["status"] != "your-move":
            break
        api.post(
            f"/api/games/{game['id']}/moves/", {"move": state["legal_moves"][-1], "ply": state["ply"]}, format="json"
        )
    state = api.get(f"/api/games/{game['id']}/").json()
    response = api.post("/api/game-analyses/", {"game_id": game["id"]}, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    record = GameRecord.parse(body["record"])
    assert [str(m) for m in record.moves] == [m["move"] for m in state["moves"]]
    assert record.seed == seed
    check_done(body, record)
    # another player can neither see it nor analyse the game
    assert other_api.get(f"/api/game-analyses/{body['id']}/").status_code == 404
    assert other_api.post("/api/game-analyses/", {"game_id": game["id"]}, format="json").status_code == 404


def test_progress_is_stored_while_grading():
    from puzzles.study import services as study_services

    record = random_record(30)
    seen = []
    analysis = GameAnalysis.objects.create(record=str(record), total=len(record.moves))
    original = study_services.grade_record

    def spy(rec, progress=None):
        def wrapped(done, total):
            progress(done, total)
            seen.append(GameAnalysis.objects.get(pk=analysis.pk).progress)

        return original(rec, progress=wrapped)

    study_services.grade_record = spy
    try:
        study_services.game_analysis_run(analysis=analysis)
    finally:
        study_services.grade_record = original
    assert seen == list(range(1, len(record.moves) + 1))
    analysis.refresh_from_db()
    assert analysis.status == "done"
    assert analysis.progress == len(record.moves)
    # idempotent: running again changes nothing
    result = analysis.result
    study_services.game_analysis_run(analysis=analysis)
    analysis.refresh_from_db()
    assert analysis.result == result


def test_detail_page_values_are_for_a_like_the_chart():
    client = Client()
    record = random_record(21)
    response = client.post("/analysis/games/", {"record": str(record)})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    shown = [int(v) for v in re.findall(r'data-value-for-a="(-?\d+)"', page)]
    positions = record.positions()
    expected = []
    for move, position in zip(record.moves, positions, strict=False):
        value = next(m.value for m in analyse(position).moves if str(m.move) == str(move))
        expected.append(value if position.side == "A" else -value)
    assert shown == expected
    assert "Value for A" in page


def test_reads_never_write_and_beat_requeues_what_was_left_behind(api, settings):
    """A GET of the page or the API writes nothing, even for an analysis a dead
    worker left behind; the beat task queues it again, and it gets graded."""
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.study import tasks as study_tasks

    record = random_record(5)
    created = api.post("/api/game-analyses/", {"record": str(record)}, format="json").json()
    old = timezone.now() - timedelta(seconds=settings.OD_STALE_AFTER_SECONDS * 10)
    GameAnalysis.objects.filter(pk=created["id"]).update(
        status=GameAnalysis.Status.RUNNING, result=None, progress=2, updated_at=old
    )
    api.get(f"/api/game-analyses/{created['id']}/")
    api.get(f"/analysis/games/{created['id']}/")
    row = GameAnalysis.objects.get(pk=created["id"])
    assert (row.status, row.updated_at, row.progress) == ("running", old, 2)
    # a fresh one is left alone
    fresh = api.post("/api/game-analyses/", {"record": str(random_record(6, finish=False))}, format="json").json()
    GameAnalysis.objects.filter(pk=fresh["id"]).update(status=GameAnalysis.Status.PENDING, result=None)
    study_tasks.requeue_stale_game_analyses_task.apply()
    check_done(api.get(f"/api/game-analyses/{created['id']}/").json(), record)
    assert GameAnalysis.objects.get(pk=fresh["id"]).status == "pending"


def test_a_pasted_record_that_begins_with_a_byte_order_mark_is_read(api):
    """Pasted from a file saved with a byte-order mark, as an uploaded file
    with one is read (the mark was refused as a bad first tag)."""
    record = random_record(5)
    response = api.post("/api/game-analyses/", {"record": "\ufeff" + str(record)}, format="json")
    assert response.status_code == 202, response.content
    check_done(api.get(f"/api/game-analyses/{response.json()['id']}/").json(), record)


def _script_json(page: str, name: str):
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1)) if found else None


def test_a_page_still_grading_gives_the_record_for_the_browser_to_grade(api, monkeypatch):
    """While the workers grade, the page embeds every position of the record
    (mover, team, the sign of the first team's values, the move played, the
    analysis board link) and the boards, so that the browser's solver grades
    it meanwhile; once done, the positions for the browser's side panel; none
    of either when a position's analysis is withheld (a game between people
    in progress), the stored grades still shown."""
    from puzzles.core import fairness

    record = random_record(14, finish=False)
    created = api.post("/api/game-analyses/", {"record": str(record)}, format="json").json()
    done_page = api.get(f"/analysis/games/{created['id']}/").content.decode()
    assert _script_json(done_page, "record-data") is None
    stored = _script_json(done_page, "review-data")
    assert stored["positions"] == [str(p) for p in record.positions()]  # for the browser's side panel
    stored_result = GameAnalysis.objects.get(pk=created["id"]).result
    GameAnalysis.objects.filter(pk=created["id"]).update(status=GameAnalysis.Status.RUNNING, result=None, progress=3)
    page = api.get(f"/analysis/games/{created['id']}/").content.decode()
    assert _script_json(page, "review-data") is None
    data = _script_json(page, "record-data")
    positions = record.positions()
    assert [s["position"] for s in data["steps"]] == [str(p) for p in positions]
    assert [s["move"] for s in data["steps"]] == [str(m) for m in record.moves] + [None]
    assert [(s["side"], s["team"], s["sign"]) for s in data["steps"]] == [
        (p.side, p.side, 1 if p.side == "A" else -1) for p in positions
    ]
    assert [s["analysis_url"] for s in data["steps"][:-1]] == [p["analysis_url"] for p in stored["plies"]]
    assert data["boards"] == stored["boards"]
    assert (data["first"], data["seats"], data["variant"]) == ("A", ["A", "B"], stored["variant"])
    # a position of the record withheld now: nothing for the browser to analyse
    withheld = canonical_key(positions[4])  # the checks are given canonical forms
    monkeypatch.setattr(
        fairness, "_checks", [lambda keys: "a game between people in progress" if withheld in keys else None]
    )
    page = api.get(f"/analysis/games/{created['id']}/").content.decode()
    assert _script_json(page, "record-data") is None
    assert "data-progress" in page
    GameAnalysis.objects.filter(pk=created["id"]).update(status=GameAnalysis.Status.DONE, result=stored_result)
    page = api.get(f"/analysis/games/{created['id']}/").content.decode()
    assert _script_json(page, "review-data")["positions"] == []
    assert _script_json(page, "review-data")["plies"] == stored["plies"]  # the stored grades, shown as ever
