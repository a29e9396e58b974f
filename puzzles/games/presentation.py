"""The JSON of a game that the API returns and the pages embed: the state,
its words (in the reader's language) and its URLs."""

from __future__ import annotations

import copy
import functools
import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.urls import get_script_prefix, reverse

from puzzles.accounts.players import Player
from puzzles.botaccounts.selectors import bot_ids
from puzzles.core import charts
from solver import Position
from solver.position import line_from_moves

from . import clock, deadlines, dealing, early, seating, selectors, texts
from .models import Game, GameMove, Hint
from .selectors import MoveRow


def _for_human(value: int | None, sign: int) -> int | None:
    return None if value is None else sign * value


def move_state(move: GameMove | MoveRow, game: Game) -> dict[str, Any]:
    """A move as the API gives it.  ``value`` and ``best_value`` are for the
    mover's team (docs/rules.md section 3.2); ``value_for_human`` and ``best_value_for_human``
    the same values from the human's team's side (the one point of view of
    the game pages); ``role`` says whose move it was: ``human``, ``partner``
    or ``opponent``."""
    role = game.role_of(move.side)
    sign = -1 if role == "opponent" else 1
    return {
        "ply": move.ply,
        "side": move.side,
        "by": move.by,
        "role": role,
        "move": move.move,
        "value": move.value,
        "best_value": move.best_value,
        "value_for_human": _for_human(move.value, sign),
        "best_value_for_human": _for_human(move.best_value, sign),
        "best_moves": move.best_moves,
        "grade": move.grade,
        "points_lost": move.points_lost,
        "position_before": move.position_before,
    }


def hint_state(hint: Hint) -> dict[str, Any]:
    return {
        "ply": hint.ply,
        "level": hint.level,
        "content": hint.content,
        "text": texts.hint_text(hint.level, hint.content),
    }


def result_state(game: Game) -> dict[str, Any] | None:
    if not game.result:
        return None
    result = dict(game.result)
    result.setdefault("resigned", None)
    winner = result.get("winner")
    if winner is None:
        result["outcome"], result["human_points"] = "draw", 0
    elif winner == game.human_team:
        result["outcome"], result["human_points"] = "win", result["points"]
    else:
        result["outcome"], result["human_points"] = "loss", -result["points"]
    result["text"] = texts.result_text(result, team=game.partner is not None)
    return result


_URL_NAMES = {
    "self": "games:api-game-detail",
    "moves": "games:api-game-moves",
    "hint": "games:api-game-hint",
    "play": "games:play-game",
    "review": "games:review-game",
    "resign": "games:api-game-resign",
    "rematch": "games:api-game-rematch",
    "abort": "games:api-game-abort",
}
_ID_MARK = 9876543210123  # an id no game has, where the id goes in each URL


@functools.lru_cache(maxsize=16)
def _url_parts(script_prefix: str) -> dict[str, tuple[str, str]]:
    """Each URL of a game as the text before and after its id (a ``reverse``
    call a URL was a tenth of a game's state)."""
    mark = str(_ID_MARK)
    parts = {}
    for key, name in _URL_NAMES.items():
        head, _, tail = reverse(name, args=[_ID_MARK]).partition(mark)
        parts[key] = (head, tail)
    return parts


def game_urls(game: Game) -> dict[str, Any]:
    return {key: f"{head}{game.pk}{tail}" for key, (head, tail) in _url_parts(get_script_prefix()).items()}


def seats_state(game: Game) -> dict[str, Any]:
    """Who plays which seat: the variant's seats in playing order, the two
    teams, and each seat's role for the human."""
    rules = game.rules
    return {
        "seats": list(rules.seats),
        "teams": [rules.team_name(0), rules.team_name(1)],
        "roles": {seat: game.role_of(seat) for seat in rules.seats},
    }


def game_state(
    game: Game,
    moves: Sequence[GameMove | MoveRow] | None = None,
    hints: list[Hint] | None = None,
    viewer: Player | None = None,
) -> dict[str, Any]:
    """The game as the API returns it (see ``serializers.GameOutputSerializer``).
    A game between people is shown to ``viewer``: from their seat (a
    spectator's from the first person's), with no solver values at all until
    it is over (``people_state``)."""
    if game.is_people:
        return people_state(game, viewer, moves)
    if moves is None:
        moves = selectors.game_moves(game)
    if hints is None:
        # A hint is recorded with its count (games.hints.game_hint): no
        # count, no rows to read, which is most games.
        hints = list(game.hints.all()) if game.hints_used else []
    start = Position.parse(game.start_position)
    position = Position.parse(game.current_position)
    board = position.to_json(line=line_from_moves(start, [m.move for m in moves]))
    seats = seats_state(game)
    state = {
        "id": game.pk,
        "variant": game.variant,
        "start": game.start_position,
        "position": game.current_position,
        "human": game.human_side,
        "human_team": game.human_team,
        "partner": game.partner,
        "solver": game.solver_side,
        "seats": seats["seats"],
        "teams": seats["teams"],
        "roles": seats["roles"],
        "rematch_of": game.rematch_of_id,
        "level": game.level,
        "seed": dealing.shown_seed(game),  # a committed deal's only once it is over
        "deal": dealing.deal_state(game),
        "rng_seed": game.rng_seed,
        "status": game.status,
        "to_move": None if game.status == Game.Status.OVER else position.side,
        "legal_moves": board["legal_moves"] if game.status == Game.Status.YOUR_MOVE else [],
        "moves": [move_state(m, game) for m in moves],
        "ungraded": sum(1 for m in moves if m.graded_at is None),
        "result": result_state(game),
        "hints": [hint_state(h) for h in hints],
        "hints_used": game.hints_used,
        "ply": game.ply_count,
        "version": game.version,
        "board": board,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "urls": game_urls(game),
        "concealed": game.concealed,
        **PRACTICE_FIELDS,
    }
    if game.concealed:  # an event's deal: nothing of the solver's until the event is over
        for move in state["moves"]:
            move.update(dict.fromkeys(VALUES))
        state["hints"], state["ungraded"] = [], 0
    return state


# A game between people read by someone who is not to move: another person
# is (``status`` is the reader's, as the practice game's is the human's).
THEIR_MOVE = "their-move"
STATUSES = [*Game.Status.values, THEIR_MOVE]


# What a practice game says of the fields of games between people.
PRACTICE_FIELDS: dict[str, Any] = {
    "kind": Game.Kind.PRACTICE,
    "rated": False,
    "time_control": None,
    "clocks": None,
    "server_time": None,
    "deadline": None,
    "clock_running": None,
    "abortable": False,
    "abort_from": None,
    "first_moves_from": None,
    "players": None,
    "my_seat": None,
    "spectator": False,
    "challenge_url": None,
    "match_deal": None,
    "match_duplicate": False,
    "tournament_url": None,
    "unrated_note": None,
}
VALUES = ("value", "best_value", "value_for_human", "best_value_for_human", "best_moves", "grade", "points_lost")


def people_state(
    game: Game, viewer: Player | None, moves: Sequence[GameMove | MoveRow] | None = None
) -> dict[str, Any]:
    """A game between people as ``viewer`` sees it (``people_state_as``)."""
    return people_state_as(game, seating.seat_of(game, viewer) if viewer is not None else None, moves)


def people_state_as(game: Game, seat: str | None, moves: Sequence[GameMove | MoveRow] | None = None) -> dict[str, Any]:
    """A game between people as the player of ``seat`` sees it (``None``: a
    spectator): ``my_seat``, each seat's player, the clocks (milliseconds
    left now, and the server's time they were read at, for the page to count
    down from), the time control.  Until it is over nobody gets a solver
    value: every move's values, grade and best moves are ``null``, and there
    are no hints."""
    at = clock.now()
    view = copy.copy(game)  # the same row seen from the viewer's seat: roles, teams and result are theirs
    view.human_side = seat or game.human_side
    view.kind = Game.Kind.PRACTICE
    state = game_state(view, moves, [])
    state["hints"], state["hints_used"] = [], 0
    over = game.status == Game.Status.OVER
    if not over:
        for move in state["moves"]:
            move.update(dict.fromkeys(VALUES))
        state["ungraded"] = 0
    if seat is None or state["to_move"] != seat:
        state["legal_moves"] = []
        if game.status == Game.Status.YOUR_MOVE:
            state["status"] = THEIR_MOVE
    # the solver plays no side against the reader: it holds no seat, or partners' seats on both sides
    state["solver"], state["level"] = None, None
    players = players_state(game, seat)
    if state["result"] is not None:
        names = {s: p["name"] for s, p in players.items()}
        state["result"]["text"] = texts.people_result_text(
            state["result"], seat, team=game.partner is not None, names=names
        )
        state["result"]["ratings"] = rating_changes(game)
    deadline = game.deadline
    # the seats whose person has moved, from the moves read for the state (no read of their own)
    moved = {move["side"] for move in state["moves"] if move["by"] == GameMove.By.HUMAN}
    deadlines.know_started_seats(game, moved)
    running = Position.parse(game.current_position).side
    clocks = deadlines.clocks_now(game, at)
    state.update(
        kind=Game.Kind.PEOPLE,
        rated=game.rated,
        time_control={"initial": game.clock_initial, "increment": game.clock_increment, "days": game.days},
        clocks=clocks,
        server_time=int(at.timestamp() * 1000),
        deadline=None if deadline is None or over else int(deadline.timestamp() * 1000),
        clock_running=running if clocks and not over and deadline is not None and running in moved else None,
        abortable=seat is not None and early.abort_refusal(game, seat, moved, at) is None,
        abort_from=abort_from(game, seat, moved),
        first_moves_from=_waits_until(game, at),
        players=players,
        my_seat=seat,
        spectator=seat is None,
    )
    state["challenge_url"], state["match_deal"] = challenge_link(game)
    state["match_duplicate"] = duplicate_match_game(game)
    state["tournament_url"] = tournament_link(game)
    state["unrated_note"] = texts.pair_limit_text() if past_pair_limit(game) else None
    return state


def rating_changes(game: Game) -> dict[str, dict[str, int]]:
    """A finished rated game's change of each account's rating, by seat
    (``before``, ``after``, rounded, and ``change``, their difference): the
    rows the people app writes when it rates the game (``rating_changes``; a
    rated match's against its last deal), read by their relation to the game
    as this app does not import it.  Empty until then, and for a casual game."""
    if not game.rated or game.status != Game.Status.OVER:
        return {}
    rows = {
        user: (before, after)
        for user, before, after in game.rating_changes.values_list("user_id", "rating_before", "rating_after")
    }
    out = {}
    for row in seating.game_seats(game):
        if row.owner_id in rows:
            before, after = (round(r) for r in rows[row.owner_id])
            out[row.seat] = {"before": before, "after": after, "change": after - before}
    return out


def _waits_until(game: Game, at: datetime) -> int | None:
    """While a match's next deal waits for its players to open it, when its
    first moves are timed from at the latest (ms since 1970); else None."""
    waits = game.first_moves_from
    if waits is None or waits <= at or game.status == Game.Status.OVER:
        return None
    return int(waits.timestamp() * 1000)


def abort_from(game: Game, seat: str | None, moved: set[str]) -> int | None:
    """A rated game: when the reader may abort it as it stands (ms since
    1970; the page shows the button from then on without asking again), or
    None.  A casual game: None (``abortable`` says it all)."""
    if seat is None or not game.rated:
        return None
    opens = early.abort_opens_at(game, seat, moved)
    return None if opens is None else int(opens.timestamp() * 1000)


# The challenge link of each game between people read in this process: it is
# set when the game is made and never changes, and reading it took two queries
# on every move and every poll.  Keyed by the row's id and creation time, as a
# database emptied and filled again (the tests) may give an id anew.  With it
# the page of the tournament the game is one of (or None), as a tournament's
# game is made in the transaction that pairs it.
_LINKS: dict[tuple[int, Any], tuple[str | None, int | None, bool, str | None, bool]] = {}
_LINKS_KEPT = 20_000


def challenge_link(game: Game) -> tuple[str | None, int | None]:
    """The page of the challenge a game between people was started from
    (where the rematch is offered and a match's score sheet is), and the
    game's deal number when it is a deal of a match."""
    url, number, _rated, _tournament, _duplicate = _challenge_of(game)
    return url, number


def duplicate_match_game(game: Game) -> bool:
    """Whether a game between people is one of a duplicate match's (its
    number counts games, each deal played twice)."""
    return _challenge_of(game)[4]


def tournament_link(game: Game) -> str | None:
    """The page of the tournament a game between people is a game of (its
    players go back there when it is over), or None."""
    return _challenge_of(game)[3]


def past_pair_limit(game: Game) -> bool:
    """Whether a game between people of a rated challenge is not rated
    because its players had played their day's rated games against each
    other (the people app started it unrated)."""
    return game.is_people and not game.rated and _challenge_of(game)[2]


def _challenge_of(game: Game) -> tuple[str | None, int | None, bool, str | None, bool]:
    """``challenge_link``'s, whether the challenge is rated,
    ``tournament_link``'s, and ``duplicate_match_game``'s.  The people app's rows are reached by their
    relations to the game (``challenge_deal``, a deal of a match;
    ``challenge``, one game), and the tournaments app's by its pairing's
    (``tournament_pairing``), so that this app imports neither."""
    key = (game.pk, game.created_at)
    found = _LINKS.get(key)
    if found is not None:
        return found
    deal = getattr(game, "challenge_deal", None)
    pairing = getattr(game, "tournament_pairing", None)
    tournament = reverse("tournaments:page", args=[pairing.tournament_id]) if pairing is not None else None
    if deal is not None:
        duplicate = getattr(deal.challenge, "duplicate_deals", None) is not None
        url = reverse("people:challenge", args=[deal.challenge_id])
        found = url, deal.number, deal.challenge.rated, tournament, duplicate
    else:
        challenge = getattr(game, "challenge", None)
        found = (
            (reverse("people:challenge", args=[challenge.pk]), None, challenge.rated, tournament, False)
            if challenge is not None
            else (None, None, False, tournament, False)
        )
    if found[0] is not None:  # a game is made in the transaction that links it: a link found is for good
        if len(_LINKS) >= _LINKS_KEPT:
            _LINKS.clear()
        _LINKS[key] = found
    return found


def players_state(game: Game, mine: str | None) -> dict[str, dict[str, Any]]:
    """Each seat's player as the page shows it: a name, whether an account,
    a guest or the solver (with its level) plays it, and whether it is the
    reader's seat, and whether a bot's account plays it.  A guest is named by
    a tag drawn from their token (never the token itself, which is their key)."""
    out = {}
    bots = bot_ids()  # one read of the cache for every seat
    for row in seating.game_seats(game):
        if row.level:
            kind, name = "solver", texts.solver_name(row.level)
        elif row.owner_id is not None:
            kind, name = "account", str(row.owner)
        else:
            kind = "guest"
            name = texts.guest_name(hashlib.sha256(row.session_key.encode()).hexdigest()[:4])
        out[row.seat] = {
            "name": name,
            "kind": kind,
            "level": row.level or None,
            "you": row.seat == mine,
            "bot": row.owner_id in bots,
        }
    return out


def positions_of_game(game: Game, moves: list[GameMove]) -> list[dict[str, Any]]:
    """The board after each ply (0 = the start), for the review page."""
    start = Position.parse(game.start_position)
    out = [start.to_json(line=[])]
    played: list[str] = []
    for move in moves:
        played.append(move.move)
        out.append(Position.parse(move.position_after).to_json(line=line_from_moves(start, played)))
    return out


def variant_label(variant: str) -> str:
    """A variant as a player reads it: "Block game, doubles play again"."""
    return texts.variant_text(variant)


def game_rows(games: list[Game], player: Player | None = None) -> list[dict[str, Any]]:
    """The lines of "Your games": each game with its variant, seat, opponent,
    moves, status, and once over its result and the human's score; a game
    between people as ``player`` played it (their seat, the other people)."""
    rows = []
    for game in games:
        if game.is_people and player is not None:
            rows.append(_people_row(game, player))
            continue
        result = result_state(game)
        rows.append(
            {
                "game": game,
                "variant": variant_label(game.variant),
                "side": game.human_side,
                "opponent": game.get_level_display(),
                "result": result,
                "score": None if result is None else result["human_points"],
                "urls": game_urls(game),
            }
        )
    return rows


def _people_row(game: Game, player: Player) -> dict[str, Any]:
    """A game between people as a line of "Your games": the player's seat,
    the opponents by name, and the result for the player's team."""
    seat = seating.seat_of(game, player)
    rules = game.rules
    mine = seat or game.human_side
    names = players_state(game, seat)
    opponent = ", ".join(p["name"] for s, p in names.items() if not rules.same_team(s, mine))
    result: dict[str, Any] | None = None
    if game.result:
        result = dict(game.result)
        winner = result.get("winner")
        points = result.get("points", 0)
        if result.get("reason") == "aborted":
            result["outcome"], result["human_points"] = "aborted", None
        elif winner is None:
            result["outcome"], result["human_points"] = "draw", 0
        elif winner == rules.team_name(rules.team_of(mine)):
            result["outcome"], result["human_points"] = "win", points
        else:
            result["outcome"], result["human_points"] = "loss", -points
        partner = any(s != mine and rules.same_team(s, mine) for s in rules.seats)
        result["text"] = texts.people_result_text(
            result, seat, team=partner, names={s: p["name"] for s, p in names.items()}
        )
    return {
        "game": game,
        "variant": variant_label(game.variant),
        "side": seat or "",
        "opponent": opponent,
        "result": result,
        "score": None if result is None else result["human_points"],
        "urls": game_urls(game),
    }


def chart_values(moves: list[dict[str, Any]]) -> list[int | None]:
    """The value of the game for the human's team with perfect play, at the
    start and after each ply (``None`` where a move is not graded yet): the
    best value at the first move, then each move's value."""
    if not moves:
        return []
    return [moves[0]["best_value_for_human"], *(m["value_for_human"] for m in moves)]


def value_chart(moves: list[dict[str, Any]], width: int = 640, height: int = 160, pad: int = 22) -> dict[str, Any]:
    """An SVG chart of ``chart_values`` (``core.charts.value_chart``)."""
    return charts.value_chart(chart_values(moves), width, height, pad)
