"""What a side bet scores, as a rule file says it: the cards and the ranking its table reads.

A side bet (Pair Plus, a declared game's ``[[side_bet]]``) is settled whatever the player
decides, on a pay table by hand category. Two keys say which hand that is::

    scores = "player_and_dealer"      # "player" (the default): the player's own cards;
                                      # "player_and_dealer": all of the player's and the
                                      # dealer's cards together (their best hand)
    ranking = "five_card"             # the ranking the pay table is read on (default: the
                                      # game's): "three_card", "best_four" or "five_card"

A bet on cards the deal does not give, or read on a ranking that cannot rank that many cards,
is refused in one line when the rule file is read (:func:`scores_mismatch`).

Examples
--------
>>> scored_cards("player_and_dealer", 3, 3)
6
>>> scores_mismatch("player_and_dealer", "five_card", 3, 3) is None
True
>>> scores_mismatch("player", "five_card", 3, 3)
"ranking 'five_card' ranks hands of 5, 6 or 7 cards; the bet scores the player's 3 cards"
"""

from __future__ import annotations

from crazy4.core.rankings import hand_sizes, ranking_named
from crazy4.errors import InputError
from crazy4.rules.sections import Section

#: The cards a side bet may score (module docstring).
SIDE_BET_SCORES = ("player", "player_and_dealer")

#: How each choice of :data:`SIDE_BET_SCORES` is said in a message and a report line.
SCORES_WORDS = {
    "player": "the player's {cards} cards",
    "player_and_dealer": "the {cards} cards of the player and the dealer together",
}


def scored_cards(scores: str, player_cards: int, dealer_cards: int) -> int:
    """How many cards a bet scoring ``scores`` reads in a deal of ``player_cards`` to the
    player and ``dealer_cards`` to the dealer."""
    if scores == "player":
        return player_cards
    if scores == "player_and_dealer":
        return player_cards + dealer_cards
    raise ValueError(f"unknown side-bet scores {scores!r}")


def scores_mismatch(scores: str, ranking: str, player_cards: int, dealer_cards: int) -> str | None:
    """Why a bet scoring ``scores`` on ``ranking`` cannot be settled in the deal (None: it can).

    Examples
    --------
    >>> scores_mismatch("player_and_dealer", "five_card", 5, 5)
    "ranking 'five_card' ranks hands of 5, 6 or 7 cards; the bet scores the 10 cards of the \
player and the dealer together"
    >>> scores_mismatch("player_and_dealer", "three_card", 30, 30)
    'the bet scores 60 cards; one deck holds 52'
    """
    cards = scored_cards(scores, player_cards, dealer_cards)
    if cards > 52:
        return f"the bet scores {cards} cards; one deck holds 52"
    sizes = hand_sizes(ranking)
    if cards in sizes:
        return None
    said = ", ".join(str(size) for size in sizes[:-1])
    said = f"{said} or {sizes[-1]}" if said else str(sizes[-1])
    return f"ranking {ranking!r} ranks hands of {said} cards; the bet scores " + SCORES_WORDS[
        scores
    ].format(cards=cards)


def read_side_bet_scores(
    section: Section,
    player_cards: int,
    dealer_cards: int,
    ranking: str,
    scores: str = "player",
) -> tuple[str, str]:
    """The ``scores`` and ``ranking`` keys of a side bet's section (module docstring), checked
    against the deal; ``ranking`` and ``scores`` are the defaults.

    Raises
    ------
    InputError
        One line naming the section and the key: an unknown value, or a bet the deal cannot
        settle.

    Examples
    --------
    >>> section = Section({"scores": "player_and_dealer"}, "x.toml [[side_bet]] #1")
    >>> read_side_bet_scores(section, 3, 3, "five_card")
    ('player_and_dealer', 'five_card')
    >>> read_side_bet_scores(Section({"ranking": "five_card"}, "x.toml [[side_bet]] #1"), 3, 3,
    ...                      "three_card")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: x.toml [[side_bet]] #1: key 'ranking': ranking 'five_card' ranks \
hands of 5, 6 or 7 cards; the bet scores the player's 3 cards
    """
    chosen = section.choice("scores", SIDE_BET_SCORES, scores)
    name = section.string("ranking", ranking)
    try:
        ranking_named(name)
    except InputError as error:
        raise InputError(f"{section.where}: key 'ranking': {error}") from None
    problem = scores_mismatch(chosen, name, player_cards, dealer_cards)
    if problem is not None:
        key = "ranking" if section.has("ranking") else "scores"
        raise InputError(f"{section.where}: key {key!r}: {problem}")
    return chosen, name
