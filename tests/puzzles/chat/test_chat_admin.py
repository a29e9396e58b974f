"""The chat in the admin: a report listed with the room's messages around the
reported one, and its author muted from the list (then refused)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from puzzles.chat.models import Mute, Report

from ..games.people_helpers import account_client
from .test_chat_api import people_game

pytestmark = pytest.mark.django_db


def test_staff_see_a_report_in_its_room_and_mute_its_author(client, django_user_model):
    ann, ann_player = account_client(django_user_model, "ann")
    bob, bob_player = account_client(django_user_model, "bob")
    game = people_game({"A": ann_player, "B": bob_player})
    url = f"/api/chat/games/{game.pk}/players/"
    ann.post(url, {"text": "before it"}, format="json")
    rude = ann.post(url, {"text": "the rude one"}, format="json").json()
    bob.post(url, {"preset": "sorry"}, format="json")
    assert bob.post(rude["report_url"], {"reason": "rude"}, format="json").status_code == 201
    report = Report.objects.get()
    client.force_login(get_user_model().objects.create_superuser("staff", password="a-long-pass-phrase-29"))
    listed = client.get("/admin/chat/report/")
    assert listed.status_code == 200
    assert "the rude one" in listed.content.decode()
    page = client.get(f"/admin/chat/report/{report.pk}/change/").content.decode()
    for said in ("before it", "the rude one", "sorry"):
        assert said in page
    muted = client.post("/admin/chat/report/", {"action": "mute_day", "_selected_action": [report.pk]}, follow=True)
    assert muted.status_code == 200
    assert Mute.objects.get().owner.username == "ann"
    refused = ann.post(url, {"text": "again"}, format="json")
    assert refused.status_code == 403
    assert "muted" in refused.json()["error"]
