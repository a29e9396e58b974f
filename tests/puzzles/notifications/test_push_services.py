"""Web Push goes only to a browser's push service: a subscription whose
endpoint is anywhere else (an internal address) is refused, a push
service's redirect is not followed, and an account keeps its newest ten
subscriptions."""

from __future__ import annotations

import pytest
from push_service import PushService, browser_keys

from puzzles.notifications import delivery
from puzzles.notifications.models import PushSubscription

from .conftest import game_between, play_one

pytestmark = pytest.mark.django_db(transaction=True)

KEYS = {"p256dh": "B" * 87, "auth": "A" * 22}


def subscribe(client, endpoint: str, **headers):
    return client.post("/api/notifications/push/", {"endpoint": endpoint, "keys": KEYS}, format="json", **headers)


@pytest.fixture
def push_services():
    services = [PushService(), PushService()]
    yield services
    for service in services:
        service.close()


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://10.0.0.5/internal",
        "https://169.254.169.254/latest/",
        "https://localhost:6379/",
        "https://[::1]/push",
        "https://fcm.googleapis.com.evil.example/fcm/send/x",
        "https://evilfcm.googleapis.com/fcm/send/x",
        "https://user@fcm.googleapis.com/fcm/send/x",
        "https://push.example/abc",
    ],
)
def test_an_endpoint_not_at_a_browsers_push_service_is_refused(account, endpoint):
    bob = account("bob")
    response = subscribe(bob, endpoint)
    assert response.status_code == 400
    assert "push service" in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_the_refusal_is_in_the_readers_language(account):
    bob = account("bob")
    response = subscribe(bob, "https://169.254.169.254/latest/", HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 400
    assert "usługi powiadomień" in response.json()["error"]


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://web.push.apple.com/QGfU",
        "https://wns2-by3p.notify.windows.com/w/?token=abc",
    ],
)
def test_the_browsers_push_services_are_taken(account, endpoint):
    bob = account("bob")
    assert subscribe(bob, endpoint).status_code == 201


def test_the_push_services_are_a_setting(account, settings):
    bob = account("bob")
    settings.OD_PUSH_HOSTS = ["push.example"]
    assert subscribe(bob, "https://push.example/abc").status_code == 201
    assert subscribe(bob, "https://eu.push.example/abc").status_code == 201
    assert subscribe(bob, "https://fcm.googleapis.com/fcm/send/abc").status_code == 400


def test_a_subscription_kept_from_before_is_not_pushed_to_once_its_host_is_not_allowed(
    account, push_services, settings
):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    for client in (ann, bob):
        body = {"endpoint": f"{push_services[0].url}/push/{client.user.username}", "keys": browser_keys()[1]}
        assert client.post("/api/notifications/push/", body, format="json").status_code == 201
    settings.OD_PUSH_HOSTS = ["fcm.googleapis.com"]
    play_one({"A": ann, "B": bob}, game)
    assert push_services[0].received == []
    assert not delivery.push_endpoint_allowed(f"{push_services[0].url}/push/ann")


def test_a_push_services_redirect_is_not_followed(account, push_services):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    service, elsewhere = push_services
    service.status, service.location = 307, f"{elsewhere.url}/internal"
    for client in (ann, bob):
        body = {"endpoint": f"{service.url}/push/{client.user.username}", "keys": browser_keys()[1]}
        assert client.post("/api/notifications/push/", body, format="json").status_code == 201
    play_one({"A": ann, "B": bob}, game)
    assert len(service.received) == 1
    assert elsewhere.received == []
    assert PushSubscription.objects.count() == 2  # a failed push, not a subscription gone


def test_an_account_keeps_its_newest_ten_subscriptions(account):
    bob, ann = account("bob"), account("ann")
    assert subscribe(ann, "https://fcm.googleapis.com/fcm/send/ann").status_code == 201
    for n in range(12):
        assert subscribe(bob, f"https://fcm.googleapis.com/fcm/send/{n}").status_code == 201
    kept = PushSubscription.objects.filter(user=bob.user).values_list("endpoint", flat=True)
    assert sorted(kept) == sorted(f"https://fcm.googleapis.com/fcm/send/{n}" for n in range(2, 12))
    assert PushSubscription.objects.filter(user=ann.user).count() == 1


def test_a_browser_subscribed_again_counts_as_new(account):
    bob = account("bob")
    for n in range(10):
        assert subscribe(bob, f"https://fcm.googleapis.com/fcm/send/{n}").status_code == 201
    assert subscribe(bob, "https://fcm.googleapis.com/fcm/send/0").status_code == 201  # the first browser again
    assert subscribe(bob, "https://fcm.googleapis.com/fcm/send/new").status_code == 201
    kept = set(PushSubscription.objects.filter(user=bob.user).values_list("endpoint", flat=True))
    assert "https://fcm.googleapis.com/fcm/send/0" in kept
    assert "https://fcm.googleapis.com/fcm/send/1" not in kept
