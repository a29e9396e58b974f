from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "puzzles.matches"
    label = "matches"
    verbose_name = _("Matches")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.players import Player
        from puzzles.accounts.signals import guest_claimed
        from puzzles.core import longpoll
        from puzzles.games.signals import game_finished

        from . import selectors, services

        guest_claimed.connect(services.matches_claim, dispatch_uid="puzzles.matches.claim")
        game_finished.connect(services.match_on_game_finished, dispatch_uid="puzzles.matches.game_finished")
        # Settled first, as the view does: a deal whose end was not recorded
        # (a lost signal) is counted, and the poll answers with it.
        longpoll.register(
            r"^/api/matches/([0-9]+)/$",
            "match",
            lambda request, pk: services.match_version_settled(player=Player.of(request), match_id=pk),
            selectors.match_version,
        )
