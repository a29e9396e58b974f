"""The pages the service worker keeps for offline use are a player's own
(the header names the account, the home page lists its games): after the
player logs out, none of them opens offline for whoever uses the browser
next, and a puzzle result the account queued offline is not sent as the next
player's.  Uses the session's site (tests/browser/conftest.py)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from browser_helpers import watch_errors

ROOT = Path(__file__).resolve().parents[2]

# The offline results queue (frontend/src/offline/store.ts), read and written as the page's script does.
QUEUE = """(args) => new Promise((resolve, reject) => {
  const open = indexedDB.open("od-offline", 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore("meta");
    open.result.createObjectStore("results", { keyPath: "id" });
  };
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const results = open.result.transaction("results", "readwrite").objectStore("results");
    const done = args.put ? results.put(args.put) : results.getAll();
    done.onsuccess = () => resolve(args.put ? null : done.result.map((r) => r.id));
    done.onerror = () => reject(done.error);
  };
})"""


def make_account(site, name: str) -> None:
    code = (
        "from django.contrib.auth import get_user_model\n"
        f"get_user_model().objects.create_user({name!r}, password='a-long-pass-phrase-29')\n"
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=str(ROOT),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_no_kept_page_shows_the_account_after_log_out(site, browser):
    name = f"kept{int(time.time() * 1000) % 10**8}"
    make_account(site, name)
    context = browser.new_context(base_url=site.base_url)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = watch_errors(page)
    page.goto("/accounts/login/")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password"]', "a-long-pass-phrase-29")
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.wait_for_load_state()
    page.goto("/analysis/")
    page.evaluate("() => window.odOffline.ready")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    # The worker keeps the pages as the account sees them.
    page.wait_for_function(
        "n => caches.match('/analysis/').then(async (r) => !!r && (await r.text()).includes(n))", arg=name
    )
    page.goto("/analysis/")  # served through the worker now
    assert name in page.content()
    # A result the account played offline, still waiting to be sent when it logs out.
    owner = page.locator('meta[name="od-offline"]').get_attribute("data-owner")
    assert owner
    page.evaluate(
        QUEUE,
        {
            "put": {
                "id": "accountsresult01",
                "puzzle": 1,
                "moves": ["pass"],
                "gave_up": True,
                "status": "failed",
                "played_at": 1,
                "owner": owner,
            }
        },
    )

    page.locator(
        'form[action="/accounts/logout/"] button, form[action="/accounts/logout/"] input[type=submit]'
    ).first.click()
    page.wait_for_load_state()
    assert name not in page.content()
    page.evaluate("() => window.odOffline.ready")
    # The guest's page synced (its results sent): the account's result was not sent as the
    # guest's, and waits for the account.
    # (a visitor who is not a guest yet: the log-out ended the session)
    assert page.locator('meta[name="od-offline"]').get_attribute("data-owner") == "none"
    page.reload()
    page.evaluate("() => window.odOffline.ready")
    assert page.evaluate(QUEUE, {}) == ["accountsresult01"]

    context.set_offline(True)
    for path in ("/analysis/", "/puzzles/offline/", "/"):
        try:
            page.goto(path)
        except Exception:  # nothing kept for it: the browser's own offline page
            continue
        assert name not in page.content(), path
    context.set_offline(False)
    assert not errors, errors
    context.close()
