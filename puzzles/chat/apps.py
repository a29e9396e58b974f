from collections.abc import Callable

from django.apps import AppConfig
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "puzzles.chat"
    label = "chat"
    verbose_name = _("Chat")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from puzzles.accounts.signals import guest_claimed
        from puzzles.core import longpoll

        from . import selectors, services
        from .models import Room

        guest_claimed.connect(services.guest_claim, dispatch_uid="puzzles.chat.claim")

        # A room's readers long-poll it (``?wait=<version>``): its version
        # moves on with each message, published on the room's channel.
        paths = {
            Room.Kind.PLAYERS: r"^/api/chat/games/([0-9]+)/players/$",
            Room.Kind.SPECTATORS: r"^/api/chat/games/([0-9]+)/spectators/$",
            Room.Kind.TOURNAMENT: r"^/api/chat/tournaments/([0-9]+)/$",
        }
        for kind, path in paths.items():
            longpoll.register(path, selectors.CHANNEL_KINDS[kind], *_versions(kind))


def _versions(kind: str) -> tuple[Callable[[HttpRequest, int], int | None], Callable[[int], int | None]]:
    """The long polls' reads of a room of ``kind``: its version if the
    request's player may read it, and its version alone."""
    from puzzles.accounts.players import Player

    from . import selectors

    def version_of(request: HttpRequest, pk: int) -> int | None:
        return selectors.version_for(kind, Player.of(request), pk)

    def version(pk: int) -> int | None:
        return selectors.version_of_room(kind, pk)

    return version_of, version
