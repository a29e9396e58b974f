"""The bot: reads its event stream, accepts the challenges it likes
(declines the others), and plays each game on a thread of its own from the
game's stream, a move each time its seat is to move."""

from __future__ import annotations

import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .api import ApiError, Site
from .choice import choose

log = logging.getLogger("bots")


@dataclass
class Rules:
    """Which challenges the bot accepts."""

    variants: set[str] = field(default_factory=set)  # empty: any
    time_classes: set[str] = field(default_factory=lambda: {"live", "correspondence"})
    rated: bool | None = None  # None: rated or casual
    max_games: int = 4  # games at once; a challenge beyond is declined

    def refusal(self, challenge: dict[str, Any], playing: int) -> str | None:
        """Why the bot declines ``challenge`` (None: it accepts)."""
        family = challenge["variant"].split("+")[0]
        if self.variants and challenge["variant"] not in self.variants and family not in self.variants:
            return f"variant {challenge['variant']}"
        if challenge["time_class"] not in self.time_classes:
            return f"time class {challenge['time_class']}"
        if self.rated is not None and challenge["rated"] != self.rated:
            return "rated" if challenge["rated"] else "casual"
        if challenge.get("match"):
            return "a match"
        if playing >= self.max_games:
            return f"{playing} games at once"
        return None


class Bot:
    def __init__(self, site: Site, level: str, rules: Rules, quit_after: int | None = None) -> None:
        self.site = site
        self.level = level
        self.rules = rules
        self.quit_after = quit_after  # stop after this many games (None: run until stopped)
        self.games: dict[int, threading.Thread] = {}
        self.finished = 0
        self.lock = threading.Lock()
        self.stop = threading.Event()

    # ------------------------------------------------------------------ events

    def run(self) -> None:
        """Follow the event stream until stopped, connecting again when it drops."""
        backoff = 1.0
        while not self.stop.is_set():
            try:
                for event in self.site.stream("/api/stream/events"):
                    backoff = 1.0
                    if event is not None:
                        self.on_event(event)
                    if self.stop.is_set():
                        break
            except ApiError as exc:
                if exc.status in (401, 403):
                    log.error("the site refuses the token: %s", exc)
                    raise
                log.warning("event stream: %s", exc)
            except OSError as exc:  # the connection dropped or the site is restarting
                log.warning("event stream lost: %s", exc)
            if not self.stop.is_set():
                self.stop.wait(backoff)
                backoff = min(backoff * 2, 30.0)
        for thread in list(self.games.values()):
            thread.join(timeout=5)

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "challenge":
            self.on_challenge(event["challenge"])
        elif kind == "gameStart":
            self.start_game(event["game"]["id"])
        elif kind == "gameFinish":
            log.info("game %s finished: %s", event["game"]["id"], event["game"].get("result"))
        elif kind in ("challengeDeclined", "challengeCanceled"):
            log.info("challenge %s: %s", event["challenge"]["id"], event["challenge"]["status"])

    def on_challenge(self, challenge: dict[str, Any]) -> None:
        if not challenge.get("for_you"):
            return  # the bot's own challenge
        with self.lock:
            playing = sum(thread.is_alive() for thread in self.games.values())
        refusal = self.rules.refusal(challenge, playing)
        try:
            if refusal is None:
                log.info("accepting challenge %s (%s, %s)", challenge["id"], challenge["variant"], challenge["control"])
                self.site.post(f"/api/challenge/{challenge['id']}/accept/")
            else:
                log.info("declining challenge %s: %s", challenge["id"], refusal)
                self.site.post(f"/api/challenge/{challenge['id']}/decline/")
        except ApiError as exc:  # taken back meanwhile, say
            log.warning("challenge %s: %s", challenge["id"], exc)

    # ------------------------------------------------------------------- games

    def start_game(self, game_id: int) -> None:
        with self.lock:
            if game_id in self.games:
                return
            thread = threading.Thread(target=self.play, args=(game_id,), name=f"game-{game_id}", daemon=True)
            self.games[game_id] = thread
        thread.start()

    def play(self, game_id: int) -> None:
        """Play the game from its stream to its end (its stream opened again if it drops)."""
        rng = random.Random()
        played: set[int] = set()  # the plies this bot has moved at
        over = False
        while not over and not self.stop.is_set():
            try:
                over = self.follow(game_id, played, rng)
            except ApiError as exc:
                log.warning("game %s: %s", game_id, exc)
                if exc.status in (401, 403, 404):
                    break
                time.sleep(1)
            except OSError as exc:
                log.warning("game %s: stream lost: %s", game_id, exc)
                time.sleep(1)
        self.game_over(game_id)

    def follow(self, game_id: int, played: set[int], rng: random.Random) -> bool:
        """Read the game's stream, moving when it is the bot's turn; True once the game is over."""
        seat = None
        for event in self.site.stream(f"/api/bot/game/stream/{game_id}"):
            if event is None:  # a keep-alive
                if self.stop.is_set():
                    return False
                continue
            if event["type"] == "gameFull":
                seat = event["my_seat"]
                log.info("game %s: playing seat %s (%s)", game_id, seat, event["variant"])
                state = event["state"]
            elif event["type"] == "gameState":
                state = event
            else:
                continue
            if state["status"] == "over":
                log.info("game %s over: %s", game_id, state.get("result"))
                return True
            if seat is not None and state["to_move"] == seat and state["legal_moves"] and state["ply"] not in played:
                self.move(game_id, state, rng)
                played.add(state["ply"])
        return False

    def move(self, game_id: int, state: dict[str, Any], rng: random.Random) -> None:
        move = choose(state["position"], self.level, state["legal_moves"], rng)
        try:
            self.site.post(f"/api/bot/game/{game_id}/move/{move}?ply={state['ply']}")
            log.info("game %s: ply %s, %s", game_id, state["ply"], move)
        except ApiError as exc:
            if exc.status != 409:  # 409: the game moved on meanwhile (over, or on time): its stream says how
                raise
            log.info("game %s: move %s refused: %s", game_id, move, exc)

    def game_over(self, game_id: int) -> None:
        with self.lock:
            self.finished += 1
            if self.quit_after is not None and self.finished >= self.quit_after:
                self.stop.set()
