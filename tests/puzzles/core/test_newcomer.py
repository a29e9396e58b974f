"""Small things a newcomer meets on every page: the site's icon, the API
schema's description keeping ``<version>``, styled form errors, and the
puzzle page's unknown theme and resumed attempt."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.training.models import Puzzle, PuzzleAttempt
from solver import deal

pytestmark = pytest.mark.django_db


def test_favicon_is_served_and_linked():
    client = Client()
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon["Content-Type"] == "image/svg+xml"
    assert b"<svg" in b"".join(icon.streaming_content)
    assert 'rel="icon"' in client.get("/").content.decode()


def test_schema_description_keeps_version_in_code():
    schema = Client().get("/api/schema/?format=json").json()
    assert "`?wait=<version>`" in schema["info"]["description"]


def test_redoc_page_loads_nothing_from_outside():
    response = Client().get("/api/redoc/")
    page = response.content.decode()
    policy = response["Content-Security-Policy"]
    assert "fonts.googleapis.com" not in page
    assert "<script>" not in page
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_signup_errors_are_in_an_error_list():
    page = Client().post("/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}).content.decode()
    assert 'class="errorlist' in page


def make_puzzles(n: int = 4) -> list[Puzzle]:
    out = []
    for i in range(n):
        position = deal(i + 1)
        out.append(
            Puzzle.objects.create(
                position=str(position),
                side=position.side,
                kind="win",
                line=["36"],
                solver_moves=1,
                themes=["count"],
                value=10,
                rating=1500 + i,
                seed="1",
                ply=i,
            )
        )
    return out


def test_unknown_theme_is_said():
    make_puzzles()
    page = Client().get("/puzzles/train/?theme=bogus").content.decode()
    assert "data-unknown-theme" in page
    assert "bogus" in page


def test_an_unfinished_rated_attempt_is_shown_again():
    make_puzzles()
    client = Client()
    page = client.get("/puzzles/train/").content.decode()
    import re

    first = int(re.search(r'data-puzzle-id="(\d+)"', page).group(1))
    started = client.post(f"/api/puzzles/{first}/attempts/")
    assert started.status_code in (200, 201), started.content
    attempt = PuzzleAttempt.objects.get(pk=started.json()["id"])
    assert attempt.rated
    for _ in range(5):
        again = client.get("/puzzles/train/").content.decode()
        assert f'data-puzzle-id="{first}"' in again


def test_new_game_form_says_what_a_and_b_are():
    page = Client().get("/play/").content.decode()
    assert "data-sides-note" in page


def test_home_tells_a_newcomer_what_the_game_is_before_the_puzzle():
    make_puzzles()
    client = Client()
    page = client.get("/").content.decode()
    intro, puzzle = page.index("data-intro"), page.index("daily-puzzle-card")
    assert intro < puzzle
    assert page.count("data-intro") == 1
    start = page[intro:]
    assert 'href="/play/"' in start[: start.index("</section>")]
    assert 'href="/how-to-play/"' in start[: start.index("</section>")]
    # once they have played (here: started a game), the daily puzzle comes first
    started = client.post(
        "/api/games/", {"seed": 3}, content_type="application/json", HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value
    )
    assert started.status_code == 201, started.content
    page = client.get("/").content.decode()
    assert page.index("daily-puzzle-card") < page.index("data-intro")
