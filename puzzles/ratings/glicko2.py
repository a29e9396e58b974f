"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2022 revision).

Pure Python, no Django.  The PyPI package ``glicko2`` was considered and not
used: its volatility step uses the rating where the formula has the rating
deviation (invisible in the published example, where the rating is 1500).

Players and puzzles both carry a puzzle rating (``training``); each first
attempt at a puzzle is one game, rated at once as a rating period of its own
(as puzzle sites do): the player "wins" by solving, the puzzle wins
otherwise.  Accounts carry a rating per pool of games between people
(``people.ratings``), each rated game a rating period of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5  # constrains the change in volatility (Glickman suggests 0.3 to 1.2)
EPSILON = 0.000001
DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
MIN_RD, MAX_RD = 45.0, 350.0


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``results``, a list of
    ``(opponent, score)`` with score 1 (win), 0.5 (draw) or 0 (loss)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:  # step 6 only: the deviation grows
        return Rating(player.rating, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)

    # Step 3: the estimated variance of the rating from the game outcomes.
    opponents = [((o.rating - 1500) / SCALE, o.rd / SCALE, s) for o, s in results]
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in opponents:
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    # Step 4: the estimated improvement.
    delta = v * delta_sum

    # Step 5: the new volatility (Illinois algorithm).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)

    # Steps 6-8: the new deviation and rating, back on the Glicko scale.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(new_mu * SCALE + 1500, new_phi * SCALE, new_sigma)


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """New ratings of a player and a puzzle after the player's first attempt.
    Deviations are kept within ``MIN_RD..MAX_RD`` so that ratings keep moving."""
    score = 1.0 if solved else 0.0
    new_player = update(player, [(puzzle, score)])
    new_puzzle = update(puzzle, [(player, 1.0 - score)])
    return clamped(new_player), clamped(new_puzzle)


def clamped(r: Rating) -> Rating:
    """``r`` with its deviation kept within ``MIN_RD..MAX_RD``, so that ratings keep moving."""
    return Rating(r.rating, max(MIN_RD, min(MAX_RD, r.rd)), r.volatility)
