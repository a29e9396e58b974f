"""Fairness over every symmetry of the game: live games between people of
every variant, at random plies, with each position rewritten by a random
symmetry (a hand's columns or slots in another order, stones written high
half first, the ends reversed, the seats turned), are refused (403) by every
endpoint that shows the solver's view of a position: to players and
spectators alike.  Once the games are over, the same rewritings are open."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.core import throttles
from puzzles.games.models import Game
from puzzles.games.people_start import game_start_people
from solver import VARIANTS, Position, Variant

from .people_helpers import guest_client

pytestmark = pytest.mark.django_db(transaction=True)

PLAYED = "--"


def rewrite(text: str, variant: Variant, rng: random.Random) -> str:
    """The same game written another way (see tests/solver/test_symmetry.py)."""
    fields = text.split()
    named = [fields.pop(0)] if fields[0][0].isalpha() else []
    seats = len(variant.seats)
    hands, rest = fields[:seats], fields[seats:]
    written = []
    for hand in hands:
        rows = [row.split(".") for row in hand.split("/")]
        order = list(range(len(rows[0])))
        rng.shuffle(order)
        written.append("/".join(".".join(row[i] if row[i] == PLAYED else row[i][::-1] for i in order) for row in rows))
    turn = rng.randrange(seats)
    written = written[turn:] + written[:turn]
    ends, side = rest[-2], rest[-1]
    if ends != "-" and rng.random() < 0.5:
        ends = ends[::-1]
    side = variant.seats[(variant.seats.index(side) - turn) % seats]
    return " ".join([*named, *written, *rest[:-2], ends, side])


def record_of(position: str) -> str:
    return f'[Variant "{Position.parse(position).variant}"]\n[Start "{position}"]\n'


def endpoints(client, position: str) -> dict[str, int]:
    """What each solver-view endpoint answers for ``position``."""
    return {
        "analysis": client.post("/api/analyses/", {"position": position}, format="json").status_code,
        "board": client.post("/api/positions/", {"position": position}, format="json").status_code,
        "practice game": client.post("/api/games/", {"position": position}, format="json").status_code,
        "record analysis": client.post(
            "/api/game-analyses/", {"record": record_of(position)}, format="json"
        ).status_code,
        "analysis page": client.get("/analysis/", {"position": position}).status_code,
    }


@pytest.fixture
def live_games():
    """One game between people in progress of every variant (the other seats
    of ``partnership`` are the solver's), with the clients of their players."""
    games = {}
    for i, variant in enumerate(VARIANTS):
        people = [guest_client() for _ in range(2)]
        seats = dict(zip(variant.seats, [people[0][1], people[1][1], "perfect", "perfect"], strict=False))
        game = game_start_people(variant=str(variant), seats=seats, rated=False, clock=(600, 5), seed=1000 + i)
        games[str(variant)] = (game, [client for client, _ in people])
    return games


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    variant=st.sampled_from([str(v) for v in VARIANTS]), plies=st.integers(0, 24), rng=st.randoms(use_true_random=False)
)
def test_every_spelling_of_every_live_position_is_refused_everywhere(live_games, variant, plies, rng):
    game, players = live_games[variant]
    position = Position.parse(game.start_position)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves or sum(h.count for h in position.hands) <= 8:
            break  # the few-stone endgames any deal may reach are not withheld
        after = position.play(rng.choice(moves))
        if after.is_over():
            break  # a finished deal has nothing to show
        position = after
    text = rewrite(str(position), position.variant, rng)
    throttles.reset()  # the examples are many requests from one address: the limits are not what is tested
    spectator = guest_client()[0]
    for client in (*players, spectator):
        answers = endpoints(client, text)
        assert set(answers.values()) == {403}, (text, answers)


def test_the_rewritten_positions_open_once_the_games_are_over(live_games):
    rng = random.Random(5)
    spectator = guest_client()[0]
    texts = {
        variant: rewrite(game.start_position, Position.parse(game.start_position).variant, rng)
        for variant, (game, _) in live_games.items()
    }
    for text in texts.values():
        assert endpoints(spectator, text)["analysis"] == 403
    Game.objects.filter(kind=Game.Kind.PEOPLE).update(status=Game.Status.OVER)
    for variant, text in texts.items():
        answers = endpoints(spectator, text)
        assert answers["analysis"] in (200, 202), (variant, answers)
        assert answers["board"] == 200, (variant, answers)
        assert answers["analysis page"] == 200, variant
