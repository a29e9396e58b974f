"""Helpers shared by the browser tests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def watch_errors(page) -> list[str]:
    """Collect the page's script errors and console errors into a list to assert empty.
    (Chromium logs every 4xx answer as an error: those expected ones are left out.)"""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console: {msg.text}")
            if msg.type == "error" and not msg.text.startswith("Failed to load resource")
            else None
        ),
    )
    return errors


@contextmanager
def browser_page(browser, *, timeout: int = 30_000, **options: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page in a browser context of its own (Playwright's ``options``:
    viewport, locale...; ``page.context`` is the context), with its default
    timeout, and the list its script errors are collected in
    (``watch_errors``); the context is closed after, whatever happened."""
    context = browser.new_context(**options)
    try:
        page = context.new_page()
        page.set_default_timeout(timeout)
        yield page, watch_errors(page)
    finally:
        context.close()


@contextmanager
def failure_shown(page, site, screenshots, name: str) -> Iterator[None]:
    """When the block fails: a screenshot ``name`` of the page and the site's
    logs printed, for the failure's report (the exception goes on)."""
    try:
        yield
    except Exception:
        screenshots(page, name)
        print(site.logs())
        raise


def tap_a_move(page, legal: list[str]) -> None:
    """Plays by touch: Pass when it is the only legal move, else the first
    selectable stone of the bottom hand and then the first highlighted end."""
    if legal == ["pass"]:
        page.locator(".odb-pass").tap()
    else:
        page.locator(".odb-hand-bottom .odb-hand-stone.is-selectable").first.tap()
        page.locator(".odb-end.is-target").first.tap()


def entry_files(manifest: dict, name: str) -> set[str]:
    """The built files of a Vite entry and of every chunk it imports, directly or not."""
    entry = next(key for key, chunk in manifest.items() if chunk.get("name") == name and chunk.get("isEntry"))
    seen, todo = set(), [entry]
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo += manifest[key].get("imports", []) + manifest[key].get("dynamicImports", [])
    return {manifest[key]["file"] for key in seen}


def start_practice_game(
    page,
    base_url: str,
    *,
    human: str,
    level: str,
    seed: int,
    variant: str | None = None,
    doubles: bool = False,
    from_home: bool = False,
) -> int:
    """Starts a game against the solver from the new game form (reached from
    the home page's link when ``from_home``, else at /play/) and waits for its
    page; the game's id."""
    if from_home:
        page.goto(base_url + "/")
        page.get_by_role("link", name="Start a new game").click()
    else:
        page.goto(base_url + "/play/")
    if variant is not None:
        page.select_option('select[name="variant"]', variant)
    if doubles:
        page.check('input[name="doubles"]')
    page.check(f'input[name="human"][value="{human}"]')
    page.select_option('select[name="level"]', level)
    page.fill('input[name="seed"]', str(seed))
    page.locator("#new-game-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/\d+/$"))
    return int(re.search(r"/play/(\d+)/", page.url).group(1))


def challenge_by_link(page, base_url: str) -> str:
    """Makes a challenge by link from the lobby (5+3, the maker in seat A) and
    waits on its page; the link to hand to a friend."""
    page.goto(base_url + "/lobby/")
    page.get_by_role("link", name="Challenge a friend by link instead").click()
    page.wait_for_url(re.compile(r"/challenges/new/$"))
    page.select_option('select[name="control"]', "5+3")
    page.check('input[name="human"][value="A"]')
    page.get_by_role("button", name="Create the challenge").click()
    page.wait_for_url(re.compile(r"/challenges/\d+/$"))
    return page.locator(".challenge-link input").input_value()


def click_move(page, move: str) -> None:
    """Plays ``move`` on the board by pointer: the Pass button, or the stone
    in the bottom hand and then its end (any highlighted end when the move
    names none, or when the named one is not highlighted)."""
    if move == "pass":
        page.locator(".odb-pass").click()
        return
    stone, end = move[:2], move[2:] or None
    page.locator(f'.odb-hand-bottom .odb-hand-stone.is-selectable[data-stone="{stone}"]').first.click()
    targets = page.locator(f'.odb-end.is-target[data-end="{end}"]' if end else '.odb-end.is-target[data-end="open"]')
    if targets.count() == 0:
        targets = page.locator(".odb-end.is-target")
    targets.first.click()


# A forced pass is played by the page itself unless its player turned that off
# (games/table-features.ts): the tests that click every pass turn it off.
MANUAL_PASSES = "try { localStorage.setItem('od-auto-pass', 'off'); } catch (e) {}"


def waiting_can_only_premove(page) -> bool:
    """The waiting player's board offers no move but a premove (its stones
    selectable only with the premove's words on the board), or nothing."""
    if page.locator(".odb-hand-stone.is-selectable").count() == 0:
        return True
    return "premove" in (page.locator(".gp-board .odb-status").text_content() or "")
