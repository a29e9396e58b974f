from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchiveConfig(AppConfig):
    name = "puzzles.archive"
    label = "archive"
    verbose_name = _("Game records")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed

        from . import services

        guest_claimed.connect(services.imports_claim, dispatch_uid="puzzles.archive.claim")
