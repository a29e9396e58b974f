"""The abstract model of a row rated by Glicko-2: its rating, deviation and
volatility with the system's starting values, and the update of one rating
period.  No table of its own: ``training.PuzzleRating`` and
``people.GameRating`` are rated rows."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from . import glicko2


class Glicko2Rated(models.Model):
    """A rating, its deviation and its volatility (Glicko-2)."""

    rating = models.FloatField(_("rating"), default=glicko2.DEFAULT_RATING)
    rd = models.FloatField(_("rating deviation"), default=glicko2.DEFAULT_RD)
    volatility = models.FloatField(_("volatility"), default=glicko2.DEFAULT_VOLATILITY)

    class Meta:
        abstract = True

    @property
    def glicko2_rating(self) -> glicko2.Rating:
        """The row's rating as the arithmetic takes it."""
        return glicko2.Rating(self.rating, self.rd, self.volatility)

    def glicko2_set(self, rated: glicko2.Rating) -> None:
        """Take ``rated`` (the arithmetic's result) into the row's fields; not saved."""
        self.rating, self.rd, self.volatility = rated.rating, rated.rd, rated.volatility

    def rated_after(self, results: list[tuple[glicko2.Rating, float]]) -> glicko2.Rating:
        """The row's rating after one rating period with ``results`` (``glicko2.update``),
        its deviation kept within ``MIN_RD..MAX_RD``; the row itself is not changed."""
        return glicko2.clamped(glicko2.update(self.glicko2_rating, results))
