"""Practice games against the solver: the opponent's levels, moves graded on
the workers, hints, the play and review pages."""
