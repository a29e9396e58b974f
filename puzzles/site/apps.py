from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SiteConfig(AppConfig):
    name = "puzzles.site"
    label = "site"
    verbose_name = _("Site")
