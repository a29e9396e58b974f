"""A VAPID key pair for Web Push, for the settings of a machine that has
none in its environment: made once and kept in a file out of git (local), or
made for one process (tests)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_pair() -> tuple[str, str]:
    """(private, public), base64url: the private number's 32 bytes, the public point uncompressed."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return _b64(private), _b64(public)


def kept_pair(path: Path) -> tuple[str, str]:
    """The pair in ``path``, made and written there the first time."""
    if path.is_file():
        kept = json.loads(path.read_text())
        return kept["private"], kept["public"]
    private, public = new_pair()
    path.write_text(json.dumps({"private": private, "public": public}))
    path.chmod(0o600)
    return private, public
