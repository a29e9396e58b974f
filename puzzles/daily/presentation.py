"""The JSON of the daily deal that the API returns and the pages embed: the
deal with the player's status, the ranking of a day (histogram, median, the
player's standing, the best line), the share line, the archive's rows."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from puzzles.analyses.selectors import analysis_json_cached
from puzzles.games.dealing import verify_url
from puzzles.games.models import Game
from solver import Position

from . import ranking, selectors
from .models import DailyDeal, DailyEntry

# The squares of the share line, one a move of the player's: the grade, never the move.
SQUARES = {"b": "🟩", "i": "🟨", "m": "🟧", "u": "🟥", "f": "⬜"}
LETTER_GRADES = {"b": "best", "i": "inaccuracy", "m": "mistake", "u": "blunder", "f": "forced"}

# The histogram's drawing (SVG user units).
CHART_WIDTH, CHART_HEIGHT, CHART_PAD, CHART_LABEL, CHART_TOP = 320, 120, 4, 18, 12


def deal_urls(deal: DailyDeal) -> dict[str, str]:
    day = deal.day.isoformat()
    return {
        "page": reverse("daily:day", args=[day]),
        "ranking": reverse("daily:api-ranking", args=[day]),
        "start": reverse("daily:api-start"),
    }


def status_of(entry: DailyEntry | None) -> str:
    """``new`` (not started), ``playing``, ``grading`` (over, a grade still
    on its way) or ``over`` (recorded)."""
    if entry is None:
        return "new"
    if entry.recorded_at is not None:
        return "over"
    return "grading" if entry.game.status == Game.Status.OVER else "playing"


def bin_label(index: int) -> str:
    low, high = ranking.BINS[index]
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}–{high}"


def excluded_text(excluded: str) -> str:
    texts: dict[str, str] = {
        DailyEntry.Excluded.LATE: _("Played after its day: not ranked."),
        DailyEntry.Excluded.HINTS: _("A hint was taken: not ranked."),
        DailyEntry.Excluded.RESIGNED: _("Resigned: not ranked."),
    }
    return texts.get(excluded, "")


def share_line(deal: DailyDeal, entry: DailyEntry, standing: ranking.Standing) -> str:
    """The result in two lines anyone may read before playing: the day, the
    points lost, the accuracy, the standing, and one square per move (its
    grade, never the move)."""
    head = _("Open domino daily deal %(day)s") % {"day": deal.day.isoformat()}
    parts = [
        ngettext("%(points)d point lost", "%(points)d points lost", entry.points_lost or 0)
        % {"points": entry.points_lost or 0}
    ]
    if entry.accuracy is not None:
        parts.append(_("%(accuracy)d%% accuracy") % {"accuracy": round(entry.accuracy)})
    if entry.excluded:
        parts.append(_("not ranked"))
    elif standing.field == 1:
        parts.append(_("the first result of the day"))
    elif standing.rank == 1:
        parts.append(
            ngettext("the best of %(players)d result", "the best of %(players)d results", standing.field)
            % {"players": standing.field}
        )
    else:
        parts.append(_("top %(top)d%%") % {"top": standing.top})
    squares = "".join(SQUARES[letter] for letter in entry.grades)
    return f"{head}: {', '.join(parts)}\n{squares}"


def result_state(deal: DailyDeal, entry: DailyEntry) -> dict[str, Any] | None:
    """The player's recorded result and where it stands (None before it is recorded)."""
    if entry.recorded_at is None:
        return None
    points = entry.points_lost or 0
    standing = ranking.standing(*selectors.field_around(deal, points, entry))
    return {
        "points_lost": points,
        "accuracy": entry.accuracy,
        "grades": [LETTER_GRADES[letter] for letter in entry.grades],
        "ranked": entry.ranked,
        "excluded": entry.excluded or None,
        "excluded_text": excluded_text(entry.excluded),
        "rank": standing.rank,
        "percentile": standing.percentile,
        "top": standing.top,
        "field": standing.field,
        "share": share_line(deal, entry, standing),
    }


def best_line(deal: DailyDeal) -> dict[str, Any] | None:
    """The solver's main line from the start (from the stored analysis of
    the start position): each move with its seat; None while it is analysed."""
    stored = analysis_json_cached(deal.start_position)
    if stored is None:
        return None
    position = Position.parse(deal.start_position)
    moves = []
    for move in stored["pv"]:
        moves.append({"side": position.side, "move": move, "human": position.side == deal.human_side})
        position = position.push(move)
    query = urlencode({"position": deal.start_position, "line": ",".join(stored["pv"])})
    return {"value": stored["value"], "moves": moves, "analysis_url": f"{reverse('study:analysis')}?{query}"}


def histogram_chart(counts: list[int], mine: int | None) -> dict[str, Any]:
    """The histogram drawn as bars (SVG user units), ``mine``: the bin of the player's result."""
    slot = CHART_WIDTH / len(counts)
    top = max(counts, default=0) or 1
    drawable = CHART_HEIGHT - CHART_LABEL - CHART_TOP  # room for the bin's label below, the count above
    bars = []
    for index, count in enumerate(counts):
        height = round(drawable * count / top, 1)
        x = round(index * slot + CHART_PAD / 2, 1)
        bars.append(
            {
                "x": x,
                "y": round(CHART_TOP + drawable - height, 1),
                "width": round(slot - CHART_PAD, 1),
                "height": height,
                "mid": round(x + (slot - CHART_PAD) / 2, 1),
                "count_y": round(CHART_TOP + drawable - height - 2, 1),
                "count": count,
                "label": bin_label(index),
                "mine": index == mine,
            }
        )
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "label_y": CHART_HEIGHT - 4, "bars": bars}


def ranking_state(deal: DailyDeal, entry: DailyEntry | None) -> dict[str, Any]:
    """The day's ranking (see ``serializers.RankingOutputSerializer``). The
    best line is shown only to a player whose game of the deal is over."""
    field = selectors.field(deal, entry)
    counts = field.histogram
    you = result_state(deal, entry) if entry is not None else None
    mine = ranking.bin_index(you["points_lost"]) if you is not None else None
    finished = entry is not None and entry.game.status == Game.Status.OVER
    return {
        "date": deal.day,
        "today": deal.day == selectors.utc_today(),
        "players": field.players,
        "median_points_lost": field.median,
        "histogram": [
            {"low": low, "high": high, "text": bin_label(i), "count": counts[i]}
            for i, (low, high) in enumerate(ranking.BINS)
        ],
        "chart": histogram_chart(counts, mine),
        "status": status_of(entry),
        "you": you,
        "best_line": best_line(deal) if finished else None,
        "urls": deal_urls(deal),
    }


def withheld(deal: DailyDeal, entry: DailyEntry | None) -> bool:
    """Whether the deal's seed and start are withheld from the player of
    ``entry``: while their game of it is unfinished, or with no game until
    the grace after its day (``selectors.hidden``)."""
    return selectors.hidden(deal, entry)


def commitment_state(deal: DailyDeal, hidden: bool) -> dict[str, Any] | None:
    """The deal's commitment (docs/rules.md section 4.11), shown from the
    start of its day, and its salt and seed once they are not ``hidden``
    (``selectors.deal_hidden_from``); None for a deal made before commitments."""
    if not deal.commitment:
        return None
    seed, salt = (None, None) if hidden else (int(deal.seed), deal.salt)
    return {
        "commitment": deal.commitment,
        "salt": salt,
        "seed": seed,
        "verify_url": verify_url(
            variant=deal.variant,
            seed=seed,
            salt=salt or "",
            commitment=deal.commitment,
            position="" if hidden else deal.start_position,
        ),
    }


def deal_state(deal: DailyDeal, entry: DailyEntry | None) -> dict[str, Any]:
    """The deal with the player's status (see ``serializers.DailyDealOutputSerializer``).
    Its seed and start are withheld on its day until the player's game of it
    is over (they would let the deal be practised first)."""
    hidden = withheld(deal, entry)
    return {
        "date": deal.day,
        "variant": deal.variant,
        "seed": None if hidden else int(deal.seed),
        "human": deal.human_side,
        "level": Game.Level.PERFECT.value,
        "start_position": None if hidden else deal.start_position,
        "deal": commitment_state(deal, hidden),
        "players": selectors.players(deal, entry),
        "status": status_of(entry),
        "game": entry.game_id if entry is not None else None,
        "on_the_day": entry.on_the_day if entry is not None else deal.day == selectors.utc_today(),
        "you": result_state(deal, entry) if entry is not None else None,
        "urls": deal_urls(deal),
    }


def archive_rows(deals: list[DailyDeal], mine: dict[int, DailyEntry]) -> list[dict[str, Any]]:
    """The archive: each deal's day, players, median points lost and the player's own result."""
    figures = selectors.players_and_medians(deals)
    rows = []
    for deal in deals:
        players, median = figures[deal.pk]
        entry = mine.get(deal.pk)
        if selectors.unstored_points(entry) is not None:  # the player's own result, not stored yet
            counted = selectors.field(deal, entry)
            players, median = counted.players, counted.median
        rows.append(
            {
                "deal": deal,
                "players": players,
                "median": median,
                "status": status_of(entry),
                "entry": entry,
                "url": deal_urls(deal)["page"],
            }
        )
    return rows
