"""Glicko-2 ratings, shared by the puzzle ratings (training) and the ratings
of games between people (people): the arithmetic (``glicko2``, no Django) and
the abstract model of a rated row (``models.Glicko2Rated``)."""
