"""A player at a concealed table (a team match's deal, which only the
table's two players read while it is played) is shown playing, on the
profile and in the Following list, with no watch link: the link would
answer anyone else as a game that does not exist.  Once the deal is shown,
the link is back."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from puzzles.games.models import Game
from puzzles.tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)


def live_team_match(account) -> dict:
    """A live team match two a side, its first deal dealt at both tables."""
    maker = account("captain")
    body = {"kind": "team", "teams": ["Red", "Blue"], "team_size": 2, "deals": 2}
    made = maker.post("/api/tournaments/", {**body, "clock": {"initial": 300, "increment": 3}}, format="json")
    assert made.status_code == 201, made.content
    players = {name: account(name) for name in ("red1", "blue1", "red2", "blue2")}
    for name, client in players.items():
        team = "Red" if name.startswith("red") else "Blue"
        joined = client.post(f"/api/tournaments/{made.json()['id']}/join/", {"team": team}, format="json")
        assert joined.status_code == 200, joined.content
    players["tables"] = list(Pairing.objects.filter(tournament_id=made.json()["id"], round=1))
    assert len(players["tables"]) == 2
    return players


def browser_of(client) -> Client:
    browser = Client()
    browser.force_login(client.user)
    return browser


def test_a_player_at_a_concealed_table_is_shown_playing_with_no_link(account):
    players = live_team_match(account)
    table = next(
        t
        for t in players["tables"]
        if t.a.owner_id == players["red1"].user.pk or t.b.owner_id == players["red1"].user.pk
    )
    game = Game.objects.get(pk=table.game_id)
    assert game.concealed
    assert game.clock_initial is not None
    url = f"/play/{game.pk}/"
    ann = account("ann")
    assert ann.post("/api/social/follow/red1/").status_code == 200
    assert ann.get(url).status_code == 404  # not hers to read while concealed
    for reader in (ann, players["red2"]):  # a stranger, and a team-mate at the other table
        page = browser_of(reader).get("/players/red1/").content.decode()
        assert "playing now" in page
        assert url not in page
        assert 'class="watch"' not in page
    row = next(r for r in ann.get("/api/social/following/").json()["players"] if r["username"] == "red1")
    assert row["online"] is True
    assert row["playing"] is True
    assert row["game_url"] is None
    page = browser_of(ann).get("/following/").content.decode()
    assert "playing now" in page
    assert url not in page

    # the deal shown (every table has played it): anyone may watch again
    Game.objects.filter(pk=game.pk).update(concealed=False)
    cache.clear()
    assert ann.get(url).status_code == 200
    page = browser_of(ann).get("/players/red1/").content.decode()
    assert f'href="{url}"' in page
    row = next(r for r in ann.get("/api/social/following/").json()["players"] if r["username"] == "red1")
    assert row["game_url"] == url
