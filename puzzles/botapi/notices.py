"""What wakes a player's event stream (``feeds.EventFeed``): it listens to
the player's inbox channel (``people.selectors.inbox_channel``), which the
people app notifies when a challenge that keeps a seat for them changes and
when their game starts.  The end of a game notifies nothing there, so this
app's receiver of ``games.signals.game_finished`` publishes a plain notice
on the inbox channel of each person seated in it (a notice only: the
inbox's version does not move, and its long polls read it and hold on)."""

from __future__ import annotations

from typing import Any

from puzzles.core import events
from puzzles.games import selectors as game_selectors
from puzzles.people import selectors as people_selectors


def game_finished_notice(sender: Any, game: Any, **kwargs: Any) -> None:
    """Tell the event streams of the game's people that it is over."""
    if not game.is_people:
        return
    for player in game_selectors.game_people(game).values():
        events.publish(people_selectors.inbox_channel(player))
