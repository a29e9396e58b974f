"""The keys a player is given for offline solving are the answers: the
puzzles they belong to are withheld from that player's rated training (never
served by the trainer, unrated if reached anyway, by id or through an attempt
already under way), for good; the daily puzzle is never among them; and no
result played offline moves a rating, the player's or the puzzle's."""

from __future__ import annotations

import datetime
import uuid

import pytest

from puzzles.accounts.players import PLAYER_SESSION_KEY, Player
from puzzles.offline import services as offline_services
from puzzles.offline.models import KeyHeld, OfflineKey
from puzzles.offline.presentation import offline_puzzle
from puzzles.training import pool as puzzle_pool
from puzzles.training import selectors as training_selectors
from puzzles.training.models import Puzzle, PuzzleRating

from .test_offline_api import PACK, RESULTS, SEEDS, fetch_pack, solving_line

pytestmark = pytest.mark.django_db(transaction=True)

NEXT = "/api/puzzles/next/"


@pytest.fixture
def pool():
    summary = puzzle_pool.mine_seeds(SEEDS)
    assert Puzzle.objects.filter(daily_on__isnull=True).count() >= 3, summary
    return summary


@pytest.fixture
def account(api, django_user_model):
    user = django_user_model.objects.create_user("keyholder", password="a long password 123")
    api.force_login(user)
    return user


def ratings(puzzle_id: int) -> tuple:
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    players = list(PuzzleRating.objects.values_list("rating", "rd", "volatility", "rated_count"))
    return (puzzle.rating, puzzle.rd, puzzle.volatility), players


def solve(api, puzzle_id: int, key: dict) -> dict:
    """A rated attempt at the puzzle through the API, played from its key (the probe's sequence)."""
    attempt = api.post(f"/api/puzzles/{puzzle_id}/attempts/", format="json").json()
    for move in solving_line(key):
        attempt = api.post(attempt["urls"]["moves"], {"move": move, "ply": len(attempt["moves"])}, format="json").json()
        attempt = api.get(attempt["urls"]["self"]).json()
    return attempt


def test_next_serves_a_puzzle_whose_key_the_player_holds_only_when_no_other_is_left(api, pool, account):
    training = Puzzle.objects.filter(daily_on__isnull=True).count()
    keys = {p["id"]: p["key"] for p in fetch_pack(api, n=training - 1)["puzzles"]}
    assert len(keys) == training - 1
    assert set(KeyHeld.objects.filter(user=account).values_list("puzzle_id", flat=True)) == set(keys)
    left = Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=keys).get()
    for _ in range(20):
        response = api.get(NEXT)
        assert response.status_code == 200
        assert response.json()["id"] == left.pk
    # The training page serves it too.
    assert f"/api/puzzles/{left.pk}/attempts/" in api.get("/puzzles/train/").content.decode()
    # Every other puzzle tried: a held one comes last, and its attempt is unrated.
    api.post(f"/api/puzzles/{left.pk}/attempts/", format="json")
    last = api.get(NEXT)
    assert last.status_code == 200
    assert last.json()["id"] in keys
    attempt = api.post(f"/api/puzzles/{last.json()['id']}/attempts/", format="json").json()
    assert attempt["rated"] is False
    assert attempt["unrated_because"] == "offline-key"


def test_a_keyed_puzzle_reached_by_id_is_unrated_and_moves_no_rating(api, pool, account):
    PuzzleRating.objects.create(user=account, rating=1600, rd=200, rated_count=3)
    item = fetch_pack(api)["puzzles"][0]
    before = ratings(item["id"])
    attempt = solve(api, item["id"], item["key"])
    assert attempt["status"] == "solved"
    assert attempt["rated"] is False
    assert attempt["unrated_because"] == "offline-key"
    assert attempt["rating"] is None
    assert ratings(item["id"]) == before
    history = api.get("/api/puzzles/history/").json()
    assert history["player"]["rating"] == 1600
    assert history["attempts"][-1]["rated"] is False
    # The page without its script says why too.
    page = api.get(f"/puzzles/attempts/{attempt['id']}/").content.decode()
    assert "solutions have been given out for offline solving.)" in page


def test_a_key_given_while_a_rated_attempt_is_under_way_unrates_it(api, pool, account):
    PuzzleRating.objects.create(user=account)
    puzzle_id = api.get(NEXT).json()["id"]
    started = api.post(f"/api/puzzles/{puzzle_id}/attempts/", format="json").json()
    assert started["rated"] is True
    # The pack leaves tried puzzles out; a pack read just before the attempt began gave its key.
    offline_services.keys_give(player=Player(account, ""), puzzle_ids=[puzzle_id])
    assert training_selectors.puzzle_unfinished(Player(account, "")) is None
    assert puzzle_id not in [p["id"] for p in fetch_pack(api)["puzzles"]]
    offline_services.keys_build([puzzle_id])
    key = offline_puzzle(Puzzle.objects.get(pk=puzzle_id), OfflineKey.objects.get(puzzle_id=puzzle_id).tree)["key"]
    before = ratings(puzzle_id)
    attempt = started
    for move in solving_line(key):
        attempt = api.post(attempt["urls"]["moves"], {"move": move, "ply": len(attempt["moves"])}, format="json").json()
        attempt = api.get(attempt["urls"]["self"]).json()
    assert attempt["status"] == "solved"
    assert attempt["rated"] is False
    assert attempt["unrated_because"] == "offline-key"
    assert attempt["rating"] is None
    assert ratings(puzzle_id) == before


def test_keys_given_long_ago_stay_held_and_the_pack_gives_them_again(api, pool, account):
    first = [p["id"] for p in fetch_pack(api, n=2)["puzzles"]]
    KeyHeld.objects.update(first_given_at="2000-01-01T00:00:00Z", last_given_at="2000-01-01T00:00:00Z")
    # Even with the player's target moved far away, the keys held come first.
    PuzzleRating.objects.create(user=account, rating=3000)
    again = [p["id"] for p in api.get(PACK, {"n": 2}).json()["puzzles"]]
    assert sorted(again) == sorted(first)
    assert KeyHeld.objects.count() == 2
    assert all(k.first_given_at.year == 2000 and k.last_given_at.year > 2000 for k in KeyHeld.objects.all())
    assert api.get(NEXT).json()["id"] not in first


def test_a_visitor_who_is_not_a_guest_yet_is_given_no_keys(api, pool):
    body = api.get(PACK).json()
    assert body["puzzles"] == []
    assert body["preparing"] == 0
    assert KeyHeld.objects.count() == 0
    assert 'data-owner="none"' in api.get("/analysis/").content.decode()
    # The offline page makes them a guest: keys now, held under their token.
    assert fetch_pack(api)["puzzles"]
    token = api.session[PLAYER_SESSION_KEY]
    assert KeyHeld.objects.filter(user=None, session_key=token).exists()
    assert 'data-owner=""' in api.get("/analysis/").content.decode()


def test_a_guests_keys_follow_them_to_their_account(api, pool, django_user_model):
    held = {p["id"] for p in fetch_pack(api)["puzzles"]}
    user = django_user_model.objects.create_user("keyguest", password="a long password 123")
    KeyHeld.objects.create(
        user=user, puzzle_id=min(held), first_given_at="2001-01-01T00:00:00Z", last_given_at="2001-01-01T00:00:00Z"
    )
    api.post("/accounts/login/", {"username": "keyguest", "password": "a long password 123"})
    assert set(KeyHeld.objects.values_list("user", "puzzle_id")) == {(user.pk, pk) for pk in held}
    assert KeyHeld.objects.get(puzzle_id=min(held)).first_given_at.year == 2001
    attempt = api.post(f"/api/puzzles/{min(held)}/attempts/", format="json").json()
    assert attempt["rated"] is False
    assert attempt["unrated_because"] == "offline-key"


def test_offline_results_move_no_rating(api, pool, account):
    PuzzleRating.objects.create(user=account, rating=1700, rd=150, rated_count=5)
    pack = fetch_pack(api)["puzzles"]
    for item, gave_up in zip(pack[:2], (False, True), strict=False):
        before = ratings(item["id"])
        body = {
            "id": uuid.uuid4().hex,
            "puzzle": item["id"],
            "gave_up": gave_up,
            "moves": [] if gave_up else solving_line(item["key"]),
        }
        response = api.post(RESULTS, body, format="json")
        assert response.status_code == 201
        assert response.json()["rated"] is False
        assert ratings(item["id"]) == before


def test_the_daily_puzzle_is_never_keyed_and_a_keyed_puzzle_is_chosen_daily_last(api, pool, account):
    daily = Puzzle.objects.get(daily_on__isnull=False)
    for n in (1, 50, 100):
        assert daily.pk not in [p["id"] for p in fetch_pack(api, n=n)["puzzles"]]
    # Tomorrow's daily: not one whose key someone holds while another is left.
    held = set(KeyHeld.objects.values_list("puzzle_id", flat=True))
    KeyHeld.objects.exclude(puzzle_id=min(held)).delete()
    Puzzle.objects.exclude(pk=min(held)).update(rating=0)
    Puzzle.objects.filter(pk=min(held)).update(rating=1500)
    chosen = puzzle_pool.daily_ensure(datetime.date(2100, 1, 4))
    assert chosen is not None
    assert chosen.pk != min(held)
