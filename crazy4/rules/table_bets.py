"""Bets on a pay table that several games deal, as a rule set holds them: the Ante Bonus and the
Bad Beat Bonus (Four Card Poker's ``[ante_bonus]`` and ``[bad_beat]``), knowing no game.

Examples
--------
>>> table = PayTable.from_mapping("bb", {"four_of_a_kind": 500})
>>> BadBeat(table, keyed_on="player", fold_forfeits=True, illustrative=False).keyed_on
'player'
"""

from __future__ import annotations

from dataclasses import dataclass

from crazy4.core.paytables import PayTable
from crazy4.core.ranking import category_thresholds
from crazy4.errors import InputError

#: What a Bad Beat table may be keyed on: the losing player's hand or the dealer's winning one.
BAD_BEAT_KEYS = ("player", "dealer")


@dataclass(frozen=True)
class AnteBonus:
    """Bonus paid on the Ante for strong player hands, whatever the dealer holds.

    Attributes
    ----------
    table : PayTable
    paid_only_with_play : bool
        True: a folded hand gets no bonus (it never matters under optimal play: no paying hand
        folds).
    """

    table: PayTable
    paid_only_with_play: bool


@dataclass(frozen=True)
class BadBeat:
    """A bet paid when the player's hand loses to the dealer's.

    Attributes
    ----------
    table : PayTable
        Keyed on the losing player's hand (``keyed_on = "player"``) or the dealer's winning
        hand (``"dealer"``, whole categories only). Any other outcome loses the bet.
    keyed_on : str
    fold_forfeits : bool
        True: a folded hand loses the bet (it did not lose a showdown).
    illustrative : bool
        True when the table is not a published one.
    """

    table: PayTable
    keyed_on: str
    fold_forfeits: bool
    illustrative: bool


def check_keyed_on(keyed_on: str, table: PayTable, where: str) -> None:
    """Refuse a Bad Beat table keyed on the dealer's winning hand (``keyed_on = "dealer"``) that
    pays part of a category: such a table pays whole categories only.

    Raises
    ------
    InputError
        Naming ``where`` (the file and the section) and the line.

    Examples
    --------
    >>> from crazy4.registry import parse_rules
    >>> text = '''name = "x"
    ... title = "x"
    ... game = "four-card-poker"
    ... [dealer]
    ... cards = 6
    ... up_cards = 1
    ... ties = "player"
    ... [play]
    ... multiples = [1, 3]
    ... [bad_beat]
    ... keyed_on = "dealer"
    ... [bad_beat.pays]
    ... pair_of_aces = 5
    ... '''
    >>> parse_rules(text, "x.toml")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [bad_beat]: keyed_on = "dealer" pays whole categories only; \
'pair of aces' is part of one
    """
    if keyed_on != "dealer":
        return
    starts = category_thresholds()
    for entry in table.entries:
        if entry.minimum_strength != int(starts[entry.category]):
            raise InputError(
                f'{where}: keyed_on = "dealer" pays whole categories only; '
                f"{entry.label!r} is part of one"
            )
