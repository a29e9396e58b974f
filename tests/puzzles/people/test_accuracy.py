"""Per-game exact accuracy of each person and the fairness report: crafted
graded games, the flag raised by FLAG_RULE only (ten rated games of near
perfect play, not nine, not casual ones, not a human's rate), shown in the
admin's report."""

from __future__ import annotations

import pytest

from puzzles.accounts.players import Player
from puzzles.games.models import Game, GameMove
from puzzles.games.people_start import game_start_people
from puzzles.people import accuracy
from puzzles.people.models import Challenge, ChallengeSeat, FairnessFlag, GameAccuracy
from solver import Position

pytestmark = pytest.mark.django_db(transaction=True)


def crafted_game(ann, bob, *, rated: bool, best_of_ann: int, moves: int = 8) -> Game:
    """A finished rated people game whose ``moves`` moves of A (each with a
    choice) are graded, the first ``best_of_ann`` best and the rest mistakes;
    B's moves all best."""
    game = game_start_people(
        variant="lewicki", seats={"A": Player(ann, ""), "B": Player(bob, "")}, rated=rated, clock=(300, 3), seed=11
    )
    challenge = Challenge.objects.create(
        variant="lewicki",
        rated=rated,
        clock_initial=300,
        clock_increment=3,
        status="started",
        game=game,
        creator=ann,
        expires_at=game.created_at,
    )
    ChallengeSeat.objects.create(challenge=challenge, seat="A", owner=ann, joined_at=game.created_at)
    ChallengeSeat.objects.create(challenge=challenge, seat="B", owner=bob, joined_at=game.created_at)
    start = Position.parse(game.start_position)
    assert len(start.legal_moves()) > 1
    for ply in range(2 * moves):
        side = "AB"[ply % 2]
        best = side == "B" or ply // 2 < best_of_ann
        GameMove.objects.create(
            game=game,
            ply=ply,
            side=side,
            by="human",
            move="00",
            position_before=str(start),
            position_after=str(start),
            grade="best" if best else "mistake",
            points_lost=0 if best else 12,
            value=0,
            best_value=0 if best else 12,
        )
    Game.objects.filter(pk=game.pk).update(status="over", result={"winner": "A", "points": 5, "reason": "resigned"})
    return game


def test_accuracy_waits_for_the_grades_and_counts_moves_with_a_choice(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    game = crafted_game(ann, bob, rated=True, best_of_ann=6)
    GameMove.objects.filter(game=game, ply=0).update(grade=None)
    assert accuracy.accuracy_record(game_id=game.pk) is None
    assert not GameAccuracy.objects.exists()
    GameMove.objects.filter(game=game, ply=0).update(grade="best")
    assert accuracy.accuracy_record(game_id=game.pk) is True
    a = GameAccuracy.objects.get(game=game, seat="A")
    assert (a.choices, a.best, a.accuracy, a.points_lost, a.user) == (8, 6, 75.0, 24, ann)
    assert GameAccuracy.objects.get(game=game, seat="B").accuracy == 100.0
    assert accuracy.accuracy_record(game_id=game.pk) is True
    assert GameAccuracy.objects.count() == 2


def test_ten_rated_games_of_exact_play_flag_an_account(django_user_model, admin_client):
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    for _ in range(9):
        accuracy.accuracy_record(game_id=crafted_game(ann, bob, rated=True, best_of_ann=8).pk)
    # casual games do not count towards the rule
    for _ in range(3):
        accuracy.accuracy_record(game_id=crafted_game(ann, bob, rated=False, best_of_ann=8).pk)
    assert not FairnessFlag.objects.exists()  # bob: nine rated games, ann too
    accuracy.accuracy_record(game_id=crafted_game(ann, bob, rated=True, best_of_ann=6).pk)
    # ann: nine at 100% and one at 75% = 97.5% >= 95; bob: ten at 100%
    flags = {f.user.username: f for f in FairnessFlag.objects.select_related("user")}
    assert set(flags) == {"ann", "bob"}
    assert flags["ann"].mean_accuracy == 97.5
    assert flags["ann"].games == accuracy.FLAG_GAMES
    assert not flags["ann"].reviewed
    report = admin_client.get("/admin/people/fairnessflag/").content.decode()
    assert "ann" in report
    assert "97.5" in report
    assert "Fairness report" in report


def test_a_human_rate_is_not_flagged(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    for i in range(12):
        accuracy.accuracy_record(game_id=crafted_game(ann, bob, rated=True, best_of_ann=6 + (i % 3)).pk)
    assert not FairnessFlag.objects.filter(user=ann).exists()
    assert FairnessFlag.objects.filter(user=bob).exists()


def test_missing_accuracies_are_settled_for_games_and_match_deals(api, other_api):
    from puzzles.people.models import ChallengeDeal

    from .conftest import accept, post_challenge

    single = Game.objects.get(pk=accept(other_api, post_challenge(api, days=1, clock=None)["id"])["game"])
    match = post_challenge(api, days=1, clock=None, target_wins=3)
    accept(other_api, match["id"])
    deal_game = ChallengeDeal.objects.get(challenge_id=match["id"], number=1).game
    ended = {"winner": "A", "points": 3, "reason": "resigned"}
    Game.objects.filter(pk__in=[single.pk, deal_game.pk]).update(status="over", result=ended)  # no signal
    assert not GameAccuracy.objects.exists()
    assert accuracy.accuracies_settle() == 2
    assert set(GameAccuracy.objects.values_list("game_id", flat=True)) == {single.pk, deal_game.pk}
    assert accuracy.accuracies_settle() == 0


def test_games_waiting_for_their_grades_do_not_keep_the_sweep_from_the_others(django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    waiting = [crafted_game(ann, bob, rated=True, best_of_ann=4) for _ in range(3)]
    GameMove.objects.filter(game__in=waiting, ply=0).update(grade=None)
    ready = crafted_game(ann, bob, rated=True, best_of_ann=4)
    assert accuracy.accuracies_settle(limit=2) == 1
    assert set(GameAccuracy.objects.values_list("game_id", flat=True)) == {ready.pk}
    GameMove.objects.filter(game=waiting[0]).update(grade="best")
    assert accuracy.accuracies_settle(limit=2) == 1
    assert waiting[0].pk in set(GameAccuracy.objects.values_list("game_id", flat=True))
