from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InsightsConfig(AppConfig):
    name = "puzzles.insights"
    label = "insights"
    verbose_name = _("Insights")
    default_auto_field = "django.db.models.BigAutoField"
