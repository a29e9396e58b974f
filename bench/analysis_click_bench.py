"""The analysis board in Chromium (`make bench`): from a click on a move to its
values drawn, figures and not pass/fail.

Starts the whole site as `make run` does (tests/running_site.py: its own Redis,
workers and a scratch database), opens the analysis board on fresh deals of
every variant in headless Chromium and plays a line of each by clicking the
worst move in the table (off the main line: the server analyses a main line's
positions with its first, and would answer them from its store).  A move's time runs in the page from the click to
the moment the next position's table of values is drawn.  Three ways:

- the browser's solver (the WebAssembly core in a Web Worker), the line
  checked by the server (POST /api/positions/): what a player online gets;
- the same with the network off once the page has loaded (the line played
  in the browser too): offline;
- the server's solver (a browser without Web Workers, so the page asks POST
  /api/analyses/ and polls): the path before the browser's solver.

Goal: median <= 50 ms for a move with the browser's solver.

    .venv/bin/python bench/analysis_click_bench.py [--deals 2] [--moves 12]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import running_site  # noqa: E402

from solver import deal  # noqa: E402
from solver.variant import VARIANTS  # noqa: E402

CHROMIUM = os.environ.get("OD_CHROMIUM", "/usr/bin/chromium")
GOAL_MS = 50.0

# In the page: click the worst move's button (off the main line, whose positions the
# server has analysed with the first one), then wait (a frame at a time) for the
# next position's table; the time from the click, in ms, or null at the end of the deal.
CLICK = """
async () => {
  const app = document.querySelector('#analysis-root [data-app]');
  const rows = app.querySelectorAll('table.analysis-moves tbody tr');
  if (!rows.length) return null;
  const row = rows[rows.length - 1];
  const before = app.querySelector('[data-current-position]').textContent;
  const start = performance.now();
  row.querySelector('button').click();
  await new Promise((resolve) => {
    const check = () => {
      const now = app.querySelector('[data-current-position]').textContent;
      const over = /The deal is over/.test(app.querySelector('.study-status')?.textContent ?? '');
      if (now !== before && (over || app.querySelector('table.analysis-moves tbody tr'))) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - start;
}
"""


def play_lines(browser, base: str, deals: int, moves: int, mode: str) -> list[float]:
    times: list[float] = []
    context = browser.new_context()
    page = context.new_page()
    if mode == "server":
        # a browser without Web Workers: the page asks the server (a page's route would not see the worker's requests)
        page.add_init_script("delete window.Worker")
    for variant in VARIANTS:
        for seed in range(deals):
            page.goto(base + "/analysis/?" + urlencode({"position": str(deal(900 + seed, variant))}))
            page.wait_for_selector("#analysis-root [data-app] table.analysis-moves tbody tr", timeout=60_000)
            # offline: the browser's network off (solver.wasm loaded), as on a train
            context.set_offline(mode == "offline")
            for _ in range(moves):
                spent = page.evaluate(CLICK)
                if spent is None:
                    break
                times.append(spent)
            context.set_offline(False)
    context.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="fresh deals per variant")
    parser.add_argument("--moves", type=int, default=12, help="moves played in each deal")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        # a busy machine may need more than the tests' 90 s to migrate and start the site
        waited = running_site.wait_until_serving
        running_site.wait_until_serving = lambda base, seconds, proc=None, site=None: waited(base, 600, proc, site)
        sites = running_site.start_site(Path(folder))
        site = next(sites)
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
        )
        try:
            print(
                f"analysis board in Chromium, click to values drawn: {args.deals} fresh deals of each of the "
                f"{len(VARIANTS)} variants, up to {args.moves} moves each (the worst move each time)"
            )
            print(f"{'solver':<40} {'moves':>6} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
            medians = {}
            for mode, label in (
                ("local", "browser (line checked by the server)"),
                ("offline", "browser, offline"),
                ("server", "server (Celery round trip)"),
            ):
                times = sorted(play_lines(browser, site["base"], args.deals, args.moves, mode))
                medians[mode] = statistics.median(times)
                print(
                    f"{label:<40} {len(times):>6} {medians[mode]:>10.1f} {times[int(len(times) * 0.9)]:>8.1f} "
                    f"{times[-1]:>8.1f}"
                )
            print(
                f"median with the browser's solver: {medians['local']:.1f} ms online, {medians['offline']:.1f} ms "
                f"offline (goal: <= {GOAL_MS:.0f} ms); {medians['server'] / medians['local']:.1f}x faster than the server's path"
            )
        finally:
            browser.close()
            sites.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
