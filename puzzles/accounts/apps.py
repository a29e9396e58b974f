from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "puzzles.accounts"
    label = "accounts"
    verbose_name = _("Players")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from . import limits, signals

        user_logged_in.connect(signals.on_user_logged_in, dispatch_uid="puzzles.accounts.claim_guest")
        user_login_failed.connect(limits.count_failed_login, dispatch_uid="puzzles.accounts.count_failed_login")
