"""Helpers shared by the browser tests."""
from __future__ import annotations


def watch_errors(page) -> list[str]:
    """Collect the page's script errors and console errors into a list to assert empty.
    (Chromium logs every 4xx answer as an error: those expected ones are left out.)"""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: errors.append(f"console: {msg.text}")
        if msg.type == "error" and not msg.text.startswith("Failed to load resource")
        else None,
    )
    return errors
