"""A published threshold strategy (play from one hand, raise from another) as data, its
thresholds hands of the best-four ranking: :class:`ThresholdStrategy`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from crazy4.core.cards import parse_cards
from crazy4.core.decisions import decisions_for_strategy
from crazy4.core.ranking import hand_strength, strength_of_description
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet

IntArray = npt.NDArray[np.int64]


def threshold_strength(text: str) -> int:
    """The strength a threshold names: four cards (``"Kc Qd 8h 4s"``) or a phrase of
    :func:`crazy4.core.ranking.strength_of_description` (``"pair of aces"``).

    Examples
    --------
    >>> threshold_strength("Kc Qd 8h 4s") == hand_strength(parse_cards("Ks Qh 8d 4c"))
    True
    >>> threshold_strength("pair of 3s") == strength_of_description("pair of 3s")
    True
    """
    try:
        return strength_of_description(text)
    except InputError:
        return hand_strength(parse_cards(text, count=4))


@dataclass(frozen=True)
class ThresholdStrategy:
    """A published threshold strategy: 1x from :attr:`play_minimum`, the largest allowed
    multiple from :attr:`raise_minimum` (never below the rules' own raise minimum), else fold.

    Attributes
    ----------
    play_minimum, raise_minimum : str
        Each four cards or a strength phrase (:func:`threshold_strength`).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> simple = ThresholdStrategy("Kc Qd 8h 4s", "pair of aces")
    >>> simple.decisions(load_rules("crazy4-standard"), np.array([0, 322, 2534])).tolist()
    [0, 0, 3]
    """

    play_minimum: str
    raise_minimum: str

    def decisions(self, rules: RuleSet, strengths: IntArray) -> IntArray:
        """The decision code of each strength."""
        return decisions_for_strategy(
            rules,
            strengths,
            play_minimum=threshold_strength(self.play_minimum),
            raise_minimum=max(
                threshold_strength(self.raise_minimum), rules.play.raise_minimum_strength
            ),
        )


def range_text(multiples: tuple[int, ...], play_from: str, play_to: str, raise_from: str) -> str:
    """A threshold strategy in words by ranges of hands, true for the allowed ``multiples``:
    fold below ``play_from``, 1x from it (to ``play_to``), the largest multiple from
    ``raise_from``.

    Examples
    --------
    >>> range_text((1, 2, 3), "3-3", "9-9", "10-10")
    'fold below 3-3, 1x 3-3 to 9-9, 3x 10-10 and up'
    >>> range_text((1,), "3-3", "9-9", "10-10")
    'fold below 3-3, 1x 3-3 and up'
    """
    most = max(multiples)
    played = (
        f"1x {play_from} to {play_to}, {most}x {raise_from} and up"
        if most > 1
        else f"1x {play_from} and up"
    )
    return f"fold below {play_from}, {played}"
