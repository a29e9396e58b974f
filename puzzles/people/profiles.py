"""What the profile page and the leaderboard show: reads only, the ratings
and accuracies as stored (what a lost signal left is settled by the beat's
sweep, ``upkeep.people_settle``, never by a read)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse

from puzzles.games.presentation import variant_label
from puzzles.social import selectors as social

from . import presentation, selectors, texts
from .models import FAMILY_CHOICES, TIME_CLASS_CHOICES, Challenge, ChallengeDeal, GameAccuracy, RatingChange

POOLS = [(t, f) for t, _t in TIME_CLASS_CHOICES for f, _f in FAMILY_CHOICES]

# The apps above this one add an account's results in their events to its
# profile (the tournaments app, in its ``AppConfig.ready``): each reader
# gives rows ``{"name", "kind_text", "url", "rank", "entrants", "score", "status_text"}``.
EventsReader = Callable[[Any], list[dict[str, Any]]]
_events_readers: list[EventsReader] = []


def register_events(reader: EventsReader) -> None:
    """Add a reader of an account's event results (once)."""
    if reader not in _events_readers:
        _events_readers.append(reader)


def events_of(user: Any) -> list[dict[str, Any]]:
    return [row for reader in _events_readers for row in reader(user)]


def _game_row(
    challenge: Challenge, user: Any, changes: dict[int, RatingChange], accuracy: dict[int, GameAccuracy]
) -> dict[str, Any]:
    game = challenge.game
    assert game is not None
    rules = challenge.rules
    seats = [row for row in challenge.seats.all() if row.joined_at is not None]
    mine = next(row for row in seats if row.owner_id == user.pk)
    team = rules.team_of(mine.seat)
    opponents = [
        presentation.person_text(row) if row.is_person else row.get_level_display()
        for row in seats
        if rules.team_of(row.seat) != team
    ]
    change = changes.get(game.pk)
    acc = accuracy.get(game.pk)
    over = game.status == "over"
    result = texts.result_for(game.result, rules.team_name(team)) if over else ""
    url = reverse("games:review-game", args=[game.pk]) if over else reverse("games:play-game", args=[game.pk])
    match = presentation.match_state(challenge) if challenge.is_match else None
    if match is not None:
        # A match's row: the match's result and its score sheet.
        over = match["over"]
        last = match["deals"][-1]["reason"] if match["deals"] else None
        result = texts.result_for({"winner": match["winner"], "reason": last}, rules.team_name(team)) if over else ""
        url = reverse("people:challenge", args=[challenge.pk])
    return {
        "game": game.pk,
        "variant": variant_label(challenge.variant),
        "control": challenge.control_code,
        "rated": challenge.rated,
        "seat": mine.seat,
        "opponents": ", ".join(opponents),
        "result": result,
        "over": over,
        "change": round(change.rating_after - change.rating_before) if change else None,
        "match": match["target_text"] if match is not None else None,
        "accuracy": acc.accuracy if acc else None,
        "url": url,
        "created_at": game.created_at,
    }


def profile_context(user: Any) -> dict[str, Any]:
    rows = selectors.ratings_for_user(user)
    history = selectors.rating_history(user)
    charts = []
    for row in rows:
        changes = [c for c in history if c.time_class == row.time_class and c.family == row.family]
        if changes:
            values = [changes[0].rating_before] + [c.rating_after for c in changes]
            chart = presentation.line_chart(values)
            if chart is not None:
                charts.append({"pool": presentation.rating_state(row), "chart": chart})
    accuracies = selectors.accuracies_for_user(user)
    values = [a.accuracy for a in accuracies if a.accuracy is not None]
    challenges = selectors.games_of_user(user)
    by_game = {c.game_id: c for c in history}
    # A rated match's change is recorded against its last deal.
    match_of = dict(
        ChallengeDeal.objects.filter(
            game_id__in=[c.game_id for c in history], challenge__rated_at__isnull=False
        ).values_list("game_id", "challenge_id")
    )
    acc_by_game = {
        a.game_id: a for a in GameAccuracy.objects.filter(user=user, game_id__in=[c.game_id for c in challenges])
    }
    return {
        "profile_user": user,
        "history": [
            {
                "game": c.game_id,
                "match": match_of.get(c.game_id),
                "time_class": c.time_class,
                "family": c.family,
                "rating_before": round(c.rating_before),
                "rating_after": round(c.rating_after),
                "score": c.score,
                "at": c.created_at,
            }
            for c in history
        ],
        "accuracy_values": values,
        "ratings": [presentation.rating_state(r) for r in rows],
        "charts": charts,
        "games": [_game_row(c, user, by_game, acc_by_game) for c in challenges],
        "accuracy_chart": presentation.line_chart(values, 0, 100),
        "accuracy_mean": round(sum(values) / len(values), 1) if values else None,
        "accuracy_games": len(values),
        "challenge_url": reverse("people:challenge-new") + f"?to={user.username}",
        "events": events_of(user),
    }


def leaderboard_context(time_class: str, family: str, *, bots: bool = False) -> dict[str, Any]:
    rows = selectors.leaderboard(time_class, family, bots=bots)
    here = social.present({r.user_id for r in rows})  # the online dot by each name
    return {
        "time_class": time_class,
        "family": family,
        "bots": bots,
        "pools": [
            {
                "time_class": t,
                "family": f,
                "label": f"{texts.time_class_label(t)} · {texts.family_label(f)}",
                "current": (t, f) == (time_class, family),
            }
            for t, f in POOLS
        ],
        "title": f"{texts.time_class_label(time_class)} · {texts.family_label(family)}",
        "rows": [
            {
                "rank": i + 1,
                "name": r.user.username,
                "bot": bots,
                "rating": round(r.rating),
                "rd": round(r.rd),
                "games": r.games,
                "url": reverse("people:profile", args=[r.user.username]),
                "online": r.user_id in here,
            }
            for i, r in enumerate(rows)
        ],
    }
