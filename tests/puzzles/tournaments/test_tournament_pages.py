"""The tournaments' pages as the server draws them: the event's page embeds
its JSON for its script (Vite entry ``tournament``) beside the plain forms
it works with without it, both pages link their stylesheet, and the site's
menu links the list."""

from __future__ import annotations

import json
import re

import pytest

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_events_page_embeds_its_state_and_keeps_its_plain_forms(django_user_model):
    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post(
        "/api/tournaments/", {"kind": "arena", "clock": {"initial": 180, "increment": 2}, "minutes": 30}, format="json"
    ).json()
    ann = guest_client()[0]
    assert ann.post(f"/api/tournaments/{made['id']}/join/", format="json").status_code == 200
    page = ann.get(made["url"])
    assert page.status_code == 200
    html = page.content.decode()
    embedded = re.search(r'<script id="tournament-state" type="application/json">(.*?)</script>', html, re.S)
    assert embedded is not None
    state = json.loads(embedded.group(1))
    assert state["urls"]["api"] == f"/api/tournaments/{made['id']}/"
    assert state["you"] == {"joined": True, "active": True, "paused": False, "team": None}
    assert 'name="action" value="leave"' in html  # the plain form, for the page without its script
    assert "tournaments/tournaments.css" in html
    assert 'id="tournament-clock"' in html
    listed = ann.get("/tournaments/").content.decode()
    assert "tournaments/tournaments.css" in listed
    assert 'href="/tournaments/">' in listed  # the menu's link


def test_a_swiss_page_says_its_rounds_and_the_round_in_play(django_user_model):
    from puzzles.tournaments.models import Tournament

    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post(
        "/api/tournaments/", {"kind": "swiss", "clock": {"initial": 180, "increment": 2}, "rounds": 5}, format="json"
    ).json()
    html = maker.get(made["url"]).content.decode()
    assert "5 rounds" in html
    assert "round 0 of 5" not in html
    Tournament.objects.filter(pk=made["id"]).update(round=2, status=Tournament.Status.STARTED)
    html = maker.get(made["url"]).content.decode()
    assert "round 2 of 5" in html
    assert "Buchholz" in html or "Nobody has joined yet." in html


def test_the_plain_forms_make_a_team_battle_and_join_it_and_say_refusals_in_the_readers_language(django_user_model):
    from puzzles.tournaments.models import Entry, Tournament

    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post(
        "/tournaments/",
        {"kind": "arena", "variant": "lewicki", "control": "3+2", "length": 30, "teams": "Kraków, Utrecht"},
    )
    assert made.status_code == 302, made.content
    tournament = Tournament.objects.get()
    assert tournament.teams == ["Kraków", "Utrecht"]
    assert made["Location"] == f"/tournaments/{tournament.pk}/"
    page = maker.get(made["Location"]).content.decode()
    assert "Arena 3+2" in page  # no name given: its kind and control
    assert '<select name="team" required>' in page
    guest = guest_client()[0]
    joined = guest.post(made["Location"], {"action": "join", "team": "Utrecht"})
    assert joined.status_code == 302
    assert Entry.objects.get(tournament=tournament).team == 1
    # a refusal comes back as the page's message, in the reader's language
    refused = maker.post(
        "/tournaments/",
        {"kind": "arena", "variant": "lewicki", "control": "3+2", "length": 5},
        HTTP_ACCEPT_LANGUAGE="pl",
        follow=True,
    )
    assert refused.status_code == 200
    assert "długość w minutach to liczba całkowita od 10 do 1440, a nie 5" in refused.content.decode()
