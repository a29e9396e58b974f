"""A short match (to 20 points) through the pages, in headless Chromium,
against the real site: start it from the home page, play every deal by
taking the best-move hint and clicking its end in the play widget the match page hosts, see the
score sheet count each deal and move on to the next one, the match's end,
then open the match review and follow a link into a deal's review."""

from __future__ import annotations

import re

from browser_helpers import browser_page, tap_a_move

GAME_STATUS = "document.getElementById('game-root') && document.getElementById('game-root').dataset.status"
MATCH = "document.getElementById('match-root').dataset"


def wait_for_turn(page) -> str:
    page.wait_for_function(f"() => ['your-move', 'over'].includes({GAME_STATUS})", timeout=45_000)
    return page.evaluate(GAME_STATUS)


def start_match(page, *, target: str, amount: str, human: str, level: str, seed: str) -> None:
    """Fills the new-match form (to ``amount`` points or won deals, the human
    in seat ``human``) and starts the match: its page opens."""
    page.check(f'input[name="target"][value="{target}"]')
    page.fill(f'input[name="target_{target}"]', amount)
    page.check(f'input[name="human"][value="{human}"]')
    page.select_option('select[name="level"]', level)
    page.fill('input[name="seed"]', seed)
    page.locator("#new-match-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))


def play_best_move(page) -> None:
    """Takes the best-move hint and plays that move by clicking its end (or Pass):
    perfect play on both sides keeps the deals close, so the match takes several."""
    shown = page.locator(".gp-move:not(.is-pending)").count()
    page.click('.gp-hint-button[data-level="3"]')
    page.locator('.gp-hint[data-level="3"]').wait_for()
    best = page.evaluate(
        "(() => { const g = window.matchPage.deal.game;"
        " return g.hints.find(h => h.level === 3 && h.ply === g.moves.length).content.move; })()"
    )
    if best == "pass":
        page.locator(".odb-pass").click()
    else:
        page.locator(f'.odb-end.is-target[data-end="{best[2:] or "open"}"]').first.click()
    page.locator(f'.gp-move[data-ply="{shown}"] .gp-mv').wait_for()
    assert page.locator(f'.gp-move[data-ply="{shown}"] .gp-mv').inner_text() == best


def test_a_short_match_through_the_pages_and_its_review(site, browser, screenshots):
    with browser_page(browser, viewport={"width": 1400, "height": 950}) as (page, errors):
        page.goto(site.base_url + "/")
        page.get_by_role("link", name="Play a match").click()
        page.wait_for_url(re.compile(r"/matches/$"))
        # match 22: with perfect play its deals are worth 13, 3 and 22 points, so it takes three
        start_match(page, target="points", amount="20", human="A", level="perfect", seed="22")
        match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
        # the script took over: the fallback is hidden, the board and the score sheet are drawn
        assert page.locator(".match-sheet").is_hidden()
        assert page.locator("#game-root .gp-board svg.odb-svg").is_visible()
        assert page.locator(".mp-score-sheet").is_visible()
        assert "to 20 points" in page.locator(".mp-title").inner_text()
        screenshots(page, "match-start")

        deals_seen = []
        for _ in range(400):
            deal = int(page.evaluate(f"{MATCH}.deal"))
            if not deals_seen or deals_seen[-1] != deal:
                deals_seen.append(deal)
            if wait_for_turn(page) == "your-move":
                play_best_move(page)
                continue
            # the deal is over: the sheet counts it, then offers the next deal or ends the match
            page.locator(f'.mp-deal[data-deal="{deal}"]:not(.is-playing)').wait_for()
            assert page.locator(".gp-result").is_visible()
            # the last move is the game's now, not drawn as pending any more
            assert page.evaluate("window.matchPage.deal.pending") is None
            assert page.locator(".gp-move.is-pending").count() == 0
            assert page.evaluate(GAME_STATUS) == "over"
            page.wait_for_function(
                f"() => {MATCH}.matchStatus === 'over' || !!document.querySelector('.mp-next')", timeout=30_000
            )
            if page.evaluate(f"{MATCH}.matchStatus") == "over":
                break
            screenshots(page, f"match-deal-{deal}-over")
            page.locator(".mp-next").click()
            page.wait_for_function(f"() => {MATCH}.deal === '{deal + 1}'")
        else:  # pragma: no cover
            raise AssertionError("the match did not end")
        assert deals_seen == list(range(1, len(deals_seen) + 1)), deals_seen
        assert len(deals_seen) >= 2, deals_seen

        # the end: the totals agree with the API, and a side has reached 20
        state = page.request.get(f"{site.base_url}/api/matches/{match_id}/").json()
        assert state["status"] == "over"
        assert max(state["scores"].values()) >= 20
        assert len(state["deals"]) == len(deals_seen)
        human, solver = state["human"], state["solver"]
        assert page.locator(".mp-total-human").inner_text() == str(state["scores"][human])
        assert page.locator(".mp-total-solver").inner_text() == str(state["scores"][solver])
        assert page.locator(".mp-over").inner_text() == "The match is over."
        screenshots(page, "match-over")

        # the match review, and from it a deal's review
        page.locator(".mp-review-link").click()
        page.wait_for_url(re.compile(rf"/matches/{match_id}/review/$"))
        assert "Review of match" in page.locator("h1").inner_text()
        assert page.locator(".match-review-deals tbody tr").count() == len(state["deals"])
        assert "Accuracy" in page.locator("#match-summary").inner_text()
        screenshots(page, "match-review")
        page.locator(".match-review-deals tbody tr").first.get_by_role("link", name="Review the deal").click()
        page.wait_for_url(re.compile(r"/games/\d+/review/$"))
        assert errors == []


def test_a_partnership_match_at_phone_width(site, browser, screenshots):
    """A partnership match to one won deal, the human in seat C (partner A):
    the match page hosts the four-seat board with C at the bottom, the solver
    plays A, B and D by itself, the sheet counts the deal for the team A+C or
    B+D, and the human's stones and the line's ends stay in the first screen."""
    with browser_page(
        browser, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    ) as (page, errors):
        page.goto(site.base_url + "/matches/")
        page.select_option('select[name="variant"]', "partnership")
        start_match(page, target="wins", amount="1", human="C", level="casual", seed="5")
        page.wait_for_selector('.odb-hand[data-place="bottom"][data-side="C"]')
        assert page.locator('.odb-hand[data-place="top"]').get_attribute("data-side") == "A"
        assert "A+C" in page.locator(".mp-score-sheet").inner_text()
        for _ in range(60):
            deal = int(page.evaluate(f"{MATCH}.deal"))
            if page.evaluate(f"{MATCH}.matchStatus") == "over":
                break
            if wait_for_turn(page) == "over":
                page.wait_for_function(
                    f"() => {MATCH}.matchStatus === 'over' || !!document.querySelector('.mp-next')", timeout=30_000
                )
                if page.evaluate(f"{MATCH}.matchStatus") == "over":
                    break
                page.locator(".mp-next").tap()
                page.wait_for_function(f"() => {MATCH}.deal === '{deal + 1}'")
                continue
            page.evaluate("window.scrollTo(0, 0)")
            fits = page.evaluate(
                """() => { const vw = innerWidth, vh = innerHeight;
                  const inside = (el) => { const r = el.getBoundingClientRect();
                    return r.width > 0 && r.left >= -0.5 && r.right <= vw + 0.5 && r.top >= -0.5 && r.bottom <= vh + 0.5; };
                  const stones = [...document.querySelectorAll('.odb-hand[data-place="bottom"] .odb-hand-stone')];
                  const ends = [...document.querySelectorAll('.odb-end')];
                  return { stones: stones.length, inside: stones.filter(inside).length, ends: ends.length,
                           endsInside: ends.filter(inside).length, wide: document.documentElement.scrollWidth > vw }; }"""
            )
            assert fits["inside"] == fits["stones"] > 0, fits
            assert fits["endsInside"] == fits["ends"] > 0, fits
            assert not fits["wide"], fits
            shown = page.evaluate("window.matchPage.deal.game.moves.length")
            tap_a_move(page, page.evaluate("window.matchPage.deal.game.legal_moves"))
            page.wait_for_function(f"() => window.matchPage.deal.game.moves.length > {shown}")
        else:  # pragma: no cover
            raise AssertionError("the match did not end")
        match = page.evaluate("window.matchPage.match")
        assert match["variant"] == "partnership"
        assert match["human"] == "C"
        assert match["human_team"] == "A+C"
        assert match["winner"] in ("A+C", "B+D")
        assert match["wins"][match["winner"]] == 1
        screenshots(page, "match-partnership-phone")
        assert errors == []
