"""The position lines on which the browser's solver (frontend/src/engine/, the
WebAssembly build of solver/engine.c) is held to the Python engine: the
reference analyses of tests/data/analyses.jsonl, every position the solver's
tests analyse in every variant (the standard corpus, the variant corpora,
fresh deals, the rules' examples), the invalid positions of every class, and
lines that test the reading itself (normalised input, quoting in messages).

``python tests/engine_cases.py`` prints them, one a line; the pytest
test tests/solver/test_wasm_engine.py and the vitest test frontend/tests/engine.test.ts
feed them to both engines' command lines and compare the answers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# the repository first (the solver package), then the tests' helper modules
# (tests/solver last: its name would hide the solver package)
for folder in (TESTS.parent, TESTS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
sys.path.append(str(TESTS / "solver"))

from corpus import corpus  # noqa: E402
from invalid_positions import invalid_examples, variant_invalid_examples  # noqa: E402
from test_variant_solver import CORPORA  # noqa: E402
from test_variants import RULES_EXAMPLES  # noqa: E402

from solver import VARIANTS, deal  # noqa: E402

STANDARD = "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - A"

# Input the reading normalises or refuses, with the input quoted in the message.
READING = [
    "62.65.53.20.63.52.33/40.21.31.55.00.30.64 60.22.43.66.51.11.42/32.10.50.61.41.44.54 - a",  # high first, lower case
    "  26.56.35.02.36.25.33/04.12.13.55.00.03.46\t06.22.34.66.15.11.24/23.01.05.16.14.44.45   -  A  ",
    "lewicki " + STANDARD,
    "Lewicki " + STANDARD,
    "block+doubles+doubles 45.15.44.05.34.13.25 56.14.01.66.22.26.00 02.03.04.06.11.12.16.23.24.33.35.36.46.55 - B",
    "+doubles " + STANDARD,
    "chess " + STANDARD,
    "not a position",
    "26.56",
    "it's a position",
    'say "it\'s" here',
    "back\\slash x y z",
    "zażółć gęślą jaźń ok",
    "日本 語 の 位置",
    "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - É",
    "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - \u00a0Z\x7f",
    "26.56.35.02.36.25.33/04.12.13.55.00.03.4\u0666 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - A",
    "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 7 A",
    "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 \U0001f600 A",
    "emoji\U0001f600 x\x01y \u200bz w",
]


def engine_cases() -> list[str]:
    lines: list[str] = []
    with open(TESTS / "data" / "analyses.jsonl", encoding="utf-8") as handle:
        lines += [json.loads(line)["position"] for line in handle if line.strip()]
    lines += [str(p) for _, positions in corpus(24) for p in positions]
    for positions in CORPORA.values():
        lines += [str(p) for _, ps in positions for p in ps]
    lines += [str(deal(seed, variant)) for variant in VARIANTS for seed in (1, 7, 42)]
    lines += RULES_EXAMPLES
    lines += [text for _, text, _ in invalid_examples() + variant_invalid_examples()]
    lines += READING
    # one line each
    return [line for line in lines if "\n" not in line and line.strip()]


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    for line in engine_cases():
        print(line)
