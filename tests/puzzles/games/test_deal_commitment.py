"""Deals anyone can verify (games.dealing, docs/rules.md section 4.11): a game
between people shows the commitment to its seed from the start and reveals
the salt and the seed once it is over; ``/deals/verify/`` checks them."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from puzzles.games.models import Game
from puzzles.games.people_start import game_start_people
from solver import deal
from solver.commitment import deal_commitment, verify_deal

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)

SALT = "00112233445566778899aabbccddeeff"
VERIFY = "/deals/verify/"


def two_guests(**kwargs):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    args = {"variant": "lewicki", "rated": False, "clock": (600, 5), **kwargs}
    game = game_start_people(seats={"A": ann_player, "B": bob_player}, **args)
    return game, {"A": ann, "B": bob}


def test_a_game_between_people_commits_to_a_random_seed_with_a_fresh_salt():
    one, _ = two_guests()
    two, _ = two_guests()
    for game in (one, two):
        assert len(game.deal_salt) == 32
        assert len(game.deal_commitment) == 64
        assert game.deal_commitment == deal_commitment(int(game.seed), game.deal_salt, game.variant)
        assert int(game.seed) < 2**53
    assert one.deal_salt != two.deal_salt
    assert one.seed != two.seed


def test_the_api_hides_salt_and_seed_while_on_and_reveals_them_after():
    game, clients = two_guests(variant="block+doubles")
    watcher, _ = guest_client()
    for client in (*clients.values(), watcher):
        seen = state(client, game.pk)
        assert seen["seed"] is None
        assert seen["deal"]["commitment"] == game.deal_commitment
        assert seen["deal"]["salt"] is None
        assert seen["deal"]["seed"] is None
        query = parse_qs(urlsplit(seen["deal"]["verify_url"]).query)
        assert query == {"variant": ["block+doubles"], "commitment": [game.deal_commitment]}
    # the record downloaded during the game does not tell the seed either
    record = clients["A"].get(f"/games/{game.pk}/record.txt").content.decode()
    assert "Seed" not in record
    assert game.seed not in record
    page = clients["A"].get(f"/play/{game.pk}/").content.decode()
    assert game.deal_commitment in page
    assert game.deal_salt not in page

    assert clients["B"].post(f"/api/games/{game.pk}/resign/", format="json").status_code == 200
    for client in (*clients.values(), watcher):
        seen = state(client, game.pk)
        assert seen["status"] == "over"
        assert seen["seed"] == int(game.seed)
        assert seen["deal"] | {"verify_url": None} == {
            "commitment": game.deal_commitment,
            "salt": game.deal_salt,
            "seed": int(game.seed),
            "verify_url": None,
        }
        proof = verify_deal(
            seed=seen["deal"]["seed"],
            salt=seen["deal"]["salt"],
            commitment=seen["deal"]["commitment"],
            variant=seen["variant"],
            position=seen["start"],
        )
        assert proof.holds
    # the review page shows them, with a link to the check that holds
    review = clients["A"].get(f"/games/{game.pk}/review/").content.decode()
    assert game.deal_salt in review
    assert "/deals/verify/?" in review
    checked = Client().get(seen["deal"]["verify_url"])
    assert checked.status_code == 200
    assert checked.context["result"]["holds"]
    assert checked.context["result"]["position"].holds


def test_a_practice_game_commits_to_nothing(api):
    made = api.post("/api/games/", {"seed": 7}, format="json").json()
    assert made["deal"] is None
    assert made["seed"] == 7


# ------------------------------------------------------------ /deals/verify/


def verify(**params):
    return Client().get(VERIFY, params)


def test_the_verify_page_confirms_a_good_commitment_and_draws_the_deal():
    commitment = deal_commitment(7, SALT)
    response = verify(variant="lewicki", seed="7", salt=SALT, commitment=commitment, position=str(deal(7)))
    assert response.status_code == 200
    result = response.context["result"]
    assert result["holds"]
    assert result["commitment"].holds
    assert result["position"].holds
    assert result["deal"] == str(deal(7))
    html = response.content.decode()
    assert str(deal(7)) in html
    assert "python -m solver verify-deal --seed 7" in html
    assert 'class="plain-board' in html


def test_the_verify_page_without_a_position_checks_the_commitment_only():
    response = verify(variant="block", seed="7", salt=SALT.upper(), commitment=deal_commitment(7, SALT, "block"))
    assert response.status_code == 200
    assert response.context["result"]["holds"]
    assert response.context["result"]["position"] is None
    assert response.context["result"]["deal"] == str(deal(7, "block"))


@pytest.mark.parametrize("change", [{"seed": "8"}, {"salt": "f" * 32}, {"variant": "block"}])
def test_the_verify_page_says_when_the_commitment_does_not_match(change):
    params = {"variant": "lewicki", "seed": "7", "salt": SALT, "commitment": deal_commitment(7, SALT), **change}
    response = verify(**params)
    assert response.status_code == 200
    result = response.context["result"]
    assert not result["holds"]
    assert not result["commitment"].holds
    assert "verify-fails" in response.content.decode()


def test_the_verify_page_says_when_the_position_is_not_the_deal_of_the_seed():
    response = verify(seed="7", salt=SALT, commitment=deal_commitment(7, SALT), position=str(deal(8)))
    assert response.status_code == 200
    result = response.context["result"]
    assert result["commitment"].holds
    assert not result["position"].holds
    assert not result["holds"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", "-1"),
        ("seed", "seven"),
        ("seed", str(2**64)),
        ("salt", "0011"),
        ("commitment", "abc"),
        ("variant", "chess"),
        ("position", "26.56"),
    ],
)
def test_the_verify_page_refuses_bad_input_with_400(field, value):
    params = {"variant": "lewicki", "seed": "7", "salt": SALT, "commitment": deal_commitment(7, SALT), field: value}
    response = verify(**params)
    assert response.status_code == 400
    assert response.context["result"] is None
    assert field in response.context["form"].errors


def test_the_verify_page_from_a_game_still_on_is_the_form_with_the_commitment():
    response = verify(variant="block", commitment="ab" * 32)
    assert response.status_code == 200
    assert response.context["result"] is None
    html = response.content.decode()
    assert "ab" * 32 in html
    assert 'value="block"' in html


def test_a_finished_game_of_people_keeps_its_commitment_stable():
    game, clients = two_guests()
    before = Game.objects.get(pk=game.pk).deal_commitment
    clients["A"].post(f"/api/games/{game.pk}/resign/", format="json")
    assert Game.objects.get(pk=game.pk).deal_commitment == before
