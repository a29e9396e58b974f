"""Writes review-block.json, the page data of a graded block record for
review-game.test.ts: ``.venv/bin/python frontend/tests/study/review_block.py``
from the repository root (the data the game-analysis page embeds, made the
way ``puzzles.study.presentation.review_page`` makes it, without Django)."""

from __future__ import annotations

import json
from pathlib import Path

from solver import GameRecord, analyse, deal
from solver.position import line_from_moves
from solver.review import grade_record

record = GameRecord(deal(11, "block"))
for _ in range(4):  # the worst move each time: some grades are not "best"
    record = record.push(analyse(record.final_position).moves[-1].move)
result = grade_record(record)
plies = []
for p in result["plies"]:
    sign = 1 if p["side"] == "A" else -1
    plies.append(
        {
            **p,
            "team": p["side"],
            "value_for_first": sign * p["value"],
            "best_for_first": sign * p["best"],
            "analysis_url": "/analysis/?position=x",
        }
    )
moves = [str(m) for m in record.moves]
boards = []
position = record.start
for i in range(len(moves) + 1):
    boards.append(position.to_json(line=line_from_moves(record.start, moves[:i])))
    if i < len(moves):
        position = position.push(moves[i])
data = {
    "plies": plies,
    "boards": boards,
    "ply": 0,
    "first": "A",
    "seats": ["A", "B"],
    "teams": ["A", "B"],
    "variant": "block",
    "values": result["values"],
    "share": "http://x/analysis/games/1/?key=k",
}
Path(__file__).with_name("review-block.json").write_text(json.dumps(data, indent=1) + "\n")
