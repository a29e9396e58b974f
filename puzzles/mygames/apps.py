from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MyGamesConfig(AppConfig):
    name = "puzzles.mygames"
    label = "mygames"
    verbose_name = _("My games")
    default_auto_field = "django.db.models.BigAutoField"
