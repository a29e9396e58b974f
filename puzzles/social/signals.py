"""``player_blocked``: sent once a block is stored (``blocker_id``,
``blocked_id``), for the apps above to end what the two had open between
them (the people app cancels their open challenges to each other)."""

from django.dispatch import Signal

player_blocked = Signal()
