from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoachConfig(AppConfig):
    name = "puzzles.coach"
    label = "coach"
    verbose_name = _("Learn from your mistakes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.games.signals import game_finished

        from . import services

        guest_claimed.connect(services.exercises_claim, dispatch_uid="puzzles.coach.claim")
        game_finished.connect(services.exercises_on_game_finished, dispatch_uid="puzzles.coach.game-finished")
