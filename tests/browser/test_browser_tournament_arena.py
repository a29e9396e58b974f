"""An arena in the browser: an account makes one on the tournaments page
(a phone), four guests join it from its page (each in a browser context of
their own), and the arena pairs them as games end.  Every pairing is an
ordinary game between people that one of its players resigns on the play
page; the tournament page takes each player to each new game by itself
(no click), and the game's result leads back to the tournament (a
finished game's page whose player is paired first is taken straight to the
new game, as every page showing no game being played is).  The first
guest's opponents always resign, so that guest wins three running and
scores 2, 2 and then 4 on fire; everyone plays three pairings.  Before the
last pairing is over the others leave (through the API, as the page's
Leave button does), so that nobody is paired a fourth time, and the
standings on the page are checked against the results: each player's
score, games and points sheet, the fire, and "(left)".

Resignations planned: in each round, the game of the first guest (P0) is
resigned by P0's opponent, and the other game by whoever sits in seat B.
With four players the arena pairs all four each round (two who just met are
never paired again at once, so the two who finish first wait for the other
game), and P0 meets three different opponents."""

from __future__ import annotations

import re
import time

from browser_helpers import watch_errors
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser_people_rated import sign_up

PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}
GAME = "window.playPage && window.playPage.game"
PLAY = re.compile(r"/play/(\d+)/$")
ROUNDS = 3


def arena_points(results: list[str]) -> list[int]:
    """The arena's points of each game (the rules the page shows): a win 2,
    a loss 0; two wins running set a player on fire, and then a win counts 4
    until a game that is not a win."""
    points, streak = [], 0
    for result in results:
        fire = streak >= 2
        if result == "win":
            points.append(4 if fire else 2)
            streak += 1
        else:
            points.append(0)
            streak = 0
    return points


def new_game(url: str, seen: set[int]) -> bool:
    match = PLAY.search(url)
    return bool(match) and int(match.group(1)) not in seen


def wait_for_new_game(page, seen: set[int]) -> int:
    """The page reaches a game it was not in before, by itself (the tournament page's script)."""
    try:
        page.wait_for_url(lambda url: new_game(url, seen), timeout=60_000, wait_until="domcontentloaded")
    except PlaywrightTimeout:
        state = page.evaluate("window.tournamentPage && JSON.stringify(window.tournamentPage.state)")
        raise AssertionError(f"no new game reached from {page.url}: {state}") from None
    page.wait_for_function(f"() => !!({GAME})")
    return int(PLAY.search(page.url).group(1))


def my_seat(page) -> str:
    return page.evaluate(f"{GAME}.my_seat")


def resign(page) -> None:
    """Resigns by the play page's button (clicked twice: confirmed)."""
    button = page.locator(".gp-resign")
    button.click()
    button.click()


def over_or_gone(page, game: int) -> None:
    """The player's page shows the game over by itself, told over the game's
    socket (the winner, whose opponent resigned, may not have moved yet);
    or it has already been taken to the player's next game (see
    ``back_to_the_tournament``)."""
    page.wait_for_function(f"(id) => !!({GAME}) && ({GAME}.id !== id || {GAME}.status === 'over')", arg=game)


def the_way_back(page, seen: set[int]) -> str | None:
    """The address of the finished game's link back to the tournament; None
    when the page has been taken to its next game before it was read (see
    ``back_to_the_tournament``)."""
    link = page.locator(".gp-result .gp-tournament-link")
    deadline = time.monotonic() + 30
    while not new_game(page.url, seen):
        try:
            return link.get_attribute("href", timeout=2_000)
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise
    return None


def back_to_the_tournament(page, seen: set[int]) -> None:
    """Clicks the finished game's link back to the tournament, unless the page
    has already been taken to its next game by itself: the arena pairs a
    player whose game is over at once, and a game that starts takes a page
    showing no game still being played to it (the header's challenges-for-you
    poll, as a Lichess arena's game page does), so the link may go with the
    page before it is clicked."""
    link = page.locator(".gp-result .gp-tournament-link")
    deadline = time.monotonic() + 30
    while not new_game(page.url, seen):
        try:
            link.click(timeout=2_000)
        except PlaywrightTimeout:
            # the page was taken away during the click (to a new game), or the
            # link is not clickable yet: look again, until the deadline
            if time.monotonic() > deadline:
                raise
            continue
        page.wait_for_url(lambda url: "/tournaments/" in url or new_game(url, seen), wait_until="commit")
        return


def leave(page, url: str) -> None:
    """Leaves the arena through the API, from the player's page (their session, the CSRF cookie)."""
    status = page.evaluate(
        """async (url) => {
            const token = (/(?:^|;\\s*)csrftoken=([^;]+)/.exec(document.cookie) || [])[1] || "";
            const response = await fetch(url, { method: "POST", headers: { "X-CSRFToken": decodeURIComponent(token) } });
            return response.status;
        }""",
        url,
    )
    assert status == 200


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
        "the page is wider than the screen"
    )


def test_four_guests_play_an_arena_and_the_standings_count_the_streak(site, browser, screenshots):
    base = site.base_url
    stamp = int(time.time() * 1000) % 10**7
    organiser_context = browser.new_context(**PHONE)
    contexts = [browser.new_context(**(PHONE if i == 3 else LAPTOP)) for i in range(4)]
    try:
        organiser = organiser_context.new_page()
        organiser.set_default_timeout(30_000)
        errors = [watch_errors(organiser)]
        # a long name, which must wrap on a phone rather than widen the page
        sign_up(organiser, base, f"tournament_organiser_with_a_rather_long_name_{stamp}")
        organiser.locator("#site-menu a[href='/tournaments/']").wait_for(state="attached")
        organiser.goto(base + "/tournaments/")
        organiser.select_option("select[name=kind]", "arena")
        organiser.fill("input[name=name]", f"Evening arena {stamp}")
        organiser.select_option("select[name=control]", "3+2")
        organiser.fill("input[name=length]", "30")
        organiser.locator(".tournament-form button[type=submit]").click()
        organiser.wait_for_url(re.compile(r"/tournaments/\d+/$"))
        arena_url = organiser.url
        tournament_id = int(re.search(r"/tournaments/(\d+)/$", arena_url).group(1))
        organiser.wait_for_function("() => window.tournamentPage && window.tournamentPage.state.status === 'started'")
        assert organiser.locator("#tournament-clock").inner_text().endswith("left")
        no_sideways_scroll(organiser)

        players = []
        for context in contexts:
            page = context.new_page()
            page.set_default_timeout(30_000)
            errors.append(watch_errors(page))
            page.goto(arena_url)
            page.wait_for_function("() => !!window.tournamentPage")
            page.locator(".tournament-live button.tournament-join").click()
            players.append(page)
        names = []
        seen: list[set[int]] = [set() for _ in players]
        results: list[list[str]] = [[] for _ in players]
        for round_number in range(1, ROUNDS + 1):
            # every player is taken to their new game by the tournament page
            games: dict[int, list[int]] = {}
            for index, page in enumerate(players):
                game = wait_for_new_game(page, seen[index])
                seen[index].add(game)
                games.setdefault(game, []).append(index)
            assert sorted(len(v) for v in games.values()) == [2, 2], games
            if round_number == 1:
                names = [page.evaluate(f"{GAME}.players[{GAME}.my_seat].name") for page in players]
                assert len(set(names)) == 4
            if round_number == ROUNDS:
                # nobody but P0 is paired again after this round: the others leave now (their games go on)
                for page in players[1:]:
                    leave(page, f"/api/tournaments/{tournament_id}/leave/")
            # P0's game first: its opponent resigns; then the other game, by seat B
            ordered = sorted(games.items(), key=lambda item: 0 in item[1], reverse=True)
            for game, pair in ordered:
                if 0 in pair:
                    loser = next(i for i in pair if i != 0)
                else:
                    loser = next(i for i in pair if my_seat(players[i]) == "B")
                winner = next(i for i in pair if i != loser)
                resign(players[loser])
                over_or_gone(players[loser], game)
                over_or_gone(players[winner], game)
                for index in pair:
                    href = the_way_back(players[index], seen[index])
                    # the first game to end leads back (nobody is paired before the other ends)
                    assert href == f"/tournaments/{tournament_id}/" or (href is None and 0 not in pair), href
                results[loser].append("loss")
                results[winner].append("win")
                screenshots(players[winner], f"arena-round{round_number}-game{game}")
                # back to the tournament, where the next pairing takes them on by itself
                for index in pair:
                    back_to_the_tournament(players[index], seen[index])

        assert results[0] == ["win"] * ROUNDS
        assert arena_points(results[0]) == [2, 2, 4]
        # the standings, as the organiser's page shows them (kept live by its long poll)
        expected = {
            names[i]: (sum(arena_points(results[i])), len(results[i]), arena_points(results[i])) for i in range(4)
        }
        total_games = 2 * ROUNDS
        organiser.wait_for_function(
            "(n) => window.tournamentPage.state.games.filter((g) => g.over).length === n", arg=total_games
        )
        rows = organiser.locator(".tournament-live table.standings tbody tr")
        assert rows.count() == 4
        shown = {}
        for i in range(4):
            row = rows.nth(i)
            name = row.locator(".standing-name").inner_text()
            sheet = [int(s) for s in row.locator(".sheet-game").all_inner_texts()]
            shown[name] = (
                int(row.locator(".standing-score").inner_text()),
                int(row.locator(".standing-games").inner_text()),
                sheet,
            )
            fire = row.locator(".fire").count() == 1
            left = "(left)" in row.inner_text()
            assert fire == (name == names[0]), name  # P0 won three running: still on fire
            assert left == (name != names[0]), name
        assert shown == expected
        assert rows.nth(0).locator(".standing-name").inner_text() == names[0]
        assert rows.nth(0).locator(".standing-rank").inner_text() == "1"
        ranks = [int(rows.nth(i).locator(".standing-rank").inner_text()) for i in range(4)]
        assert ranks == sorted(ranks)
        no_sideways_scroll(organiser)
        screenshots(organiser, "arena-standings-phone")
        # P0 is back on the tournament page, waiting (nobody else is in): their own row is marked
        p0 = players[0]
        p0.wait_for_url(re.compile(rf"/tournaments/{tournament_id}/$"))
        p0.wait_for_function("() => !!window.tournamentPage")
        assert p0.locator(".tournament-live tr.you .standing-name").inner_text() == names[0]
        assert p0.locator(".tournament-live .tournament-leave").is_visible()
        assert not [e for batch in errors for e in batch]
    finally:
        for context in (organiser_context, *contexts):
            context.close()
