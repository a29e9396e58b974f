from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "puzzles.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.core import longpoll
        from puzzles.games.signals import game_finished, game_opened, turn_passed
        from puzzles.people.signals import challenge_received
        from puzzles.tournaments.signals import tournament_started

        from . import receivers, selectors

        turn_passed.connect(receivers.on_turn_passed, dispatch_uid="puzzles.notifications.turn")
        game_finished.connect(receivers.on_game_finished, dispatch_uid="puzzles.notifications.ended")
        game_opened.connect(receivers.on_game_opened, dispatch_uid="puzzles.notifications.opened")
        challenge_received.connect(receivers.on_challenge_received, dispatch_uid="puzzles.notifications.challenge")
        tournament_started.connect(receivers.on_tournament_started, dispatch_uid="puzzles.notifications.tournament")
        # The reader's own notices: one address (id 1), each account's version and channel.
        longpoll.register(
            r"^/api/notifications/([0-9]+)/$",
            "notices",
            lambda request, pk: selectors.box_version(request.user) if pk == 1 else None,
            None,
            channel_of=lambda request, pk: selectors.box_channel(request.user),
        )
