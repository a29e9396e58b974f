"""Glicko-2 against Glickman's published worked example, and its behaviour."""

import pytest

from puzzles.ratings.glicko2 import Rating, rate_attempt, update


def test_published_worked_example():
    # Glickman, "Example of the Glicko-2 system": a 1500/200/0.06 player beats
    # 1400/30 and loses to 1550/100 and 1700/300, with tau = 0.5.
    player = Rating(1500, 200, 0.06)
    after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_symmetric_away_from_1500():
    # Shifting everyone by the same amount shifts the result by it (a check the
    # published example, all at 1500, cannot make).
    base = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0)])
    shifted = update(Rating(2100, 200, 0.06), [(Rating(2000, 30), 1), (Rating(2150, 100), 0)])
    assert shifted.rating - 600 == pytest.approx(base.rating, abs=1e-6)
    assert shifted.rd == pytest.approx(base.rd, abs=1e-6)
    assert shifted.volatility == pytest.approx(base.volatility, abs=1e-9)


def test_no_games_only_widens_the_deviation():
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert after.rd > 100


def test_solving_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = Rating(1500, 200), Rating(1700, 150)
    p, z = rate_attempt(player, puzzle, solved=True)
    assert p.rating > 1500
    assert z.rating < 1700
    p, z = rate_attempt(player, puzzle, solved=False)
    assert p.rating < 1500
    assert z.rating > 1700
    # beating a harder puzzle gains more than beating an easier one
    gain_hard = rate_attempt(player, Rating(1900, 150), True)[0].rating - 1500
    gain_easy = rate_attempt(player, Rating(1100, 150), True)[0].rating - 1500
    assert gain_hard > gain_easy > 0
