"""The notices as they leave the site: "your turn" pushed to a browser's
subscription (keys made here as a browser makes them) at a push endpoint
served by the test, decrypted and read; and mailed through a real SMTP
server started by the test."""

from __future__ import annotations

import socket
from email import message_from_bytes

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from push_service import PushService, browser_keys, decrypted

from puzzles.notifications.models import PushSubscription

from .conftest import game_between, play_one

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


def test_your_turn_is_pushed_to_the_subscribed_browser_encrypted_for_it(account, push_service):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    clients = {"A": ann, "B": bob}
    keys = {}
    for name, client in (("ann", ann), ("bob", bob)):
        private, subscribed = browser_keys()
        keys[name] = (private, subscribed)
        body = {"endpoint": f"{push_service.url}/push/{name}", "keys": subscribed}
        assert client.post("/api/notifications/push/", body, format="json").status_code == 201
    told = {"A": "ann", "B": "bob"}[play_one(clients, game)]
    ((path, headers, body),) = push_service.received
    assert path == f"/push/{told}"
    assert headers["content-encoding"] == "aes128gcm"
    # signed with the site's VAPID key
    assert f"k={settings.OD_VAPID_PUBLIC_KEY}" in headers["authorization"]
    payload = decrypted(body, *keys[told])
    assert payload["game"] == game
    assert payload["url"] == f"/play/{game}/"
    assert str(game) in payload["body"]
    assert payload["kind"] == "turn"
    # a subscription the push service says is gone is dropped
    push_service.status = 410
    play_one(clients, game)
    assert len(push_service.received) == 2
    assert PushSubscription.objects.count() == 1


def test_push_switched_off_sends_nothing(account, push_service):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    for client in (ann, bob):
        body = {"endpoint": f"{push_service.url}/push/{client.user.username}", "keys": browser_keys()[1]}
        client.post("/api/notifications/push/", body, format="json")
        client.put("/api/notifications/settings/", {"settings": {"turn": {"push": False}}}, format="json")
    play_one({"A": ann, "B": bob}, game)
    assert push_service.received == []


class Inbox:
    def __init__(self) -> None:
        self.messages: list[bytes] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        self.messages.append(envelope.content)
        return "250 OK"


def test_your_turn_is_mailed_through_an_smtp_server(account, settings):
    inbox = Inbox()
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
        settings.OD_SITE_URL = "https://domino.example"
        ann, bob = account("ann"), account("bob", email="bob@mail.example")
        game = game_between(ann, bob)
        inbox.messages.clear()  # the challenge's
        clients = {"A": ann, "B": bob}
        while play_one(clients, game) != "B":
            pass
    finally:
        controller.stop()
    mails = [message_from_bytes(raw) for raw in inbox.messages]
    to_bob = [m for m in mails if m["To"] == "bob@mail.example"]
    assert len(to_bob) == 1
    assert to_bob[0]["Subject"] == f"Your move in game {game} against ann"
    assert f"https://domino.example/play/{game}/" in to_bob[0].get_payload(decode=True).decode()
