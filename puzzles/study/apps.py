from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StudyConfig(AppConfig):
    name = "puzzles.study"
    label = "study"
    verbose_name = _("Study")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed

        from . import services

        guest_claimed.connect(services.study_claim, dispatch_uid="puzzles.study.claim")
