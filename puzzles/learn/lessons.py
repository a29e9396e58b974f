"""The course for newcomers, in order: each lesson a short explanation and a
few positions of the standard game (docs/rules.md section 2.2) to play on
the board.

A step's ``accepted`` moves are what the lesson teaches, written here and
checked by the solver (``checks.check_lesson``, run by the tests and by
``manage.py check_lessons``): under ``LEGAL`` they are exactly the legal
moves (the lesson is about the rules), under ``BEST`` exactly the moves that
keep the position's best value.  So the site never solves a lesson while a
page is read, and a lesson cannot teach a wrong move.

``reasons`` name the facts (``explain``) that say why a legal move that is
not accepted is wrong; the checks make sure one of them is true of every
such move.  The texts are translated when shown."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

LEGAL, BEST = "legal", "best"

# The facts that can explain a legal move that loses value (see explain.py).
BLOCKED_PIPS, DOUBLE_STRANDED, OPPONENT_PLAYS = "blocked_pips", "double_stranded", "opponent_plays"


@dataclass(frozen=True)
class Step:
    position: str
    prompt: Promise
    accepted: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    key: str
    title: Promise
    intro: Promise
    rule: str  # LEGAL or BEST: which moves of a step are right
    steps: tuple[Step, ...]
    hint: Promise | None = None  # said after a legal move that is not accepted
    reasons: tuple[str, ...] = ()


_ALL = (
    Lesson(
        "placing",
        _("Placing a stone"),
        _(
            "On your turn you put one stone at an end of the line, so that the touching halves show "
            "the same number. A stone that fits both ends may go at either. The stones you can play "
            "are ringed: select one, then choose a highlighted end."
        ),
        LEGAL,
        (
            Step(
                "33.02.01.22.25.00.55/34.26.36.06.56.12.45 13.44.05.14.16.23.03/04.15.11.35.24.66.46 - A",
                _("You hold [0|0], so you open the deal. Put any of your front stones on the table."),
                ("33", "02", "01", "22", "25", "00", "55"),
            ),
            Step(
                "36.--.--.--.--.--.--/11.12.44.--.--.--.-- --.--.--.--.--.--.--/25.16.--.--.--.--.-- 35 A",
                _("The ends show 3 and 5. Play the stone that fits."),
                ("36L",),
            ),
            Step(
                "--.22.--.--.--.--.--/14.35.--.--.--.--.-- --.--.--.--.--.--.--/23.25.--.--.--.--.-- 41 A",
                _("The ends show 4 and 1. Your [1|4] fits both: put it at either end."),
                ("14L", "14R"),
            ),
        ),
    ),
    Lesson(
        "rows",
        _("The row rule"),
        _(
            "Your front row covers your back row. A back stone can be played only once the front "
            "stone of its column is gone. So a stone that fits may still be out of reach: look at "
            "what covers it."
        ),
        LEGAL,
        (
            Step(
                "11.--.--.--.--.--.--/66.24.--.--.--.--.-- --.--.--.--.--.--.--/46.--.--.--.--.--.-- 62 A",
                _("Your [6|6] would fit the 6, but [1|1] still covers it. Play the stone you can."),
                ("24R",),
            ),
            Step(
                "35.--.--.--.--.--.--/04.46.--.--.--.--.-- --.--.--.--.--.--.--/34.56.--.--.--.--.-- 40 A",
                _("Your [0|4] is covered by [3|5]. Which free stone fits?"),
                ("46L",),
            ),
            Step(
                "12.--.--.--.--.--.--/26.33.--.--.--.--.-- --.--.--.--.--.--.--/16.25.--.--.--.--.-- 52 A",
                _("Play the front stone that fits: it frees the stone behind it."),
                ("12R",),
            ),
        ),
    ),
    Lesson(
        "passing",
        _("Passing"),
        _(
            "If none of your free stones fits an end, you pass and your opponent moves again. A "
            "covered stone does not count. But you never pass by choice: if a stone fits, you must "
            "play it."
        ),
        LEGAL,
        (
            Step(
                "--.--.--.--.--.--.--/12.22.--.--.--.--.-- --.--.--.--.--.--.--/01.26.--.--.--.--.-- 60 A",
                _("The ends show 6 and 0, and none of your stones has a 6 or a 0. Pass."),
                ("pass",),
            ),
            Step(
                "11.--.--.--.--.--.--/35.26.--.--.--.--.-- --.--.--.--.--.--.--/00.34.23.46.--.--.-- 53 A",
                _("Your [3|5] would fit, but it is covered. Pass."),
                ("pass",),
            ),
            Step(
                "--.--.--.--.--.--.--/24.11.33.--.--.--.-- --.--.--.--.--.--.--/25.--.--.--.--.--.-- 45 A",
                _("One of your stones fits, so you cannot pass: play it."),
                ("24L",),
            ),
        ),
    ),
    Lesson(
        "blocking",
        _("Blocking"),
        _(
            "Your opponent must pass when no end shows a number they hold. Look at their free "
            "stones before you move: leave them ends they cannot match, and you play again."
        ),
        BEST,
        (
            Step(
                "--.--.--.--.--.--.--/--.--.01.--.--.--.16 --.--.--.--.--.--.--/--.--.--.--.66.--.33 60 A",
                _("Your opponent holds only [6|6] and [3|3]. Make them pass."),
                ("16L",),
            ),
            Step(
                "--.--.--.--.--.--.--/--.14.--.11.--.--.-- --.--.--.--.--.--.--/--.--.66.44.--.--.-- 14 A",
                _("Your opponent holds [6|6] and [4|4]. Leave them no end to play on."),
                ("14R",),
            ),
            Step(
                "--.--.--.--.--.--.--/--.11.--.--.13.--.-- --.--.--.--.--.--.--/--.33.--.66.--.--.-- 13 A",
                _("Your opponent holds [3|3] and [6|6]. Find the move that makes them pass."),
                ("13R",),
            ),
        ),
        _("Look at your opponent's free stones: which numbers do they lack?"),
        (OPPONENT_PLAYS,),
    ),
    Lesson(
        "counting",
        _("Counting pips"),
        _(
            "When neither player can play, the deal is blocked. Both players count the pips left in "
            "hand, covered stones included: the lighter hand wins and scores the pips of the other. "
            "When the line is about to close, play your heavy stones and keep the light ones."
        ),
        BEST,
        (
            Step(
                "--.--.22.--.--.--.--/56.16.46.--.--.--.-- 33.--.--.--.--.--.--/15.02.03.23.--.--.-- 64 A",
                _("Whatever you play, the deal is then blocked. Which stone should you keep?"),
                ("56L",),
            ),
            Step(
                "--.--.44.--.--.--.--/36.03.35.--.--.--.-- 11.--.--.--.--.--.--/06.24.12.14.--.--.-- 35 A",
                _("Again the deal blocks after your move. Count both hands first."),
                ("36L",),
            ),
            Step(
                "--.--.22.--.--.--.--/15.56.45.--.--.--.-- 00.--.--.--.--.--.--/16.--.--.--.--.--.-- 54 A",
                _(
                    "This time you lose either way. The winner scores the pips left in your hand: "
                    "lose as few as you can."
                ),
                ("56L",),
            ),
        ),
        _("Count the pips each hand keeps after your move."),
        (BLOCKED_PIPS,),
    ),
    Lesson(
        "block",
        _("Playing for the block"),
        _(
            "You can block the deal on purpose: close the line when your hand is the lighter one. "
            "When your hand is the heavier one, keep the line open and play on."
        ),
        BEST,
        (
            Step(
                "--.--.--.--.35.--.--/--.--.--.--.11.--.-- --.--.--.--.--.--.--/--.--.55.--.--.--.-- 35 A",
                _("After your move you can hold fewer pips than your opponent. Close the line."),
                ("35R",),
            ),
            Step(
                "56.--.--.--.--.--.--/33.--.--.--.--.--.-- --.--.--.--.--.--.--/66.--.--.--.--.--.-- 56 A",
                _("Count the pips, then decide: close the line, or leave it open?"),
                ("56R",),
            ),
            Step(
                "--.--.--.--.--.--.--/05.--.14.--.--.55.-- --.--.--.--.--.11.--/--.--.--.--.13.34.-- 50 A",
                _("Here closing the line would lose: your hand is the heavier one. Keep it open."),
                ("05R", "55L"),
            ),
        ),
        _("Before you close the line, compare your pips with your opponent's."),
        (BLOCKED_PIPS, OPPONENT_PLAYS),
    ),
    Lesson(
        "doubles",
        _("Using a double"),
        _(
            "A double fits only one number, and the end it goes on shows that number again. So a "
            "double is easily stranded: once no end shows its number, it may never be played. Play "
            "a double while its number is still on the table."
        ),
        BEST,
        (
            Step(
                "--.--.--.--.--.--.--/--.26.--.--.--.--.66 --.--.--.--.--.00.--/--.--.--.--.--.12.-- 61 A",
                _("Your [6|6] fits the 6 now. Will it get another chance?"),
                ("66L",),
            ),
            Step(
                "--.--.--.--.--.--.44/--.--.--.--.--.04.03 --.--.--.--.--.--.--/--.--.--.--.--.--.22 34 A",
                _("Play your double while it still fits."),
                ("44R",),
            ),
            Step(
                "--.--.11.--.--.--.--/--.--.36.--.--.--.16 --.--.--.--.--.--.--/--.--.--.--.--.--.55 31 A",
                _("Your [1|1] also covers [3|6]. Find the best move."),
                ("11R",),
            ),
        ),
        _("Which of your stones could be stranded after this move?"),
        (DOUBLE_STRANDED, OPPONENT_PLAYS),
    ),
)

LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in _ALL}
LESSON_KEYS: tuple[str, ...] = tuple(LESSONS)


def lesson_number(key: str) -> int:
    """The lesson's place in the course, from 1."""
    return LESSON_KEYS.index(key) + 1


def previous_lesson(key: str) -> Lesson | None:
    index = LESSON_KEYS.index(key)
    return LESSONS[LESSON_KEYS[index - 1]] if index else None


def next_lesson(key: str) -> Lesson | None:
    index = LESSON_KEYS.index(key)
    return LESSONS[LESSON_KEYS[index + 1]] if index + 1 < len(LESSON_KEYS) else None
