"""Deals anyone can verify (docs/rules.md section 4.11, ``solver.commitment``).

A deal the site chooses for players (the daily deal, a game between people)
is committed to when it is made: the game shows the commitment
``sha256("open-domino deal v1 <variant> <salt> <seed>")`` from its start, and
the seed and the salt once it is over, with a link to ``/deals/verify/``,
where anyone can check them (as ``python -m solver verify-deal`` does).

Seeds nobody may foresee come from the site's deal secret
(``settings.OD_DEAL_SECRET``; empty: derived from ``SECRET_KEY`` under the
label ``open-domino deal secret v1``): ``secret_seed(label)`` is
``solver.commitment.keyed_seed`` of it.  A game between people draws its seed
and its salt with ``secrets`` instead.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse

from solver.commitment import deal_commitment, keyed_seed, new_salt

from .models import Game

SECRET_LABEL = b"open-domino deal secret v1"


def deal_secret() -> bytes:
    """The site's deal secret: ``OD_DEAL_SECRET``, or one derived from the secret key."""
    configured: str = getattr(settings, "OD_DEAL_SECRET", "")
    if configured:
        return configured.encode("utf-8")
    return hmac.new(settings.SECRET_KEY.encode("utf-8"), SECRET_LABEL, hashlib.sha256).digest()


def secret_seed(label: str) -> int:
    """A seed below 2**53 for ``label`` that only the deal secret tells."""
    return keyed_seed(deal_secret(), label)


def secret_salt(label: str) -> str:
    """A salt (32 hexadecimal digits) for ``label`` from the deal secret: the
    same in every process, yet as unknown as a random one until it is revealed."""
    return hmac.new(deal_secret(), f"salt {label}".encode(), hashlib.sha256).hexdigest()[:32]


def commitment_fields(seed: int, variant: str, salt: str | None = None) -> dict[str, str]:
    """A game's ``deal_salt`` and ``deal_commitment`` for deal ``seed`` of
    ``variant`` (a fresh random salt unless one is given)."""
    salt = salt or new_salt()
    return {"deal_salt": salt, "deal_commitment": deal_commitment(seed, salt, variant)}


def verify_url(*, variant: str, seed: int | str | None, salt: str, commitment: str, position: str = "") -> str:
    """``/deals/verify/`` with its form filled in (what is known of it)."""
    query = {"variant": variant, "commitment": commitment}
    if seed is not None:
        query.update(seed=str(seed), salt=salt)
    if position:
        query["position"] = position
    return f"{reverse('games:verify-deal')}?{urlencode(query)}"


def revealed(game: Game) -> bool:
    """Whether the game's seed may be shown: always without a commitment, else once it is over."""
    return not game.deal_commitment or game.status == Game.Status.OVER


def shown_seed(game: Game) -> int | None:
    """The game's seed as its JSON shows it: null while a committed deal is on."""
    return int(game.seed) if game.seed is not None and revealed(game) else None


def deal_state(game: Game) -> dict[str, Any] | None:
    """The game's ``deal``: the commitment, and the salt and seed once it is
    over (null before), with the link that checks them; null for a game that
    committed to nothing."""
    if not game.deal_commitment:
        return None
    shown = revealed(game)
    seed = int(game.seed) if shown and game.seed is not None else None
    salt = game.deal_salt if shown else None
    return {
        "commitment": game.deal_commitment,
        "salt": salt,
        "seed": seed,
        "verify_url": verify_url(
            variant=game.variant,
            seed=seed,
            salt=salt or "",
            commitment=game.deal_commitment,
            position=game.start_position if shown else "",
        ),
    }
