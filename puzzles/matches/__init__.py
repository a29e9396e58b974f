"""Matches: a series of practice deals against the solver, to a target score
or a number of won deals (docs/rules.md section 5)."""
