"""The spaced schedule of exercises and replayed puzzles: FSRS (the ``fsrs``
package), in its pass/fail form (pure: no Django).

A card is a thing to remember: an exercise, or a failed puzzle the player
asked to see again.  Each review is rated ``Good`` when solved and ``Again``
when failed (pass/fail: the solver grades a try, there is no "hard" or
"easy").  The library computes the card's stability, difficulty and next due
date; nothing here computes an interval.

The scheduler works in days: no learning or relearning steps of minutes (an
exercise is met on the site, not drilled in one sitting), so every review
moves the card to FSRS's review state with an interval of at least a day.
Fuzzing is off, so the same history always gives the same dates.

A new card is due at once.  A try before the card is due changes nothing when
solved (practice ahead of time) and is a review rated ``Again`` when failed
(the player did not know it after all).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler, State

# The share of reviews FSRS aims to have passed when a card comes due.
DESIRED_RETENTION = 0.9
# The longest wait before a card comes back, in days.
MAXIMUM_INTERVAL_DAYS = 365
# A card whose stability has reached this many days counts as learnt on the
# pages (it still comes back when FSRS says it is due).
LEARNT_STABILITY_DAYS = 21.0

SCHEDULER = Scheduler(
    desired_retention=DESIRED_RETENTION,
    learning_steps=(),
    relearning_steps=(),
    maximum_interval=MAXIMUM_INTERVAL_DAYS,
    enable_fuzzing=False,
)


@dataclass(frozen=True)
class CardState:
    """What a row stores of its card (the model fields of the same names)."""

    state: int  # fsrs.State: 1 learning (new), 2 review, 3 relearning
    step: int | None
    stability: float | None
    difficulty: float | None
    due_at: datetime
    last_review_at: datetime | None

    @property
    def learnt(self) -> bool:
        return self.stability is not None and self.stability >= LEARNT_STABILITY_DAYS


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def new_card(now: datetime) -> CardState:
    """A card never reviewed, due at ``now``."""
    return CardState(
        state=int(State.Learning), step=0, stability=None, difficulty=None, due_at=_utc(now), last_review_at=None
    )


def to_fsrs(card: CardState) -> Card:
    return Card(
        card_id=0,
        state=State(card.state),
        step=card.step,
        stability=card.stability,
        difficulty=card.difficulty,
        due=_utc(card.due_at),
        last_review=None if card.last_review_at is None else _utc(card.last_review_at),
    )


def from_fsrs(card: Card) -> CardState:
    return CardState(
        state=int(card.state),
        step=card.step,
        stability=card.stability,
        difficulty=card.difficulty,
        due_at=card.due,
        last_review_at=card.last_review,
    )


def rating_of(passed: bool) -> Rating:
    """The pass/fail form: solved is Good, failed is Again."""
    return Rating.Good if passed else Rating.Again


def is_due(card: CardState, now: datetime) -> bool:
    return card.due_at <= now


def review(card: CardState, passed: bool, now: datetime) -> CardState:
    """The card after a review at ``now`` (FSRS's own computation)."""
    reviewed, _log = SCHEDULER.review_card(to_fsrs(card), rating_of(passed), review_datetime=_utc(now))
    return from_fsrs(reviewed)


def after_try(card: CardState, passed: bool, now: datetime) -> tuple[CardState, bool]:
    """The card after a try at ``now``, and whether the try was a review:
    every failed try and a solved one when due; a solved try ahead of time is
    practice and leaves the card as it is."""
    if passed and not is_due(card, now):
        return card, False
    return review(card, passed, now), True
