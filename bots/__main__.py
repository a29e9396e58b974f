"""``python -m bots --url http://127.0.0.1:8000 --token od_... --level strong``."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys

from .api import ApiError, Site
from .bot import Bot, Rules
from .choice import LEVELS


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bots", description="The site's reference bot.")
    parser.add_argument("--url", default=os.environ.get("OD_BOT_URL", "http://127.0.0.1:8000"), help="the site")
    parser.add_argument(
        "--token", default=os.environ.get("OD_BOT_TOKEN"), help="a personal API token (or OD_BOT_TOKEN)"
    )
    parser.add_argument("--level", choices=LEVELS, default="strong", help="how well it plays (default strong)")
    parser.add_argument(
        "--variant", action="append", default=[], help="accept only this variant (or family); repeat for more"
    )
    parser.add_argument(
        "--time-class", action="append", choices=["live", "correspondence"], default=[], help="accept only these"
    )
    parser.add_argument("--rated", choices=["rated", "casual", "any"], default="any", help="accept only these")
    parser.add_argument("--max-games", type=int, default=4, help="games at once (default 4); declines beyond")
    parser.add_argument("--quit-after", type=int, default=None, help="stop after this many games")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("a token is needed: --token or OD_BOT_TOKEN (make one on the site's API tokens page)")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(asctime)s %(name)s %(message)s"
    )
    logging.getLogger("bots").setLevel(logging.INFO)
    rules = Rules(
        variants=set(args.variant),
        time_classes=set(args.time_class) or {"live", "correspondence"},
        rated={"rated": True, "casual": False, "any": None}[args.rated],
        max_games=args.max_games,
    )
    bot = Bot(Site(args.url, args.token), args.level, rules, quit_after=args.quit_after)
    signal.signal(signal.SIGTERM, lambda *_: bot.stop.set())
    try:
        bot.run()
    except ApiError as exc:
        print(f"the site refused: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        bot.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
