"""A bot is a program by its own declaration: its exact play flags no one and
is left out of the cheating report, whose figures are people's play."""

from __future__ import annotations

import pytest

from puzzles.botaccounts.models import BotAccount
from puzzles.people import accuracy, cheating_report
from puzzles.people.models import FairnessFlag, RatingChange

from ..people.test_accuracy import crafted_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ann_and_robo(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    robo = django_user_model.objects.create_user("robo", password="pw-robo-12345")
    BotAccount.objects.create(user=robo)
    return ann, robo


def test_a_bots_exact_play_is_not_flagged(ann_and_robo):
    ann, robo = ann_and_robo
    for _ in range(accuracy.FLAG_GAMES):
        # robo (B) plays every move best, ann (A) too
        accuracy.accuracy_record(game_id=crafted_game(ann, robo, rated=True, best_of_ann=8).pk)
    assert set(FairnessFlag.objects.values_list("user__username", flat=True)) == {"ann"}


def test_the_cheating_report_reads_peoples_rating_changes_only(ann_and_robo):
    ann, robo = ann_and_robo
    game = crafted_game(ann, robo, rated=True, best_of_ann=8)
    for user, before in ((ann, 1500.0), (robo, 1500.0)):
        RatingChange.objects.create(
            user=user, game=game, time_class="live", family="lewicki",
            rating_before=before, rating_after=before, rd_after=200, score=0.5,
        )  # fmt: skip
    assert [row.user_id for row in cheating_report._rated(100)] == [ann.pk]
