"""The challenges API as the contract says: a guest's challenge by link
accepted by another guest, a named player's challenge, partnership with four
people or with the solver, every variant, the refusals (each saying what is
wrong and changing nothing), decline, cancel and expiry."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games.models import Game, GameSeat
from puzzles.games.serializers import VARIANT_NAMES
from puzzles.people.models import Challenge, ChallengeSeat
from puzzles.people.serializers import ChallengeOutputSerializer

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guest_challenges_by_link_and_another_guest_accepts(api, other_api):
    created = post_challenge(api, seat="A", clock={"initial": 180, "increment": 2})
    assert set(created) >= {"id", "url"}
    assert created["url"] == f"/challenges/{created['id']}/"
    seen = other_api.get(f"/api/challenges/{created['id']}/").json()
    assert seen["status"] == "open"
    assert seen["game"] is None
    assert seen["you"]["can_accept"]
    assert [s["taken"] for s in seen["seats"]] == [True, False]
    assert ChallengeOutputSerializer(data=seen).is_valid(), ChallengeOutputSerializer(data=seen).errors
    answer = accept(other_api, created["id"])
    game = Game.objects.get(pk=answer["game"])
    assert game.kind == Game.Kind.PEOPLE
    assert not game.rated
    assert (game.clock_initial, game.clock_increment) == (180, 2)
    creator_seat = GameSeat.objects.get(game=game, seat="A")
    assert creator_seat.owner is None
    assert creator_seat.session_key == api.session["od_player"]
    assert GameSeat.objects.get(game=game, seat="B").session_key == other_api.session["od_player"]
    # both read the game; the challenge says it has started
    for client in (api, other_api):
        state = client.get(f"/api/games/{game.pk}/").json()
        assert state["id"] == game.pk
    after = api.get(f"/api/challenges/{created['id']}/").json()
    assert after["status"] == "started"
    assert after["game"] == game.pk
    assert after["you"]["seat"] == "A"
    # a third player is too late
    from rest_framework.test import APIClient

    late = APIClient().post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert late.status_code == 409
    assert "started" in late.json()["error"]


def test_correspondence_and_a_random_seat(api, other_api):
    created = post_challenge(api, seat="random", clock=None, days=3)
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])
    assert game.days == 3
    assert game.clock_initial is None


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_variant(api, other_api, variant):
    payload = {"variant": variant, "seat": "A"}
    if variant.startswith("partnership"):
        payload["solver"] = {"C": "casual", "D": "strong"}
    created = post_challenge(api, **payload)
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])
    assert game.variant == variant
    seats = dict(GameSeat.objects.filter(game=game).values_list("seat", "level"))
    assert seats["A"] == ""
    assert seats["B"] == ""
    if variant.startswith("partnership"):
        assert seats["C"] == "casual"
        assert seats["D"] == "strong"


def test_partnership_with_four_people_starts_when_the_last_seat_is_taken(api):
    from rest_framework.test import APIClient

    created = post_challenge(api, variant="partnership", seat="B", days=1, clock=None)
    others = [APIClient() for _ in range(3)]
    first = accept(others[0], created["id"], seat="D")
    assert first["game"] is None
    assert first["you"]["seat"] == "D"
    taken = others[1].post(f"/api/challenges/{created['id']}/accept/", {"seat": "D"}, format="json")
    assert taken.status_code == 409
    assert "seat D is taken" in taken.json()["error"]
    second = accept(others[1], created["id"])
    assert second["game"] is None
    assert second["you"]["seat"] == "A"
    again = others[0].post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert again.status_code == 409
    assert "already" in again.json()["error"]
    last = accept(others[2], created["id"])
    game = Game.objects.get(pk=last["game"])
    assert game.people == "ABCD"
    assert game.variant == "partnership"
    tokens = dict(GameSeat.objects.filter(game=game).values_list("seat", "session_key"))
    assert tokens["B"] == api.session["od_player"]
    assert tokens["D"] == others[0].session["od_player"]


def test_a_named_player_alone_may_accept(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    created = post_challenge(ann, to="bob", rated=True)
    state = cid.get(f"/api/challenges/{created['id']}/").json()
    assert not state["you"]["can_accept"]
    assert state["seats"][1]["player"]["name"] == "bob"
    refused = cid.post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert refused.status_code == 403
    assert "another player" in refused.json()["error"]
    assert bob.get(f"/api/challenges/{created['id']}/").json()["you"]["can_accept"]
    game = Game.objects.get(pk=accept(bob, created["id"])["game"])
    assert game.rated
    assert GameSeat.objects.get(game=game, seat="B").owner == bob.user


@pytest.mark.parametrize(
    ("payload", "status", "words"),
    [
        ({"variant": "chess"}, 400, "variant"),
        ({"clock": None}, 400, "time control"),
        ({"days": 3}, 400, "not both"),
        ({"clock": None, "days": 2}, 400, "1, 3 or 7"),
        ({"clock": {"initial": -1, "increment": 0}}, 400, "clock.initial"),
        ({"clock": {"initial": 0, "increment": 0}}, 400, "clock.initial is a whole number from 1 to 10800, not 0"),
        ({"clock": {"initial": 0, "increment": 1}}, 400, "clock.initial is a whole number from 1 to 10800, not 0"),
        ([1, 2], 400, "the body must be a JSON object"),
        ({"clock": {"initial": 300, "increment": 999}}, 400, "clock.increment"),
        ({"clock": {"initial": "five"}}, 400, "clock"),
        ({"seat": "C"}, 400, "seat"),
        ({"seat": "Z"}, 400, "seat"),
        ({"solver": {"B": "strong"}}, 400, "partnership"),
        ({"variant": "partnership", "solver": {"B": "strong", "C": "strong", "D": "strong"}}, 400, "at least one"),
        ({"variant": "partnership", "solver": {"C": "godlike"}}, 400, "solver"),
        ({"rated": True}, 403, "log in"),
        ({"to": "nobody-here"}, 404, "no player is called"),
        ({"rated": "sometimes"}, 400, "rated"),
    ],
)
def test_bad_challenges_say_what_is_wrong_and_store_nothing(api, payload, status, words):
    body = (
        payload
        if isinstance(payload, list)
        else {"variant": "lewicki", "seat": "A", "clock": {"initial": 300, "increment": 3}, **payload}
    )
    response = api.post("/api/challenges/", body, format="json")
    assert response.status_code == status, response.content
    assert words in response.json()["error"]
    assert Challenge.objects.count() == 0
    assert ChallengeSeat.objects.count() == 0


def test_rated_games_need_two_accounts(account, other_api):
    ann = account("ann")
    created = post_challenge(ann, rated=True)
    refused = other_api.post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert refused.status_code == 403
    assert "two accounts" in refused.json()["error"]
    assert Challenge.objects.get(pk=created["id"]).status == "open"
    assert Game.objects.count() == 0
    rated_partnership = ann.post(
        "/api/challenges/",
        {"variant": "partnership", "rated": True, "seat": "A", "days": 1, "solver": {"C": "strong"}},
        format="json",
    )
    assert rated_partnership.status_code == 400
    assert "person in every seat" in rated_partnership.json()["error"]


def test_own_challenge_decline_cancel(api, other_api):
    created = post_challenge(api)
    own = api.post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert own.status_code == 403
    assert "your own challenge" in own.json()["error"]
    not_yours = other_api.post(f"/api/challenges/{created['id']}/cancel/")
    assert not_yours.status_code == 403
    cancelled = api.post(f"/api/challenges/{created['id']}/cancel/").json()
    assert cancelled["status"] == "cancelled"
    late = other_api.post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert late.status_code == 409
    assert "cancelled" in late.json()["error"]
    second = post_challenge(api)
    assert api.post(f"/api/challenges/{second['id']}/decline/").status_code == 403
    declined = other_api.post(f"/api/challenges/{second['id']}/decline/").json()
    assert declined["status"] == "declined"
    assert Game.objects.count() == 0
    assert api.get("/api/challenges/999999/").status_code == 404
    assert other_api.post("/api/challenges/999999/accept/", {}, format="json").status_code == 404


def test_old_open_challenges_expire(api, other_api):
    from puzzles.people.tasks import challenges_expire_task

    created = post_challenge(api)
    Challenge.objects.filter(pk=created["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    # A read shows the challenge as stored (reads write nothing); accepting it is refused all the same.
    assert other_api.get(f"/api/challenges/{created['id']}/").json()["status"] == "open"
    late = other_api.post(f"/api/challenges/{created['id']}/accept/", {}, format="json")
    assert late.status_code == 409
    assert "expired" in late.json()["error"]
    # The beat's sweep marks it expired.
    challenges_expire_task.apply()
    assert other_api.get(f"/api/challenges/{created['id']}/").json()["status"] == "expired"


def test_a_challenge_is_long_polled(api, other_api):
    created = post_challenge(api)
    state = api.get(f"/api/challenges/{created['id']}/").json()
    unchanged = api.get(f"/api/challenges/{created['id']}/?wait={state['version']}&timeout=0.2")
    assert unchanged.status_code == 304
    accept(other_api, created["id"])
    moved = api.get(f"/api/challenges/{created['id']}/?wait={state['version']}&timeout=5")
    assert moved.status_code == 200
    assert moved.json()["game"] is not None


def test_the_list_of_your_challenges(api, other_api):
    first = post_challenge(api)
    post_challenge(other_api)
    mine = api.get("/api/challenges/").json()
    assert [c["id"] for c in mine] == [first["id"]]


def test_a_guests_challenge_is_theirs_after_log_in(django_user_model):
    from django.test import Client

    django_user_model.objects.create_user("ann", password="pw-ann-12345")
    guest = Client()
    made = guest.post("/api/challenges/", {"seat": "A", "days": 3}, content_type="application/json")
    assert made.status_code == 201
    guest.post("/accounts/login/", {"username": "ann", "password": "pw-ann-12345"})
    challenge = Challenge.objects.get()
    assert challenge.creator.username == "ann"
    assert challenge.session_key == ""
    assert challenge.seats.get(seat="A").owner.username == "ann"
    state = guest.get(f"/api/challenges/{challenge.pk}/").json()
    assert state["you"]["creator"]
    assert state["you"]["seat"] == "A"
    assert state["seats"][0]["player"]["name"] == "ann"


def test_unsafe_requests_need_the_csrf_token():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    refused = client.post("/api/challenges/", {"seat": "A", "days": 3}, content_type="application/json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["error"]
    token = client.cookies["csrftoken"].value if "csrftoken" in client.cookies else None
    if token is None:
        client.get("/api/challenges/")
        token = client.cookies["csrftoken"].value
    made = client.post(
        "/api/challenges/", {"seat": "A", "days": 3}, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert made.status_code == 201, made.content


def test_the_list_of_a_players_challenges_reads_the_same_few_queries_however_long(account):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ann = account("ann")

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            response = ann.get("/api/challenges/")
        assert response.status_code == 200
        return len(ctx.captured_queries)

    for name in ("bob", "cid"):
        accept(account(name), post_challenge(ann, rated=True)["id"])
    few = queries()
    for name in ("dan", "eve", "fay", "gus"):
        accept(account(name), post_challenge(ann, rated=True)["id"])
    assert len(ann.get("/api/challenges/").json()) == 6
    assert queries() == few


def test_a_challenges_address_cannot_be_guessed_from_another(api, other_api):
    """The link is the seat: whoever has a challenge's address may take it, so
    the next challenge's id is not the last one's plus one (nor any near it)."""
    from puzzles.people.services import CHALLENGE_ID_BOUND

    ids = [post_challenge(api)["id"] for _ in range(6)]
    assert len(set(ids)) == 6
    assert all(0 < i < CHALLENGE_ID_BOUND for i in ids)
    assert all(abs(b - a) > 1_000_000 for a, b in zip(ids, ids[1:], strict=False))
    for near in (ids[-1] + 1, ids[-1] - 1):
        assert other_api.post(f"/api/challenges/{near}/accept/", {}, format="json").status_code == 404


def test_a_move_and_a_read_of_a_game_between_people_take_few_queries(
    api, other_api, django_assert_max_num_queries, monkeypatch
):
    """The reads every move and every poll make: the game, its seats and its
    moves (which also say which seats have moved); for a move, in its
    transaction, its moves, the move and the game's update (on the game as
    read: not locked first), and nothing after it (the answer is drawn from
    what the move has in hand); the challenge's link is read once a process."""
    created = post_challenge(api)
    game = accept(other_api, created["id"])["game"]
    clients = {"A": api, "B": other_api}
    state = api.get(f"/api/games/{game}/").json()
    for _ in range(4):
        mover = clients[state["to_move"]]
        state = mover.get(f"/api/games/{game}/").json()
        with django_assert_max_num_queries(7):  # with BEGIN and COMMIT
            posted = mover.post(
                f"/api/games/{game}/moves/", {"move": state["legal_moves"][0], "ply": state["ply"]}, format="json"
            )
        assert posted.status_code == 201, posted.content
        if posted.json()["status"] == "over":
            break
        with django_assert_max_num_queries(3):
            state = clients[posted.json()["to_move"]].get(f"/api/games/{game}/").json()
        assert state["challenge_url"] == f"/challenges/{created['id']}/"
        assert state["my_seat"] == state["to_move"]
        assert set(state["clocks"]) == {"A", "B"}


def test_a_move_pushes_one_event_that_brings_each_reader_what_a_read_gives(api, other_api, monkeypatch):
    """A move between people that leaves the other person to move pushes one
    event to the game's streams, built from the game as the move left it with
    no query of its own; handed to each reader (a seat, a spectator), it
    carries what a read of the game then gives that reader: the move, the
    board, the seat to move, the version, the deadline and the clocks, and
    its own legal moves and abort.  The answer to the move is drawn from the
    same state.  The move that ends the game pushes ``changed``: the end is
    read."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from puzzles.core import events
    from puzzles.games import presentation, pushed, seating, selectors, services
    from solver import Position

    game_id = accept(other_api, post_challenge(api)["id"])["game"]
    published: list[tuple[str, dict | None]] = []
    monkeypatch.setattr(events, "publish", lambda name, event=None: published.append((name, event)))
    real_move_event = pushed.move_event

    def counted_move_event(after):
        with CaptureQueriesContext(connection) as ctx:
            event = real_move_event(after)
        assert len(ctx.captured_queries) == 0
        return event

    monkeypatch.setattr(pushed, "move_event", counted_move_event)
    pushed_moves = 0
    for _ in range(60):
        read = selectors.game_by_id(game_id)
        assert read is not None
        seat = Position.parse(read.current_position).side
        player = seating.seat_player(next(row for row in seating.game_seats(read) if row.seat == seat))
        assert player is not None
        legal = Position.parse(read.current_position).legal_moves()
        played = services.game_play(game=read, move=str(legal[0]), ply=read.ply_count, seat=seat)
        name, event = published[-1]
        assert name == events.channel("game", game_id)
        now = Game.objects.get(pk=game_id)
        if now.status == Game.Status.OVER:
            assert event is None  # read again: {"type": "changed"}
            break
        assert event is not None
        assert event["type"] == "move"
        assert played.after is not None
        assert presentation.game_state(played.after.game, played.after.moves, viewer=player)["my_seat"] == seat
        moves = selectors.game_moves(now)
        for reader in ("A", "B", None):
            view = presentation.people_state_as(now, reader, moves)
            shown = pushed.for_reader(event, reader)
            assert "seats" not in shown
            for key in ("version", "ply", "board", "to_move", "deadline", "clock_running", "position"):
                assert shown[key] == view[key if key != "position" else "position"], key
            assert shown["move"] == {k: v for k, v in view["moves"][-1].items() if k != "role"}
            assert set(shown["clocks"]) == set(view["clocks"])
            if reader is None:
                assert shown["you"] is None
            else:
                assert shown["you"]["legal_moves"] == view["legal_moves"]
                assert shown["you"]["abortable"] == view["abortable"]
                assert shown["you"]["abort_from"] == view["abort_from"]
        pushed_moves += 1
    assert now.status == Game.Status.OVER
    assert pushed_moves == now.ply_count - 1


def test_a_seat_handed_to_an_account_is_found_at_once_wherever_it_was_handed(api, other_api, django_user_model):
    """A guest's seat may be handed to the account they log in to, by this
    process or another: the account moves at once, and every reader sees its
    name at its next read (a game's seats are read once a request, never kept
    by a process)."""
    from rest_framework.test import APIClient

    from puzzles.accounts.signals import guest_claimed
    from puzzles.games.models import GameSeat

    created = post_challenge(api, seat="A")
    game = accept(other_api, created["id"])["game"]
    state = other_api.get(f"/api/games/{game}/").json()
    assert state["players"]["A"]["kind"] == "guest"
    if state["to_move"] == "B":
        other_api.post(
            f"/api/games/{game}/moves/", {"move": state["legal_moves"][0], "ply": state["ply"]}, format="json"
        )
    state = api.get(f"/api/games/{game}/").json()
    assert state["to_move"] == "A" == state["my_seat"]
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    # as another process's log-in would: the seat changes hands in the database alone
    GameSeat.objects.filter(game_id=game, session_key=api.session["od_player"]).update(owner=ann, session_key="")
    as_ann = APIClient()
    as_ann.force_login(ann)
    moved = as_ann.post(
        f"/api/games/{game}/moves/", {"move": state["legal_moves"][0], "ply": state["ply"]}, format="json"
    )
    assert moved.status_code == 201, moved.content
    assert moved.json()["my_seat"] == "A"
    assert other_api.get(f"/api/games/{game}/").json()["players"]["A"] == {
        "name": "ann",
        "kind": "account",
        "level": None,
        "you": False,
        "bot": False,
    }
    # a hand-over made in this process too
    bob = django_user_model.objects.create_user("bob", password="pw-bob-12345")
    assert as_ann.get(f"/api/games/{game}/").json()["players"]["B"]["kind"] == "guest"
    guest_claimed.send(sender=None, user=bob, session_key=other_api.session["od_player"])
    assert as_ann.get(f"/api/games/{game}/").json()["players"]["B"]["name"] == "bob"


def test_a_move_played_on_the_game_as_read_is_played_again_under_the_lock_if_the_game_changed(api, other_api):
    """A move between people is played on the game as its request read it,
    without locking it first, only if nothing changed the game since: else
    under the lock, as any other change is.  A change in between (another
    write that moved the version on) still lets the move through; a
    resignation in between makes it a 409 with nothing stored; the same move
    sent again for a ply already played is answered with the move stored."""
    from django.db.models import F

    from puzzles.core.errors import ApplicationError
    from puzzles.games import services
    from puzzles.games.models import Game, GameMove

    created = post_challenge(api, seat="A")
    game_id = accept(other_api, created["id"])["game"]

    def mover() -> tuple[Game, str, str]:
        """The game as read now, the seat to move and a legal move of it."""
        to_move = api.get(f"/api/games/{game_id}/").json()["to_move"]
        state = {"A": api, "B": other_api}[to_move].get(f"/api/games/{game_id}/").json()
        return Game.objects.get(pk=game_id), to_move, state["legal_moves"][0]

    # changed in between: played under the lock, on the game as it is then
    game, seat, move = mover()
    Game.objects.filter(pk=game_id).update(version=F("version") + 1)
    version = Game.objects.get(pk=game_id).version
    played = services.game_play(game=game, move=move, ply=game.ply_count, seat=seat)
    after = Game.objects.get(pk=game_id)
    assert played.move.ply == game.ply_count
    assert after.ply_count == game.ply_count + 1
    assert after.version == version + 1
    assert played.after is not None
    assert played.after.game.version == after.version
    # sent again for that ply (its answer lost): the move stored, once
    again = services.game_play(game=game, move=move, ply=game.ply_count, seat=seat)
    assert again.move.pk == played.move.pk
    assert GameMove.objects.filter(game_id=game_id).count() == after.ply_count
    # resigned in between: the move is refused and nothing is stored
    game, seat, move = mover()
    other = {"A": other_api, "B": api}[seat]
    assert other.post(f"/api/games/{game_id}/resign/", {}, format="json").status_code == 200
    with pytest.raises(ApplicationError) as refused:
        services.game_play(game=game, move=move, ply=game.ply_count, seat=seat)
    assert refused.value.status_code == 409
    assert "over" in str(refused.value)
    assert GameMove.objects.filter(game_id=game_id).count() == game.ply_count
