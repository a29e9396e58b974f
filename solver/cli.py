"""The command line: ``python -m solver <command> ...``.

Commands:

``analyse POSITION``
    Every legal move's value and grade, the position's value and the main line.
    ``POSITION`` is one (quoted) argument or its fields as separate arguments
    (a variant's position string starts with the variant's name);
    ``-`` reads one position a line from standard input.  ``--json`` writes one
    JSON object (a line per position with ``-``).
``moves POSITION``
    The legal moves, one a line.
``deal --seed N [--variant V]``
    The opening position of deal ``N`` (of variant ``V``, the standard game by default).
``game FILE``
    Every move of a game record graded, with a summary per player (``-`` reads
    the record from standard input).
``verify-deal --seed N --salt S --commitment C [--variant V] [--position P]``
    Whether ``C`` is the commitment to deal ``N`` under salt ``S``
    (``solver.commitment``) and, given the start position ``P`` a game showed,
    whether it is the deal of ``N``: exit status 0 when every check holds, 1
    on a mismatch (named on the last line).
``records check|format FILE...``
    Files of many game records (``solver.records_cli``).

All values are from the point of view of the player to move (for a move: the
player who makes it; in ``partnership``, of that player's team).  Bad input exits with status 2 and ``error: <reason>``
on standard error; a batch run (``analyse -``) exits with 1 if any line failed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .analysis import Analysis, analyse, core_available, outcome
from .commitment import verify_deal
from .deal import check_seed, deal
from .errors import DominoError
from .position import Position
from .record import GameRecord
from .records_cli import add_records_command
from .review import grade_record
from .variant import VARIANTS, Variant

PROG = "python -m solver"
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class CommandError(Exception):
    """Bad input for a command: printed as ``error: <message>``, exit status 2."""


Command = Callable[[argparse.Namespace, TextIO, TextIO], int]
"""What a subcommand runs (``args.run``): the parsed arguments, standard
output and standard error in, the exit status out."""


# ------------------------------------------------------------------ helpers


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _engine(name: str | None) -> str:
    if name:
        return name
    return "core" if core_available() else "reference"


def _position_text(fields: Sequence[str]) -> str:
    return " ".join(fields)


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _write(out: TextIO, text: str = "") -> None:
    out.write(text + "\n")


# ------------------------------------------------------------------ analyse


def format_analysis(analysis: Analysis) -> str:
    """The readable report of ``analyse``: the moves best first, then the
    position's value and the main line."""
    position = analysis.position
    side = position.side
    if len(position.seats) > 2:  # the value is the team's
        side = f"{side} (team {position.variant.team_name(position.variant.team_of(side))})"
    lines = [f"position: {position}", f"to move:  {side}"]
    if analysis.is_over:
        result = position.result()
        lines.append(f"result:   {result}")
        lines.append("no moves: the deal is over")
        lines.append(f"value:    {signed(analysis.value)} for {side} ({outcome(analysis.value)})")
        return "\n".join(lines)
    rows = [["move", "value", "outcome", "grade", "points lost"]]
    for entry in analysis.moves:
        rows.append([str(entry.move), signed(entry.value), entry.outcome, entry.grade, str(entry.points_lost)])
    lines.append("")
    lines.extend(_table(rows, right={1, 4}))
    lines.append("")
    lines.append(f"value:     {signed(analysis.value)} for {side} ({outcome(analysis.value)})")
    lines.append(f"main line: {' '.join(str(m) for m in analysis.pv)}")
    end = position
    for move in analysis.pv:
        end = end.push(move)
    lines.append(f"ends:      {end.result()}")
    return "\n".join(lines)


def cmd_analyse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    engine = _engine(args.engine)
    if args.position == ["-"]:
        return _analyse_batch(sys.stdin, out, err, as_json=args.json, engine=engine)
    try:
        analysis = analyse(Position.parse(_position_text(args.position)), engine=engine)
    except DominoError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        _write(out, json.dumps(analysis.to_json()))
    else:
        _write(out, format_analysis(analysis))
    return EXIT_OK


def _analyse_batch(lines: TextIO, out: TextIO, err: TextIO, as_json: bool, engine: str) -> int:
    failed = False
    first = True
    for line in lines:
        text = line.strip()
        if not text:
            continue
        try:
            analysis = analyse(Position.parse(text), engine=engine)
        except DominoError as exc:
            failed = True
            if as_json:
                _write(out, json.dumps({"position": text, "error": str(exc)}))
            else:
                out.flush()
                _write(err, f"error: {exc}")
                err.flush()
        else:
            if as_json:
                _write(out, json.dumps(analysis.to_json()))
            else:
                if not first:
                    _write(out)
                _write(out, format_analysis(analysis))
                first = False
        out.flush()
    return EXIT_FAILED if failed else EXIT_OK


# -------------------------------------------------------------------- moves


def cmd_moves(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        position = Position.parse(_position_text(args.position))
    except DominoError as exc:
        raise CommandError(str(exc)) from None
    moves = position.legal_moves()
    if args.json:
        _write(out, json.dumps([str(m) for m in moves]))
    else:
        for move in moves:
            _write(out, str(move))
    if not moves and not args.json:
        _write(err, f"no moves: the deal is over ({position.result()})")
    return EXIT_OK


# --------------------------------------------------------------------- deal


def cmd_deal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        position = deal(check_seed(args.seed), Variant.parse(args.variant))
    except DominoError as exc:
        raise CommandError(str(exc)) from None
    _write(out, json.dumps(position.to_json()) if args.json else str(position))
    return EXIT_OK


# -------------------------------------------------------------- verify-deal


def cmd_verify_deal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        proof = verify_deal(
            seed=args.seed, salt=args.salt, commitment=args.commitment, variant=args.variant, position=args.position
        )
    except DominoError as exc:
        raise CommandError(str(exc)) from None
    _write(out, f"variant:    {proof.variant}")
    _write(out, f"seed:       {proof.seed}")
    _write(out, f"salt:       {proof.salt}")
    _write(out, f"deal:       {proof.deal}")
    _write(out, f"committed:  sha256({proof.text!r})")
    for check in proof.checks:
        if check.name == "commitment":
            line = (
                f"{check.found} matches"
                if check.holds
                else f"MISMATCH: {check.found} given, but the committed text hashes to {check.expected}"
            )
        else:
            line = (
                f"{check.found} is the deal of seed {proof.seed}"
                if check.holds
                else f"MISMATCH: {check.found} given, but the deal of seed {proof.seed} is {check.expected}"
            )
        _write(out, f"{check.name + ':':<11} {line}")
    _write(out, "all checks hold" if proof.holds else f"mismatch: {', '.join(proof.failed)}")
    return EXIT_OK if proof.holds else EXIT_FAILED


# --------------------------------------------------------------------- game


def game_report(record: GameRecord, engine: str = "core") -> dict[str, Any]:
    """Every ply of ``record`` with its value, the best value and its grade,
    and a summary per player (the JSON of ``game --json``; see ``solver.review``)."""
    return grade_record(record, engine=engine)


def format_game(record: GameRecord, report: dict[str, Any]) -> str:
    lines = [f"{name}: {value}" for name, value in record.tags]
    lines.append(f"start:  {record.start}")
    lines.append(f"result: {record.result if record.result is not None else 'unfinished (*)'}")
    lines.append("")
    if report["plies"]:
        rows = [["ply", "side", "move", "value", "best", "grade", "points lost"]]
        for p in report["plies"]:
            rows.append(
                [
                    str(p["ply"]),
                    p["side"],
                    p["move"],
                    signed(p["value"]),
                    signed(p["best"]),
                    p["grade"],
                    str(p["points_lost"]),
                ]
            )
        lines.extend(_table(rows, right={0, 3, 4, 6}))
    else:
        lines.append("no moves")
    lines.append("")
    rows = [["player", "moves", "points lost", "inaccuracies", "mistakes", "blunders"]]
    for side in record.start.variant.seats:
        s = report["summary"][side]
        rows.append(
            [side, str(s["moves"]), str(s["points_lost"]), str(s["inaccuracy"]), str(s["mistake"]), str(s["blunder"])]
        )
    lines.extend(_table(rows, right={1, 2, 3, 4, 5}))
    lines.append("")
    lines.append("values are for the player making the move; best is the best value in that position")
    return "\n".join(lines)


def cmd_game(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise CommandError(f"cannot read {args.file!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{args.file!r} is not UTF-8 text: {exc}") from None
    try:
        record = GameRecord.parse(text)
    except DominoError as exc:
        raise CommandError(str(exc)) from None
    report = game_report(record, engine=_engine(args.engine))
    _write(out, json.dumps(report) if args.json else format_game(record, report))
    return EXIT_OK


# ------------------------------------------------------------------- parser


def variants_help() -> str:
    """The variants, one a line (for ``--help``)."""
    lines = ["variants (a position string starts with the variant's name; none: lewicki):"]
    for variant in VARIANTS:
        if not variant.doubles:
            lines.append(f"  {variant.name:<12} {variant.summary}")
    lines.append(
        "  +doubles     after any name (lewicki+doubles, block+doubles, ...): a seat that plays "
        "a double and still has a stone that fits moves again"
    )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Open domino: rules, notation and an exact solver. Values are from the "
        "point of view of the player to move (for a move: the player who makes it; in "
        "partnership, of that player's team).",
        epilog=variants_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def engine_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--engine",
            choices=("core", "reference"),
            default=None,
            help="search engine: the compiled core (default) or the pure-Python reference",
        )

    p = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="value and grade of every legal move",
        description="Value and grade of every legal move, best first, the "
        "position's value and the main line, in any variant.",
        epilog=variants_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "position",
        nargs="+",
        metavar="POSITION",
        help="a position string of any variant (quoted, or its fields as separate "
        "arguments), or '-' to read one position a line from standard input",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    engine_option(p)
    p.set_defaults(run=cmd_analyse)

    p = commands.add_parser(
        "moves",
        help="the legal moves of a position, one a line",
        epilog=variants_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "position",
        nargs="+",
        metavar="POSITION",
        help="a position string of any variant (quoted, or its fields as separate arguments)",
    )
    p.add_argument("--json", action="store_true", help="a JSON list")
    p.set_defaults(run=cmd_moves)

    p = commands.add_parser(
        "deal",
        help="the opening position of a seeded deal",
        epilog=variants_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seed", required=True, metavar="N", help="deal number, 0 <= N < 2**64")
    p.add_argument(
        "--variant",
        default="lewicki",
        metavar="V",
        help="the variant: " + ", ".join(str(v) for v in VARIANTS) + " (default lewicki)",
    )
    p.add_argument("--json", action="store_true", help="the position as JSON (Position.to_json)")
    p.set_defaults(run=cmd_deal)

    p = commands.add_parser(
        "verify-deal",
        help="check a deal's commitment against its seed and salt",
        description="Check that a commitment shown when a game started is the "
        "SHA-256 of 'open-domino deal v1 <variant> <salt> <seed>' and, with --position, "
        "that the game's start position is the deal of the seed. Exit status 0: every "
        "check holds; 1: a mismatch (named); 2: bad input.",
        epilog=variants_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seed", required=True, metavar="N", help="the deal's seed, 0 <= N < 2**64")
    p.add_argument("--salt", required=True, metavar="S", help="the salt revealed with it: 32 hexadecimal digits")
    p.add_argument(
        "--commitment", required=True, metavar="C", help="the commitment shown at the start: 64 hexadecimal digits"
    )
    p.add_argument("--variant", default="lewicki", metavar="V", help="the game's variant (default lewicki)")
    p.add_argument("--position", default=None, metavar="P", help="the start position the game showed (quoted)")
    p.set_defaults(run=cmd_verify_deal)

    p = commands.add_parser(
        "game",
        help="grade every move of a game record",
        description="Grade every move of a game record (of any variant: its "
        "Variant tag, or its Start position, says which) and sum up each player.",
    )
    p.add_argument("file", metavar="FILE", help="a game record file, or '-' for standard input")
    p.add_argument("--json", action="store_true", help="one JSON object")
    engine_option(p)
    p.set_defaults(run=cmd_game)
    add_records_command(commands)
    return parser


_POSITION_COMMANDS = {"analyse", "analyze", "moves"}


def _protect_positions(argv: list[str]) -> list[str]:
    """A position field may start with '-' (``--.--.03...``), which argparse
    would take for an option: put such fields after ``--``, options before."""
    if not argv or argv[0] not in _POSITION_COMMANDS or "--" in argv:
        return argv
    rest = argv[1:]

    def looks_like_field(arg: str) -> bool:
        return arg.startswith("-") and arg != "-" and ("/" in arg or " " in arg or "." in arg)

    if not any(looks_like_field(a) for a in rest):
        return argv
    options = [a for a in rest if a.startswith("-") and a != "-" and not looks_like_field(a)]
    fields = [a for a in rest if a not in options]
    # an option that takes a value (--engine X) keeps its value with it
    ordered: list[str] = []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in options:
            ordered.append(a)
            if a == "--engine" and i + 1 < len(rest):
                ordered.append(rest[i + 1])
                fields.remove(rest[i + 1])
                i += 1
        i += 1
    return [argv[0], *ordered, "--", *fields]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(_protect_positions(args_list))
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    out, err = sys.stdout, sys.stderr
    try:
        try:
            run: Command = args.run
            status = run(args, out, err)
        except CommandError as exc:
            out.flush()
            err.write(f"error: {exc}\n")
            return EXIT_USAGE
        out.flush()
        return status
    except BrokenPipeError:
        # the reader went away (``... | head``): stop quietly, and keep Python
        # from complaining again when it flushes stdout at exit
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
