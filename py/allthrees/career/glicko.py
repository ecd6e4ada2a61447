"""Glicko-2, exactly as Mark Glickman published it ("Example of the Glicko-2 system", 2013): one
rating period's update of a player's rating, deviation and volatility from the games of that
period (``rate``), and the deviation's growth over periods with no game (``aged``).

Nothing here knows about dominoes: how a match becomes games, when a period starts and the
bounds on the deviation are ``ratings``'. Two things go past the paper, each neutral when left at
its default, so the paper's worked example is reproduced exactly (``tests/career``):

- ``periods``: how many rating periods have passed since the player's last update, a real
  number (the paper's step 6 is one period). A career counts each match as its own period and
  the time away before it as a fraction of a period per day (``ratings.PERIODS_PER_DAY``), as
  lichess does.
- ``Game.weight``: a game may count for a share of one (each term of the paper's sums ``v`` and
  ``Delta`` times its weight). A table of three or four players each for themselves becomes one
  game against each other player, each weighing ``1 / (players - 1)``, so a table is worth one
  match of evidence however many sit at it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # the paper's conversion between the Glicko and Glicko-2 scales
CENTRE = 1500.0  # the rating that is 0 on the Glicko-2 scale
EPSILON = 0.000001  # the convergence tolerance of the volatility's iteration (the paper's)
MAX_STEPS = 100  # a bound on that iteration: it converges in a handful (Illinois method)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player on the Glicko scale: ``rating`` (1500 the centre), ``deviation`` (RD) and
    ``volatility`` (sigma)."""

    rating: float
    deviation: float
    volatility: float


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a rating period against an opponent (Glicko scale), its ``score`` 1 for a win,
    0.5 a draw, 0 a loss (or a share in between), and how much of one game it counts for."""

    rating: float
    deviation: float
    score: float
    weight: float = 1.0


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (the paper's E, which reads
    only the opponent's deviation)."""
    return _e(
        (player.rating - CENTRE) / SCALE,
        (opponent.rating - CENTRE) / SCALE,
        opponent.deviation / SCALE,
    )


def aged(player: Rating, periods: float = 1.0) -> Rating:
    """``player`` after ``periods`` rating periods with no game: the paper's rule for a player
    who did not compete (rating and volatility unchanged, phi grows by sigma^2 a period)."""
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility**2)
    return Rating(player.rating, grown * SCALE, player.volatility)


def rate(player: Rating, games: list[Game], tau: float, periods: float = 1.0) -> Rating:
    """The paper's steps 1-8: ``player`` after a rating period of ``games`` (none: ``aged``),
    ``tau`` the system constant that bounds how fast the volatility changes, ``periods`` the
    periods since the player's last update (1 in the paper)."""
    if not games:
        return aged(player, periods)
    # Step 2: to the Glicko-2 scale.
    mu = (player.rating - CENTRE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    # Steps 3 and 4: the estimated variance v and improvement delta.
    inverse_v = 0.0
    gained = 0.0
    for game in games:
        mu_j, phi_j = (game.rating - CENTRE) / SCALE, game.deviation / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        inverse_v += game.weight * g * g * e * (1.0 - e)
        gained += game.weight * g * (game.score - e)
    v = 1.0 / inverse_v
    delta = v * gained
    # Step 5: the new volatility.
    sigma_new = _volatility(phi, sigma, v, delta, tau)
    # Step 6: the pre-period deviation, grown over the periods since the last update.
    phi_star = math.sqrt(phi * phi + periods * sigma_new * sigma_new)
    # Step 7: the new deviation and rating.
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gained
    # Step 8: back to the Glicko scale.
    return Rating(SCALE * mu_new + CENTRE, SCALE * phi_new, sigma_new)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: sigma' by the Illinois algorithm (the paper's iteration, to ``EPSILON``)."""
    a = math.log(sigma * sigma)
    rest = phi * phi + v

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - rest - ex) / (2.0 * (rest + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > rest:
        big_b = math.log(delta * delta - rest)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_STEPS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
