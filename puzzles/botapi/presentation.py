"""The events of the bot streams as JSON objects, one a line of NDJSON
(docs/api.md, "Bots and streams").

A game's events are cut from the game JSON the reader would get from
``GET /api/games/<id>/`` (``games.presentation.game_state`` with the reader
as viewer): the same fairness rules hold, so a stream says no more than the
game page says to the same reader (no solver value or grade until a game
between people is over, the deal's seed only then, legal moves only to the
seat to move; a spectator sees what a spectator sees)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from puzzles.botaccounts.selectors import is_bot
from puzzles.games.models import Game
from puzzles.people.models import Challenge, ChallengeSeat
from puzzles.people.presentation import person_state

# What a game's state says (``gameState``), taken from the game JSON.
STATE_FIELDS = (
    "ply",
    "position",
    "to_move",
    "legal_moves",
    "clocks",
    "server_time",
    "deadline",
    "clock_running",
    "status",
    "result",
    "version",
)
# What a game's full event says besides its state.
FULL_FIELDS = ("id", "kind", "variant", "rated", "time_control", "players", "seats", "teams", "start", "deal")


def stream_url(game_id: int) -> str:
    return reverse("botapi:game-stream", args=[game_id])


def game_state_event(state: dict[str, Any]) -> dict[str, Any]:
    """``gameState``: the moves so far and the game as it stands, from the game JSON ``state``."""
    return {
        "type": "gameState",
        "moves": [move["move"] for move in state["moves"]],
        **{key: state.get(key) for key in STATE_FIELDS},
    }


def game_full_event(state: dict[str, Any]) -> dict[str, Any]:
    """``gameFull``: who plays, the variant, the control and the start
    position, and the state (``gameState``) as it is now."""
    my_seat = state.get("my_seat")
    if state.get("kind") == Game.Kind.PRACTICE:
        my_seat = state.get("human")  # a practice game is its owner's: the human's seat
    return {
        "type": "gameFull",
        **{key: state.get(key) for key in FULL_FIELDS},
        "my_seat": my_seat,
        "spectator": bool(state.get("spectator")),
        "url": state["urls"]["play"],
        "created_at": state.get("created_at"),
        "state": game_state_event(state),
    }


def _control(challenge: Challenge) -> dict[str, Any]:
    clock = None
    if challenge.days is None:
        clock = {"initial": challenge.clock_initial, "increment": challenge.clock_increment}
    return {
        "clock": clock,
        "days": challenge.days,
        "control": challenge.control_code,
        "time_class": challenge.time_class,
    }


def _match(challenge: Challenge) -> dict[str, Any] | None:
    if not challenge.is_match:
        return None
    return {
        "target_points": challenge.target_points,
        "target_wins": challenge.target_wins,
        "duplicate_deals": challenge.duplicate_deals,
    }


def _challenger(challenge: Challenge) -> dict[str, Any] | None:
    """Who posted the challenge (the person in a taken seat who created it), and whether a bot's account."""
    if challenge.creator_id is not None:
        return {"name": challenge.creator.username, "guest": False, "bot": is_bot(challenge.creator_id)}  # type: ignore[union-attr]
    creator = next(
        (row for row in challenge.seats.all() if row.joined_at is not None and not row.level and row.owner_id is None),
        None,
    )
    person = person_state(creator)
    return None if person is None else {**person, "bot": False}  # a guest is never a bot


def challenge_event(challenge: Challenge, seat: ChallengeSeat) -> dict[str, Any]:
    """``challenge``: an open challenge where the reader holds ``seat``
    (kept for them to accept: ``for_you``; or their own, taken)."""
    return {
        "type": "challenge",
        "challenge": {
            "id": challenge.pk,
            "url": reverse("people:challenge", args=[challenge.pk]),
            "challenger": _challenger(challenge),
            "variant": challenge.variant,
            "rated": challenge.rated,
            **_control(challenge),
            "match": _match(challenge),
            "seat": seat.seat,
            "for_you": seat.joined_at is None,
            "accept": reverse("botapi:challenge-accept", args=[challenge.pk]),
            "decline": reverse("botapi:challenge-decline", args=[challenge.pk]),
            "expires_at": challenge.expires_at,
        },
    }


def challenge_gone_event(challenge_id: int, status: str) -> dict[str, Any] | None:
    """What became of a challenge no longer open: ``challengeDeclined``,
    ``challengeCanceled`` (cancelled by its creator, or run out), or None
    (started: its ``gameStart`` follows)."""
    if status == Challenge.Status.DECLINED:
        kind = "challengeDeclined"
    elif status in (Challenge.Status.CANCELLED, Challenge.Status.EXPIRED):
        kind = "challengeCanceled"
    else:
        return None
    return {"type": kind, "challenge": {"id": challenge_id, "status": status}}


def _game(game: Game, seat: str | None) -> dict[str, Any]:
    return {
        "id": game.pk,
        "url": reverse("games:play-game", args=[game.pk]),
        "stream": stream_url(game.pk),
        "variant": game.variant,
        "rated": game.rated,
        "my_seat": seat,
    }


def game_start_event(game: Game, seat: str | None) -> dict[str, Any]:
    """``gameStart``: a game of the reader's between people has begun (or was under way when the stream opened)."""
    return {"type": "gameStart", "game": _game(game, seat)}


def game_finish_event(game: Game, seat: str | None) -> dict[str, Any]:
    """``gameFinish``: a game of the reader's is over, and how it ended."""
    result = dict(game.result or {})
    return {
        "type": "gameFinish",
        "game": {
            **_game(game, seat),
            "result": {key: result.get(key) for key in ("winner", "points", "reason")} if result else None,
        },
    }
