from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = _("Open domino practice")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from . import services

        user_logged_in.connect(services.on_user_logged_in, dispatch_uid="puzzles.claim_games")
        from . import study_services  # issue 5: a guest's game analyses and endgame progress

        user_logged_in.connect(study_services.on_user_logged_in, dispatch_uid="puzzles.claim_study")
