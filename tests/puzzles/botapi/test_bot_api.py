"""The bot API's writes: a move by path stored and charged as the site's own
moves are, refused to the wrong seat, out of turn, stale or illegal; a
resignation; and each endpoint's token scope."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game, GameMove
from tests.puzzles.games.people_helpers import guest_client

from .helpers import bearer, challenge_to

pytestmark = pytest.mark.django_db


@pytest.fixture
def robo(django_user_model):
    return django_user_model.objects.create_user("robo", password="a-long-pass-phrase-29")


@pytest.fixture
def game(robo):
    """A live game between a guest (A) and robo (B): (id, the guest's client, robo's bearer client)."""
    guest, _ = guest_client()
    bot = bearer(robo)
    challenge = challenge_to(guest, "robo")
    game_id = bot.post(f"/api/challenge/{challenge['id']}/accept/").json()["game"]
    return game_id, guest, bot


def to_move(client, game_id: int) -> dict:
    return client.get(f"/api/games/{game_id}/").json()


def test_moves_by_path_are_the_site_s_moves(game, now):
    game_id, guest, bot = game
    seats = {"A": guest, "B": bot}
    for _ in range(4):  # each seat moves twice: the second move of each is charged to its clock
        now.move(5)
        state = to_move(guest, game_id)
        mover = seats[state["to_move"]]
        mine = to_move(mover, game_id)
        move = mine["legal_moves"][0]
        if mover is bot:
            answer = bot.post(f"/api/bot/game/{game_id}/move/{move}?ply={mine['ply']}")
            assert answer.status_code == 201, answer.content
            assert answer.json() == {"ok": True, "game": game_id, "ply": mine["ply"], "move": move}
        else:
            answer = guest.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": mine["ply"]}, format="json")
            assert answer.status_code == 201, answer.content
    stored = list(GameMove.objects.filter(game_id=game_id).order_by("ply").values_list("side", "by"))
    assert len(stored) == 4
    assert {side for side, _by in stored} == {"A", "B"}
    played = Game.objects.get(pk=game_id)
    assert played.ply_count == 4
    # each seat's first move free, its second charged 5 s and given the increment's 3 s
    assert played.clock_ms == {"A": 298_000, "B": 298_000}


def test_a_move_out_of_turn_stale_or_illegal_is_refused_and_changes_nothing(game):
    game_id, guest, bot = game
    state = to_move(guest, game_id)
    if state["to_move"] == "B":  # the guest moves first, so that robo waits
        bot.post(f"/api/bot/game/{game_id}/move/{to_move(bot, game_id)['legal_moves'][0]}?ply=0")
        state = to_move(guest, game_id)
    ply = state["ply"]
    guest_move = to_move(guest, game_id)["legal_moves"][0]
    # robo's seat is not to move: the wrong seat's move is a 409
    wrong = bot.post(f"/api/bot/game/{game_id}/move/{guest_move}?ply={ply}")
    assert wrong.status_code == 409
    assert "not your move" in wrong.json()["error"]
    # a stranger has no seat: 403
    stranger, _ = guest_client()
    refused = stranger.post(f"/api/bot/game/{game_id}/move/{guest_move}?ply={ply}")
    assert refused.status_code == 403
    assert "not playing in this game" in refused.json()["error"]
    guest.post(f"/api/games/{game_id}/moves/", {"move": guest_move, "ply": ply}, format="json")
    # now robo's turn: a stale ply is a 409, an illegal or malformed move a 400
    assert bot.post(f"/api/bot/game/{game_id}/move/{guest_move}?ply={ply}").status_code in (400, 409)
    mine = to_move(bot, game_id)
    illegal = next(f"{a}{b}" for a in range(7) for b in range(a, 7) if f"{a}{b}" not in str(mine["legal_moves"]))
    assert bot.post(f"/api/bot/game/{game_id}/move/{illegal}?ply={mine['ply']}").status_code == 400
    malformed = bot.post(f"/api/bot/game/{game_id}/move/zz?ply={mine['ply']}")
    assert malformed.status_code == 400
    assert "error" in malformed.json()
    assert bot.post(f"/api/bot/game/{game_id}/move/{mine['legal_moves'][0]}?ply=x").status_code == 400
    assert Game.objects.get(pk=game_id).ply_count == mine["ply"]


def test_a_resignation_by_path(game):
    game_id, guest, bot = game
    for _ in range(2):
        state = to_move(guest, game_id)
        mover = {"A": guest, "B": bot}[state["to_move"]]
        mine = to_move(mover, game_id)
        mover.post(f"/api/games/{game_id}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json")
    answer = bot.post(f"/api/bot/game/{game_id}/resign/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["result"]["resigned"] == "B"
    assert bot.post(f"/api/bot/game/{game_id}/resign/").status_code == 409


def test_each_endpoint_needs_its_scope(robo):
    guest, _ = guest_client()
    reader = bearer(robo, ["read"])
    player = bearer(robo, ["read", "play"])
    challenge = challenge_to(guest, "robo")
    refused = reader.post(f"/api/challenge/{challenge['id']}/accept/")
    assert refused.status_code == 403
    assert refused.json() == {"error": "this token lacks the challenge scope"}
    assert player.post(f"/api/challenge/{challenge['id']}/decline/").status_code == 403
    game_id = bearer(robo, ["challenge"]).post(f"/api/challenge/{challenge['id']}/accept/").json()["game"]
    move = to_move(player, game_id)
    if move["to_move"] == "B":
        refused = reader.post(f"/api/bot/game/{game_id}/move/{move['legal_moves'][0]}")
        assert refused.status_code == 403
        assert refused.json() == {"error": "this token lacks the play scope"}
    assert reader.post(f"/api/bot/game/{game_id}/resign/").json() == {"error": "this token lacks the play scope"}
    blind = bearer(robo, ["play", "challenge"])
    for path in ("/api/stream/events", f"/api/bot/game/stream/{game_id}"):
        answer = blind.get(path)
        assert answer.status_code == 403
        assert answer.json() == {"error": "this token lacks the read scope"}
    assert Game.objects.get(pk=game_id).status != Game.Status.OVER  # nothing was resigned
    unknown = reader.__class__()
    unknown.credentials(HTTP_AUTHORIZATION="Bearer od_" + "x" * 43)
    assert unknown.get("/api/stream/events").status_code == 401
