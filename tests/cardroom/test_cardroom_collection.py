"""Collection schedules and card-room table limits: rule-file parsing and dollar arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crazy4.core.money import dollars, parse_money
from crazy4.errors import InputError
from crazy4.registry import load_rules, parse_rules
from crazy4.rules.cardroom import CardroomTable, CollectionBand

BASE = """
name = "test"
title = "test"
[dealer]
qualifier = "K high"
[play]
multiples = [1, 3]
raise_minimum = "pair of aces"
[super_bonus.pays]
straight = 1
"""

EDGES = (5, 19, 20, 21, 100)


def rules_with(cardroom: str) -> str:
    return BASE + "\n[cardroom]\n" + cardroom


def one_table(bands: str, ante_min: int = 5, ante_max: int = 100, extra: str = "") -> str:
    return rules_with(
        f"""
[[cardroom.tables]]
name = "t"
ante_min = {ante_min}
ante_max = {ante_max}
banker_collection = 2
{extra}
{bands}
"""
    )


def collections(text: str, antes: tuple[int, ...] = EDGES) -> list[Fraction]:
    table = parse_rules(text, "t.toml").cardroom_tables[0]
    return [table.collection(Fraction(a)) for a in antes]


def test_seed_five_to_twenty_schedule_at_band_edges() -> None:
    table = load_rules("crazy4-cardroom").cardroom_tables[0]
    assert table.name == "5-20" and table.banker_collection == 2
    for ante in (5, 19, 20):
        assert table.collection(Fraction(ante)) == Fraction(1, 2)  # every started $20
    for ante in (21, 100):
        with pytest.raises(InputError, match=r"outside the limits of table '5-20' \(\$5 to \$20\)"):
            table.collection(Fraction(ante))
    assert [int(a) for a in table.ante_sizes()] == list(range(5, 21))


def test_seed_ten_to_hundred_schedule_at_band_edges() -> None:
    table = load_rules("crazy4-cardroom").cardroom_tables[1]
    assert table.name == "10-100" and table.banker_collection == 2
    with pytest.raises(InputError, match="outside the limits"):
        table.collection(Fraction(5))
    for ante in (10, 19, 20, 21, 100):
        assert table.collection(Fraction(ante)) == 1
        assert table.collection(Fraction(ante), Fraction(10)) == 1  # flat: Queens Up is free


def test_per_amount_started_and_complete() -> None:
    band = """
[[cardroom.tables.collection]]
ante_from = 5
ante_to = 100
per_amount = 0.5
every = 20
rounding = "{}"
"""
    half = Fraction(1, 2)
    started = collections(one_table(band.format("started")))
    complete = collections(one_table(band.format("complete")))
    assert started == [half, half, half, 2 * half, 5 * half]
    assert complete == [0, 0, half, half, 5 * half]


def test_flat_bands_per_bet_and_gaps() -> None:
    bands = """
[[cardroom.tables.collection]]
ante_from = 5
ante_to = 19
flat = 0.25
per_bet = 0.25

[[cardroom.tables.collection]]
ante_from = 21
ante_to = 100
flat = 1
"""
    text = one_table(bands)
    # $5 and $19: $0.25 + $0.25 x (Ante, Super Bonus); $20 is in no band; $21, $100: $1
    assert collections(text) == [Fraction(3, 4), Fraction(3, 4), 0, 1, 1]
    table = parse_rules(text, "t.toml").cardroom_tables[0]
    assert table.collection(Fraction(5), Fraction(5)) == 1  # Queens Up is a third bet
    assert table.collection(Fraction(5), super_bonus=False) == Fraction(1, 2)


@pytest.mark.parametrize(
    ("bands", "message"),
    [
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nflat = 1\n"
            "[[cardroom.tables.collection]]\nante_from = 20\nante_to = 100\nflat = 2\n",
            r"t.toml \[cardroom\] \[\[tables\]\] #1: collection bands #1 \(Ante \$5 to \$20\) "
            r"and #2 \(Ante \$20 to \$100\) overlap",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 10\nante_to = 30\nflat = 1\n"
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 100\nflat = 2\n",
            "overlap",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 200\nflat = 1\n",
            r"band #1 \(Ante \$5 to \$200\) reaches outside the Ante limits",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 20\nante_to = 5\nflat = 1\n",
            r"ante_to \$5 is below ante_from \$20",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\n",
            "give at least one of 'flat', 'per_bet', 'per_amount'",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nper_amount = 1\n",
            "'per_amount' needs 'every'",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nper_amount = 1\n"
            'every = 20\nrounding = "nearest"\n',
            "key 'rounding' is 'nearest'; expected one of started, complete",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nflat = -1\n",
            r"\[\[collection\]\] #1: key 'flat': -1 is negative",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nflat = true\n",
            "key 'flat': True is not an amount in dollars",
        ),
        (
            "[[cardroom.tables.collection]]\nante_from = 5\nante_to = 20\nflat = 1\nfee = 2\n",
            r"\[\[collection\]\] #1: unknown key 'fee'",
        ),
    ],
)
def test_invalid_bands(bands: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_rules(one_table(bands), "t.toml")


@pytest.mark.parametrize(
    ("cardroom", "message"),
    [
        ('[[cardroom.tables]]\nname = "t"\nante_min = 5\nante_max = 20\n', "'banker_collection'"),
        (
            '[[cardroom.tables]]\nname = "t"\nante_min = 20\nante_max = 5\nbanker_collection = 2\n',
            r"ante_max \$5 is below ante_min \$20",
        ),
        (
            '[[cardroom.tables]]\nname = "t"\nante_min = 5\nante_max = 20\nante_step = 2\n'
            "banker_collection = 2\n",
            "not a whole number of ante_step",
        ),
        (
            '[[cardroom.tables]]\nname = "t"\nante_min = 0\nante_max = 20\nbanker_collection = 2\n',
            r"key 'ante_min': must be more than \$0",
        ),
        (
            '[[cardroom.tables]]\nname = "t"\nante_min = "five"\nante_max = 20\n'
            "banker_collection = 2\n",
            "'five' is not an amount in dollars",
        ),
        ("max_seats = 0\n", "key 'max_seats' is 0; expected 1 to 9"),
        ("max_seats = 10\n", "key 'max_seats' is 10; expected 1 to 9"),
        ("seats = 7\n", r"t.toml \[cardroom\]: unknown key 'seats'"),
        (
            '[[cardroom.tables]]\nname = "t"\nante_min = 5\nante_max = 20\nbanker_collection = 2\n'
            '[[cardroom.tables]]\nname = "t"\nante_min = 5\nante_max = 20\nbanker_collection = 2\n',
            "two \\[\\[cardroom.tables\\]\\] share a name",
        ),
    ],
)
def test_invalid_tables(cardroom: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_rules(rules_with(cardroom), "t.toml")


def test_ante_and_queens_up_limits() -> None:
    table = parse_rules(
        one_table("", ante_min=10, ante_max=100, extra="ante_step = 5\nqueens_up_max = 25"),
        "t.toml",
    ).cardroom_tables[0]
    assert table.collection(Fraction(15)) == 0  # no band: no collection
    with pytest.raises(InputError, match=r"Ante \$12 is not allowed at table 't'"):
        table.check_ante(Fraction(12))
    with pytest.raises(InputError, match=r"Queens Up \$30 is outside the limits"):
        table.check_queens_up(Fraction(30))
    table.check_queens_up(Fraction(0))  # no bet is always allowed
    assert len(table.ante_sizes()) == 19


def test_existing_rule_sets_keep_their_meaning() -> None:
    standard = load_rules("crazy4-standard")
    assert standard.cardroom_tables == () and not standard.blind_second_hand
    assert standard.max_seats == 7
    cardroom = load_rules("crazy4-cardroom")
    assert cardroom.blind_second_hand and cardroom.play.multiples == (1, 3)
    assert [t.name for t in cardroom.cardroom_tables] == ["5-20", "10-100"]


def test_money_text() -> None:
    assert parse_money("0.50", "x") == Fraction(1, 2)
    assert parse_money(0.1, "x") == Fraction(1, 10)
    with pytest.raises(InputError, match="--ante: must be more than"):
        parse_money("0", "--ante", positive=True)
    with pytest.raises(InputError, match="'1/0' is not an amount"):
        parse_money("1/0", "x")
    assert dollars(Fraction(-5, 2)) == "-$2.50"
    band = CollectionBand(Fraction(5), Fraction(20), flat=Fraction(1))
    table = CardroomTable(
        "x", Fraction(5), Fraction(20), Fraction(1), Fraction(5), Fraction(20), Fraction(2), (band,)
    )
    assert "Ante $5 to $20: $1 a hand" in "\n".join(table.describe())
