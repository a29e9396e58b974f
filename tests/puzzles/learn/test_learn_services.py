"""The course's services called directly: a refused try changes nothing, a
right try moves the progress on only at the next position, and the hand-over
at log-in merges a guest's progress into the account's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from puzzles.accounts.players import Player, guest
from puzzles.core.errors import ApplicationError, ConflictError
from puzzles.learn import services
from puzzles.learn.lessons import LESSONS
from puzzles.learn.models import LessonProgress

pytestmark = pytest.mark.django_db


def solve(player: Player, key: str) -> None:
    for number, step in enumerate(LESSONS[key].steps, 1):
        assert services.lesson_try(player=player, key=key, step=number, move=step.accepted[0]).correct


def test_a_refused_try_changes_nothing():
    player = guest("tok-1")
    with pytest.raises(ConflictError):
        services.lesson_try(player=player, key="rows", step=1, move="24R")
    with pytest.raises(ConflictError):
        services.lesson_try(player=player, key="placing", step=2, move="36L")
    with pytest.raises(ApplicationError):
        services.lesson_try(player=player, key="placing", step=1, move="not a move")
    assert not LessonProgress.objects.exists()


def test_progress_moves_on_at_the_next_position_only():
    player = guest("tok-2")
    wrong = services.lesson_try(player=player, key="placing", step=1, move="12")
    assert not wrong.correct
    assert wrong.reason is not None
    assert wrong.reason["kind"] == "covered"
    right = services.lesson_try(player=player, key="placing", step=1, move="33")
    assert right.correct
    assert right.reason is None
    assert (
        str(right.after) == "--.02.01.22.25.00.55/34.26.36.06.56.12.45 13.44.05.14.16.23.03/04.15.11.35.24.66.46 33 B"
    )
    again = services.lesson_try(player=player, key="placing", step=1, move="55")
    assert again.correct
    row = LessonProgress.objects.get()
    assert (row.steps_done, row.tries, row.wrong_tries, row.completed_at) == (1, 3, 1, None)
    solve(player, "placing")
    row.refresh_from_db()
    assert row.steps_done == 3
    assert row.completed_at is not None
    assert services.lesson_try(player=player, key="rows", step=1, move="24R").correct


def test_the_hand_over_keeps_the_further_progress_and_the_earlier_finish():
    user = User.objects.create_user("merger", password="a-long-password-5")
    earlier = timezone.now() - timedelta(days=3)
    LessonProgress.objects.create(user=user, lesson="placing", steps_done=3, tries=3, completed_at=earlier)
    LessonProgress.objects.create(user=user, lesson="rows", steps_done=1, tries=1)
    player = guest("tok-3")
    solve(player, "placing")
    solve(player, "rows")
    services.lesson_try(player=player, key="passing", step=1, move="pass")
    assert services.learn_claim(user=user, session_key="tok-3") == 3
    rows = {r.lesson: r for r in LessonProgress.objects.filter(user=user)}
    assert rows["placing"].completed_at == earlier
    assert rows["placing"].tries == 6
    assert rows["rows"].steps_done == 3
    assert rows["rows"].completed_at is not None
    assert rows["passing"].steps_done == 1
    assert not LessonProgress.objects.filter(session_key="tok-3").exists()
