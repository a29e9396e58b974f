"""Study: the analysis board and position editor, the analysis of whole game
records, and the annotated endgame library."""
