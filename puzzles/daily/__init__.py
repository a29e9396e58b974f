"""The daily deal: one deal a day, the same for everyone, played against the
perfect solver and ranked against the field by points lost."""
