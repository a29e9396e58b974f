from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApitokensConfig(AppConfig):
    name = "puzzles.apitokens"
    label = "apitokens"
    verbose_name = _("API tokens")
    default_auto_field = "django.db.models.BigAutoField"
