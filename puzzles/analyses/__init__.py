"""Analyses: the exact analysis of a position, computed once on the workers
however many players reach it, cached in Redis and kept in the database.
Games, training and study depend on this app; it depends on none of them."""
