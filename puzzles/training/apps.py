from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrainingConfig(AppConfig):
    name = "puzzles.training"
    label = "training"
    verbose_name = _("Puzzle training")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.players import Player
        from puzzles.accounts.signals import guest_claimed
        from puzzles.analyses.signals import analysis_asked
        from puzzles.core import longpoll

        from . import selectors, services

        guest_claimed.connect(services.ratings_claim, dispatch_uid="puzzles.training.claim")
        analysis_asked.connect(services.attempts_unrate_analysed, dispatch_uid="puzzles.training.unrate")
        longpoll.register(
            r"^/api/attempts/([0-9]+)/$",
            "attempt",
            lambda request, pk: selectors.attempt_version_for_player(Player.of(request), pk),
            selectors.attempt_version,
        )
