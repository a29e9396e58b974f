"""``python -m solver records``: files of many game records (docs/records.md).

``records check FILE...`` reads every game of each file (every move
replayed) and says how many it holds; ``records format FILE`` writes the
file's games again in the canonical form of the current version (the Format
tag first, moves normalised and numbered, clocks as ``[%clk H:MM:SS]``).
Bad input: ``error: <file>: game N, line L: <reason>`` on stderr, exit
status 2.  ``-`` is standard input; a file ending in ``.bz2`` or ``.gz`` is
decompressed as it is read.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from .errors import DominoError
from .records import iter_write, read_records_from

EXIT_OK, EXIT_USAGE = 0, 2


@contextmanager
def _opened(name: str) -> Iterator[TextIO]:
    if name == "-":
        yield sys.stdin
        return
    opener: Any = bz2.open if name.endswith(".bz2") else gzip.open if name.endswith(".gz") else open
    with opener(name, "rt", encoding="utf-8") as handle:
        yield handle


def _one(name: str, action: str, out: TextIO) -> None:
    with _opened(name) as handle:
        records = read_records_from(handle)
        if action == "format":
            for text in iter_write(records):
                out.write(text)
        else:
            count = sum(1 for _ in records)
            out.write(f"{name}: {count} game{'' if count == 1 else 's'}, every move legal\n")


def cmd_records(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    for name in args.files:
        try:
            _one(name, args.action, out)
            continue
        except DominoError as exc:
            problem = f"{name}: {exc}"
        except OSError as exc:
            problem = f"cannot read {name!r}: {exc.strerror or exc}"
        except (UnicodeDecodeError, EOFError) as exc:
            problem = f"{name!r} is not UTF-8 text (or not a whole compressed file): {exc}"
        out.flush()
        err.write(f"error: {problem}\n")
        return EXIT_USAGE
    return EXIT_OK


def add_records_command(commands: Any) -> None:
    """The ``records`` command, added to the command line's subparsers."""
    p = commands.add_parser(
        "records",
        help="check or rewrite a file of game records",
        description="Read files of game records (docs/records.md): 'check' replays every game and counts "
        "them; 'format' writes them again in the canonical form of the current version. "
        "FILE may be '-' (standard input) or end in .bz2 or .gz.",
    )
    p.add_argument("action", choices=["check", "format"], help="what to do with the games")
    p.add_argument("files", nargs="+", metavar="FILE", help="files of game records")
    p.set_defaults(run=cmd_records)
