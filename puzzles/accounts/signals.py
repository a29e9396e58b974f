"""``guest_claimed``: sent when a guest logs in, so that each app hands the
guest's data to the account (receivers take ``user`` and ``session_key``,
the guest's token, and ``request``, the log-in's, for a message to the
player; they are connected in each app's ``AppConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

from .players import PLAYER_SESSION_KEY

guest_claimed = Signal()


def on_user_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    token = request.session.get(PLAYER_SESSION_KEY) if request is not None else None
    if token and user.is_authenticated:
        guest_claimed.send(sender=on_user_logged_in, user=user, session_key=token, request=request)
