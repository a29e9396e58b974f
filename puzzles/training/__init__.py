"""Puzzle training: puzzles mined and verified by the solver, their themes,
the daily puzzle, attempts, Glicko-2 ratings and the generator commands."""
