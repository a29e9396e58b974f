from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "puzzles.core"
    label = "core"
    verbose_name = _("Open domino: common parts")

    def ready(self) -> None:
        # The ``<id:...>`` path converter every app's urls use.
        from . import ids  # noqa: F401
