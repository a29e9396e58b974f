"""Helpers of the bot API's tests: bearer clients of a token, a stream read
line by line, and a guest's challenge to an account."""

from __future__ import annotations

import json
from collections.abc import Iterator

from rest_framework.test import APIClient

from puzzles.apitokens.services import create_personal_token

ALL_SCOPES = ["read", "play", "challenge"]


def bearer(user, scopes=ALL_SCOPES) -> APIClient:
    """An API client authenticated by a new personal token of ``user`` (no session, no CSRF token)."""
    _token, text = create_personal_token(user, name=f"bot {'+'.join(scopes)}", scopes=scopes)
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {text}")
    return client


class Stream:
    """An NDJSON answer read one event at a time (the test client runs the
    stream's loop in this thread as the lines are asked for)."""

    opened: list[Stream] = []

    def __init__(self, response) -> None:
        assert response.status_code == 200, response.content
        Stream.opened.append(self)
        self.response = response
        assert response["Content-Type"] == "application/x-ndjson"
        self.chunks: Iterator[bytes] = iter(response.streaming_content)
        self.pending: list[bytes] = []
        self.keep_alives = 0
        self.ended = False

    @classmethod
    def close_all(cls) -> None:
        while cls.opened:
            cls.opened.pop().response.close()

    def next(self, keep_alives: int = 40) -> dict | None:
        """The next event (None once the stream has ended), the keep-alives before it counted."""
        allowed = self.keep_alives + keep_alives
        while not self.pending:
            try:
                chunk = next(self.chunks)
            except StopIteration:
                self.ended = True
                return None
            for raw in chunk.split(b"\n")[:-1] if chunk else []:
                if raw:
                    self.pending.append(raw)
                else:
                    self.keep_alives += 1
            assert self.keep_alives <= allowed, "no event came"
        return json.loads(self.pending.pop(0))

    def next_of(self, kind: str) -> dict:
        event = self.next()
        assert event is not None, f"the stream ended before a {kind}"
        assert event["type"] == kind, event
        return event


def challenge_to(client: APIClient, name: str, **payload) -> dict:
    """``client`` (a guest) challenges the account ``name`` from seat A, 5+3, casual."""
    body = {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}, "to": name}
    response = client.post("/api/challenges/", {**body, **payload}, format="json")
    assert response.status_code == 201, response.content
    return response.json()
