"""The JSON of challenges and of the lobby that the API returns and the pages
embed, and the rows of the profile and the leaderboard."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from puzzles.accounts.players import Player
from puzzles.botaccounts.presentation import name_text
from puzzles.botaccounts.selectors import is_bot
from puzzles.games import presence
from puzzles.games import texts as games_texts
from puzzles.games.models import Game
from puzzles.games.presentation import variant_label
from puzzles.games.selectors import guest_tag

from . import duplicate_matches, playing, selectors, texts
from .models import Challenge, ChallengeSeat, GameRating, RatingChange

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 640, 180, 28


def challenge_urls(challenge: Challenge) -> dict[str, Any]:
    pk = challenge.pk
    return {
        "self": reverse("people:api-challenge-detail", args=[pk]),
        "page": reverse("people:challenge", args=[pk]),
        "accept": reverse("people:api-challenge-accept", args=[pk]),
        "decline": reverse("people:api-challenge-decline", args=[pk]),
        "cancel": reverse("people:api-challenge-cancel", args=[pk]),
        "rematch": reverse("people:api-challenge-rematch", args=[pk]),
        "game": reverse("games:play-game", args=[challenge.game_id]) if challenge.game_id else None,
    }


def person_state(row: ChallengeSeat | None) -> dict[str, Any] | None:
    if row is None or row.level:
        return None
    if row.owner_id is not None:
        return {"name": row.owner.username, "guest": False, "bot": is_bot(row.owner_id)}  # type: ignore[union-attr]
    # named as the game page names them ("Guest 1a2b"), so a rematch's notice says who offers it
    return {"name": games_texts.guest_name(guest_tag(row.session_key)), "guest": True, "bot": False}


def person_text(row: ChallengeSeat) -> str:
    """A person's name in a list or a sentence, a bot's marked BOT (``person_state`` of a person's seat)."""
    person = person_state(row) or {"name": "", "bot": False}
    return name_text(person["name"], person["bot"])


def _rating(challenge: Challenge, row: ChallengeSeat, known: dict[tuple[int, str, str], float] | None) -> int | None:
    if row.owner_id is None or row.level:
        return None
    key = (row.owner_id, challenge.time_class, challenge.family)
    if known is not None:
        return round(known[key]) if key in known else None
    rating = selectors.rating_of(row.owner, challenge.time_class, challenge.family)
    return round(rating.rating) if rating is not None else None


def rating_changes(challenge: Challenge) -> dict[int, int]:
    """The rated game's (or rated match's, recorded against its last deal)
    change of each account's rating, rounded, by account; empty until rated."""
    if challenge.rated_at is None or challenge.game_id is None:
        return {}
    rows = RatingChange.objects.filter(game_id=challenge.game_id).values_list(
        "user_id", "rating_before", "rating_after"
    )
    return {user: round(after - before) for user, before, after in rows}


def challenge_state(
    challenge: Challenge, player: Player | None = None, ratings: dict[tuple[int, str, str], float] | None = None
) -> dict[str, Any]:
    """A challenge as the API returns it (``serializers.ChallengeOutputSerializer``);
    ``ratings``: the seats' ratings read at once for a list, by (user, time class, family)."""
    rules = challenge.rules
    # The seats as prefetched with their owners (the lobby, the lists), else read once.
    rows = {row.seat: row for row in challenge.seats.all()}
    mine = selectors.seat_of(list(rows.values()), player) if player is not None else None
    creator = player is not None and selectors.is_creator(challenge, player)
    is_open = challenge.status == Challenge.Status.OPEN
    free = [s for s in rules.seats if s not in rows]
    reserved_elsewhere = any(r.joined_at is None for r in rows.values()) and not free
    changes = rating_changes(challenge)
    # the people an open challenge keeps its seats for: they alone may take them
    kept_for = [person_text(r) for _s, r in sorted(rows.items()) if r.joined_at is None and person_state(r)]
    seats = []
    for seat in rules.seats:
        row = rows.get(seat)
        seats.append(
            {
                "seat": seat,
                "player": person_state(row),
                "level": row.level if row is not None and row.level else None,
                "level_text": row.get_level_display() if row is not None and row.level else None,
                "taken": row is not None and row.joined_at is not None,
                "rating": _rating(challenge, row, ratings) if row is not None else None,
                "rating_change": changes.get(row.owner_id) if row is not None and row.owner_id else None,
            }
        )
    can_accept = (
        is_open
        and not creator
        and (mine is None or mine.joined_at is None)
        and (mine is not None or not reserved_elsewhere)
        and (not challenge.rated or (player is not None and player.is_authenticated))
    )
    match = match_state(challenge)
    return {
        "id": challenge.pk,
        "url": reverse("people:challenge", args=[challenge.pk]),
        "variant": challenge.variant,
        "variant_text": variant_label(challenge.variant),
        "rated": challenge.rated,
        "unrated_because": challenge.unrated_because or None,
        "unrated_text": texts.unrated_text(challenge.unrated_because, match=challenge.is_match) or None,
        "rated_early": challenge.rated_early,
        "rated_early_text": texts.rated_early_text(challenge.rated_early) or None,
        "time_class": challenge.time_class,
        "clock": (
            {"initial": challenge.clock_initial, "increment": challenge.clock_increment}
            if challenge.days is None
            else None
        ),
        "days": challenge.days,
        "control": challenge.control_code,
        "control_text": texts.control_text(challenge.clock_initial, challenge.clock_increment, challenge.days),
        "status": challenge.status,
        "status_text": texts.status_text(challenge.status, game_over_as(challenge) or match_as(challenge, match)),
        "game_over": game_over_as(challenge) or None,
        "kept_for": kept_for if is_open else [],
        "lobby": challenge.lobby,
        "rating_min": challenge.rating_min,
        "rating_max": challenge.rating_max,
        "seats": seats,
        "game": challenge.game_id,
        "you": {
            "seat": mine.seat if mine is not None and mine.joined_at is not None else None,
            "creator": creator,
            "can_accept": can_accept,
            "can_cancel": is_open and creator,
            "can_decline": is_open and not creator and not challenge.lobby and can_accept,
        },
        "match": match,
        "rematch_of": challenge.rematch_of_id,
        "expires_at": challenge.expires_at,
        "created_at": challenge.created_at,
        "version": challenge.version,
        "urls": challenge_urls(challenge),
    }


def game_over_as(challenge: Challenge) -> str:
    """How the game of a started one-game challenge ended: ``over``, or
    ``aborted`` (nothing to review, nothing to play again); "" while it is
    played, and for a match (its score sheet says)."""
    if challenge.status != Challenge.Status.STARTED or challenge.game_id is None or challenge.is_match:
        return ""
    game = challenge.game
    if game is None or game.status != "over":
        return ""
    return "aborted" if (game.result or {}).get("reason") == "aborted" else "over"


def match_as(challenge: Challenge, match: dict[str, Any] | None) -> str:
    """A started match: ``match-over`` once decided, else ``match``; "" otherwise."""
    if match is None or challenge.status != Challenge.Status.STARTED:
        return ""
    return "match-over" if match["over"] else "match"


def match_state(challenge: Challenge) -> dict[str, Any] | None:
    """A match between people: its target, scores and deals (None for one game)."""
    if not challenge.is_match:
        return None
    a, b = challenge.sides
    deals = []
    rows = sorted(challenge.deals.all(), key=lambda d: d.number)
    for deal in rows:
        recorded = deal.recorded_at is not None
        deals.append(
            {
                "number": deal.number,
                "game": deal.game_id,
                "winner": (deal.winner or None) if recorded else None,
                "points": deal.points if recorded else None,
                "reason": (deal.reason or None) if recorded else None,
                "recorded": recorded,
                "url": reverse("games:review-game", args=[deal.game_id])
                if recorded
                else reverse("games:play-game", args=[deal.game_id]),
            }
        )
    over = bool(challenge.match_winner) or (bool(deals) and deals[-1]["reason"] == "aborted")
    nets = duplicate_matches.nets(rows) if challenge.duplicate_deals is not None else None
    current = deals[-1] if deals and not over and not deals[-1]["recorded"] else None
    return {
        "target_points": challenge.target_points,
        "target_wins": challenge.target_wins,
        "target_text": texts.target_text(challenge.target_points, challenge.target_wins, challenge.duplicate_deals),
        "sides": [a, b],
        # Counted from the deals as read here (as ``games.deals.deals_tally``
        # counts them), so that the totals never lag behind the deals listed.
        "scores": {side: sum(d["points"] or 0 for d in deals if d["winner"] == side) for side in (a, b)},
        "wins": _wins(deals, nets, (a, b)),
        "deals": deals,
        "winner": challenge.match_winner or None,
        "duplicate_deals": challenge.duplicate_deals,
        # A duplicate match's deals played both ways: A's points on each minus B's.
        "nets": [{"deal": deal, "net": net} for deal, net in sorted((nets or {}).items())],
        # Over when a side has reached the target, or with no winner when a deal was aborted.
        "over": over,
        # The deal being played, for its players' "next deal" link.
        "current": current,
        # Its first move awaited, for the link's countdown.
        "first_move": _first_move(current["game"]) if current is not None else None,
    }


def _wins(deals: list[dict[str, Any]], nets: dict[int, int] | None, sides: tuple[str, str]) -> dict[str, int]:
    """Each side's won deals: the games it won, or in a duplicate match the
    deals whose net over both games is its (``duplicate_matches``)."""
    a, b = sides
    if nets is not None:
        return {a: sum(1 for n in nets.values() if n > 0), b: sum(1 for n in nets.values() if n < 0)}
    return {side: sum(1 for d in deals if d["winner"] == side) for side in sides}


def _first_move(game_id: Any) -> dict[str, Any] | None:
    """The current deal's first move awaited, for the last deal's countdown (``presence.first_move_state``)."""
    game = Game.objects.filter(pk=game_id).first()
    return presence.first_move_state(game) if game is not None else None


def seek_row(
    challenge: Challenge, player: Player | None, ratings: dict[tuple[int, str, str], float] | None = None
) -> dict[str, Any]:
    state = challenge_state(challenge, player, ratings)
    taken = [s for s in state["seats"] if s["taken"] and s["player"]]
    first = taken[0] if taken else None
    return {
        **state,
        "by": name_text(first["player"]["name"], first["player"]["bot"]) if first else "",
        "by_rating": first["rating"] if first else None,
    }


def lobby_state(player: Player | None) -> dict[str, Any]:
    seeks = list(selectors.lobby_seeks().prefetch_related("seats__owner", "deals"))
    ratings = selectors.ratings_of_users({row.owner_id for c in seeks for row in c.seats.all() if row.owner_id})
    return {
        "version": selectors.lobby_version(1) or 0,
        "seeks": [seek_row(c, player, ratings) for c in seeks],
        "urls": {
            "self": reverse("people:api-lobby", args=[1]),
            "seeks": reverse("people:api-seeks"),
            "quick": reverse("people:api-quick"),
        },
    }


# The most challenges "for you" shown at once (the newest).
FOR_YOU_SHOWN = 10


def for_you_state(player: Player) -> dict[str, Any]:
    """The open challenges that keep a seat for ``player`` (a named
    challenge, a rematch offered), newest first: what every page's
    challenge notice shows (``/api/lobby/1/for-you/``)."""
    version = selectors.inbox_version(player)  # read first: a change after it moves it on past what is shown
    waiting = list(selectors.challenges_waiting_for(player).prefetch_related("seats__owner", "deals")[:FOR_YOU_SHOWN])
    ratings = selectors.ratings_of_users({row.owner_id for c in waiting for row in c.seats.all() if row.owner_id})
    return {
        "version": version,
        "challenges": [seek_row(c, player, ratings) for c in waiting],
        "started": playing.fresh_games(player),
        "urls": {"self": reverse("people:api-for-you", args=[1]), "lobby": reverse("people:lobby")},
    }


def rating_state(row: GameRating) -> dict[str, Any]:
    return {
        "time_class": row.time_class,
        "family": row.family,
        "time_class_text": texts.time_class_label(row.time_class),
        "family_text": texts.family_label(row.family),
        "rating": round(row.rating),
        "rd": round(row.rd),
        "provisional": row.rd > selectors.PROVISIONAL_RD,
        "games": row.games,
    }


def line_chart(values: list[float], low: float | None = None, high: float | None = None) -> dict[str, Any] | None:
    """An inline SVG polyline of ``values`` (the profile's charts): its points
    and the labels of its scale, or None with fewer than two values."""
    if len(values) < 2:
        return None
    lo = min(values) if low is None else low
    hi = max(values) if high is None else high
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1
    w, h, pad = CHART_WIDTH, CHART_HEIGHT, CHART_PAD
    step = (w - 2 * pad) / (len(values) - 1)

    def y(v: float) -> float:
        return round(h - pad - (v - lo) / (hi - lo) * (h - 2 * pad), 1)

    points = [(round(pad + i * step, 1), y(v)) for i, v in enumerate(values)]
    return {
        "width": w,
        "height": h,
        "pad": pad,
        "points": " ".join(f"{x},{yy}" for x, yy in points),
        "dots": [{"x": x, "y": yy, "value": round(v)} for (x, yy), v in zip(points, values, strict=True)],
        "top": round(hi),
        "bottom": round(lo),
        "top_y": y(hi),
        "bottom_y": y(lo),
    }
