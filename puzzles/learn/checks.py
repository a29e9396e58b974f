"""The solver's check of the course: every position is legal, a step's
accepted moves are exactly the ones its lesson's rule names (the legal moves,
or the moves keeping the best value, which leaves some legal move wrong), and
one of the lesson's facts explains every legal move that is not accepted.
Run by the tests and by ``manage.py check_lessons``; never by a request."""

from __future__ import annotations

from solver import Position, analyse

from .explain import legal_reason
from .lessons import BEST, LEGAL, Lesson


def check_lesson(lesson: Lesson) -> list[str]:
    """What is wrong with ``lesson`` (empty when the solver agrees with it)."""
    problems: list[str] = []
    for number, step in enumerate(lesson.steps, 1):
        where = f"{lesson.key} step {number}"
        try:
            position = Position.parse(step.position)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if str(position) != step.position:
            problems.append(f"{where}: write the position as {position}")
        legal = [str(m) for m in position.legal_moves()]
        if lesson.rule == LEGAL:
            right = legal
        elif lesson.rule == BEST:
            right = [str(m) for m in analyse(position).best_moves]
            if set(right) == set(legal):
                problems.append(f"{where}: every legal move keeps the best value: nothing to find")
        else:
            problems.append(f"{where}: unknown rule {lesson.rule!r}")
            continue
        if sorted(step.accepted) != sorted(right):
            problems.append(f"{where}: accepts {sorted(step.accepted)}, the solver says {sorted(right)}")
            continue
        for move in position.legal_moves():
            if str(move) not in step.accepted and legal_reason(position, move, lesson.reasons) is None:
                problems.append(f"{where}: none of {lesson.reasons} explains {move}")
    return problems
