from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "puzzles.social"
    label = "social"
    verbose_name = _("Follows and blocks")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.core import longpoll

        from . import middleware

        # A page that only long-polls (its requests held before Django's middlewares) is online too.
        longpoll.on_poll(middleware.request_seen)
