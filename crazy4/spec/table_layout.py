"""How a game's result tables name its outcome cells, which tables they add and what its
``bets`` table writes of the main game: data a game's settlement carries, so the table engines
never ask which game they hold.

Examples
--------
>>> layout = TableLayout(outcome_column="result")
>>> layout.outcome_column, layout.outcome_names[:2]
('result', ('nq_player_higher', 'nq_tie'))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import RANKS
from crazy4.core.ranking import (
    HandCategory,
    build_four_card_table,
    category_of_strength,
    hand_group,
)

#: The outcome cells, in the order every settlement array uses.
CELLS = ("nq_player_higher", "nq_tie", "nq_dealer_higher", "player_wins", "tie", "dealer_wins")

#: What each cell is called in the tables.
CELL_LABELS = (
    "dealer does not qualify, player higher",
    "dealer does not qualify, tie",
    "dealer does not qualify, dealer higher",
    "dealer qualifies, player wins",
    "dealer qualifies, tie",
    "dealer qualifies, dealer wins",
)

#: A showdown's results in words, as a settlement explains a cell.
SHOWDOWN_WORDS = ("player's hand higher", "hands tie", "dealer's hand higher")

#: What the tables of a game whose dealer always qualifies may call its showdowns.
SHOWDOWN_LABELS = ("player higher", "tie", "dealer higher")


@dataclass(frozen=True)
class TableLayout:
    """How a game's result tables name the outcome cells and which tables they add, as data.

    Attributes
    ----------
    outcome_column : str
        The ``returns`` table's column naming the cell.
    outcome_cells : tuple of int
        The cells (of :data:`CELLS`) the ``situations`` table gives a column each: all six,
        or the three a dealer who always qualifies reaches.
    outcome_labels, outcome_names : tuple of str
        Each cell's label in ``returns`` and name in the ``situations`` columns
        (``deals_<name>``), all six.
    group : callable or None
        The hand group of a strength in the ``strategy`` table by seen rank (None: the
        ranking's :meth:`Ranking.group`).
    frequencies : str
        The name of the player's hand frequencies table.
    dealer_frequencies : str or None
        The name of the dealer's hand frequencies table, or None for none.
    exact_ties : bool
        Whether an ``exact_ties`` table lists the situations whose best decisions tie exactly
        (where dealer cards are seen).
    lowest_played : bool
        Whether a ``lowest_played`` table sums up the strategy by seen rank.
    joint : bool
        Whether a ``joint`` table gives the deals by both hands' categories, who wins and the
        decision (where dealer cards are seen; the results named as the qualified cells).
    seat : tuple of str, or None
        The side bets one seat holds beside the main game, by name, where a payout cap prices
        each bet and that seat's bets together (None: the cap prices the main game alone).
    report : tuple of callables, or None
        The sections of the game's ``report.md``, each ``section(view)`` giving Markdown lines
        (None: :data:`crazy4.report.spec_report.SECTIONS`).
    counted : str or None
        What the deals counted were, formatted with their number, for the report's provenance
        (``"{:,} player/dealer deals"``; None: the report has none).

    Examples
    --------
    >>> TableLayout().outcome_labels[3], TableLayout().frequencies
    ('dealer qualifies, player wins', 'hand_frequencies')
    """

    outcome_column: str = "dealer_outcome"
    outcome_cells: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    outcome_labels: tuple[str, ...] = CELL_LABELS
    outcome_names: tuple[str, ...] = CELLS
    group: Callable[[int], str] | None = field(default=None, compare=False)
    frequencies: str = "hand_frequencies"
    dealer_frequencies: str | None = None
    exact_ties: bool = False
    lowest_played: bool = True
    joint: bool = False
    seat: tuple[str, ...] | None = None
    report: tuple[Callable[[Any], list[str]], ...] | None = field(default=None, compare=False)
    counted: str | None = None


@dataclass(frozen=True)
class BetRows:
    """What a game's ``bets`` table says of its main game beside the optimal play: its
    description, and the rows the settlement's data make possible (each bet apart, the simple
    strategy, the blind hand), each written where it is described here.

    Attributes
    ----------
    main : str
        The main game's description (``"Ante + Super Bonus + Play, optimal strategy (per unit
        of Ante)"``).
    apart : tuple of str
        A description for each of ``CellSettlement.bets``, in order (the row named as it).
    simple : tuple of (str, str), or None
        The name and description of the main game under the published simple strategy.
    blind : tuple of (str, str), or None
        The name and description of the main game played by a blind second hand.
    strategies_first : bool
        Whether the rows under other strategies come right after the main game (else after
        the bets apart and the side bets).

    Examples
    --------
    >>> BetRows("Ante + Play", simple=("ante_play_simple", "the simple strategy")).apart
    ()
    """

    main: str
    apart: tuple[str, ...] = ()
    simple: tuple[str, str] | None = None
    blind: tuple[str, str] | None = None
    strategies_first: bool = False


def chart_group(strength: int) -> str:
    """The row of a strategy chart of the best-four ranking: its hand group, high cards by top
    rank.

    Examples
    --------
    >>> from crazy4.core.cards import parse_cards
    >>> from crazy4.core.ranking import hand_strength
    >>> chart_group(hand_strength(parse_cards("As Kd 7c 4h 2s")))
    'A high'
    >>> chart_group(hand_strength(parse_cards("3s 3d 7c 4h 2s")))
    'pair of threes'
    """
    category = HandCategory(int(category_of_strength()[strength]))
    if category != HandCategory.HIGH_CARD:
        return hand_group(strength)
    top = (int(build_four_card_table()[1][strength]) // 13**3) % 13
    return f"{RANKS[top]} high"


def qualifier_cell_words(qualifier: str) -> npt.NDArray[np.str_]:
    """The six cells of a game with a dealer qualifier in words.

    Examples
    --------
    >>> qualifier_cell_words("K high").tolist()[2:4]
    ["dealer does not qualify (below K high), dealer's hand higher", \
"dealer qualifies, player's hand higher"]
    """
    not_qualified = f"dealer does not qualify (below {qualifier})"
    return np.array(
        [f"{not_qualified}, {words}" for words in SHOWDOWN_WORDS]
        + [f"dealer qualifies, {words}" for words in SHOWDOWN_WORDS]
    )


def category_cell_words() -> npt.NDArray[np.str_]:
    """The cells of the dealer's hand category by the showdown in words, shape (categories, 3).

    Examples
    --------
    >>> category_cell_words()[1, 1]
    np.str_("dealer's pair, hands tie")
    """
    return np.array(
        [
            [f"dealer's {category.label}, {words}" for words in SHOWDOWN_WORDS]
            for category in HandCategory
        ]
    )
