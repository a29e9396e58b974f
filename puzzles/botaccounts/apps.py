from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BotAccountsConfig(AppConfig):
    name = "puzzles.botaccounts"
    label = "botaccounts"
    verbose_name = _("Bot accounts")
    default_auto_field = "django.db.models.BigAutoField"
