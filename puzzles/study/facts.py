"""Endgame facts: finding endgames that teach, sorting them by idea, rating
their difficulty and annotating their main line, from solver facts only.

Pure Python (no Django): ``services`` stores what this returns and
``selectors`` words it (gettext, named placeholders) at render time.

An endgame is a position with both players down to ``MAX_STONES`` stones or
fewer, where the side to move (the *student*) has something to find
(``mining.is_real_choice``).  Its ``facts`` (JSON):

``{"version", "start", "side", "value", "idea", "ideas", "difficulty",
"key", "line": [step...], "final": {"winner", "points", "reason"}}``

and each step of the main line (the solver's principal variation to the end
of the deal, ``pv``):

``{"ply", "side", "student", "move", "position", "value", "legal",
"best_count", "second", "tags": [{"kind", ...}], "alternatives": [...]}``

``value`` is the move's value for the side making it (docs/rules.md section 3.2),
``second`` the best value among the moves that do worse (or null).
``tags`` name what the move does (kinds below), ``alternatives`` the key
other moves with their value and the defender's refutation
(``mining.defender_reply``):
``{"move", "value", "grade", "reply", "line"}``.

Tag kinds: ``forced_pass``, ``only_move``, ``only_win``, ``only_draw``,
``only_best`` (unique best of the same outcome: ``second`` tells by how much),
``one_of_best`` (``count``), ``any_move`` (every move is as good), ``starve`` (``number``, ``both``, ``opponent``:
an end number the opponent has no stone of), ``block`` (the opponent must
pass), ``unlock`` (``stone``: the back stone uncovered), ``double``
(``stone``), ``domino`` (``points``: the mover goes out), ``blocked_end``
(``mine``, ``theirs``: pips when the game blocks).
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzles.training.mining import defender_reply, is_real_choice, play_imperfect_game
from solver import PASS, Move, Position, analyse
from solver.analysis import Analysis

FACTS_VERSION = 1
MAX_STONES = 5
MAX_ALTERNATIVES = 3


# ------------------------------------------------------------------ candidates


def is_endgame(position: Position, max_stones: int = MAX_STONES) -> bool:
    return (
        not position.is_over()
        and position.ends is not None
        and all(0 < hand.count <= max_stones for hand in position.hands)
    )


def candidate_positions(seed: int, max_stones: int = MAX_STONES) -> Iterable[Position]:
    """The endgame positions of one seeded imperfect game that have something
    to find for the side to move."""
    for position in play_imperfect_game(seed):
        if is_endgame(position, max_stones) and is_real_choice(analyse(position)):
            yield position


# ------------------------------------------------------------------ step facts


def _opponent(side: str) -> str:
    return "B" if side == "A" else "A"


def move_tags(position: Position, analysis: Analysis, move: Move) -> list[dict]:
    """What ``move`` (a best move of ``position``) does, as tags."""
    tags: list[dict] = []
    moves = analysis.moves
    if move.is_pass:
        return [{"kind": "forced_pass"}]
    if len(moves) == 1:
        tags.append({"kind": "only_move"})
    else:
        best = analysis.value
        keepers = analysis.best_moves
        others = [m.value for m in moves if m.value != best]
        if len(keepers) == 1:
            if best > 0 and all(v <= 0 for v in others):
                tags.append({"kind": "only_win"})
            elif best == 0 and all(v < 0 for v in others):
                tags.append({"kind": "only_draw"})
            else:
                tags.append({"kind": "only_best"})
        elif others:
            tags.append({"kind": "one_of_best", "count": len(keepers)})
        else:
            tags.append({"kind": "any_move"})
    stone = move.stone
    assert stone is not None
    mover = position.side
    opponent = _opponent(mover)
    after = position.play(move)
    if stone.is_double:
        tags.append({"kind": "double", "stone": str(stone)})
    hand = position.hand
    for col, s in hand.available():
        if s == stone and hand.front[col] == stone and hand.back[col] is not None:
            tags.append({"kind": "unlock", "stone": str(hand.back[col])})
    result = after.result()
    if result is not None and result.reason == "domino":
        tags.append({"kind": "domino", "points": result.points})
        return tags
    if result is not None and result.reason == "blocked":
        tags.append(
            {
                "kind": "blocked_end",
                "mine": after.hand_of(mover).pips,
                "theirs": after.hand_of(opponent).pips,
            }
        )
        return tags
    theirs = after.hand_of(opponent).stones()
    assert after.ends is not None
    for number in sorted(set(after.ends)):
        if not any(s.has(number) for s in theirs):
            tags.append(
                {
                    "kind": "starve",
                    "number": number,
                    "both": after.ends[0] == after.ends[1],
                    "opponent": opponent,
                }
            )
            break
    if after.legal_moves() == [PASS]:
        tags.append({"kind": "block", "opponent": opponent})
    return tags


def refutation(position: Position, move: Move) -> dict:
    """The defender's answer to ``move`` and the line that follows (a few plies)."""
    after = position.play(move)
    if after.is_over():
        return {"reply": None, "line": []}
    reply = defender_reply(after)
    following = after.play(reply)
    line = [str(reply)] + [str(m) for m in analyse(following).pv[:3]]
    return {"reply": str(reply), "line": line}


def alternatives(position: Position, analysis: Analysis, limit: int = MAX_ALTERNATIVES) -> list[dict]:
    """The key moves that do worse than the best: the closest ones first,
    with the heaviest stone that fails among them when it is not already."""
    worse = [m for m in analysis.moves if m.value != analysis.value]
    chosen = worse[:limit]
    heaviest = max(
        (m for m in worse if m.move.stone is not None),
        key=lambda m: m.move.stone.pips if m.move.stone else 0,
        default=None,
    )
    if heaviest is not None and heaviest not in chosen:
        chosen = chosen[: limit - 1] + [heaviest]
    out = []
    for entry in chosen:
        out.append(
            {
                "move": str(entry.move),
                "value": entry.value,
                "grade": entry.grade,
                **refutation(position, entry.move),
            }
        )
    return out


def main_line(start: Position) -> list[dict]:
    """The annotated principal variation of ``start`` to the end of the deal."""
    steps = []
    position = start
    ply = 0
    while True:
        analysis = analyse(position)
        if not analysis.moves:
            break
        move = analysis.best_moves[0]
        worse = [m.value for m in analysis.moves if m.value != analysis.value]
        steps.append(
            {
                "ply": ply,
                "side": position.side,
                "student": position.side == start.side,
                "move": str(move),
                "position": str(position),
                "value": analysis.value,
                "legal": len(analysis.moves),
                "best_count": len(analysis.best_moves),
                "best_moves": [str(m) for m in analysis.best_moves],
                "second": max(worse) if worse else None,
                "tags": move_tags(position, analysis, move),
                "alternatives": alternatives(position, analysis),
            }
        )
        position = position.play(move)
        ply += 1
    return steps


# ---------------------------------------------------------------- ideas, rating


def ideas_of(start: Position, line: list[dict], final: dict) -> list[str]:
    """The ideas ``start`` teaches (a subset of ``ideas.IDEA_KEYS``), from its main line."""
    key = line[0]
    key_kinds = {t["kind"] for t in key["tags"]}
    student = start.side
    ideas = []
    student_blocks = any(s["student"] and any(t["kind"] == "block" for t in s["tags"]) for s in line)
    if "block" in key_kinds or ("starve" in key_kinds and student_blocks):
        ideas.append("blocking")
    unlocked = [t["stone"] for t in key["tags"] if t["kind"] == "unlock"]
    # Unlocking: the student later plays the stone the key move unlocks, or unlocks by choice in a
    # line where one of the student's moves is the only one that wins, draws or is best.
    plays_unlocked = bool(unlocked) and any(s["student"] and s["move"][:2] == unlocked[0] for s in line[1:])
    unlocks_by_choice = any(
        s["student"] and s["legal"] > 1 and any(t["kind"] == "unlock" for t in s["tags"]) for s in line
    )
    has_only_move = any(
        t["kind"] in ("only_win", "only_draw", "only_best") for s in line if s["student"] for t in s["tags"]
    )
    if plays_unlocked or (unlocks_by_choice and has_only_move):
        ideas.append("unlocking")
    if final["reason"] == "blocked":
        ideas.append("counting")
    if final["reason"] == "domino" and final["winner"] == student:
        ideas.append("racing")
    passes = [s for s in line if s["move"] == "pass"]
    if passes and "block" not in key_kinds:
        ideas.append("tempo")
    if any(s["student"] and s["legal"] > 1 and any(t["kind"] == "double" for t in s["tags"]) for s in line) or any(
        a["move"][0] == a["move"][1] and a["move"] != "pass" for a in key["alternatives"][:1]
    ):
        ideas.append("doubles")
    return ideas


def difficulty_of(line: list[dict]) -> int:
    """1 (easy) .. 5 (hard): how many real decisions the student makes, how
    many moves fail at the key move, and whether the heaviest stone fails."""
    decisions = [s for s in line if s["student"] and s["legal"] > 1 and s["best_count"] < s["legal"]]
    key = line[0]
    score = 0.0
    score += 0.8 * max(0, len(decisions) - 1)
    score += 0.35 * (key["legal"] - key["best_count"])
    if key["best_count"] == 1 and key["legal"] >= 3:
        score += 0.6
    alts = [a for a in key["alternatives"] if a["move"] != "pass"]
    key_pips = int(key["move"][0]) + int(key["move"][1]) if key["move"] != "pass" else 0
    if any(int(a["move"][0]) + int(a["move"][1]) > key_pips for a in alts):
        score += 0.7  # shedding the heaviest stone fails
    return int(max(1, min(5, 1 + round(score))))


def endgame_facts(start: Position) -> dict | None:
    """The facts of the endgame at ``start`` (``None`` if it is no endgame or
    has nothing to find)."""
    if not is_endgame(start):
        return None
    analysis = analyse(start)
    if not is_real_choice(analysis):
        return None
    line = main_line(start)
    end = start
    for step in line:
        end = end.play(Move.parse(step["move"]) if step["move"] != "pass" else PASS)
    result = end.result()
    assert result is not None
    final = {"winner": result.winner, "points": result.points, "reason": result.reason}
    return {
        "version": FACTS_VERSION,
        "start": str(start),
        "side": start.side,
        "value": analysis.value,
        "key": line[0]["move"],
        "line": line,
        "final": final,
        "ideas": ideas_of(start, line, final),
        "difficulty": difficulty_of(line),
        "stones": {side: start.hand_of(side).count for side in ("A", "B")},
    }
