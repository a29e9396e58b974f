from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OfflineConfig(AppConfig):
    name = "puzzles.offline"
    label = "offline"
    verbose_name = _("Offline puzzles")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.training import withheld

        from . import selectors, services

        guest_claimed.connect(services.results_claim, dispatch_uid="puzzles.offline.claim")
        guest_claimed.connect(services.keys_held_claim, dispatch_uid="puzzles.offline.claim-keys")
        # A puzzle whose key anyone holds is rated for nobody: the same person may
        # fetch keys as a guest and train on an account (one key, two identities).
        withheld.register(
            withheld.Source(
                reason=services.UNRATED_KEY_HELD,
                held_by=selectors.puzzles_withheld_from,
                held_by_anyone=selectors.puzzles_held_by_anyone,
            )
        )
