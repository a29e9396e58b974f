from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "puzzles.tournaments"
    label = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.botaccounts import history as bot_history
        from puzzles.core import fairness, longpoll
        from puzzles.games.signals import game_finished
        from puzzles.people import profiles

        from . import duplicates, presence, presentation, selectors, services

        fairness.register_for_player(duplicates.refusal)
        profiles.register_events(presentation.profile_events)
        bot_history.register_entered(presentation.rated_events_entered)  # a bot plays in no rated event
        guest_claimed.connect(services.entries_claim, dispatch_uid="puzzles.tournaments.claim")
        game_finished.connect(services.on_game_finished, dispatch_uid="puzzles.tournaments.game_finished")
        # A held poll (any page's) is its reader's page still open: an arena pauses one whose pages are gone.
        longpoll.on_poll(presence.request_seen)
        # Anyone may read an event: its version is the poll's.
        longpoll.register(
            r"^/api/tournaments/([0-9]+)/$",
            "tournament",
            lambda request, pk: selectors.tournament_version(pk),
            selectors.tournament_version,
        )
