"""The lobby: a seek listed, long-polled, accepted; the rating range; quick
pairing pairs two players at the same control, within the rating range asked
for; the lobby page and its forms without script."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from puzzles.games.models import Game
from puzzles.people.models import Challenge, GameRating
from puzzles.people.serializers import LobbyOutputSerializer

pytestmark = pytest.mark.django_db(transaction=True)


def seek(api, **payload) -> dict:
    body = {"variant": "lewicki", "seat": "random", "clock": {"initial": 600, "increment": 5}, **payload}
    response = api.post("/api/seeks/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_seek_is_listed_long_polled_and_accepted(api, other_api):
    before = other_api.get("/api/lobby/1/").json()
    assert before["seeks"] == []
    posted = seek(api)
    assert posted["lobby"]
    assert posted["status"] == "open"
    lobby = other_api.get(f"/api/lobby/1/?wait={before['version']}&timeout=5").json()
    assert LobbyOutputSerializer(data=lobby).is_valid(), LobbyOutputSerializer(data=lobby).errors
    assert [s["id"] for s in lobby["seeks"]] == [posted["id"]]
    assert lobby["version"] > before["version"]
    assert lobby["seeks"][0]["you"]["can_accept"]
    assert lobby["seeks"][0]["control"] == "10+5"
    assert other_api.get(f"/api/lobby/1/?wait={lobby['version']}&timeout=0.2").status_code == 304
    accepted = other_api.post(f"/api/challenges/{posted['id']}/accept/", {}, format="json").json()
    assert Game.objects.get(pk=accepted["game"]).clock_initial == 600
    assert other_api.get("/api/lobby/1/").json()["seeks"] == []
    assert other_api.get("/api/lobby/2/").status_code == 404


def test_a_seek_keeps_to_its_rating_range(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    GameRating.objects.create(user=bob.user, time_class="live", family="lewicki", rating=1900, rd=80)
    posted = seek(ann, rated=True, rating_min=1400, rating_max=1700)
    refused = bob.post(f"/api/challenges/{posted['id']}/accept/", {}, format="json")
    assert refused.status_code == 403
    assert "1400 to 1700" in refused.json()["error"]
    assert cid.post(f"/api/challenges/{posted['id']}/accept/", {}, format="json").json()["game"] is not None
    bad = ann.post(
        "/api/seeks/", {"clock": {"initial": 60, "increment": 0}, "rating_min": 1800, "rating_max": 1200}, format="json"
    )
    assert bad.status_code == 400
    assert "rating_min" in bad.json()["error"]
    named = ann.post("/api/seeks/", {"days": 1, "to": "bob"}, format="json")
    assert named.status_code == 400
    assert "anyone" in named.json()["error"]


def test_quick_pairing_pairs_two_players(api, other_api):
    first = api.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert first["game"] is None
    assert first["lobby"]
    assert first["clock"] == {"initial": 180, "increment": 2}
    # pressing again keeps the one seek
    assert api.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()["id"] == first["id"]
    # another control does not pair with it
    other = other_api.post("/api/seeks/quick/", {"control": "5+3"}, format="json").json()
    assert other["game"] is None
    assert other["id"] != first["id"]
    paired = other_api.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert paired["id"] == first["id"]
    assert paired["game"] is not None
    game = Game.objects.get(pk=paired["game"])
    assert (game.clock_initial, game.clock_increment) == (180, 2)
    corr = api.post("/api/seeks/quick/", {"control": "7d"}, format="json").json()
    assert corr["days"] == 7
    bad = api.post("/api/seeks/quick/", {"control": "2+1"}, format="json")
    assert bad.status_code == 400
    assert "control" in bad.json()["error"]
    rated_guest = api.post("/api/seeks/quick/", {"control": "5+3", "rated": True}, format="json")
    assert rated_guest.status_code == 403


def test_the_lobby_page_without_script():
    ann, bob = Client(), Client()
    page = ann.get("/lobby/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="lobby-seeks"' in html
    assert 'data-control="3+2"' in html
    assert 'data-control="7d"' in html
    posted = ann.post("/lobby/", {"seek-variant": "block", "seek-control": "1d", "seek-human": "A", "seek-partner": ""})
    assert posted.status_code == 302, posted.content.decode()[:2000]
    challenge = Challenge.objects.get()
    assert challenge.lobby
    assert challenge.variant == "block"
    assert challenge.days == 1
    listed = bob.get("/lobby/").content.decode()
    assert f'data-seek="{challenge.pk}"' in listed
    fragment = bob.get("/lobby/?seeks=1").content.decode()
    assert '<div id="lobby-seeks"' in fragment
    assert '<div id="lobby-for-you">' in fragment
    assert f'data-seek="{challenge.pk}"' in fragment
    accepted = bob.post(f"/challenges/{challenge.pk}/accept/")
    game = Challenge.objects.get().game
    assert game is not None
    assert accepted["Location"] == f"/play/{game.pk}/"
    # a range in digits that are not ASCII ones is refused on the lobby, not a 500
    odd = ann.post("/lobby/quick/", {"control": "5+3", "rating_range": "²"})
    assert odd["Location"] == "/lobby/"
    # quick pairing by form: the first waits on their seek's page, the second lands in the game
    waiting = ann.post("/lobby/quick/", {"control": "5+3"})
    assert re.fullmatch(r"/challenges/\d+/", waiting["Location"])
    started = bob.post("/lobby/quick/", {"control": "5+3"})
    assert re.fullmatch(r"/play/\d+/", started["Location"])
    assert ann.get(waiting["Location"])["Location"] == started["Location"]
    refused = ann.post("/lobby/", {"seek-variant": "lewicki", "seek-control": "5+3", "seek-human": "C"})
    assert refused.status_code == 400
    assert "partnership" in refused.content.decode()


def test_the_beat_task_expires_old_seeks_and_moves_the_lobby_on(api, other_api):
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.people.tasks import challenges_expire_task

    posted = seek(api)
    version = other_api.get("/api/lobby/1/").json()["version"]
    Challenge.objects.filter(pk=posted["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    challenges_expire_task.apply()
    assert Challenge.objects.get(pk=posted["id"]).status == "expired"
    lobby = other_api.get(f"/api/lobby/1/?wait={version}&timeout=2").json()
    assert lobby["seeks"] == []
    assert lobby["version"] > version


def test_quick_pairing_form_with_a_variant_and_rated(django_user_model):
    ann_user = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    bob_user = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    ann, bob = Client(), Client()
    ann.force_login(ann_user)
    bob.force_login(bob_user)
    page = ann.get("/lobby/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert 'name="rated"' in page
    assert 'value="partnership+doubles"' in page
    assert "Snel koppelen" in page
    assert 'name="rated"' not in Client().get("/lobby/").content.decode()  # a guest plays casual
    waiting = ann.post("/lobby/quick/", {"control": "10+5", "variant": "block", "rated": "on"})
    seek_row = Challenge.objects.get()
    assert waiting["Location"] == f"/challenges/{seek_row.pk}/"
    assert seek_row.rated
    assert seek_row.variant == "block"
    casual = bob.post("/lobby/quick/", {"control": "10+5", "variant": "block"})  # casual: not this seek
    assert re.fullmatch(r"/challenges/\d+/", casual["Location"])
    assert Challenge.objects.count() == 2
    started = bob.post("/lobby/quick/", {"control": "10+5", "variant": "block", "rated": "on"})
    seek_row.refresh_from_db()
    assert seek_row.game is not None
    assert started["Location"] == f"/play/{seek_row.game_id}/"
    assert seek_row.game.rated


def test_quick_pairing_with_a_rating_range(account):
    ann, bob, cat, dan = account("ann"), account("bob"), account("cat"), account("dan")
    for client, rating in ((ann, 1500), (bob, 1750), (cat, 1580), (dan, 1420)):
        GameRating.objects.create(user=client.user, time_class="live", family="lewicki", rating=rating, rd=80)
    quick = {"control": "5+3", "rated": True}
    # ann waits within 100 of her 1500
    posted = ann.post("/api/seeks/quick/", {**quick, "rating_range": 100}, format="json").json()
    assert posted["game"] is None
    assert (posted["rating_min"], posted["rating_max"]) == (1400, 1600)
    # bob (1750) is outside ann's seek's range: his own seek, within 400 of him
    bobs = bob.post("/api/seeks/quick/", {**quick, "rating_range": 400}, format="json").json()
    assert bobs["id"] != posted["id"]
    assert bobs["game"] is None
    assert (bobs["rating_min"], bobs["rating_max"]) == (1350, 2150)
    # cat (1580) wants ±100: ann (80 away, and her range holds cat) fits
    paired = cat.post("/api/seeks/quick/", {**quick, "rating_range": 100}, format="json").json()
    assert paired["id"] == posted["id"]
    assert paired["game"] is not None
    # dan (1420) wants ±200: bob's seek (1750, and its range 1350..2150 holds dan) is 330 away: not taken
    dans = dan.post("/api/seeks/quick/", {**quick, "rating_range": 200}, format="json").json()
    assert dans["id"] != bobs["id"]
    assert dans["game"] is None
    assert (dans["rating_min"], dans["rating_max"]) == (1220, 1620)
    # any range: dan takes bob's seek (dan's own seek is left alone)
    Challenge.objects.filter(pk=dans["id"]).update(status="cancelled")
    taken = dan.post("/api/seeks/quick/", quick, format="json").json()
    assert taken["id"] == bobs["id"]
    assert taken["game"] is not None


def test_quick_pairing_respects_the_seeks_own_range_and_refuses_a_bad_range(account):
    ann, bob = account("ann"), account("bob")
    GameRating.objects.create(user=bob.user, time_class="correspondence", family="block", rating=1900, rd=80)
    posted = ann.post(
        "/api/seeks/quick/", {"control": "3d", "variant": "block", "rating_range": 200}, format="json"
    ).json()
    assert (posted["rating_min"], posted["rating_max"]) == (1300, 1700)  # a new account: 1500
    # bob asks for any rating, but ann's seek does not take his 1900: his own seek, with no range
    bobs = bob.post("/api/seeks/quick/", {"control": "3d", "variant": "block"}, format="json").json()
    assert bobs["id"] != posted["id"]
    assert bobs["rating_min"] is None
    assert bobs["rating_max"] is None
    for bad in (50, "wide", True):
        refused = bob.post("/api/seeks/quick/", {"control": "3d", "rating_range": bad}, format="json")
        assert refused.status_code == 400
        assert "rating_range" in refused.json()["error"]
    # the form: the range's select, and a range posted with the buttons
    page = ann.get("/lobby/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'name="rating_range"' in page
    assert "Ranking przeciwnika" in page
    assert "w granicach 200 pkt od twojego" in page
    waiting = bob.post("/lobby/quick/", {"control": "10+5", "rating_range": "400"})
    row = Challenge.objects.get(pk=int(waiting["Location"].strip("/").split("/")[-1]))
    assert (row.rating_min, row.rating_max) == (1100, 1900)
    assert row.clock_initial == 600
    refused = bob.post("/lobby/quick/", {"control": "10+5", "rating_range": "9"})
    assert refused["Location"] == "/lobby/"
    assert Challenge.objects.filter(creator=bob.user).count() == 2
