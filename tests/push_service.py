"""A Web Push service for the tests, at 127.0.0.1, and a browser's side of
a subscription: its keys (made as a browser makes them) and the decryption
of what is pushed to it."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class PushService:
    """A push service at 127.0.0.1: keeps each POST (its path, headers and body) and answers 201, or ``status``
    (with a ``Location`` header when ``location`` is set: a redirect)."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict, bytes]] = []
        self.status = 201
        self.location = ""
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                if service.location:
                    self.send_header("Location", service.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def browser_keys() -> tuple[ec.EllipticCurvePrivateKey, dict]:
    """A browser's subscription keys: an ECDH P-256 key pair and a 16-byte auth secret."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return private, {"p256dh": b64(public), "auth": b64(os.urandom(16))}


def decrypted(body: bytes, private: ec.EllipticCurvePrivateKey, subscribed: dict) -> Any:
    """The JSON pushed (aes128gcm), decrypted with the browser's key and auth secret."""
    auth = base64.urlsafe_b64decode(subscribed["auth"] + "==")
    return json.loads(http_ece.decrypt(body, private_key=private, auth_secret=auth, version="aes128gcm"))
