from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysesConfig(AppConfig):
    name = "puzzles.analyses"
    label = "analyses"
    verbose_name = _("Analyses")
    default_auto_field = "django.db.models.BigAutoField"
