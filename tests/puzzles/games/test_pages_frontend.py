"""The play and review pages load their page scripts (Vite entries ``play``
and ``review``) after Django's JavaScript catalogue, so that every string the
scripts show can be translated; the plain-HTML parts the scripts replace are
marked ``data-fallback``."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")


@pytest.fixture
def built(settings, tmp_path):
    manifest = tmp_path / ".vite" / "manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(
        json.dumps(
            {
                "src/games/play.ts": {
                    "file": "assets/play-1.js",
                    "name": "play",
                    "src": "src/games/play.ts",
                    "isEntry": True,
                    "imports": ["_game-1.js"],
                },
                "src/games/review.ts": {
                    "file": "assets/review-1.js",
                    "name": "review",
                    "src": "src/games/review.ts",
                    "isEntry": True,
                    "imports": ["_game-1.js"],
                },
                "_game-1.js": {"file": "assets/game-1.js", "css": ["assets/game-1.css"]},
            }
        )
    )
    settings.OD_FRONTEND_MANIFEST = manifest


def test_play_and_review_pages_load_the_catalogue_then_their_script(built):
    client = Client()
    response = client.post("/play/", {"human": "A", "level": "perfect", "seed": str(SEED_A), "position": ""})
    assert response.status_code == 302
    game_id = int(re.search(r"/play/(\d+)/", response["Location"]).group(1))
    for url, entry in ((f"/play/{game_id}/", "play-1.js"), (f"/games/{game_id}/review/", "review-1.js")):
        html = client.get(url).content.decode()
        catalogue = html.index('<script src="/jsi18n/"></script>')
        script = html.index(f'<script type="module" src="/static/frontend/assets/{entry}"></script>')
        assert catalogue < script
        assert '<link rel="stylesheet" href="/static/frontend/assets/game-1.css">' in html
        assert "frontend-missing" not in html
    play = client.get(f"/play/{game_id}/").content.decode()
    assert '<div class="fallback" data-fallback>' in play
    assert '<section class="moves-panel" data-fallback>' in play
    review = client.get(f"/games/{game_id}/review/").content.decode()
    assert '<table class="review-moves" data-fallback>' in review
    assert '<nav class="plies" data-fallback' in review
