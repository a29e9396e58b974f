from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    name = "puzzles.people"
    label = "people"
    verbose_name = _("Play people")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.players import Player
        from puzzles.accounts.signals import guest_claimed
        from puzzles.botaccounts import history as bot_history
        from puzzles.core import longpoll
        from puzzles.games import early as game_early
        from puzzles.games.signals import game_finished, game_graded
        from puzzles.social import selectors as social
        from puzzles.social.signals import player_blocked

        from . import block_ends, bots, claims, farming, matches, playing, ratings, selectors, services

        # The social app's "playing now": seated in a live game between people in progress.
        social.register_playing(playing.playing)
        # An account that has played a game between people cannot become a bot.
        bot_history.register_played(bots.has_played_people)
        # A block cancels the open challenges between the two.
        player_blocked.connect(block_ends.on_blocked, dispatch_uid="puzzles.people.blocked")

        guest_claimed.connect(claims.challenges_claim, dispatch_uid="puzzles.people.claim")
        # A deal of a match ended early is scored as played: the match is judged as a whole.
        game_early.register_scored_as_played(matches.is_match_deal)
        # A rated match's later deal is forfeited by a first move not made in time, never called off sooner.
        game_early.register_lapse_forfeits(matches.lapse_forfeits)
        # Past an account's early ends of the day, its next is rated as the loss it is.
        game_early.register_escapes_spent(farming.escapes_spent)
        game_finished.connect(ratings.people_on_game_finished, dispatch_uid="puzzles.people.game_finished")
        game_graded.connect(services.accuracy_on_game_graded, dispatch_uid="puzzles.people.game_graded")
        # Anyone holding a challenge's link may watch it (the link is the seat).
        longpoll.register(
            r"^/api/challenges/([0-9]+)/$",
            "challenge",
            lambda request, pk: selectors.challenge_version(pk),
            selectors.challenge_version,
        )
        # The lobby is one row (id 1): its version moves with every seek.
        longpoll.register(
            r"^/api/lobby/([0-9]+)/$",
            "lobby",
            lambda request, pk: selectors.lobby_version(pk),
            selectors.lobby_version,
        )
        # The challenges for the reader: one address, and each player's own
        # version and channel (a seek, or a challenge for someone else, wakes
        # none of their pages).
        longpoll.register(
            r"^/api/lobby/([0-9]+)/for-you/$",
            "inbox",
            lambda request, pk: selectors.inbox_version(Player.of(request)) if pk == 1 else None,
            None,
            channel_of=lambda request, pk: selectors.inbox_channel(Player.of(request)),
        )
