"""The solver's check of the course: every lesson position is a legal
position written as the solver writes it, and the moves a step accepts are
exactly those its lesson claims (the legal moves in the lessons on the
rules, the moves keeping the best value in the others, where some legal move
must then be wrong); a fact of the lesson explains every legal move that is
not accepted.  So a lesson can never teach a wrong move."""

from __future__ import annotations

import pytest

from puzzles.learn.checks import check_lesson
from puzzles.learn.explain import why_wrong
from puzzles.learn.lessons import BEST, LEGAL, LESSONS, Lesson, Step
from solver import PASS, Move, Position, analyse


@pytest.fixture(autouse=True)
def english():
    """The reasons' words in English, whatever an earlier test's request left active."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.mark.parametrize("key", list(LESSONS))
def test_the_solver_agrees_with_every_position_of_the_lesson(key):
    assert check_lesson(LESSONS[key]) == []


@pytest.mark.parametrize("key", list(LESSONS))
def test_each_lesson_has_a_few_positions_of_its_kind(key):
    lesson = LESSONS[key]
    assert 3 <= len(lesson.steps) <= 5
    assert lesson.rule in (LEGAL, BEST)
    for step in lesson.steps:
        assert Position.parse(step.position).side == "A"  # the player is always at the bottom, as A


def test_the_lessons_come_in_the_course_order():
    assert list(LESSONS) == ["placing", "rows", "passing", "blocking", "counting", "block", "doubles"]


def test_the_lessons_teach_what_their_titles_say():
    """Facts of the positions, from the rules and the solver, beside the accepted moves."""
    # The row rule: in each position a stone that would fit is covered.
    for step in LESSONS["rows"].steps[:2]:
        position = Position.parse(step.position)
        covered = [s for s in position.hand.back if s is not None and s not in dict(position.hand.available()).values()]
        assert any(s.low in position.ends or s.high in position.ends for s in covered)
    # Passing: a forced pass, then a stone that fits.
    assert [str(m) for m in Position.parse(LESSONS["passing"].steps[0].position).legal_moves()] == ["pass"]
    # Blocking: every right move leaves the opponent nothing but a pass.
    for step in LESSONS["blocking"].steps:
        position = Position.parse(step.position)
        for move in step.accepted:
            assert [str(m) for m in position.push(move).legal_moves()] == ["pass"]
    # Counting: every move blocks the deal at once.
    for step in LESSONS["counting"].steps:
        position = Position.parse(step.position)
        for move in position.legal_moves():
            result = position.play(move).result()
            assert result is not None
            assert result.reason == "blocked"
    # Playing for the block: the first position's right move closes the line with the lighter hand.
    first = LESSONS["block"].steps[0]
    result = Position.parse(first.position).push(first.accepted[0]).result()
    assert result is not None
    assert (result.reason, result.winner) == ("blocked", "A")
    # Using a double: the right move plays the double.
    for step in LESSONS["doubles"].steps:
        assert all(move[0] == move[1] for move in step.accepted)
        assert analyse(Position.parse(step.position)).value > 0


def test_the_command_checks_every_lesson():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("check_lessons", stdout=out)
    assert out.getvalue() == "7 lessons, 21 positions: the solver agrees with every one.\n"


def test_the_check_finds_a_lesson_that_would_teach_a_wrong_move():
    lesson = LESSONS["blocking"]
    first = lesson.steps[0]
    wrong = Lesson(
        lesson.key,
        lesson.title,
        lesson.intro,
        lesson.rule,
        (Step(first.position, first.prompt, ("01R",)),),
        lesson.hint,
        lesson.reasons,
    )
    assert check_lesson(wrong) == ["blocking step 1: accepts ['01R'], the solver says ['16L']"]
    everything = Lesson(
        lesson.key,
        lesson.title,
        lesson.intro,
        LEGAL,
        (Step(first.position, first.prompt, ("16L",)),),
        lesson.hint,
        lesson.reasons,
    )
    assert check_lesson(everything) == ["blocking step 1: accepts ['16L'], the solver says ['01R', '16L']"]
    unexplained = Lesson(lesson.key, lesson.title, lesson.intro, lesson.rule, (first,), lesson.hint, ())
    assert check_lesson(unexplained) == ["blocking step 1: none of () explains 01R"]


def test_a_wrong_move_is_explained_by_the_rule_it_breaks_or_where_it_leads():
    rows = Position.parse(LESSONS["rows"].steps[0].position)
    covered = why_wrong(rows, Move.parse("66R"), ())
    assert covered["kind"] == "covered"
    assert "[6|6]" in covered["text"]
    assert "[1|1]" in covered["text"]
    passing = Position.parse(LESSONS["passing"].steps[2].position)
    assert why_wrong(passing, PASS, ())["kind"] == "cannot_pass"
    assert why_wrong(Position.parse(LESSONS["passing"].steps[0].position), Move.parse("12L"), ())["kind"] == "must_pass"
    placing = Position.parse(LESSONS["placing"].steps[1].position)
    assert why_wrong(placing, Move.parse("12L"), ())["kind"] == "no_fit"
    assert why_wrong(placing, Move.parse("36R"), ())["text"].startswith(
        "[3|6] does not fit the right end, which shows 5"
    )
    assert why_wrong(placing, Move.parse("25R"), ())["kind"] == "not_yours"
    blocking = LESSONS["blocking"]
    first = Position.parse(blocking.steps[0].position)
    reason = why_wrong(first, first.normalise_move("01R"), blocking.reasons)
    assert reason == {"kind": "opponent_plays", "text": "After 01R your opponent can still play [6|6]."}
    counting = LESSONS["counting"]
    first = Position.parse(counting.steps[0].position)
    reason = why_wrong(first, first.normalise_move("16L"), counting.reasons)
    assert reason["text"] == "After 16L the deal is blocked: you keep 25 pips, your opponent 22."
    doubles = LESSONS["doubles"]
    first = Position.parse(doubles.steps[0].position)
    reason = why_wrong(first, first.normalise_move("26L"), doubles.reasons)
    assert reason["kind"] == "double_stranded"
    assert "[6|6]" in reason["text"]
