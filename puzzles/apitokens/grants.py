"""What a token grants: the ``request.auth`` of a request authenticated by a
token (``authentication.TokenAuthentication``); a browser session has none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["personal", "oauth"]


@dataclass(frozen=True)
class Grant:
    scopes: frozenset[str]
    token_id: int
    kind: Kind

    def allows(self, scope: str) -> bool:
        return scope in self.scopes

    @property
    def key(self) -> str:
        """The token's name in the rate limits' counters: ``personal:12``, ``oauth:7``."""
        return f"{self.kind}:{self.token_id}"


def grant_of(request: Any) -> Grant | None:
    """The token's grant of a request, None for a browser session or a guest."""
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, Grant) else None


# The scopes a token may hold (docs/api.md, "Tokens and OAuth2").
READ = "read"  # read anything the account may read (every GET)
PLAY = "play"  # play the account's games: moves, resigning, aborting, claims, rematches
CHALLENGE = "challenge"  # make, accept and decline challenges and seeks
BOT = "bot"  # turn the account into a bot account
SCOPES = (READ, PLAY, CHALLENGE, BOT)
# An endpoint no token may use, whatever its scopes (account settings, the tokens themselves).
SESSION_ONLY = "session-only"
