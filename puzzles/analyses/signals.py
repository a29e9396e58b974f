"""``analysis_asked``: sent when a player asks for the analysis of a position
on the site (the API or the analysis board), with ``player`` and ``position``
(normalised).  Puzzle training listens: a rated attempt whose position its
player has analysed is no longer rated."""
from __future__ import annotations

from django.dispatch import Signal

analysis_asked = Signal()
