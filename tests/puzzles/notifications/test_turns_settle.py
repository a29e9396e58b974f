"""The beat's sweep for turn notices a lost signal left unsent: found once
the turn is a minute old, sent once, never for a turn already told, a live
game or a turn begun days ago."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from puzzles.games.models import Game
from puzzles.notifications import sweep
from puzzles.notifications.models import Notice
from puzzles.notifications.tasks import turns_settle_task

from .conftest import game_between, play_one

pytestmark = pytest.mark.django_db(transaction=True)


def aged(game_id: int, seconds: float) -> None:
    Game.objects.filter(pk=game_id).update(turn_started_at=timezone.now() - timedelta(seconds=seconds))


def test_a_lost_turn_notice_is_sent_once_by_the_sweep(account):
    ann, bob = account("ann"), account("bob")
    clients = {"A": ann, "B": bob}
    game = game_between(ann, bob)
    told = game_between(ann, bob)  # its notices went out as usual
    live = game_between(ann, bob, days=None, clock={"initial": 300, "increment": 3})
    seat = play_one(clients, game)
    play_one(clients, told)
    key = f"turn:{game}:1"
    lost = Notice.objects.get(key=key)
    assert lost.user == clients[seat].user
    lost.delete()  # as if the process had died between the move's commit and its signal
    for pk in (game, told, live):
        aged(pk, 30)
    assert sweep.missing_turns() == []  # within the grace: the signal's task may still come
    for pk in (game, told, live):
        aged(pk, 120)
    assert sweep.missing_turns() == [(game, 1, seat)]
    mail.outbox.clear()
    assert turns_settle_task() == 1
    notice = Notice.objects.get(key=key)
    assert (notice.user, notice.kind, notice.data["game"]) == (clients[seat].user, "turn", game)
    assert [m.to for m in mail.outbox] == [[f"{clients[seat].user.username}@example.com"]]
    assert sweep.missing_turns() == []
    assert turns_settle_task() == 0  # never twice
    assert len(mail.outbox) == 1
    # a turn begun long ago is left alone (its game's deadline looks after it)
    Notice.objects.filter(key=key).delete()
    aged(game, sweep.LOOK_BACK.total_seconds() + 60)
    assert sweep.missing_turns() == []
