from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnConfig(AppConfig):
    name = "puzzles.learn"
    label = "learn"
    verbose_name = _("Learn to play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed

        from . import services

        guest_claimed.connect(services.learn_claim, dispatch_uid="puzzles.learn.claim")
