"""The key of an offline puzzle: building it (from an analysis function, so
that it can be tested without the site) and checking a line of moves against
it (``key_walk``), with the same rules as the server's grading of an attempt
(``training.services.attempt_settle``):

- a move that keeps the best value is correct, whatever the stored line says;
  any other legal move fails the attempt;
- after a correct move the attempt is solved when the deal is over or as many
  moves were found as the puzzle's ``solver_moves``; else the defender replies
  (``mining.defender_reply``), and the attempt is solved if the deal is then
  over or the solving side has no deep choice left (``mining.is_deep_choice``).

A node (the solving side to move) is ``{"position", "value", "moves": [{"move",
"value", "grade"}...], "next": {move: branch}}`` with a branch for each move
that keeps ``value``; a branch is ``{"reply": null}`` (solved) or ``{"reply":
{"move", "value", "best_value", "grade", "best_moves"}, "then": node | null}``
(``then`` null: solved after the reply).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.core.errors import ApplicationError
from solver import Analysis, DominoError, Move, Position

# A key with more nodes than this is not sent (it would be large, and such
# puzzles are rare: most lines have one or two moves to find).
MAX_NODES = 60


class TooLarge(Exception):
    """The key would have more than ``MAX_NODES`` nodes."""


def key_tree(
    position: str,
    solver_moves: int,
    analyse: Callable[[str], Analysis],
    reply: Callable[[Position], Move],
    deep_choice: Callable[[Analysis], bool],
) -> dict[str, Any] | None:
    """The key of the puzzle that starts at ``position``, or None when it has
    more than ``MAX_NODES`` nodes.  ``analyse`` gives a position's analysis,
    ``reply`` the defender's reply, ``deep_choice`` whether the solving side
    still has a choice to make (the site passes the solver's and mining's)."""
    count = [0]

    def node(at: Position, found: int) -> dict[str, Any]:
        count[0] += 1
        if count[0] > MAX_NODES:
            raise TooLarge
        analysis = analyse(str(at))
        out: dict[str, Any] = {
            "position": str(at),
            "value": analysis.value,
            "moves": [m.to_json() for m in analysis.moves],
            "next": {},
        }
        for move in analysis.best_moves:
            out["next"][str(move)] = branch(at.push(move), found + 1)
        return out

    def branch(after: Position, found: int) -> dict[str, Any]:
        if after.is_over() or found >= solver_moves:
            return {"reply": None}
        answer = reply(after)
        reply_analysis = analyse(str(after))
        entry = reply_analysis.move_value(answer)
        reply_state = {
            "move": str(answer),
            "value": entry.value,
            "best_value": reply_analysis.value,
            "grade": entry.grade,
            "best_moves": [str(m) for m in reply_analysis.best_moves],
        }
        then = after.push(answer)
        if then.is_over() or not deep_choice(analyse(str(then))):
            return {"reply": reply_state, "then": None}
        return {"reply": reply_state, "then": node(then, found)}

    try:
        return node(Position.parse(position), 0)
    except TooLarge:
        return None


@dataclass
class Walk:
    """A line of the player's moves checked against a key: ``status`` is
    ``solved``, ``failed`` or ``open`` (the moves stop at a step still to
    play); ``records`` are the attempt's moves as ``PuzzleAttempt.moves``
    stores them; ``position`` is the position reached."""

    status: str
    position: str
    found: int = 0
    records: list[dict[str, Any]] = field(default_factory=list)


def key_walk(tree: dict[str, Any], moves: list[str]) -> Walk:
    """Play ``moves`` (the solving side's only; the defender's replies come
    from the key) through the key.  400 for a move that is not legal, or for
    moves after the attempt was over."""
    node: dict[str, Any] | None = tree
    walk = Walk(status="open", position=tree["position"])
    for index, text in enumerate(moves):
        if node is None or walk.status != "open":
            raise ApplicationError(f"move {index + 1} ({text!r}) comes after the puzzle was over")
        before = Position.parse(node["position"])
        try:
            move = str(before.normalise_move(text))
        except DominoError as exc:
            raise ApplicationError(f"move {index + 1}: {exc}") from None
        entry = next(m for m in node["moves"] if m["move"] == move)
        best = node["value"]
        walk.records.append(
            {
                "ply": len(walk.records),
                "side": before.side,
                "by": "player",
                "move": move,
                "position_before": str(before),
                "value": entry["value"],
                "best_value": best,
                "grade": entry["grade"],
                "points_lost": best - entry["value"],
                "correct": entry["value"] == best,
                "best_moves": [m["move"] for m in node["moves"] if m["value"] == best],
            }
        )
        after = before.push(move)
        walk.position = str(after)
        if entry["value"] != best:
            walk.status = "failed"
            continue
        walk.found += 1
        branch = node["next"][move]
        reply = branch["reply"]
        if reply is None:
            walk.status, node = "solved", None
            continue
        walk.records.append(
            {
                "ply": len(walk.records),
                "side": after.side,
                "by": "solver",
                "move": reply["move"],
                "position_before": str(after),
                "correct": None,
                **{k: reply[k] for k in ("value", "best_value", "grade", "best_moves")},
                "points_lost": reply["best_value"] - reply["value"],
            }
        )
        walk.position = str(after.push(reply["move"]))
        node = branch["then"]
        if node is None:
            walk.status = "solved"
    return walk
