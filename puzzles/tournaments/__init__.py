"""Tournaments: arenas, Swiss events and duplicate events, each game an
ordinary game between people (or against the solver, for a duplicate
daylong) played through the games' endpoints.  The rules that need no
database are modules of their own: ``arena_rules`` (points, streaks, who
plays whom next), ``swiss`` (pairing by score, byes, tie-breaks) and
``duplicate`` (matchpoints against the field, points against the exact par)."""
