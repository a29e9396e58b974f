"""Deals anyone can verify: a commitment to a deal's seed, shown when a game
starts and opened when it ends (docs/rules.md section 4.11).

A deal is drawn from a seed (``deal(seed, variant)``).  Before the game the
server shows only the commitment

    sha256("open-domino deal v1 <variant> <salt> <seed>")   (hexadecimal, 64 digits)

where ``<variant>`` is the variant as a position string names it
(``lewicki``, ``block+doubles``...), ``<salt>`` 32 lowercase hexadecimal digits
(128 random bits, fresh for each commitment) and ``<seed>`` the seed in
decimal without leading zeros, the four separated by single spaces and read
as ASCII.  After the game it shows the salt and the seed: anyone can then
compute the commitment again and draw the deal of the seed.  The salt keeps
the seed from being found by trying every seed (a seed has 53 bits) against
the commitment before the game is over.

``keyed_seed`` is how a server draws a seed nobody can foresee from a secret
of its own (the site's daily deal: ``keyed_seed(secret, "daily 2026-12-06")``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from .deal import check_seed, deal
from .errors import DominoError
from .position import Position
from .variant import Variant, as_variant

LABEL = "open-domino deal v1"
SALT_BYTES = 16
# Seeds drawn by ``keyed_seed`` stay below 2**53, so that JavaScript reads them exactly.
SEED_BITS = 53

_SALT = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


class CommitmentError(DominoError):
    """A salt or a commitment is not written as this module writes them."""


def new_salt() -> str:
    """A fresh salt: 128 random bits as 32 lowercase hexadecimal digits."""
    return secrets.token_hex(SALT_BYTES)


def check_salt(salt: object) -> str:
    """``salt`` as 32 lowercase hexadecimal digits (upper case is read too)."""
    text = salt.strip().lower() if isinstance(salt, str) else None
    if text is None or not _SALT.fullmatch(text):
        raise CommitmentError(f"a salt is 32 hexadecimal digits, not {salt!r}")
    return text


def check_commitment(commitment: object) -> str:
    """``commitment`` as 64 lowercase hexadecimal digits (a SHA-256 digest)."""
    text = commitment.strip().lower() if isinstance(commitment, str) else None
    if text is None or not _DIGEST.fullmatch(text):
        raise CommitmentError(f"a commitment is 64 hexadecimal digits (a SHA-256 digest), not {commitment!r}")
    return text


def committed_text(seed: int, salt: str, variant: Variant | str | None = None) -> str:
    """The text whose SHA-256 is the commitment (see the module's docstring)."""
    return f"{LABEL} {as_variant(variant)} {check_salt(salt)} {check_seed(seed)}"


def deal_commitment(seed: int, salt: str, variant: Variant | str | None = None) -> str:
    """The commitment to deal ``seed`` of ``variant`` under ``salt``: 64 hexadecimal digits."""
    return hashlib.sha256(committed_text(seed, salt, variant).encode("ascii")).hexdigest()


def keyed_seed(secret: bytes | str, label: str) -> int:
    """A seed below 2**53 from ``secret`` and ``label``: the first 8 bytes of
    HMAC-SHA256(secret, label), big-endian, shifted right by 11 bits.
    Without the secret the seed of a label cannot be told in advance."""
    key = secret.encode("utf-8") if isinstance(secret, str) else secret
    digest = hmac.new(key, label.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


@dataclass(frozen=True)
class Check:
    """One thing a verification checked: its name, whether it holds, and what was compared."""

    name: str
    holds: bool
    expected: str
    found: str


@dataclass(frozen=True)
class DealProof:
    """What ``verify_deal`` found: the deal the seed gives, and each check."""

    variant: Variant
    seed: int
    salt: str
    commitment: str
    text: str
    deal: Position
    checks: tuple[Check, ...]

    @property
    def holds(self) -> bool:
        return all(check.holds for check in self.checks)

    @property
    def failed(self) -> list[str]:
        return [check.name for check in self.checks if not check.holds]


def verify_deal(
    *,
    seed: object,
    salt: object,
    commitment: object,
    variant: Variant | str | None = None,
    position: Position | str | None = None,
) -> DealProof:
    """Check that ``commitment`` is the commitment to ``seed`` of ``variant``
    under ``salt`` and, given the start ``position`` a game showed, that it is
    the deal of ``seed``.  Raises ``DominoError`` on input that is not
    well-formed (a mismatch is not an error: see ``DealProof.holds``)."""
    rules = as_variant(variant)
    number = check_seed(seed)
    salt_text = check_salt(salt)
    given = check_commitment(commitment)
    shown = Position.parse(position) if isinstance(position, str) else position
    dealt = deal(number, rules)
    computed = deal_commitment(number, salt_text, rules)
    checks = [Check("commitment", hmac.compare_digest(computed, given), computed, given)]
    if shown is not None:
        checks.append(Check("position", str(shown) == str(dealt), str(dealt), str(shown)))
    return DealProof(
        variant=rules,
        seed=number,
        salt=salt_text,
        commitment=given,
        text=committed_text(number, salt_text, rules),
        deal=dealt,
        checks=tuple(checks),
    )
