"""Offline puzzles and the installable web app: the keys that grade puzzles in the browser, results sent back."""
