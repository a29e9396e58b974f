"""Which scope each state-changing endpoint of the other apps needs from a
token, by its URL name; an endpoint of its own may say it instead with a
``required_scope`` attribute on its view (``scopes.decision``).

An unsafe endpoint named in neither is refused to every token (a test walks
the URLconf so that none is left undecided).  ``SESSION_ONLY``: a page's own
business (settings, notices, social ties, chat outside one's game), never a
program's."""

from __future__ import annotations

from .grants import CHALLENGE, PLAY, READ, SESSION_ONLY

DECISIONS: dict[str, str] = {
    # Asking the solver, checking a position, analysing a record: reading, in effect.
    "analyses:api-analyses": READ,
    "study:api-positions": READ,
    "study:api-game-analyses": READ,
    # Playing: games, matches, the daily deal, puzzles, lessons, exercises.
    "games:api-games": PLAY,
    "games:api-game-moves": PLAY,
    "games:api-game-hint": PLAY,
    "games:api-game-resign": PLAY,
    "games:api-game-abort": PLAY,
    "games:api-game-present": PLAY,
    "games:api-game-claim": PLAY,
    "games:api-game-rematch": PLAY,
    "people:api-challenge-rematch": PLAY,
    "matches:api-matches": PLAY,
    "daily:api-start": PLAY,
    "training:api-puzzle-attempts": PLAY,
    "training:api-attempt-moves": PLAY,
    "training:api-attempt-give-up": PLAY,
    "training:api-runs": PLAY,
    "training:api-run-moves": PLAY,
    "training:api-run-stop": PLAY,
    "training:api-run-skip": PLAY,
    "study:api-endgame-progress": PLAY,
    "learn:api-tries": PLAY,
    "coach:api-exercise-tries": PLAY,
    "chat:api-game-players": PLAY,  # a word to one's opponents in one's own game
    # Challenges, seeks and events to be paired in.
    "people:api-challenges": CHALLENGE,
    "people:api-challenge-accept": CHALLENGE,
    "people:api-challenge-decline": CHALLENGE,
    "people:api-challenge-cancel": CHALLENGE,
    "people:api-seeks": CHALLENGE,
    "people:api-quick": CHALLENGE,
    "tournaments:api-join": CHALLENGE,
    "tournaments:api-leave": CHALLENGE,
    # The account's own business.
    "games:api-vacation": SESSION_ONLY,
    "training:api-puzzle-difficulty": SESSION_ONLY,
    "training:api-puzzle-vote": SESSION_ONLY,
    "offline:api-results": SESSION_ONLY,
    "tournaments:api-list": SESSION_ONLY,
    "notifications:api-read": SESSION_ONLY,
    "notifications:api-settings": SESSION_ONLY,
    "notifications:api-email-link": SESSION_ONLY,
    "notifications:api-push": SESSION_ONLY,
    "chat:api-game-spectators": SESSION_ONLY,
    "chat:api-tournament": SESSION_ONLY,
    "chat:api-report": SESSION_ONLY,
    "social:api-follow": SESSION_ONLY,
    "social:api-block": SESSION_ONLY,
}
