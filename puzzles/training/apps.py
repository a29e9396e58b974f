from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrainingConfig(AppConfig):
    name = "puzzles.training"
    label = "training"
    verbose_name = _("Puzzle training")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed

        from . import services

        guest_claimed.connect(services.ratings_claim, dispatch_uid="puzzles.training.claim")
