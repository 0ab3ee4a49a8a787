"""Reading a rule file's ``[progressive]`` section (any game may carry it).

::

    [progressive]
    illustrative = true            # optional: the amounts are not from a named source
    scoring = "five_cards"         # "five_cards" (default) or "best_four" (rules.progressive_bet)
    wager = 5                      # dollars per bet
    reset = 10000                  # the meter after it is won, dollars (not negative)
    contribution = "15%"           # share of every wager added to the meter: 0 to 100%
    seats = 7                      # optional: seats at the table (default 7)
    meters = [25000, 50000]        # optional: meter values to tabulate, dollars

    [progressive.pays]             # hand = dollars, or a table of a meter share and dollars
    royal_flush = { meter = "100%" }
    straight_flush = { meter = 0.1 }
    four_of_a_kind = 500
    full_house = { fixed = 100 }

    [[progressive.envy]]           # any number: paid when ANOTHER seat holds the hand
    hand = "royal_flush"
    pays = 5000

Shares: :func:`parse_share`; amounts: :func:`parse_amount`. Hands are category names of the
scoring's ranking; a hand that ranking cannot make is an error.
"""

from __future__ import annotations

from fractions import Fraction
from math import isfinite

from crazy4.core.money import parse_money
from crazy4.errors import InputError
from crazy4.rules.progressive_bet import (
    SCORINGS,
    EnvyLine,
    ProgressiveBet,
    ProgressiveLine,
    scoring_categories,
    scoring_mismatch,
)
from crazy4.rules.sections import Section

#: The longest share text read.
_MAX_TEXT = 40
#: The largest amount (dollars) and the largest denominator of an amount or a share: every
#: figure then stays far inside the float range and the settlement's int64 numerators.
MAX_AMOUNT = 10**12
MAX_DENOMINATOR = 10**12


def parse_amount(value: object, where: str, *, positive: bool = False) -> Fraction:
    """A dollar amount (:func:`crazy4.core.money.parse_money`) of at most $10^12, to within
    1/10^12.

    Examples
    --------
    >>> parse_amount("2.50", "x")
    Fraction(5, 2)
    >>> parse_amount(1e13, "my.toml [progressive]: key 'reset'")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml [progressive]: key 'reset': 10000000000000.0 is above $10^12
    """
    amount = parse_money(value, where, positive=positive)
    if amount > MAX_AMOUNT:
        raise InputError(f"{where}: {value!r} is above $10^12")
    if amount.denominator > MAX_DENOMINATOR:
        raise InputError(f"{where}: {value!r} is finer than $1/10^12")
    return amount


def parse_share(value: object, where: str) -> Fraction:
    """A share from 0 to 1 (``0.1``, ``"10%"``, ``"1/10"``), exactly.

    Raises
    ------
    InputError
        For anything that is not a number from 0 to 100%.

    Examples
    --------
    >>> parse_share("10%", "x"), parse_share(0.1, "x"), parse_share(1, "x")
    (Fraction(1, 10), Fraction(1, 10), Fraction(1, 1))
    >>> parse_share("150%", "my.toml [progressive]: key 'meter'")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml [progressive]: key 'meter': share '150%' is over 100%
    """
    bad = InputError(f"{where}: {value!r} is not a share (a number from 0 to 1, or '10%')")
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise bad
    if isinstance(value, float) and not isfinite(value):
        raise bad
    text = repr(value) if isinstance(value, float) else str(value)
    text = text.strip()
    if len(text) > _MAX_TEXT:
        raise bad
    scale = Fraction(1, 100) if text.endswith("%") else Fraction(1)
    try:
        share = Fraction(text.removesuffix("%").strip()) * scale
    except (ValueError, ZeroDivisionError):
        raise bad from None
    if share < 0:
        raise InputError(f"{where}: share {value!r} is negative")
    if share > 1:
        raise InputError(f"{where}: share {value!r} is over 100%")
    if share.denominator > MAX_DENOMINATOR:
        raise InputError(f"{where}: share {value!r} is finer than 1/10^12")
    return share


def _category(text: object, scoring: str, where: str) -> tuple[str, int]:
    categories = scoring_categories(scoring)
    key = str(text).strip().upper().replace(" ", "_").replace("-", "_")
    if key not in categories.__members__:
        names = ", ".join(member.name.lower() for member in reversed(list(categories)))
        raise InputError(
            f"{where}: hand {text!r} cannot be made when the player's cards are scored "
            f"{scoring!r}; expected one of: {names}"
        )
    member = categories[key]
    return member.name.lower().replace("_", " "), int(member)


def _lines(section: Section, scoring: str) -> tuple[ProgressiveLine, ...]:
    pays = section.raw("pays")
    where = f"{section.where} pays"
    if not isinstance(pays, dict) or not pays:
        raise InputError(f"{section.where}: 'pays' must be a table of hand = payout")
    lines = []
    for hand, value in pays.items():
        label, category = _category(hand, scoring, where)
        at = f"{where}: key {hand!r}"
        if isinstance(value, dict):
            line = Section(value, f"{where} [{hand}]")
            share = line.raw("meter", required=False)
            meter = parse_share(share, f"{line.where}: key 'meter'") if share is not None else 0
            given = line.raw("fixed", required=False)
            fixed = (
                Fraction(0) if given is None else parse_amount(given, f"{line.where}: key 'fixed'")
            )
            line.finish()
        else:
            meter, fixed = Fraction(0), parse_amount(value, at)
        if meter == 0 and fixed == 0:
            raise InputError(f"{at}: pays nothing (give a meter share or a fixed amount)")
        lines.append(ProgressiveLine(label, category, Fraction(meter), fixed))
    if len({line.category for line in lines}) != len(lines):
        raise InputError(f"{where}: two lines name the same hand")
    return tuple(sorted(lines, key=lambda line: -line.category))


def _envy(section: Section, scoring: str) -> tuple[EnvyLine, ...]:
    envy = []
    for line in section.sections("envy"):
        label, category = _category(line.string("hand"), scoring, f"{line.where}: key 'hand'")
        amount = parse_amount(line.raw("pays"), f"{line.where}: key 'pays'", positive=True)
        line.finish()
        envy.append(EnvyLine(label, category, amount))
    if len({line.category for line in envy}) != len(envy):
        raise InputError(f"{section.where}: two [[envy]] lines name the same hand")
    return tuple(sorted(envy, key=lambda line: -line.category))


def _meters(section: Section) -> tuple[Fraction, ...]:
    values = section.raw("meters", required=False) or []
    if not isinstance(values, list):
        raise InputError(f"{section.where}: 'meters' must be a list of dollar amounts")
    return tuple(parse_amount(v, f"{section.where}: key 'meters'") for v in values)


def read_progressive(top: Section, player_cards: int) -> ProgressiveBet | None:
    """The rule file's (``top``'s) ``[progressive]`` section, None when it has none; its
    ``scoring`` must read the ``player_cards`` the game deals the player.

    Raises
    ------
    InputError
        Naming the file, the section and the key.

    Examples
    --------
    >>> top = Section({"progressive": {"wager": 1, "reset": -5}}, "my.toml")
    >>> read_progressive(top, player_cards=5)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml [progressive]: key 'reset': -5 is negative; expected an \
amount in dollars
    >>> bet = {"wager": 1, "reset": 5, "contribution": "10%"}
    >>> top = Section({"progressive": bet}, "my.toml")
    >>> read_progressive(top, player_cards=3)
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: my.toml [progressive]: key 'scoring': 'five_cards' scores the \
player's 5 dealt cards; this game deals the player 3
    """
    section = top.section("progressive", required=False)
    if section is None:
        return None
    wager = parse_amount(section.raw("wager"), f"{section.where}: key 'wager'", positive=True)
    reset = parse_amount(section.raw("reset"), f"{section.where}: key 'reset'")
    contribution = parse_share(section.raw("contribution"), f"{section.where}: key 'contribution'")
    scoring = section.choice("scoring", SCORINGS, "five_cards")
    mismatch = scoring_mismatch(scoring, player_cards)
    if mismatch is not None:
        raise InputError(f"{section.where}: key 'scoring': {mismatch}")
    bet = ProgressiveBet(
        wager=wager,
        reset=reset,
        contribution=contribution,
        scoring=scoring,
        lines=_lines(section, scoring),
        envy=_envy(section, scoring),
        seats=section.integer("seats", 7, 1, 20),
        meters=_meters(section),
        illustrative=section.boolean("illustrative", False),
    )
    section.finish()
    return bet
