"""An address set in the notice settings is mailed a link that confirms it
(through a real SMTP server started by the test), no notice is mailed to it
before its owner follows the link and presses the button (a GET writes
nothing), and the link is refused when forged, too old or for an address
the account no longer has."""

from __future__ import annotations

import re
import socket
from datetime import timedelta
from email import message_from_bytes
from email.message import Message

import pytest
from aiosmtpd.controller import Controller
from django.core import signing
from django.test import Client
from django.utils import timezone

from puzzles.notifications import emails
from puzzles.notifications.models import NoticeBox

from .conftest import game_between, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


class Inbox:
    def __init__(self) -> None:
        self.messages: list[bytes] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        self.messages.append(envelope.content)
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        mails = [message_from_bytes(raw) for raw in self.messages]
        return [m for m in mails if m["To"] == address]


@pytest.fixture
def inbox(settings):
    box = Inbox()
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.OD_SITE_URL = "https://domino.example"
    yield box
    controller.stop()


def link_in(mail: Message) -> str:
    body = mail.get_payload(decode=True).decode()
    (url,) = re.findall(r"https://domino\.example(/notifications/confirm/[^/\s]+/)", body)
    return url


def test_an_address_is_mailed_notices_only_once_its_owner_confirmed_it(account, inbox):
    ann, bob = account("ann"), account("bob", email="", confirmed=False)
    state = bob.put("/api/notifications/settings/", {"email": "bob@mail.example"}, format="json").json()
    assert state["email"] == "bob@mail.example"
    assert state["email_confirmed"] is False
    (confirm,) = inbox.to("bob@mail.example")
    assert confirm["Subject"] == "Confirm your address for notifications"
    url = link_in(confirm)
    post_challenge(ann, to="bob")
    assert len(inbox.to("bob@mail.example")) == 1  # no notice to an unconfirmed address

    # the link's page, opened (by anyone: a mail scanner too), only asks
    page = Client().get(url)
    assert page.status_code == 200
    assert "bob@mail.example" in page.content.decode()
    assert 'method="post"' in page.content.decode()
    assert bob.get("/api/notifications/settings/").json()["email_confirmed"] is False
    # its button confirms
    done = Client().post(url)
    assert done.status_code == 200
    assert "is confirmed" in done.content.decode()
    assert bob.get("/api/notifications/settings/").json()["email_confirmed"] is True

    game_between(ann, bob)  # the challenge Bob accepts: a notice to him
    post_challenge(ann, to="bob")
    notices = [m for m in inbox.to("bob@mail.example") if "challenged" in m["Subject"]]
    assert len(notices) == 2


def test_an_address_set_by_someone_else_gets_one_link_and_no_notices(account, inbox):
    ann, mallory = account("ann"), account("mallory", confirmed=False)
    mallory.put("/api/notifications/settings/", {"email": "victim@mail.example"}, format="json")
    # asking again at once is refused (no flood of links), and a new address at once sends none
    again = mallory.post("/api/notifications/settings/link/")
    assert again.status_code == 400
    assert "a moment ago" in again.json()["error"]
    post_challenge(ann, to="mallory")
    (only,) = inbox.to("victim@mail.example")
    assert "Confirm" in only["Subject"]


def test_the_link_is_sent_again_after_a_few_minutes_and_not_once_confirmed(account, inbox):
    bob = account("bob", email="bob@mail.example", confirmed=False)
    assert bob.post("/api/notifications/settings/link/").status_code == 200
    NoticeBox.objects.filter(user=bob.user).update(link_sent_at=timezone.now() - timedelta(minutes=6))
    assert bob.post("/api/notifications/settings/link/").status_code == 200
    first, second = inbox.to("bob@mail.example")
    assert Client().post(link_in(first)).status_code == 200  # an earlier link still good
    response = bob.post("/api/notifications/settings/link/")
    assert response.status_code == 400
    assert "confirmed already" in response.json()["error"]


def test_the_settings_page_says_whether_the_address_is_confirmed_and_resends(account, client, inbox):
    bob = account("bob", email="bob@mail.example", confirmed=False)
    client.force_login(bob.user)
    page = client.get("/notifications/").content.decode()
    assert "not confirmed yet" in page
    assert 'action="/notifications/settings/link/"' in page
    client.post("/notifications/settings/link/")
    (mail,) = inbox.to("bob@mail.example")
    client.post(link_in(mail))
    page = client.get("/notifications/").content.decode()
    assert "Your address is confirmed" in page
    assert "not confirmed yet" not in page


def test_a_forged_an_old_or_an_outdated_link_is_refused(account, inbox):
    bob = account("bob", email="bob@mail.example", confirmed=False)
    forged = signing.dumps({"u": bob.user.pk, "e": "bob@mail.example"}, salt="another")
    assert Client().post(f"/notifications/confirm/{forged}/").status_code == 400
    now = signing.time.time()
    with pytest.MonkeyPatch.context() as patch:  # a link mailed four days ago
        patch.setattr(signing.time, "time", lambda: now - 4 * 86400)
        old = emails.token(bob.user, "bob@mail.example")
    response = Client().post(f"/notifications/confirm/{old}/")
    assert response.status_code == 400
    assert "days old" in response.content.decode()
    link = emails.token(bob.user, "bob@mail.example")
    bob.put("/api/notifications/settings/", {"email": "bob@new.example"}, format="json")
    response = Client().post(f"/notifications/confirm/{link}/")
    assert response.status_code == 400
    assert "no longer has" in response.content.decode()
    assert bob.get("/api/notifications/settings/").json()["email_confirmed"] is False
