"""Rate limits: wrong passwords lock the account out from that address,
sign-ups per address are capped, and the API answers a flood with 429 and
``{"error"}``; a real player never meets them."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


def rates(anon: str, user: str, analyses: str, analyses_address: str = "1000/min") -> dict[str, str]:
    """The rate limits for a test (as DEFAULT_THROTTLE_RATES)."""
    return {"anon": anon, "user": user, "analyses": analyses, "analyses_address": analyses_address}


def counted(key: str, rate: str) -> int:
    """What the rate limit ``rate`` has counted under ``key`` (``limits``'s
    counter, in the tests' memory storage)."""
    from rest_framework.throttling import SimpleRateThrottle

    from puzzles.core import throttles

    requests, seconds = SimpleRateThrottle.parse_rate(None, rate)  # type: ignore[arg-type]
    return throttles.used(throttles.window(requests, seconds), key)


def uncounted(key: str, rate: str) -> None:
    """Forgets what ``rate`` counted under ``key``."""
    from rest_framework.throttling import SimpleRateThrottle

    from puzzles.core import throttles

    requests, seconds = SimpleRateThrottle.parse_rate(None, rate)  # type: ignore[arg-type]
    throttles.limiter().clear(throttles.window(requests, seconds), key)


def test_wrong_passwords_lock_the_account_out(settings, django_user_model):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 5
    django_user_model.objects.create_user("player", password="right-password-123")
    client = Client()
    answers = [
        client.post("/accounts/login/", {"username": "player", "password": f"wrong-{i}"}).status_code for i in range(7)
    ]
    assert answers[:4] == [200] * 4
    assert answers[-1] == 429
    locked = client.post("/accounts/login/", {"username": "player", "password": "right-password-123"})
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    assert int(locked["Retry-After"]) == 3600  # the lockout's cool-off
    # another account from the same address is not locked
    django_user_model.objects.create_user("other", password="right-password-456")
    assert client.post("/accounts/login/", {"username": "other", "password": "right-password-456"}).status_code == 302


def test_sign_ups_per_address_are_capped(settings):
    settings.OD_SIGNUPS_PER_HOUR = 3
    answers = []
    for i in range(5):
        client = Client()
        answers.append(
            client.post(
                "/accounts/signup/",
                {
                    "username": f"new{i}",
                    "password1": "a-long-pass-phrase-9",
                    "password2": "a-long-pass-phrase-9",
                },
            )
        )
    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429]
    assert not answers[0].has_header("Retry-After")
    assert int(answers[-1]["Retry-After"]) == 3600


def test_a_flood_of_api_requests_gets_429(monkeypatch, api, no_tasks):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="10/min", user="10/min", analyses="3/min"))
    codes = [api.get("/api/puzzles/themes/").status_code for _ in range(12)]
    assert codes[:10] == [200] * 10
    assert codes[10:] == [429, 429]
    body = api.get("/api/puzzles/themes/").json()
    assert "throttled" in body["error"].lower()


def test_a_guest_cannot_dodge_the_limit_with_a_forwarded_for_header(monkeypatch, api, no_tasks):
    """A guest is counted by the address the server saw: an X-Forwarded-For
    the client wrote itself, different on every request, counts nothing
    (a trusted proxy's is put into REMOTE_ADDR by the web server)."""
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="4/min", user="4/min", analyses="3/min"))
    codes = [api.get("/api/puzzles/themes/", HTTP_X_FORWARDED_FOR=f"10.0.{i}.1").status_code for i in range(6)]
    assert codes == [200] * 4 + [429, 429]
    assert counted("anon:127.0.0.1", "4/min") == 6
    assert counted("anon:10.0.0.1", "4/min") == 0


def test_asking_for_analyses_has_its_own_lower_limit(monkeypatch, api, no_tasks):
    from rest_framework.throttling import SimpleRateThrottle

    from solver import deal

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="100/min", user="100/min", analyses="3/min"))
    codes = [api.post("/api/analyses/", {"position": str(deal(s))}, format="json").status_code for s in range(5)]
    assert codes[:3] == [202] * 3
    assert codes[3:] == [429, 429]
    assert len(no_tasks) == 3  # nothing queued for the refused ones


def test_every_way_of_asking_the_solver_shares_the_analyses_limit(monkeypatch, api, no_tasks):
    """The API's analyses, a game record to grade, the analysis board's plain
    "Ask the solver" form, a new practice game (from any position: its
    analyses are queued at once), a rematch and a new match all count against
    one limit, on the API and on the pages: none is a way around the others.
    A refused one queues nothing and makes nothing; reads do not count."""
    from rest_framework.throttling import SimpleRateThrottle

    from puzzles.games.models import Game
    from puzzles.matches.models import Match
    from solver import deal

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="100/min", user="100/min", analyses="6/min"))
    record = '[Seed "42"]\n\n1. 00 04L 2. 46L 16L'
    assert api.post("/api/analyses/", {"position": str(deal(1))}, format="json").status_code == 202
    assert api.post("/analysis/?" + urlencode({"position": str(deal(2))})).status_code == 302
    assert api.post("/api/game-analyses/", {"record": record}, format="json").status_code == 202
    game = api.post("/api/games/", {"position": str(deal(3))}, format="json")
    assert game.status_code == 201
    assert api.post("/play/", {"human": "A", "level": "strong", "seed": "5", "position": ""}).status_code == 302
    assert api.post("/api/matches/", {"target_points": 100, "seed": 5}, format="json").status_code == 201
    queued, games, matches = len(no_tasks), Game.objects.count(), Match.objects.count()
    assert queued >= 6
    assert games == 3
    assert matches == 1

    board = api.post("/analysis/?" + urlencode({"position": str(deal(4))}))
    assert board.status_code == 429
    assert 0 < int(board["Retry-After"]) <= 60
    assert "try again in" in board.content.decode()
    assert "data-limited" in board.content.decode()
    for url, body in (
        ("/api/game-analyses/", {"record": record}),
        ("/api/analyses/", {"position": str(deal(5))}),
        ("/api/games/", {"position": str(deal(6))}),
        (f"/api/games/{game.json()['id']}/rematch/", {}),
        ("/api/matches/", {"target_points": 100}),
    ):
        refused = api.post(url, body, format="json")
        assert refused.status_code == 429, url
        assert "throttled" in refused.json()["error"].lower(), url
    for url, form in (
        ("/analysis/games/", {"kind": "record", "record": record}),
        ("/play/", {"human": "A", "level": "strong", "seed": "6", "position": ""}),
        ("/matches/", {"target": "points", "target_points": "100", "human": "A", "level": "strong"}),
    ):
        page = api.post(url, form)
        assert page.status_code == 429, url
        assert "try again in" in page.content.decode(), url
        assert 0 < int(page["Retry-After"]) <= 60, url
    rematch = api.post(f"/play/{game.json()['id']}/rematch/", follow=True)
    assert "try again in" in rematch.content.decode()
    assert (len(no_tasks), Game.objects.count(), Match.objects.count()) == (queued, games, matches)
    # reading is no asking
    for url in ("/api/game-analyses/", "/api/games/", "/api/matches/", "/play/", "/matches/"):
        assert api.get(url).status_code == 200, url
    assert api.get("/analysis/?" + urlencode({"position": str(deal(4))})).status_code == 200


def test_a_limit_is_one_counter_per_client_and_says_when_to_come_back(monkeypatch, api, no_tasks):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="5/min", user="5/min", analyses="3/min"))
    for _ in range(3):
        assert api.get("/api/puzzles/themes/").status_code == 200
    # a number, not the list of every request's time in the window
    assert counted("anon:127.0.0.1", "5/min") == 3
    for _ in range(2):
        assert api.get("/api/puzzles/themes/").status_code == 200
    refused = api.get("/api/puzzles/themes/")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60


def test_an_account_is_counted_as_itself_at_its_own_rate(monkeypatch, api, no_tasks, django_user_model):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="2/min", user="4/min", analyses="3/min"))
    user = django_user_model.objects.create_user("counted", password="a-long-pass-phrase-9")
    api.force_login(user)
    codes = [api.get("/api/puzzles/themes/").status_code for _ in range(5)]
    assert codes == [200] * 4 + [429]
    assert counted(f"user:{user.pk}", "4/min") == 5
    assert counted("anon:127.0.0.1", "2/min") == 0


def test_a_limit_that_cannot_be_counted_lets_the_request_through(monkeypatch, api, no_tasks):
    """With Redis down the count fails: the request goes on, as with DRF's
    own throttles, instead of failing."""
    from limits.errors import StorageError
    from rest_framework.throttling import SimpleRateThrottle

    from puzzles.core import throttles

    def down(*args: object, **kwargs: object) -> int:
        raise StorageError(ConnectionError("Redis is down"))

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="1/min", user="1/min", analyses="3/min"))
    monkeypatch.setattr(throttles.limiter().storage, "incr", down)
    assert [api.get("/api/puzzles/themes/").status_code for _ in range(3)] == [200, 200, 200]


def test_a_long_poll_handed_to_the_view_is_counted_once(monkeypatch, api, no_tasks, settings):
    """``LongPolls`` counts a poll when it comes in; the view it hands the
    poll to (the version had moved on) does not count it again.  A client
    cannot mark its own requests as counted: the mark is in the environ."""
    from django.core.wsgi import get_wsgi_application
    from rest_framework.throttling import SimpleRateThrottle

    from puzzles.core.longpoll import LongPolls
    from puzzles.core.threaded_wsgi import ThreadedWsgi
    from tests.puzzles.core.test_threaded_wsgi import call, scope

    settings.OD_EVENTS = False
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="6/min", user="6/min", analyses="3/min"))
    game = api.post("/api/games/", {"seed": 3, "human": "A"}, format="json").json()
    cookie = "; ".join(f"{k}={v.value}" for k, v in api.cookies.items()).encode()
    uncounted("anon:127.0.0.1", "6/min")  # the game's creation is not what is counted here
    app = LongPolls(ThreadedWsgi(get_wsgi_application(), threads=2))

    def poll(extra: list[tuple[bytes, bytes]] = ()) -> int:
        request = scope("GET", f"/api/games/{game['id']}/", [(b"host", b"testserver"), (b"cookie", cookie), *extra])
        request["query_string"] = f"wait={game['version'] - 1}&timeout=5".encode()  # news already: handed on at once
        sent = call(app, request, [{"type": "http.request", "body": b"", "more_body": False}])
        return sent[0]["status"]

    assert [poll() for _ in range(6)] == [200] * 6
    assert counted("anon:127.0.0.1", "6/min") == 6
    assert poll() == 429  # the seventh is over the rate, and the view says so
    # a header of the same name as the environ's mark changes nothing
    uncounted("anon:127.0.0.1", "6/min")
    codes = [api.get(f"/api/games/{game['id']}/", HTTP_OPEN_DOMINO_RATE_COUNTED="1").status_code for _ in range(7)]
    assert codes == [200] * 6 + [429]


def test_guests_behind_one_address_each_have_their_own_analyses_limit(monkeypatch, no_tasks, django_user_model):
    """A club's players behind one address (NAT) are counted each by
    themselves, up to a cap for the whole address; a guest refused by their
    own limit does not use up the address's cap, nor does the cap use up a
    player's own; an account is counted by itself only."""
    from rest_framework.test import APIClient
    from rest_framework.throttling import SimpleRateThrottle

    from solver import deal

    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        rates(anon="100/min", user="100/min", analyses="3/min", analyses_address="7/min"),
    )
    seeds = iter(range(1000))

    def ask(client) -> int:
        return client.post("/api/analyses/", {"position": str(deal(next(seeds)))}, format="json").status_code

    dan, ana, bo = APIClient(), APIClient(), APIClient()
    assert ask(dan) == 202
    assert [ask(ana) for _ in range(5)] == [202, 202, 202, 429, 429]  # her own limit
    assert [ask(bo) for _ in range(3)] == [202, 202, 202]  # his own, though from the same address
    assert counted("analyses_address:127.0.0.1", "7/min") == 7  # ana's refused two not among them
    page = bo.post("/analysis/?" + urlencode({"position": str(deal(next(seeds)))}))
    assert page.status_code == 429
    assert 0 < int(page["Retry-After"]) <= 60
    # the address is at its cap: dan is refused, and keeps what he had left of his own
    assert [ask(dan) for _ in range(2)] == [429, 429]
    assert counted(f"analyses:guest-{dan.session['od_player']}", "3/min") == 1
    member = APIClient()
    member.force_login(django_user_model.objects.create_user("member", password="a-long-pass-phrase-9"))
    assert [ask(member) for _ in range(4)] == [202, 202, 202, 429]  # an account: its own limit, no cap
    assert len(no_tasks) == 1 + 3 + 3 + 3


def test_a_client_that_drops_its_cookie_is_held_at_one_players_rate(monkeypatch, no_tasks):
    """Guests without a token share one counter per address at a player's
    rate, so a client that is a new guest at every request gains nothing; a
    refused request makes no session, and a refusal by the general limit is
    not counted by the analyses' one."""
    from django.contrib.sessions.models import Session
    from rest_framework.test import APIClient
    from rest_framework.throttling import SimpleRateThrottle

    from solver import deal

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates(anon="7/min", user="100/min", analyses="3/min"))
    codes = [
        APIClient().post("/api/analyses/", {"position": str(deal(s))}, format="json").status_code for s in range(5)
    ]
    assert codes == [202, 202, 202, 429, 429]
    assert Session.objects.count() == 3
    assert len(no_tasks) == 3
    for s in range(5, 8):  # the eighth is past the guests' general limit of 7: refused there, counted no further
        assert APIClient().post("/api/analyses/", {"position": str(deal(s))}, format="json").status_code == 429
    assert counted("anon:127.0.0.1", "7/min") == 8
    assert counted("analyses:new-127.0.0.1", "3/min") == 7


def test_many_usernames_from_one_address_are_capped(settings, django_user_model):
    """Guessing passwords across many accounts from one address: the lockout
    by account and address never met it; the address's cap does, for every
    account, the right password too, and says when to come back."""
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 5
    settings.OD_LOGIN_FAILURES_PER_ADDRESS = 8
    django_user_model.objects.create_user("victim", password="right-password-789")
    client = Client()
    answers = [
        client.post("/accounts/login/", {"username": f"name{i}", "password": "wrong"}).status_code for i in range(10)
    ]
    assert answers[:8] == [200] * 8
    assert answers[8:] == [429, 429]
    locked = client.post("/accounts/login/", {"username": "victim", "password": "right-password-789"})
    assert locked.status_code == 429
    assert "from your address" in locked.content.decode()
    assert 3500 <= int(locked["Retry-After"]) <= 3600
    # another address is not affected
    other = Client(REMOTE_ADDR="10.9.8.7")
    assert other.post("/accounts/login/", {"username": "victim", "password": "right-password-789"}).status_code == 302


@pytest.mark.parametrize("password", [" " * 10, "\t" * 12, " \u00a0 " * 4])
def test_a_password_of_spaces_only_is_refused(password):
    response = Client().post("/accounts/signup/", {"username": "blank", "password1": password, "password2": password})
    assert response.status_code == 200
    assert "only spaces" in response.content.decode()
