from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OfflineConfig(AppConfig):
    name = "puzzles.offline"
    label = "offline"
    verbose_name = _("Offline puzzles")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed

        from . import services

        guest_claimed.connect(services.results_claim, dispatch_uid="puzzles.offline.claim")
