from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "puzzles.social"
    label = "social"
    verbose_name = _("Follows and blocks")
    default_auto_field = "django.db.models.BigAutoField"
