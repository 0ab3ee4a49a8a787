"""The progressive bet in the simulator: every seat bets it, the meter fixed per run.

It is settled on each seat's five cards and the other seats' (the envy), never on the seat
keys (:func:`progressive_counts`, :func:`progressive_columns`); a plan without a meter makes
both return nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from crazy4.core.cards import colex_indices
from crazy4.core.exact import exact_dot
from crazy4.errors import InputError
from crazy4.progressive.settle import seat_nets
from crazy4.rules.progressive import parse_amount
from crazy4.rules.progressive_bet import ProgressiveBet
from crazy4.rules.ruleset import RuleSet

#: The bet's name in the summary, and its log columns (the wager and its net, in dollars).
PROGRESSIVE = "progressive"
PROGRESSIVE_COLUMNS = ("progressive", "progressive_net")


@dataclass
class ProgressiveCounts:
    """Exact sums of the seats' progressive nets (numerators over ``denominator`` dollars).

    Examples
    --------
    >>> total = ProgressiveCounts(2)
    >>> total.add(ProgressiveCounts(2, hands=3, total=-4, squares=8, round_squares=16, hits=1))
    >>> total.hands, total.total, total.hits
    (3, -4, 1)
    """

    denominator: int
    hands: int = 0
    total: int = 0
    squares: int = 0
    round_squares: int = 0
    hits: int = 0

    def add(self, other: ProgressiveCounts) -> None:
        """Add another chunk's sums (the meter, so the denominator, is the run's)."""
        if other.denominator != self.denominator:
            raise ValueError("progressive sums over different denominators")
        self.hands += other.hands
        self.total += other.total
        self.squares += other.squares
        self.round_squares += other.round_squares
        self.hits += other.hits


def plan_meter(rules: RuleSet, meter: str | Fraction | None) -> Fraction | None:
    """The run's meter: ``meter`` (dollars, exactly), else the section's ``reset``; None for a
    rule set without a ``[progressive]`` section.

    Raises
    ------
    InputError
        A meter for a rule set without the section; a negative or unreadable amount.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> plan_meter(load_rules("crazy4-progressive"), None), plan_meter(load_rules(
    ...     "crazy4-progressive"), "12500.50")
    (Fraction(5000, 1), Fraction(25001, 2))
    >>> plan_meter(load_rules("crazy4-standard"), "100")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: --meter: crazy4-standard has no [progressive] section
    """
    bet = rules.progressive
    if bet is None:
        if meter is not None:
            raise InputError(f"--meter: {rules.name} has no [progressive] section")
        return None
    if meter is None:
        return bet.reset
    return meter if isinstance(meter, Fraction) else parse_amount(meter, "--meter")


def _bet(rules: RuleSet) -> ProgressiveBet:
    bet = rules.progressive
    assert bet is not None, "a meter without a [progressive] section"
    return bet


def progressive_counts(
    rules: RuleSet, meter: Fraction | None, colex: Sequence[npt.NDArray[np.integer]]
) -> ProgressiveCounts | None:
    """Settle every seat's progressive over a chunk (None without a meter).

    Parameters
    ----------
    colex : sequence of ndarray, one per seat, shape (rounds,)
        The colex index of each seat's five cards.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import colex_index, parse_cards
    >>> rules = load_rules("crazy4-progressive")
    >>> royal, trips = parse_cards("Ts Js Qs Ks As"), parse_cards("2h 2c 2d 9h Jh")
    >>> found = progressive_counts(rules, Fraction(5000),
    ...                            [np.array([colex_index(royal)]), np.array([colex_index(trips)])])
    >>> found.hands, found.total, found.hits  # 4999 + 500 for the royal's envy + 6
    (2, 5505, 2)
    >>> progressive_counts(load_rules("crazy4-standard"), None, []) is None
    True
    """
    if meter is None:
        return None
    nets, denominator = seat_nets(_bet(rules), meter, colex)
    per_round = nets.sum(axis=0)
    flat = nets.ravel()
    return ProgressiveCounts(
        denominator=denominator,
        hands=int(flat.shape[0]),
        total=exact_dot(flat, np.ones_like(flat)),
        squares=exact_dot(flat, flat),
        round_squares=exact_dot(per_round, per_round),
        hits=int((flat > 0).sum()),
    )


def progressive_columns(
    rules: RuleSet, meter: Fraction | None, player: npt.NDArray[np.integer], seats: int
) -> dict[str, pa.Array]:
    """The log's ``progressive`` (the wager, dollars) and ``progressive_net`` (dollars)
    columns of a chunk's rows (none without a meter).

    ``player`` is the rows' five cards, shape (5, rounds x seats), round-major (row
    ``r * seats + s`` is seat ``s`` of round ``r``), as the games' log writers lay them out.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.core.cards import parse_cards
    >>> rules = load_rules("four-card-progressive")
    >>> player = np.array([parse_cards("Ts Js Qs Ks As"), parse_cards("2h 5h 7h 9h Jh")]).T
    >>> columns = progressive_columns(rules, Fraction(30000), player, 2)
    >>> columns["progressive"].to_pylist(), columns["progressive_net"].to_pylist()
    ([5.0, 5.0], [29995.0, 5295.0])
    """
    if meter is None:
        return {}
    bet = _bet(rules)
    rows = player.shape[1]
    colex = colex_indices(np.sort(np.asarray(player), axis=0).T).reshape(rows // seats, seats)
    nets, denominator = seat_nets(bet, meter, list(colex.T))
    dollars = nets.T.ravel() / denominator
    return {
        "progressive": pa.array(np.full(rows, float(bet.wager))),
        "progressive_net": pa.array(dollars),
    }


def progressive_meter_metadata(meter: Fraction | None) -> dict[str, str]:
    """The run's provenance entry of the meter (``{"progressive_meter": "25000"}``; none
    without one).

    Examples
    --------
    >>> progressive_meter_metadata(Fraction(25001, 2)), progressive_meter_metadata(None)
    ({'progressive_meter': '25001/2'}, {})
    """
    return {} if meter is None else {"progressive_meter": str(meter)}
