"""The bot's HTTP: ``requests`` when it is installed, else the standard
library's ``urllib``; every request carries the token as a bearer."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

try:
    import requests
except ImportError:  # the standard library will do
    requests = None  # type: ignore[assignment]

# A stream sends a line at least every 6 seconds: a read that waits this long means a dead connection.
READ_TIMEOUT = 30.0
CONNECT_TIMEOUT = 10.0


class ApiError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body


class Site:
    """The site at ``url``, spoken to with ``token``."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        self.session = requests.Session() if requests is not None else None

    def post(self, path: str) -> Any:
        """POST with no body; the JSON answer, or ``ApiError`` with the site's ``{"error"}``."""
        if self.session is not None:
            response = self.session.post(self.url + path, headers=self.headers, timeout=(CONNECT_TIMEOUT, READ_TIMEOUT))
            body = _json(response.content)
            if response.status_code >= 400:
                raise ApiError(response.status_code, body)
            return body
        request = urllib.request.Request(self.url + path, data=b"", method="POST", headers=self.headers)
        try:
            with urllib.request.urlopen(request, timeout=READ_TIMEOUT) as response:
                return _json(response.read())
        except urllib.error.HTTPError as exc:
            raise ApiError(exc.code, _json(exc.read())) from None

    def stream(self, path: str) -> Iterator[dict[str, Any] | None]:
        """The events of an NDJSON stream, one a line, as they come; None for a
        keep-alive (an empty line, at least every 6 s: a chance to stop)."""
        headers = {**self.headers, "Accept": "application/x-ndjson"}
        if self.session is not None:
            with self.session.get(
                self.url + path, headers=headers, stream=True, timeout=(CONNECT_TIMEOUT, READ_TIMEOUT)
            ) as response:
                if response.status_code >= 400:
                    raise ApiError(response.status_code, _json(response.content))
                pending = b""
                for chunk in response.iter_content(chunk_size=None):  # each as it comes, not 512 bytes at a time
                    pending += chunk
                    *complete, pending = pending.split(b"\n")
                    for line in complete:
                        yield json.loads(line) if line.strip() else None
            return
        request = urllib.request.Request(self.url + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=READ_TIMEOUT) as response:
                for line in response:
                    yield json.loads(line) if line.strip() else None
        except urllib.error.HTTPError as exc:
            raise ApiError(exc.code, _json(exc.read())) from None


def _json(content: bytes) -> Any:
    try:
        return json.loads(content or b"null")
    except ValueError:
        return {"error": content[:200].decode("utf-8", "replace")}
