"""The double-dummy review of a closed game: a block and a partnership deal
(and every other variant, with and without ``+doubles``) typed in hand by
hand or pasted as a record go through the game analysis, and every graded
move agrees with the CLI's ``game`` command run on the same record; records
that do not replay are refused with the move number and the reason, and
nothing is stored; the page shows per-seat and per-team summaries, the
chart from the first team's side, the board at any ply, and a share link."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from puzzles.study.models import GameAnalysis
from solver import VARIANTS, GameRecord, Position, Variant, analyse, deal

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]


def played_record(variant: str, seed: int, limit: int = 999) -> GameRecord:
    """A deal of ``variant`` played to its end (or ``limit`` plies) by a mix
    of best and random moves, so that every grade can turn up."""
    rng = random.Random(seed)
    record = (
        GameRecord.from_seed(seed, (), {"Event": "Club night"})
        if variant == "lewicki"
        else GameRecord(deal(seed, variant), (), {"Event": "Club night"})
    )
    while not record.is_over and len(record.moves) < limit:
        analysis = analyse(record.final_position)
        move = analysis.moves[0].move if rng.random() < 0.5 else rng.choice(analysis.moves).move
        record = record.push(move)
    return record


def cli_grades(record: GameRecord, tmp_path: Path) -> dict:
    """``python -m solver game --json FILE`` on the record, as a player would run it."""
    path = tmp_path / "record.txt"
    path.write_text(str(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "solver", "game", "--json", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout)


def hands_of(position: Position) -> list[str]:
    """The hands of a deal typed as a player would: stones separated by spaces
    (a rows hand as front / back)."""
    out = []
    for hand in position.to_json()["hands"].values():
        front = " ".join(s for s in hand["front"] if s)
        back = " ".join(s for s in hand["back"] if s)
        out.append(f"{front} / {back}" if back else front)
    return out


def check_against_cli(body: dict, record: GameRecord, tmp_path: Path) -> None:
    assert body["status"] == "done", body
    cli = cli_grades(record, tmp_path)
    result = body["result"]
    assert len(result["plies"]) == len(cli["plies"]) == len(record.moves)
    for ours, theirs in zip(result["plies"], cli["plies"], strict=True):
        for key in ("ply", "side", "position", "move", "value", "best", "best_moves", "grade", "points_lost", "forced"):
            assert ours[key] == theirs[key], (key, ours, theirs)
    assert result["summary"] == cli["summary"]
    assert result["values"] == cli["values"]
    assert result["result"] == cli["result"]
    # and each value is the exact value for the mover's team, from the solver here
    for ply, position in zip(result["plies"], record.positions(), strict=False):
        analysis = analyse(position)
        assert ply["value"] == analysis.move_value(ply["move"]).value
        assert ply["best"] == analysis.value


def team_summary(record: GameRecord) -> dict[str, dict]:
    """Per team, counted here from solver.analyse (as a seat is counted)."""
    variant = record.start.variant
    names = [variant.team_name(t) for t in (0, 1)]
    out = {
        n: {
            "moves": 0,
            "choices": 0,
            "kept": 0,
            "points_lost": 0,
            "best": 0,
            "inaccuracy": 0,
            "mistake": 0,
            "blunder": 0,
        }
        for n in names
    }
    for position, move in zip(record.positions(), record.moves, strict=False):
        analysis = analyse(position)
        entry = analysis.move_value(move)
        team = out[variant.team_name(variant.team_of(position.side))]
        team["moves"] += 1
        team["points_lost"] += analysis.value - entry.value
        team[entry.grade] += 1
        if len(analysis.moves) >= 2:
            team["choices"] += 1
            team["kept"] += entry.value == analysis.value
    for team in out.values():
        team["accuracy"] = 100.0 if not team["choices"] else round(100.0 * team["kept"] / team["choices"], 1)
        del team["kept"]
    return out


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("block", 11),
        ("partnership", 5),
        ("block+doubles", 4),
        ("partnership+doubles", 8),
        ("lewicki9", 3),
        ("lewicki", 7),
    ],
)
def test_typed_deal_agrees_with_the_cli(api, tmp_path, variant, seed):
    record = played_record(variant, seed)
    assert record.is_over
    payload = {"variant": variant, "hands": hands_of(record.start), "moves": [str(m) for m in record.moves]}
    response = api.post("/api/game-analyses/", payload, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    assert body["variant"] == variant
    assert body["seats"] == list(record.start.variant.seats)
    stored = GameRecord.parse(body["record"])
    assert stored.start == record.start
    assert stored.moves == record.moves
    check_against_cli(body, record, tmp_path)
    assert body["result"]["teams"] == team_summary(record)


@pytest.mark.parametrize(("variant", "seed"), [("block", 2), ("partnership", 9)])
def test_pasted_record_with_a_variant_tag_agrees_with_the_cli(api, tmp_path, variant, seed):
    record = played_record(variant, seed)
    text = str(record)
    assert f'[Variant "{variant}"]' in text
    response = api.post("/api/game-analyses/", {"record": text}, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    assert GameRecord.parse(body["record"]) == record
    check_against_cli(body, record, tmp_path)


@pytest.mark.parametrize("variant", [str(v) for v in VARIANTS])
def test_every_variant_is_reviewed(api, tmp_path, variant):
    record = played_record(variant, 17, limit=12)
    response = api.post("/api/game-analyses/", {"record": str(record)}, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    assert body["variant"] == variant
    check_against_cli(body, record, tmp_path)


def illegal_cases() -> list[tuple[str, int, list[str], str]]:
    """(variant, seed, moves, reason) for moves that cannot be played: a
    stone that does not fit, a stone of another hand, a pass while a stone
    fits, a first stone that is not the forced one."""
    cases = []
    for variant, seed in (("block", 11), ("partnership", 5)):
        start = deal(seed, variant)
        first = start.legal_moves()[0]
        after = start.push(first)
        assert str(after.legal_moves()[0]) != "pass"
        good = [str(first), str(after.legal_moves()[0])]
        third = after.push(good[1])
        # a stone the mover holds that fits neither end, or a stone of another seat
        hand = {s for s in third.to_json()["hands"][third.side]["front"] if s}
        legal = {str(m)[:2] for m in third.legal_moves()}
        misfit = sorted(hand - legal)
        if misfit:
            cases.append((variant, seed, [*good, misfit[0] + "L"], "does not fit"))
        cases.append((variant, seed, [str(first), "pass"], "passing is never voluntary"))
        wrong_opening = next(s for s in start.to_json()["hands"][start.side]["front"] if s and s != str(first))
        cases.append((variant, seed, [wrong_opening], "cannot be played"))
    return cases


@pytest.mark.parametrize(("variant", "seed", "moves", "reason"), illegal_cases())
def test_a_deal_that_does_not_replay_is_refused_and_nothing_stored(api, variant, seed, moves, reason):
    start = deal(seed, variant)
    before = GameAnalysis.objects.count()
    response = api.post(
        "/api/game-analyses/", {"variant": variant, "hands": hands_of(start), "moves": moves}, format="json"
    )
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert f"at move {len(moves)}:" in error, error
    assert reason in error, error
    assert repr(moves[-1]) in error  # the move as written
    # the same record pasted is refused the same way
    text = str(start) + "\n" + " ".join(moves)
    pasted = api.post("/api/game-analyses/", {"record": text}, format="json")
    assert pasted.status_code == 400
    assert pasted.json()["error"] == error
    # and so is the page's form, which says it as an error
    page = Client().post(
        "/analysis/games/",
        {
            "kind": "deal",
            "variant": variant,
            **{f"hand_{s.lower()}": h for s, h in zip("ABCD", hands_of(start), strict=False)},
            "moves": " ".join(moves),
        },
    )
    assert page.status_code == 400
    html = page.content.decode()
    assert 'class="message error"' in html
    assert f"at move {len(moves)}:" in html
    assert GameAnalysis.objects.count() == before


@pytest.mark.parametrize(
    ("payload", "phrase"),
    [
        ({"variant": "block", "hands": ["04 23 16 05 01 26 56", "06 44 36 12 25 33 04"]}, "dealt twice"),
        ({"variant": "partnership", "hands": ["04 16 01 56 66 24 13", "06 36 25 45 46 34 55"]}, "4 hands"),
        (
            {"variant": "block", "hands": ["04 23 16 05 01 26 56", "06 44 36 12 25 33 45"], "out": "00 02"},
            "14 stones out",
        ),
        ({"variant": "block", "hands": ["04 23 16 05 01 26 77", "06 44 36 12 25 33 45"]}, "77"),
        ({"variant": "bloc", "hands": ["04", "05"]}, "variant"),
        ({"variant": "block", "hands": ["", "06 44 36 12 25 33 45"]}, "empty"),
    ],
)
def test_bad_deals_are_400_with_the_reason(api, payload, phrase):
    before = GameAnalysis.objects.count()
    response = api.post("/api/game-analyses/", payload, format="json")
    assert response.status_code == 400, response.content
    assert phrase in response.json()["error"], response.json()
    assert GameAnalysis.objects.count() == before


def test_out_stones_are_checked_when_given(api):
    start = deal(11, "block")
    out = " ".join(str(s) for s in start.out)
    body = api.post(
        "/api/game-analyses/", {"variant": "block", "hands": hands_of(start), "out": out, "moves": []}, format="json"
    ).json()
    assert GameRecord.parse(body["record"]).start == start


def test_review_page_per_seat_and_team_chart_board_and_share(tmp_path):
    record = played_record("partnership", 5)
    owner = Client()
    start = record.start
    response = owner.post(
        "/analysis/games/",
        {
            "kind": "deal",
            "variant": "partnership",
            **{f"hand_{s.lower()}": h for s, h in zip("ABCD", hands_of(start), strict=False)},
            "moves": " ".join(str(m) for m in record.moves),
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    page = owner.get(response["Location"]).content.decode()
    cli = cli_grades(record, tmp_path)
    for seat in "ABCD":
        row = re.search(rf'<tr data-side="{seat}">(.*?)</tr>', page, re.S).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        s = cli["summary"][seat]
        assert cells[1] == f"{s['accuracy']}%"
        assert int(cells[2]) == s["points_lost"]
    teams = team_summary(record)
    for team in ("A+C", "B+D"):
        row = re.search(rf'<tr data-team="{re.escape(team)}">(.*?)</tr>', page, re.S).group(1)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[1] == f"{teams[team]['accuracy']}%"
        assert int(cells[2]) == teams[team]["points_lost"]
    # one point of view: A+C's, written
    assert "Value for A+C" in page
    shown = [int(v) for v in re.findall(r'data-value-for-a="(-?\d+)"', page)]
    assert shown == [p["value"] * (1 if p["side"] in "AC" else -1) for p in cli["plies"]]
    assert len(re.findall(r"data-chart-ply=", page)) == len(record.moves) + 1
    # the page's JSON: a board for every ply, the position after it
    data = json.loads(
        re.search(r'<script id="review-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    )
    assert [b["position"] for b in data["boards"]] == [str(p) for p in record.positions()]
    # the share link opens the page (and the plain board at ?ply=) for anyone, a wrong key for nobody
    share = re.search(r'value="([^"]+)" data-share', page).group(1)
    assert "key=" in share
    stranger = Client()
    path = share.split("testserver", 1)[-1]
    assert stranger.get(response["Location"]).status_code == 404
    seen = stranger.get(path + "&ply=3")
    assert seen.status_code == 200
    assert str(record.positions()[3]).split()[1].split(".")[0] in seen.content.decode()
    bad = stranger.get(response["Location"] + "?key=nope")
    assert bad.status_code == 404
    analysis_id = int(response["Location"].rstrip("/").split("/")[-1])
    api_key = path.split("key=")[1]
    from rest_framework.test import APIClient

    assert APIClient().get(f"/api/game-analyses/{analysis_id}/").status_code == 404
    assert APIClient().get(f"/api/game-analyses/{analysis_id}/?key={api_key}").json()["id"] == analysis_id


def test_editor_link_fills_the_deal_form():
    start = deal(11, "block")
    page = Client().get("/analysis/games/", {"position": str(start)}).content.decode()
    for seat, hand in zip("ab", hands_of(start), strict=True):
        assert re.search(rf'name="hand_{seat}"[^>]*value="{hand}"', page), seat
    assert re.search(r'<option value="block" selected>', page)
    # a position in the middle of a deal becomes the start of a bare record
    middle = start.push(start.legal_moves()[0])
    page = Client().get("/analysis/games/", {"position": str(middle)}).content.decode()
    assert str(middle) in page


def test_typed_stones_without_their_end_when_only_one_end_takes_them(api):
    record = played_record("partnership", 12)
    typed, bare, ambiguous = [], 0, None
    for position, move in zip(record.positions(), record.moves, strict=False):
        text = str(move)
        same_stone = [m for m in position.legal_moves() if m.stone == move.stone]
        if position.ends is not None and move.stone is not None and len(same_stone) == 1:
            text, bare = text[:2], bare + 1
        elif move.stone is not None and len(same_stone) == 2 and ambiguous is None:
            ambiguous = (len(typed) + 1, text[:2])
        typed.append(text)
    assert bare > 5
    body = api.post(
        "/api/game-analyses/",
        {"variant": "partnership", "hands": hands_of(record.start), "moves": typed},
        format="json",
    ).json()
    assert GameRecord.parse(body["record"]).moves == record.moves
    # a stone that fits both ends needs its end
    assert ambiguous is not None
    ply, stone = ambiguous
    moves = [str(m) for m in record.moves[: ply - 1]] + [stone]
    response = api.post(
        "/api/game-analyses/",
        {"variant": "partnership", "hands": hands_of(record.start), "moves": moves},
        format="json",
    )
    assert response.status_code == 400
    assert f"at move {ply}:" in response.json()["error"]
    assert "which end" in response.json()["error"]


def test_a_partnership_practice_game_is_reviewed(api, tmp_path):
    """A practice game of the partnership game (the solver plays three seats)
    is analysed by its id: the record names every seat, and every grade
    agrees with the CLI."""
    game = api.post(
        "/api/games/", {"variant": "partnership", "seed": 5, "human": "A", "level": "perfect"}, format="json"
    )
    assert game.status_code in (200, 201), game.content
    game_id = game.json()["id"]
    for _ in range(4):
        state = api.get(f"/api/games/{game_id}/").json()
        if state["status"] != "your-move":
            break
        api.post(f"/api/games/{game_id}/moves/", {"move": state["legal_moves"][-1], "ply": state["ply"]}, format="json")
    listing = api.get("/analysis/games/").content.decode()
    assert f'name="game_id" value="{game_id}"' in listing
    assert "Partnership (four seats, A and C against B and D)" in listing
    response = api.post("/api/game-analyses/", {"game_id": game_id}, format="json")
    assert response.status_code == 202, response.content
    body = api.get(f"/api/game-analyses/{response.json()['id']}/").json()
    record = GameRecord.parse(body["record"])
    assert record.variant == Variant.parse("partnership")
    assert len(record.moves) > 0
    assert [record.tag(seat) for seat in "ABCD"] == ["human"] + ["solver (perfect)"] * 3
    check_against_cli(body, record, tmp_path)
