from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoachConfig(AppConfig):
    name = "puzzles.coach"
    label = "coach"
    verbose_name = _("Learn from your mistakes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from celery.signals import task_postrun

        from puzzles.accounts.signals import guest_claimed
        from puzzles.games.signals import game_finished, game_graded
        from puzzles.study.tasks import grade_game_record_task
        from puzzles.training.signals import attempt_finished

        from . import services

        guest_claimed.connect(services.exercises_claim, dispatch_uid="puzzles.coach.claim")
        guest_claimed.connect(services.puzzle_cards_claim, dispatch_uid="puzzles.coach.claim-puzzle-cards")
        attempt_finished.connect(
            services.puzzle_cards_on_attempt_finished, dispatch_uid="puzzles.coach.attempt-finished"
        )
        game_finished.connect(services.exercises_on_game_finished, dispatch_uid="puzzles.coach.game-finished")
        # a game between people is graded after it ends: its exercises are made once it is
        game_graded.connect(services.exercises_on_game_graded, dispatch_uid="puzzles.coach.game-graded")
        # A game record's analysis is done when study's grading task has run.
        task_postrun.connect(
            services.exercises_on_record_graded,
            sender=grade_game_record_task,
            weak=False,
            dispatch_uid="puzzles.coach.record-graded",
        )
