"""The ``[cardroom]`` section of a Crazy 4 Poker rule file: the blind second hand and the tables.

Format (every key is checked; an unknown key is an error)::

    [cardroom]                             # optional
    blind_second_hand = true               # a second hand must play blind, 3x (2x returned
                                           # below the raise minimum)
    max_seats = 7                          # player hands (betting spots) at a table, 1 to 9

    [[cardroom.tables]]                    # any number of tables (crazy4.rules.collection)
    name = "5-20"
    ante_min = 5                           # dollars: 5, "0.50", "1/2" or 0.5
    ante_max = 20
    ante_step = 1                          # Antes allowed: 5, 6, ..., 20 (default 1); at
                                           # most 1,000 sizes (MAX_ANTE_SIZES)
    queens_up_min = 5                      # defaults: the Ante limits; every limit at most
    queens_up_max = 20                     # $1,000,000,000 (MAX_LIMIT)
    banker_collection = 2                  # from the player/dealer, every round
    note = "..."                           # how the room's wording was read

    [[cardroom.tables.collection]]         # from each player hand, by band of Ante sizes
    ante_from = 5                          # both ends included; bands may not overlap
    ante_to = 20
    flat = 0                               # $ a hand
    per_bet = 0                            # $ for each bet placed before the deal
    per_amount = 0.5                       # $ for every `every` dollars of Ante,
    every = 20                             # counted by `rounding`:
    rounding = "started"                   # "started" (ceil) or "complete" (floor)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crazy4.core.money import dollars
from crazy4.errors import InputError
from crazy4.rules.collection import ROUNDINGS, CardroomTable, CollectionBand
from crazy4.rules.sections import Section

#: Player hands a table can seat: five cards each plus the dealer's five from 52 cards.
MOST_SEATS_POSSIBLE = 9
#: The most Ante sizes a table may offer: ``crazy4 analyze`` prices every one of them
#: (``cardroom_cost``), so a table of millions of sizes could not finish.
MAX_ANTE_SIZES = 1000
#: The largest Ante or Queens Up limit of a table, in dollars.
MAX_LIMIT = Fraction(10**9)


@dataclass(frozen=True)
class CardroomRules:
    """The card room's house rules: the blind second hand, the seats, the tables offered."""

    blind_second_hand: bool = False
    max_seats: int = 7
    tables: tuple[CardroomTable, ...] = ()


def read_cardroom(top: Section) -> CardroomRules:
    """Read the optional ``[cardroom]`` section (defaults when it is absent)."""
    section = top.section("cardroom", required=False)
    if section is None:
        return CardroomRules()
    blind_second_hand = section.boolean("blind_second_hand", False)
    max_seats = section.integer("max_seats", 7, 1, MOST_SEATS_POSSIBLE)
    tables = [cardroom_table(table) for table in section.sections("tables")]
    section.finish()
    names = [table.name for table in tables]
    if len(set(names)) != len(names):
        raise InputError(f"{top.where}: two [[cardroom.tables]] share a name")
    return CardroomRules(blind_second_hand, max_seats, tuple(tables))


def collection_band(section: Section) -> CollectionBand:
    """One ``[[cardroom.tables.collection]]`` band."""
    ante_from = section.money("ante_from", positive=True)
    ante_to = section.money("ante_to", positive=True)
    if ante_to < ante_from:
        raise InputError(
            f"{section.where}: ante_to {dollars(ante_to)} is below ante_from {dollars(ante_from)}"
        )
    charges = [key for key in ("flat", "per_bet", "per_amount") if section.has(key)]
    if not charges:
        raise InputError(f"{section.where}: give at least one of 'flat', 'per_bet', 'per_amount'")
    flat = section.money("flat", Fraction(0))
    per_bet = section.money("per_bet", Fraction(0))
    per_amount = section.money("per_amount", Fraction(0))
    every: Fraction | None = None
    rounding = "started"
    if section.has("per_amount"):
        if not section.has("every") or not section.has("rounding"):
            raise InputError(
                f"{section.where}: 'per_amount' needs 'every' (dollars of Ante) and 'rounding' "
                f"({' or '.join(repr(r) for r in ROUNDINGS)})"
            )
        every = section.money("every", positive=True)
        rounding = section.choice("rounding", ROUNDINGS, "started")
    elif section.has("every") or section.has("rounding"):
        raise InputError(f"{section.where}: 'every' and 'rounding' go with 'per_amount'")
    section.finish()
    return CollectionBand(ante_from, ante_to, flat, per_bet, per_amount, every, rounding)


def _check_limit(section: Section, key: str, amount: Fraction) -> None:
    if amount > MAX_LIMIT:
        raise InputError(
            f"{section.where}: {key} is more than {dollars(MAX_LIMIT)}, the largest limit a "
            "table may have"
        )


def cardroom_table(section: Section) -> CardroomTable:
    """One ``[[cardroom.tables]]`` table with its collection bands."""
    name = section.string("name")
    ante_min = section.money("ante_min", positive=True)
    ante_max = section.money("ante_max", positive=True)
    ante_step = section.money("ante_step", Fraction(1), positive=True)
    if ante_max < ante_min:
        raise InputError(
            f"{section.where}: ante_max {dollars(ante_max)} is below ante_min {dollars(ante_min)}"
        )
    _check_limit(section, "ante_max", ante_max)
    steps = (ante_max - ante_min) / ante_step
    if steps.denominator != 1:
        raise InputError(
            f"{section.where}: ante_max - ante_min ({dollars(ante_max - ante_min)}) is not a "
            f"whole number of ante_step ({dollars(ante_step)})"
        )
    if steps + 1 > MAX_ANTE_SIZES:
        raise InputError(
            f"{section.where}: {dollars(ante_min)} to {dollars(ante_max)} in steps of "
            f"{dollars(ante_step)} is {int(steps) + 1:,} Ante sizes; a table may offer at most "
            f"{MAX_ANTE_SIZES:,} (the analysis prices every one): raise ante_step"
        )
    queens_up_min = section.money("queens_up_min", ante_min, positive=True)
    queens_up_max = section.money("queens_up_max", ante_max, positive=True)
    if queens_up_max < queens_up_min:
        raise InputError(f"{section.where}: queens_up_max is below queens_up_min")
    _check_limit(section, "queens_up_max", queens_up_max)
    banker_collection = section.money("banker_collection")
    note = section.string("note", "")
    bands = [collection_band(band) for band in section.sections("collection")]
    for number, band in enumerate(bands, start=1):
        if band.ante_from < ante_min or band.ante_to > ante_max:
            raise InputError(
                f"{section.where}: collection band #{number} (Ante {dollars(band.ante_from)} to "
                f"{dollars(band.ante_to)}) reaches outside the Ante limits "
                f"({dollars(ante_min)} to {dollars(ante_max)})"
            )
        for other_number, other in enumerate(bands[: number - 1], start=1):
            if band.ante_from <= other.ante_to and other.ante_from <= band.ante_to:
                raise InputError(
                    f"{section.where}: collection bands #{other_number} (Ante "
                    f"{dollars(other.ante_from)} to {dollars(other.ante_to)}) and #{number} "
                    f"(Ante {dollars(band.ante_from)} to {dollars(band.ante_to)}) overlap"
                )
    section.finish()
    return CardroomTable(
        name=name,
        ante_min=ante_min,
        ante_max=ante_max,
        ante_step=ante_step,
        queens_up_min=queens_up_min,
        queens_up_max=queens_up_max,
        banker_collection=banker_collection,
        bands=tuple(bands),
        note=note,
    )
