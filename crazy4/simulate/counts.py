"""What a game's chunk player hands back to the driver: exact counts, log rows, bet nets.

Seats are counted by a key of the game's own, the dealer's hands by strength; every bet's
total, sum of squares and hits follow exactly from the counts and the bet's net per key
(:class:`BetNets`). Imports no game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.ranking import number_of_strengths
from crazy4.simulate.progressive import ProgressiveCounts

#: The bet of the card room's blind second hands (the last ``blind_hands`` seats of a round).
BLIND_BET = "blind_second_hand"


@dataclass
class Counts:
    """Exact integer accumulators of a simulation (summed over chunks).

    ``seats`` and ``blind`` count hands by the game's seat key; ``dealer`` counts dealer hands
    by strength; ``round_squares[bet]`` is the sum over rounds of the squared per-round total
    of the bet (only kept with more than one hand of a kind a round); ``progressive`` the
    progressive's sums when the plan has a meter (:mod:`crazy4.simulate.progressive`).

    Examples
    --------
    >>> total = Counts.empty(4)
    >>> chunk = Counts.empty(4)
    >>> chunk.rounds, chunk.seats[1], chunk.round_squares["x"] = 2, 2, 5
    >>> total.add(chunk); total.add(chunk)
    >>> total.rounds, total.seats.tolist(), total.round_squares
    (4, [0, 4, 0, 0], {'x': 10})
    """

    rounds: int
    seats: npt.NDArray[np.int64]
    blind: npt.NDArray[np.int64]
    dealer: npt.NDArray[np.int64]
    round_squares: dict[str, int]
    progressive: ProgressiveCounts | None = None

    @classmethod
    def empty(cls, bins: int, dealer_bins: int | None = None) -> Counts:
        """No rounds yet (``bins``: the number of the game's seat keys; ``dealer_bins``: of its
        dealer strengths, the best four's by default)."""
        return cls(
            rounds=0,
            seats=np.zeros(bins, dtype=np.int64),
            blind=np.zeros(bins, dtype=np.int64),
            dealer=np.zeros(dealer_bins or number_of_strengths(), dtype=np.int64),
            round_squares={},
        )

    def add(self, other: Counts) -> None:
        """Add another chunk's counts (exact)."""
        self.seats += other.seats
        self.blind += other.blind
        self.dealer += other.dealer
        self.add_totals(other.rounds, other.round_squares, other.progressive)

    def add_totals(
        self,
        rounds: int,
        round_squares: Mapping[str, int],
        progressive: ProgressiveCounts | None,
    ) -> None:
        """Add a chunk's rounds, sums of squares and progressive sums, whose seat and dealer
        counts a chunk player added to this one's arrays itself (the ``into`` of
        :meth:`crazy4.simulate.engine.SpecSimulator.play_chunk`).

        Examples
        --------
        >>> total = Counts.empty(2)
        >>> total.add_totals(3, {"ante": 4}, None)
        >>> total.add_totals(2, {"ante": 1}, None)
        >>> total.rounds, total.round_squares
        (5, {'ante': 5})
        """
        self.rounds += rounds
        for name, value in round_squares.items():
            self.round_squares[name] = self.round_squares.get(name, 0) + value
        if progressive is not None:
            if self.progressive is None:
                self.progressive = ProgressiveCounts(progressive.denominator)
            self.progressive.add(progressive)


@dataclass(frozen=True)
class Chunk:
    """One played chunk: its counts, and its log rows when asked for (schema of the game's log,
    :mod:`crazy4.log.roundlog`)."""

    counts: Counts
    log: pa.Table | None


@dataclass(frozen=True)
class BetNets:
    """Every summary bet's net per seat key, in units of ``1 / unit`` of its base wager.

    Attributes
    ----------
    unit : int
        The common denominator of the nets.
    seat : mapping of str to ndarray of int64
        Per bet of the seats that play the strategy (in the order of the summary), its net
        numerator for every seat key.
    blind : ndarray of int64 or None
        The blind second hand's net numerator per seat key (None: the game has none).
    """

    unit: int
    seat: Mapping[str, npt.NDArray[np.int64]]
    blind: npt.NDArray[np.int64] | None


class ExactValue(Protocol):
    """A bet's exact value under the plan's strategy, per unit of its base wager (what the
    games' references give, such as :class:`crazy4.core.bets.ExactBet`)."""

    @property
    def mean(self) -> Fraction:
        """The exact mean."""
        ...

    @property
    def std_dev(self) -> float:
        """The standard deviation of one hand's result."""
        ...

    @property
    def hit_frequency(self) -> float:
        """The probability the bet wins."""
        ...
