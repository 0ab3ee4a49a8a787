"""Crazy 4 Poker's settlement as data: its six qualifier cells and what each wager pays in them.

Per unit of Ante, with the rule switches of :class:`crazy4.games.crazy_four.rules.CrazyFourRules`,
in each outcome cell (:data:`crazy4.core.hidden.OUTCOME_CELLS`,
``3 * (dealer qualifies) + (0 player higher | 1 tie | 2 dealer higher)``):

* **Ante**: pushes when the dealer does not qualify; otherwise +1 / tie / -1, where a tie
  pushes (``ties = "push"``) or wins (``ties = "player"``); a fold loses it.
* **Play** (per unit of the multiple): when the dealer does not qualify it wins 1:1
  (``play_when_not_qualified = "wins"``) or is compared with the dealer's hand
  (``"compared"``); when the dealer qualifies it wins, ties or loses like the Ante.
* **Super Bonus**: its pay table whatever the dealer holds; below the table it pushes unless a
  qualifying dealer hand beats the player (:mod:`crazy4.games.crazy_four.rules`); a fold loses
  it.
* **Queens Up**: its pay table on the player's own hand, else lost.

The blind second hand's multiple in action is 3 from the raise minimum, else 1.

Examples
--------
>>> from crazy4.registry import load_rules
>>> settle = crazy_four_settlement(load_rules("crazy4-standard"))
>>> settle.unit
2
>>> nets = settle.nets(np.array([2534]), np.array([3]), np.array([5]), side_bet=0)
>>> {name: int(value[0]) for name, value in nets.items()}
{'ante': -2, 'play': -6, 'super_bonus': 400, 'queens_up': 100}
>>> settle.explain("play", 0, 1, 0)
"dealer does not qualify (below K high), player's hand higher: Play wins 1:1 \
(play_when_not_qualified = wins)"
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from crazy4.core.hidden import OUTCOME_CELLS
from crazy4.games.crazy_four.rules import CrazyFourRules, crazy_four_rules
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import Settlement
from crazy4.spec.table_bets import listed_table_wager
from crazy4.spec.table_layout import qualifier_cell_words
from crazy4.spec.threshold import ThresholdStrategy
from crazy4.spec.wager_nets import decision_nets
from crazy4.spec.wagers import Wager, WagerSettlement, side_bet_wager

#: The settlement of a Crazy 4 Poker rule set.
CrazyFourSettlement = WagerSettlement[CrazyFourRules]

#: The cells' shape: one index.
CELLS = (len(OUTCOME_CELLS),)

#: The six cells' coordinates (one index each).
SIX_CELLS = (np.arange(len(OUTCOME_CELLS), dtype=np.int64),)

#: The wagers of the main game, settled by the decision.
MAIN_GAME = ("ante", "play", "super_bonus")

#: The main game's description under the optimal strategy, then each of its bets apart's
#: (Ante + Play, the Super Bonus).
MAIN_DESCRIPTIONS = (
    "Ante + Super Bonus + Play, optimal strategy (per unit of Ante)",
    "Ante + Play alone, under the optimal strategy (per unit of Ante)",
    "Super Bonus alone, under the optimal strategy (per unit)",
)

#: The published simple strategy as data: 1x from K-Q-8-4, 3x from a pair of aces; its
#: decision codes by strength are ``simple_strategy(rules, strengths)``
#: (:meth:`crazy4.spec.threshold.ThresholdStrategy.decisions`, whose example is this strategy).
SIMPLE = ThresholdStrategy(play_minimum="Kc Qd 8h 4s", raise_minimum="pair of aces")
simple_strategy = SIMPLE.decisions

#: The card room's blind second hand, as the ``bets`` table names and describes it.
BLIND_BET = (
    "blind_second_hand",
    "The card room's blind second hand: Ante + Super Bonus + Play, never folds, 3x with a "
    "pair of aces or better, else 1x (2x returned)",
)


@lru_cache(maxsize=32)  # one rule set is settled by many callers
def crazy_four_settlement(rules: CrazyFourRules) -> CrazyFourSettlement:
    """Every wager of a rule set in the six cells (module docstring), over the least common
    denominator of its pay tables."""
    ante, play = (np.array(nets, dtype=np.int64) for nets in rules.dealer.cell_nets())
    loses = (ante < 0).astype(np.int64)  # a Super Bonus below its table loses where the Ante does
    ties = f"ties = {rules.dealer.ties}"
    play_note = f"play_when_not_qualified = {rules.dealer.play_when_not_qualified}"
    wagers = (
        Wager("ante", "the Ante", ante, notes=np.array(["", "", "", "", ties, ""])),
        Wager(
            "play",
            "Play",
            play,
            by_multiple=True,
            on_fold="none",
            notes=np.array([play_note] * 3 + ["", ties, ""]),
        ),
        listed_table_wager("super_bonus", "the Super Bonus", rules.super_bonus, loses),
        Wager("queens_up", "Queens Up", np.full(6, -1, dtype=np.int64)),
    )
    return WagerSettlement(
        rules=rules,
        wagers=wagers,
        side_name="queens_up",
        side_tables=tuple(side_bet_wager("queens_up", bet, CELLS) for bet in rules.side_bets),
        cell_words=qualifier_cell_words(rules.dealer.qualifier),
    )


@lru_cache(maxsize=32)  # one rule set is settled by many callers
def cell_settlement(rules: RuleSet) -> Settlement:
    """Ante + Super Bonus + Play per outcome cell, by strength (a fold loses the Ante and the
    Super Bonus): what the exact pricing, the hole-card and the collusion engines price with."""
    return decision_nets(crazy_four_settlement(crazy_four_rules(rules)), MAIN_GAME, SIX_CELLS)
