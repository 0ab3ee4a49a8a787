"""Four Card Poker's settlement as data: its cells (the dealer's hand category x the showdown)
and what each wager pays in them.

Per unit of each wager, with the rule switches of
:class:`crazy4.games.four_card.rules.FourCardRuleSet`; a cell is the dealer's hand category and
the showdown result (0 player higher, 1 tie, 2 dealer higher,
:func:`crazy4.spec.wagers.showdown_results`):

* **Ante**: +1 when the player is higher, -1 when the dealer is, a tie +1 (``ties =
  "player"``) or 0 (``"push"``); a fold loses it. There is no dealer qualifier.
* **Play**: ``multiple`` times the Ante's showdown net (per unit of *Ante*); 0 on a fold.
* **Ante Bonus** (per unit of Ante): the odds of the player's hand, whatever the dealer holds;
  nothing on a fold when ``paid_only_with_play``.
* **Aces Up**: its table's odds on the player's own hand, else -1.
* **Bad Beat**: pays when the dealer's hand is higher, else -1.

Examples
--------
>>> from crazy4.registry import load_rules
>>> from crazy4.core.ranking import strength_of_description
>>> settle = four_card_settlement(load_rules("four-card-standard"))
>>> trips = strength_of_description("three of a kind")
>>> nets = settle.nets(np.array([trips]), np.array([3]), np.array([1]), np.array([0]),
...                    side_bet=0)
>>> {name: int(value[0]) // settle.unit for name, value in nets.items()}
{'ante': 1, 'ante_bonus': 2, 'play': 3, 'aces_up': 8, 'bad_beat': -1}
>>> settle.explain("ante", 300, 1, 1, 1)
"dealer's pair, hands tie: the Ante wins 1:1 (ties = player)"
>>> settle.explain("ante_bonus", trips, 1, 0, 0, hand_text="a three of a kind")
'player holds a three of a kind: the Ante Bonus pays 2 to 1 (three of a kind line)'
>>> from crazy4.core.cards import parse_cards
>>> from crazy4.core.ranking import hand_strength
>>> hands = ["2s 2d 9c 7h 4s", "3s 3d 9c 7h 4s", "9s 9d Ac 7h 4s", "Ts Td 2c 7h 4s"]
>>> strengths = np.array([hand_strength(parse_cards(h)) for h in hands])
>>> simple_strategy(load_rules("four-card-standard"), strengths).tolist()
[0, 1, 1, 3]
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from crazy4.core.ranking import HandCategory
from crazy4.games.four_card.rules import FourCardRuleSet, four_card_rules
from crazy4.rules.ruleset import RuleSet, showdown_nets
from crazy4.spec.specification import Settlement
from crazy4.spec.table_bets import ante_bonus_wager, bad_beat_wager
from crazy4.spec.table_layout import category_cell_words
from crazy4.spec.threshold import ThresholdStrategy
from crazy4.spec.wager_nets import decision_nets
from crazy4.spec.wagers import Wager, WagerSettlement, side_bet_wager

#: The settlement of a Four Card Poker rule set.
FourCardSettlement = WagerSettlement[FourCardRuleSet]

#: The cells' shape: the dealer's hand category, the showdown result.
CELLS = (len(HandCategory), 3)

#: The hole-card cells (dealer lower, tie, higher): the showdown result alone, as the main
#: game's wagers do not depend on the dealer's category.
RESULT_CELLS = (np.zeros(3, dtype=np.int64), np.arange(3, dtype=np.int64))

#: The wagers of the main game (the Ante Bonus paid on the Ante).
MAIN_GAME = ("ante", "ante_bonus", "play")

#: The published simple strategy (S. Ko): fold below a pair of 3s, 1x to 9-9, 3x from 10-10
#: (the largest allowed multiple); its decision codes by strength are
#: ``simple_strategy(rules, strengths)`` (module docstring).
SIMPLE = ThresholdStrategy(play_minimum="pair of 3s", raise_minimum="pair of 10s")
simple_strategy = SIMPLE.decisions


@lru_cache(maxsize=32)  # one rule set is settled by many callers
def four_card_settlement(rules: FourCardRuleSet) -> FourCardSettlement:
    """Every wager of a ``four-card-poker`` rule set in its cells (module docstring), over the
    least common denominator of its pay tables."""
    showdown = np.broadcast_to(np.array(showdown_nets(rules.dealer.ties), dtype=np.int64), CELLS)
    notes = np.broadcast_to(np.array(["", f"ties = {rules.dealer.ties}", ""]), CELLS)
    return WagerSettlement(
        rules=rules,
        wagers=(
            Wager("ante", "the Ante", showdown, notes=notes),
            ante_bonus_wager(rules.four_card.ante_bonus, CELLS),
            Wager("play", "Play", showdown, by_multiple=True, on_fold="none", notes=notes),
            Wager("aces_up", "Aces Up", np.full(CELLS, -1, dtype=np.int64)),
            bad_beat_wager(rules.four_card.bad_beat, CELLS),
        ),
        side_name="aces_up",
        side_tables=tuple(side_bet_wager("aces_up", bet, CELLS) for bet in rules.side_bets),
        cell_words=category_cell_words(),
    )


@lru_cache(maxsize=32)  # one rule set is settled by many callers
def cell_settlement(rules: RuleSet) -> Settlement:
    """Ante + Play (+ Ante Bonus) per cell (dealer lower, tie, higher), by strength: what the
    specification engines price with.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> s = cell_settlement(load_rules("four-card-standard"))
    >>> s.nets[0, 0].tolist(), s.nets[0, 3].tolist(), s.wagers.tolist()
    ([-1, -1, -1], [4, 4, -4], [1, 2, 3, 4])
    """
    return decision_nets(four_card_settlement(four_card_rules(rules)), MAIN_GAME, RESULT_CELLS)
