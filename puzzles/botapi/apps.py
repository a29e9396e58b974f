from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BotApiConfig(AppConfig):
    name = "puzzles.botapi"
    label = "botapi"
    verbose_name = _("Bots and streams")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.games.signals import game_finished

        from . import notices

        # a game's end wakes its players' event streams at once (gameFinish)
        game_finished.connect(notices.game_finished_notice, dispatch_uid="puzzles.botapi.game_finished")
