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
        # The stored version, as the view reads it: a deal whose end was not
        # recorded (a lost signal) is counted by the beat's sweep, whose
        # notice then wakes the poll.
        longpoll.register(
            r"^/api/matches/([0-9]+)/$",
            "match",
            lambda request, pk: selectors.match_version_for_player(Player.of(request), pk),
            selectors.match_version,
        )
