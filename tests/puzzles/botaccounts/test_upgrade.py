"""An account becomes a bot: through the API or the page's confirmed button,
only before it has played anyone, and for good."""

from __future__ import annotations

import pytest

from puzzles.botaccounts import selectors
from puzzles.botaccounts.models import BotAccount

from .conftest import accept, post_challenge, upgrade

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_account_with_no_games_becomes_a_bot_for_good(account):
    robo = account("robo")
    assert not selectors.is_bot(robo.user)
    answer = upgrade(robo)
    assert answer["username"] == "robo"
    assert answer["bot"] is True
    assert selectors.is_bot(robo.user)
    assert selectors.is_bot_stored(robo.user)
    again = robo.post("/api/bot/account/upgrade")
    assert again.status_code == 409, again.content
    assert "already" in again.json()["error"]
    assert BotAccount.objects.filter(user=robo.user).count() == 1


def test_an_account_that_has_played_a_person_cannot_become_a_bot(account):
    ann, bob = account("ann"), account("bob")
    accept(bob, post_challenge(ann)["id"])  # a casual game between them starts
    refused = ann.post("/api/bot/account/upgrade")
    assert refused.status_code == 400, refused.content
    assert "played no games against people" in refused.json()["error"]
    assert not selectors.is_bot_stored(ann.user)


def test_a_guest_cannot_become_a_bot(client):
    refused = client.post("/api/bot/account/upgrade")
    assert refused.status_code == 403, refused.content
    assert "error" in refused.json()


def test_a_token_without_the_bot_scope_is_refused(account):
    services = pytest.importorskip("puzzles.apitokens.services")
    from rest_framework.test import APIClient

    robo = account("robo")
    _row, raw = services.create_personal_token(robo.user, name="no bot", scopes=["read", "play"])
    program = APIClient()
    refused = program.post("/api/bot/account/upgrade", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert refused.status_code == 403, refused.content
    assert "bot" in refused.json()["error"]
    assert not selectors.is_bot_stored(robo.user)
    _row, raw = services.create_personal_token(robo.user, name="bot", scopes=["bot"])
    made = program.post("/api/bot/account/upgrade", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert made.status_code == 200, made.content
    assert selectors.is_bot_stored(robo.user)


def test_the_page_explains_and_needs_the_box_ticked(account):
    robo = account("robo")
    page = robo.get("/account/bot/")
    assert page.status_code == 200
    assert "cannot be undone" in page.content.decode()
    unticked = robo.post("/account/bot/", {})
    assert unticked.status_code == 302
    assert not selectors.is_bot_stored(robo.user)
    ticked = robo.post("/account/bot/", {"confirm": "on"})
    assert ticked.status_code == 302
    assert ticked["Location"] == "/players/robo/"
    assert selectors.is_bot_stored(robo.user)
    profile = robo.get("/players/robo/").content.decode()
    assert 'class="bot-badge"' in profile


def test_the_owners_profile_links_to_the_page_and_nobody_elses_does(account):
    ann, bob = account("ann"), account("bob")
    assert "/account/bot/" in ann.get("/players/ann/").content.decode()
    assert "/account/bot/" not in bob.get("/players/ann/").content.decode()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("pl", "Zmień to konto w bota"), ("nl", "Maak van dit account een bot"), ("ro", "Transformă acest cont în bot")],
)
def test_the_page_speaks_the_readers_language(account, lang, words):
    page = account("robo").get("/account/bot/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page
    assert "Make this account a bot" not in page
    assert "cannot be undone" not in page


def test_the_admin_lists_bots_and_removes_none(account, admin_client):
    robo = account("robo")
    upgrade(robo)
    listed = admin_client.get("/admin/botaccounts/botaccount/")
    assert listed.status_code == 200
    assert "robo" in listed.content.decode()
    row = BotAccount.objects.get(user=robo.user)
    assert admin_client.post(f"/admin/botaccounts/botaccount/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    assert BotAccount.objects.filter(pk=row.pk).exists()


CLOCK = {"initial": 300, "increment": 3}


def _event(maker, name: str, **body) -> int:
    shape = {"kind": "arena", "minutes": 30} if body.pop("kind", "arena") == "arena" else {"kind": "swiss", "rounds": 3}
    made = maker.post(
        "/api/tournaments/", {"variant": "lewicki", "clock": CLOCK, "name": name, **shape, **body}, format="json"
    )
    assert made.status_code == 201, made.content
    return made.json()["id"]


def test_an_account_in_a_rated_event_leaves_it_before_it_becomes_a_bot(account):
    """A bot plays in no rated event: an entrant would be paired with people
    there as a bot, so the upgrade (for good) waits until it has left."""
    from puzzles.tournaments.models import Tournament

    maker, robo = account("maker"), account("robo")
    arena = _event(maker, "Rated arena", rated=True)
    swiss = _event(maker, "Rated swiss", kind="swiss", rated=True)
    casual = _event(maker, "Casual arena", rated=False)
    over = _event(maker, "Rated and over", rated=True)
    for event in (arena, swiss, casual, over):
        assert robo.post(f"/api/tournaments/{event}/join/", format="json").status_code == 200
    Tournament.objects.filter(pk=over).update(status=Tournament.Status.FINISHED)
    refused = robo.post("/api/bot/account/upgrade")
    assert refused.status_code == 409, refused.content
    error = refused.json()["error"]
    assert "leave them first" in error
    assert "Rated arena" in error
    assert "Rated swiss" in error
    assert "Casual arena" not in error
    assert "Rated and over" not in error
    assert not selectors.is_bot_stored(robo.user)
    assert robo.post(f"/api/tournaments/{arena}/leave/", format="json").status_code == 200
    refused = robo.post("/api/bot/account/upgrade")
    assert refused.status_code == 409, refused.content
    assert "leave it first" in refused.json()["error"]
    assert "Rated swiss" in refused.json()["error"]
    assert "Rated arena" not in refused.json()["error"]
    assert robo.post(f"/api/tournaments/{swiss}/leave/", format="json").status_code == 200
    assert upgrade(robo)["bot"] is True  # the casual event and the finished one keep no bot out


def test_the_refusal_names_the_event_in_the_readers_language(account):
    maker, robo = account("maker"), account("robo")
    arena = _event(maker, "Wiosna", rated=True)
    assert robo.post(f"/api/tournaments/{arena}/join/", format="json").status_code == 200
    refused = robo.post("/api/bot/account/upgrade", HTTP_ACCEPT_LANGUAGE="pl")
    assert refused.status_code == 409, refused.content
    assert "Wiosna" in refused.json()["error"]
    assert "a bot plays in no rated event" not in refused.json()["error"]
    page = robo.post("/account/bot/", {"confirm": "on"}, follow=True, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Wiosna" in page
    assert "leave them first" not in page
    assert 'class="bot-entered"' in page
    assert 'name="confirm"' not in page
    assert not selectors.is_bot_stored(robo.user)


@pytest.mark.django_db(transaction=True)
def test_a_join_to_a_rated_event_waits_for_an_upgrade_under_way_and_is_refused(account, monkeypatch):
    """An upgrade and a rated event's join at the same moment: the upgrade
    reads the account's events with its row locked, and the join, which
    locks it too, waits and then finds a bot (403), rather than both passing
    and a bot sitting in a rated event."""
    import threading
    import time

    from django.db import connection

    from puzzles.botaccounts import history, services
    from puzzles.tournaments.models import Entry

    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's (SQLite runs one writer at a time)")
    maker, robo = account("maker"), account("robo")
    arena = _event(maker, "Rated arena", rated=True)
    read_events = history.rated_events_entered
    locked, joined = threading.Event(), {}

    def events_read_while_a_join_waits(user):
        locked.set()
        deadline = time.monotonic() + 20
        with connection.cursor() as cursor:  # until the join waits on a lock (or, unlocked, has gone through)
            while time.monotonic() < deadline and "status" not in joined:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
                if cursor.fetchone()[0]:
                    break
                time.sleep(0.01)
        return read_events(user)

    monkeypatch.setattr(history, "rated_events_entered", events_read_while_a_join_waits)

    def join() -> None:
        try:
            assert locked.wait(20)
            joined["status"] = robo.post(f"/api/tournaments/{arena}/join/", format="json").status_code
        finally:
            connection.close()

    joining = threading.Thread(target=join)
    joining.start()
    services.upgrade(robo.user)
    joining.join(30)
    assert joined["status"] == 403
    assert not Entry.objects.filter(tournament_id=arena, owner=robo.user).exists()
    assert selectors.is_bot_stored(robo.user)
