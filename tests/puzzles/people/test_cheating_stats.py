"""The pure statistics of the cheating report: the fit recovers a generated
relation of points lost to rating, thin bands fall back to the line, an
account's own moves are left out of what it is compared with, and the
score's parts (z, even pace, difficulty ignored) behave as documented."""

from __future__ import annotations

import random

import pytest

from puzzles.people import cheating
from puzzles.people.cheating import Move


def true_mean(rating: float) -> float:
    """The generated relation: 20 points a move at 1000, 6 at 2400."""
    return 20.0 - 0.01 * (rating - 1000)


def honest_moves(rng: random.Random, rating: float, count: int, game_id: int = 0) -> list[Move]:
    """Moves of a player at ``rating``: points lost exponential about the
    relation's mean, time longer with more legal moves and a closer choice."""
    moves = []
    for _ in range(count):
        legal = rng.randint(2, 7)
        gap = rng.choice([0, 2, 6, 12, 30])
        seconds = rng.lognormvariate(0, 0.5) * (2 + 2.5 * legal + (6 if gap <= 2 else 0))
        moves.append(Move(rating, round(rng.expovariate(1 / true_mean(rating))), legal, gap, seconds, game_id))
    return moves


def population(rng: random.Random, per_rating: int = 400) -> list[Move]:
    return [m for rating in range(1000, 2400, 20) for m in honest_moves(rng, rating + 10, per_rating // 5)]


def test_the_fit_recovers_the_generated_relation():
    rng = random.Random(5)
    moves = population(rng)
    fit = cheating.fit(moves)
    intercept, slope, _spread = fit.total.line()
    assert slope == pytest.approx(-0.01, abs=0.0008)
    assert intercept + slope * 1000 == pytest.approx(20.0, abs=0.8)
    for row in fit.table():
        assert row["own"]  # every band has its 400 moves
        centre = row["band"] + 50
        assert row["mean"] == pytest.approx(true_mean(centre), rel=0.12)
        # an exponential's spread is its mean
        assert row["sd"] == pytest.approx(true_mean(centre), rel=0.2)
    again = cheating.Fit.from_json(fit.to_json())
    assert again.expected(1550) == pytest.approx(fit.expected(1550))


def test_a_thin_band_takes_the_line_and_too_few_moves_no_fit():
    rng = random.Random(6)
    moves = population(rng) + honest_moves(rng, 2650, 20)
    fit = cheating.fit(moves)
    assert fit.bands[2600].n == 20
    intercept, slope, spread = fit.total.line()
    assert fit.expected(2650) == pytest.approx((intercept + slope * 2650, spread))
    assert fit.expected(1550) == pytest.approx((fit.bands[1500].mean, fit.bands[1500].sd))
    assert cheating.fit(moves[: cheating.MIN_FIT_MOVES - 1]).expected(1500) is None


def test_an_account_is_compared_with_everybody_else():
    rng = random.Random(7)
    crowd = population(rng)
    # a cheat filling the 2600 band with best moves: with its own moves in,
    # the band would say 0 is normal there
    cheat = [Move(2650, 0, 5, 10, 6.0, game_id=i // 20) for i in range(400)]
    fit = cheating.fit(crowd + cheat)
    assert fit.expected(2650)[0] == pytest.approx(0.0, abs=0.01)
    found = cheating.verdict(fit, cheat)
    # compared with the line (the band is empty without it), whose spread
    # is the pooled one about the line: a cautious z, still far out
    assert found.expected_per_move == pytest.approx(true_mean(2650), abs=1.0)
    assert found.z is not None
    assert found.z > 4
    assert cheating.verdict(fit, cheat, leave_out=False).z == pytest.approx(0.0, abs=0.01)


def test_few_moves_give_no_verdict():
    rng = random.Random(8)
    fit = cheating.fit(population(rng))
    perfect = [Move(1500, 0, 5, 10, 6.0, game_id=1)] * (cheating.MIN_MOVES - 1)
    found = cheating.verdict(fit, perfect)
    assert found.score is None
    assert found.z is None
    assert found.moves == cheating.MIN_MOVES - 1
    assert found.actual_per_move == 0.0


def test_honest_play_scores_low_and_an_even_perfect_player_high():
    rng = random.Random(9)
    crowd = population(rng)
    strong = honest_moves(rng, 2250, 200)
    cheat = [
        Move(1500, 0, rng.randint(2, 7), rng.choice([0, 6, 30]), rng.uniform(5.5, 6.5), i // 20) for i in range(200)
    ]
    fit = cheating.fit(crowd + strong + cheat)
    honest = cheating.verdict(fit, strong)
    assert honest.timing.cv is not None
    assert honest.timing.cv > cheating.HUMAN_CV
    assert honest.timing.vs_difficulty is not None
    assert honest.timing.vs_difficulty > cheating.HUMAN_CORRELATION
    assert honest.timing.even_pace == 0
    assert honest.timing.ignores_difficulty == 0
    assert abs(honest.z or 0) < 3
    assert (honest.score or 0) < cheating.SCORE_LOOK
    found = cheating.verdict(fit, cheat)
    assert found.timing.even_pace > 0.8
    assert found.timing.ignores_difficulty > 0.5
    assert found.z is not None
    assert found.z > 10
    # the pace makes the accuracy's evidence up to twice as strong
    assert found.z < (found.score or 0) <= 2 * found.z


def test_the_suspects_are_left_out_of_the_fit_everyone_is_scored_against():
    rng = random.Random(10)
    crowd = {f"h{i}": honest_moves(rng, 1500 + i, 250, game_id=i) for i in range(4)}
    cheat = [Move(1520, 0, rng.randint(2, 7), None, 6.0, i // 20) for i in range(250)]
    every = {**crowd, "cheat": cheat}
    first = cheating.fit([m for moves in every.values() for m in moves])
    fitted, verdicts, suspects = cheating.report(every, every)
    assert suspects == {"cheat"}
    assert fitted.total.n == first.total.n - 250
    assert fitted.bands[1500].mean == pytest.approx(true_mean(1500), rel=0.1)
    assert first.bands[1500].mean < 0.85 * fitted.bands[1500].mean  # the engine's zeros pulled it down
    assert all(abs(verdicts[key].z or 0) < 3 for key in crowd)
    assert (verdicts["cheat"].score or 0) > 2 * cheating.SCORE_LOOK
    # nobody to leave out: the first fit stands
    honest_only, _v, nobody = cheating.report(crowd, crowd)
    assert not nobody
    assert honest_only.total.n == 1000


def test_spearman():
    assert cheating.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert cheating.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert cheating.spearman([1, 1, 1, 1], [1, 2, 3, 4]) is None
    assert cheating.spearman([1, 2, 2, 3], [1, 2, 2, 3]) == pytest.approx(1.0)
