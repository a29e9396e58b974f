from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "puzzles.games"
    label = "games"
    verbose_name = _("Practice games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.core import events, fairness, longpoll, outages

        from . import deadlines, disconnects, selectors, stoppages, upkeep, vacations, withheld

        guest_claimed.connect(upkeep.games_claim, dispatch_uid="puzzles.games.claim")
        deadlines.register_hold(vacations.holds)  # a correspondence turn waits while its player is on vacation
        # Time nobody could move in is given back: the deadlines it touched move on.
        outages.outages_changed.connect(stoppages.push_deadlines, dispatch_uid="puzzles.games.outages")
        fairness.register(withheld.positions_refusal)
        fairness.register_for_player(withheld.seated_refusal)
        # A game's readers follow it over its WebSocket (``stream``), else by long polls.
        events.register_streamed("game")
        longpoll.register(
            r"^/api/games/([0-9]+)/$",
            "game",
            disconnects.poll_version,  # the seated reader of a held poll is there
            selectors.game_version,
        )
