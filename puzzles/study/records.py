"""Game records and deals as a player gives them: a record pasted or
uploaded (``parse_record``), or a deal typed in hand by hand with its moves
(``DealEntry``, ``deal_start``, ``deal_record``), each read into the solver's
``GameRecord``, or refused with an ``ApplicationError`` that says what is wrong
in the player's language.  No database here: ``services`` stores and grades."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from puzzles.core.errors import ApplicationError
from puzzles.core.texts import variant_name
from solver import DominoError, GameRecord, Move, Position, Stone, Variant
from solver.variant import NAMES as VARIANT_NAMES

MAX_RECORD_CHARS = 20_000


_PLY_ERROR = re.compile(r"ply (\d+): (.*)\Z", re.S)
_UNKNOWN_VARIANT = re.compile(r"unknown variant ('[^']*')")


def record_error(exc: DominoError) -> ApplicationError:
    """A record that does not read or replay, as the player is told: a move
    that cannot be played names its number (counted from 1 in the order the
    moves were played) and the reason; a game the site does not know lists
    the games it knows by the names the pages give them (the solver's message
    lists the names written in a record, which a player never sees)."""
    unknown = _UNKNOWN_VARIANT.search(str(exc))
    if unknown is not None:
        return ApplicationError(
            _("The record names a game this site does not know (%(name)s). The games are: %(games)s.")
            % {"name": unknown.group(1), "games": "; ".join(variant_name(name) for name in VARIANT_NAMES)}
        )
    found = _PLY_ERROR.match(str(exc))
    if found is None:
        return ApplicationError(str(exc))
    return ApplicationError(
        _("The game does not replay at move %(number)s: %(reason)s")
        % {
            "number": found.group(1),
            "reason": found.group(2),
        }
    )


def moves_checked(position: Position, moves: Iterable[str]) -> Iterator[tuple[int, Position, Move]]:
    """Each of ``moves`` played in turn from ``position``: its ply (from 1),
    the position before it and the move, normalised; a move that is not
    legal there is an ``ApplicationError`` that names it (``move 3: ...``),
    raised when the walk reaches it."""
    for ply, text in enumerate(moves, 1):
        try:
            move = position.normalise_move(text)
        except DominoError as exc:
            raise ApplicationError(f"move {ply}: {exc}") from None
        yield ply, position, move
        position = position.play(move)


def parse_record(text: str) -> GameRecord:
    """The game record of ``text`` (any variant); ``ApplicationError`` says why not."""
    if isinstance(text, str):
        # A text pasted from a file that begins with a byte-order mark (as
        # an uploaded file's is dropped when it is decoded).
        text = text.removeprefix("\ufeff")
    if not isinstance(text, str) or not text.strip():
        raise ApplicationError(_("The game record is empty."))
    if len(text) > MAX_RECORD_CHARS:
        raise ApplicationError(_("A game record is at most %(n)d characters.") % {"n": MAX_RECORD_CHARS})
    try:
        return GameRecord.parse(text)
    except DominoError as exc:
        raise record_error(exc) from None


_START_TAG = re.compile(r'^\s*\[\s*Start\s+"([^"]*)"\s*\]', re.M)


def record_starts(text: str) -> list[str]:
    """The start positions a record that does not read still names, as
    position strings: its ``Start`` tag's, or a bare position on its first
    line (what the fairness check needs of it)."""
    found = [m.group(1) for m in _START_TAG.finditer(text or "")]
    lines = [line for line in (text or "").splitlines() if line.strip()]
    if lines and not lines[0].lstrip().startswith("["):
        found.append(lines[0].strip())
    out = []
    for candidate in found:
        try:
            out.append(str(Position.parse(candidate)))
        except DominoError:
            continue
    return out


@dataclass(frozen=True)
class DealEntry:
    """A deal typed in as it was: the variant, every seat's hand in seat
    order (a hand is its stones, a rows hand ``front/back``), the stones that
    stayed out (blank: every stone of the set not in a hand) and the moves in
    the order they were played."""

    variant: str
    hands: tuple[str, ...]
    out: str = ""
    moves: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = field(default=())


_STONE_SEPARATORS = re.compile(r"[\s,;.]+")


def _stones_field(text: str) -> str:
    """Stones typed with any separators (spaces, commas, dots) as a field of
    a position string: ``45 15 44`` and ``45,15,44`` are ``45.15.44``."""
    return ".".join(part for part in _STONE_SEPARATORS.split(text.strip()) if part)


def _hand_field(text: str, rows: bool) -> str:
    if rows and "/" in text:
        front, _slash, back = text.partition("/")
        return f"{_stones_field(front)}/{_stones_field(back)}"
    return _stones_field(text)


def deal_start(entry: DealEntry) -> Position:
    """The start position of a typed-in deal: the table empty, the opener of
    the variant to move.  ``ApplicationError`` says what is wrong."""
    try:
        variant = Variant.parse(entry.variant.strip() or "lewicki")
    except DominoError as exc:
        raise ApplicationError(str(exc)) from None
    hands = _typed_hands(entry, variant)
    held = _dealt_stones(variant, hands)
    fields = [str(variant), *hands]
    out = _out_field(entry, variant, held)
    if out is not None:
        fields.append(out)
    try:
        side = variant.opener(held)[0]
    except (DominoError, StopIteration):
        side = variant.seats[0]  # the position's own check says what is wrong
    fields += ["-", side]
    try:
        return Position.parse(" ".join(fields))
    except DominoError as exc:
        raise ApplicationError(str(exc)) from None


def _typed_hands(entry: DealEntry, variant: Variant) -> list[str]:
    """The typed hands as position fields, one for each seat of ``variant``;
    ``ApplicationError`` for a slash in a one-row hand, a hand too many or too
    few, or an empty hand."""
    seats = variant.seats
    if not variant.is_rows:  # a hand typed with a slash is an open-domino hand: say so, not what the slash breaks
        for seat, hand in zip(seats, entry.hands, strict=False):
            if "/" in (hand or ""):
                raise ApplicationError(
                    _(
                        "The hand of %(seat)s has a slash, but in %(variant)s a hand is one row: type its stones "
                        "without one, or choose open domino."
                    )
                    % {"seat": seat, "variant": variant_name(str(variant))}
                )
    hands = [_hand_field(h or "", variant.is_rows) for h in entry.hands]
    if len(hands) < len(seats) or any(h for h in hands[len(seats) :]):
        raise ApplicationError(
            ngettext(
                "%(variant)s: a deal has %(n)d hand: %(seats)s.",
                "%(variant)s: a deal has %(n)d hands: %(seats)s.",
                len(seats),
            )
            % {"variant": variant_name(str(variant)), "n": len(seats), "seats": ", ".join(seats)}
        )
    hands = hands[: len(seats)]
    for seat, hand in zip(seats, hands, strict=True):
        if not hand:
            raise ApplicationError(_("The hand of %(seat)s is empty.") % {"seat": seat})
    return hands


def _dealt_stones(variant: Variant, hands: list[str]) -> list[set[Stone]]:
    """The stones of each hand field; ``ApplicationError`` names the hand with
    a stone that does not read, or the stone dealt twice."""
    lists = []
    for seat, hand in zip(variant.seats, hands, strict=True):
        try:
            lists.append([Stone.parse(s, variant.highest) for s in hand.replace("/", ".").split(".")])
        except DominoError as exc:  # which hand is wrong, as well as why
            raise ApplicationError(_("The hand of %(seat)s: %(error)s") % {"seat": seat, "error": exc}) from None
    seen: set[Stone] = set()
    for stone in (s for hand in lists for s in hand):
        if stone in seen:
            raise ApplicationError(_("The stone %(stone)s is dealt twice.") % {"stone": str(stone)})
        seen.add(stone)
    return [set(hand) for hand in lists]


def _out_field(entry: DealEntry, variant: Variant, held: list[set[Stone]]) -> str | None:
    """The stones that stay out, as typed or else every stone not dealt, for a
    variant that keeps some out; None for one that deals every stone (where
    typed stones out are an ``ApplicationError``)."""
    if variant.out_count:
        out = _stones_field(entry.out or "")
        if not out:
            dealt = set().union(*held)
            out = ".".join(str(s) for s in variant.stones if s not in dealt)
        return out
    if (entry.out or "").strip():
        raise ApplicationError(
            _("No stone stays out in %(variant)s: every stone is dealt.") % {"variant": str(variant)}
        )
    return None


def deal_record(entry: DealEntry) -> GameRecord:
    """The game record of a typed-in deal and its moves (each replayed:
    ``ApplicationError`` names the first that cannot be played, and why)."""
    start = deal_start(entry)
    moves = [m for text in entry.moves for m in text.replace(",", " ").split()]
    if len(moves) > 200:
        raise ApplicationError(_("A deal has at most 200 moves."))
    try:
        return GameRecord(start, _with_ends(start, [t for t in map(_strip_number, moves) if t]), entry.tags)
    except DominoError as exc:
        raise record_error(exc) from None


def _with_ends(start: Position, tokens: list[str]) -> list[str]:
    """The moves as typed, a bare stone given its end when it fits only one
    end (a player writing a game down often notes just the stones).  A stone
    that fits both ends keeps its bare form, and the record says which end
    to name; replaying stops at the first move that cannot be played (the
    record names it)."""
    out: list[str] = []
    position = start
    for token in tokens:
        text = token
        if position.ends is not None and len(token) == 2 and token.isdigit():
            try:
                stone = Stone.parse(token, position.variant.highest)
            except DominoError:
                stone = None
            fits = [m for m in position.legal_moves() if m.stone == stone]
            if stone is not None and len(fits) == 1:
                text = str(fits[0])
        out.append(text)
        try:
            position = position.push(position.normalise_move(text))
        except DominoError:
            out.extend(tokens[len(out) :])
            break
    return out


_NUMBER = re.compile(r"\d+\.+")


def _strip_number(token: str) -> str:
    """A move as typed, without a move number before it (``3.01L``, ``3.``)."""
    return _NUMBER.sub("", token, count=1) if _NUMBER.match(token) else token
