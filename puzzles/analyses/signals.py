"""``analysis_asked``: sent when a player asks for the analysis of a position
on the site (the API or the analysis board), or is shown what the solver
knows of one (a stored analysis read back, a hint, a practice game from it
or through it, a record graded), with ``player``, ``position`` (normalised)
and, when there are several, ``positions``.  Puzzle training listens: a
rated attempt whose position its player has analysed is no longer rated."""

from __future__ import annotations

from django.dispatch import Signal

analysis_asked = Signal()
