"""The arena bench's setup (``arena_bench.py``): the organiser's account,
signed up through the page's form, and the arena it makes; and ``Http``,
the small keep-alive HTTP/1.1 client each guest's session talks through on
the bench's one asyncio loop."""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import sys
import time
import urllib.parse
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_bench as sb  # noqa: E402

PASSWORD = "a-long-pass-phrase-29"


def signed_up(port: int) -> sb.Client:
    """An account's session (signed up through the page's form)."""
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/api/puzzles/themes/", timeout=30).read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    body = {"username": "organiser", "password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": token}
    request = urllib.request.Request(
        base + "/accounts/signup/", data=urllib.parse.urlencode(body).encode(), headers={"Referer": base + "/"}
    )
    opener.open(request, timeout=30).read()
    client = sb.Client(port)
    client.cookies = {c.name: c.value for c in jar}
    if "sessionid" not in client.cookies:
        raise SystemExit(f"the sign-up gave no session: {sorted(client.cookies)}")
    return client


class Http:
    """One keep-alive HTTP/1.1 connection of a guest's session on the loop."""

    def __init__(self, port: int, cookies: dict[str, str]) -> None:
        self.port, self.cookies = port, cookies
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def call(self, method: str, path: str, body: dict | None = None, timeout: float = 60) -> tuple[int, dict]:
        """The status and JSON body; sent again once on a new connection if
        the kept-alive one was closed (the bench sends no move this way)."""
        for attempt in range(2):
            try:
                return await asyncio.wait_for(self._call(method, path, body), timeout)
            except (OSError, EOFError, ValueError, asyncio.IncompleteReadError) as exc:  # OSError: a timeout too
                self.close()
                if attempt or isinstance(exc, TimeoutError):
                    raise RuntimeError(f"{method} {path}: {type(exc).__name__} {exc}") from None
        raise AssertionError("unreachable")

    async def _call(self, method: str, path: str, body: dict | None) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept: application/json"]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method != "GET":
            head += [f"X-CSRFToken: {self.cookies.get('csrftoken', '')}", "Content-Type: application/json"]
            head.append(f"Content-Length: {len(data)}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        line = await self.reader.readline()
        if not line:
            raise EOFError("the server closed the connection")
        status = int(line.split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value = value.strip()
            if name.strip().lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append((await self.reader.readexactly(size + 2))[:-2])
            await self.reader.readline()
            raw = b"".join(parts)
        else:
            raw = await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection", "").lower() == "close":
            self.close()
        try:
            return status, json.loads(raw) if raw else {}
        except ValueError:
            return status, {"error": raw[:200].decode(errors="replace")}


# Seconds from the arena's making to its start, for each guest to join (and
# the sitters to leave) before anyone is paired.
JOIN_LEAD, JOIN_SECONDS = 20.0, 0.1


def arena_made(port: int, args: argparse.Namespace) -> tuple[int, int, float]:
    """The live arena of the run (its id, its length in minutes, and the
    ``time.monotonic()`` of its start), made by the organiser to start once
    the guests have had time to join."""
    lead = JOIN_LEAD + JOIN_SECONDS * args.players
    minutes = args.minutes or max(10, int((args.seconds + args.warmup + 180) // 60) + 1)
    initial, increment = (int(x) for x in args.clock.split("+"))
    organiser = signed_up(port)
    starts = datetime.now(UTC) + timedelta(seconds=lead)
    body = {
        "kind": "arena",
        "clock": {"initial": initial * 60, "increment": increment},
        "minutes": minutes,
        "starts_at": starts.isoformat(),
    }
    status, made = organiser.call("POST", "/api/tournaments/", body)
    if status != 201:
        raise SystemExit(f"POST /api/tournaments/: {status} {made}")
    return made["id"], minutes, time.monotonic() + lead
