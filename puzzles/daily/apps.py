from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    name = "puzzles.daily"
    label = "daily"
    verbose_name = _("Daily deal")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.core import fairness
        from puzzles.games.signals import game_finished

        from . import services

        guest_claimed.connect(services.entries_claim, dispatch_uid="puzzles.daily.claim")
        game_finished.connect(services.entry_on_game_finished, dispatch_uid="puzzles.daily.game_finished")
        fairness.register_for_player(services.start_refusal)
