"""Property tests of the card grammar and the mapping parser: any hand in any spelling the
grammar declares reads back as its cards; a character that is no rank, suit or separator
makes the cell unreadable naming it; and any mapping text is a mapping or one InputError line.

The spellings and the expected cards are built here from the test's own tables.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.errors import InputError
from crazy4.log.grammar import CardGrammar, read_text_cells
from crazy4.log.mappingfile import parse_mapping

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_SPELLINGS = {
    **{r: [r] for r in "23456789"},
    "T": ["T", "t", "10"],
    "J": ["J", "j", "11"],
    "Q": ["Q", "q", "12"],
    "K": ["K", "k", "13"],
    "A": ["A", "a", "1", "14"],
}
SUIT_SPELLINGS = {
    "c": ["c", "C", "club", "CLUBS", "Club", "♣", "♧"],
    "d": ["d", "D", "diamond", "DIAMONDS", "Diamond", "♦", "♢"],
    "h": ["h", "H", "heart", "HEARTS", "Heart", "♥", "♡"],
    "s": ["s", "S", "spade", "SPADES", "Spade", "♠", "♤"],
}
SEPARATOR = st.sampled_from(["", " ", ", ", ";", " | ", "-", "/", "' '", "\t"])
JUNK = "xyzgfvw@#!?%"

hands = st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True)


@st.composite
def spelled_hands(draw: st.DrawFn) -> tuple[list[int], str, str]:
    """A hand, its spelling and the declared order."""
    hand = draw(hands)
    order = draw(st.sampled_from(["rank-suit", "suit-rank"]))
    between = draw(SEPARATOR)
    words = []
    for card in hand:
        rank = draw(st.sampled_from(RANK_SPELLINGS[RANKS[card // 4]]))
        suit = draw(st.sampled_from(SUIT_SPELLINGS[SUITS[card % 4]]))
        inside = draw(st.sampled_from(["", " ", "-"]))
        words.append(rank + inside + suit if order == "rank-suit" else suit + inside + rank)
    text = between.join(words)
    if draw(st.booleans()):
        text = "[" + text + "]"
    return hand, text, order


@given(spelled_hands())
@settings(max_examples=300, deadline=None)
def test_any_declared_spelling_reads_back_its_cards(case: tuple[list[int], str, str]) -> None:
    hand, text, order = case
    expected = [RANKS[card // 4] + SUITS[card % 4] for card in hand]
    assert CardGrammar(order=order).cards(text) == expected, text


@given(spelled_hands(), st.sampled_from(JUNK), st.data())
@settings(max_examples=300, deadline=None)
def test_a_stray_character_is_named_never_skipped(
    case: tuple[list[int], str, str], junk: str, data: st.DataObject
) -> None:
    _, text, order = case
    at = data.draw(st.integers(0, len(text)))
    cell = text[:at] + junk + text[at:]
    with pytest.raises(ValueError, match="is no rank or suit") as error:
        CardGrammar(order=order).cards(cell)
    token = str(error.value).split("'")[1]
    assert junk in token and token in cell


@given(spelled_hands())
@settings(max_examples=150, deadline=None)
def test_the_other_order_never_reads_a_hand_silently(case: tuple[list[int], str, str]) -> None:
    _, text, order = case
    other = "suit-rank" if order == "rank-suit" else "rank-suit"
    with pytest.raises(ValueError, match="expected"):
        CardGrammar(order=other).cards(text)


KEYS = [
    "rule_set",
    "strategy",
    "side_bet",
    "round_ids",
    "drop",
    "columns",
    "cards",
    "decisions",
    "wagers",
    "amounts",
    "rules",
    "colour",
]
SUBKEYS = ["notation", "order", "encoding", "ranks", "suits", "symbols", "unit", "decision"]
SUBKEYS += ["ante", "player", "P", "fold", "ante_bonus", "x"]
scalars = st.one_of(
    st.text(max_size=12),
    st.integers(-5, 60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.lists(st.text(max_size=4), max_size=3),
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float):
        return repr(value) if "e" not in repr(value) or "." in repr(value) else f"{value:.6f}"
    return str(value)


@given(
    st.dictionaries(
        st.sampled_from(KEYS),
        st.one_of(scalars, st.dictionaries(st.sampled_from(SUBKEYS), scalars, max_size=4)),
        max_size=5,
    )
)
@settings(max_examples=300, deadline=None)
def test_any_mapping_text_is_a_mapping_or_one_line_naming_it(data: dict[str, object]) -> None:
    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            inner = ", ".join(f'"{k}" = {toml_value(v)}' for k, v in value.items())
            lines.append(f"{key} = {{{inner}}}")
        else:
            lines.append(f"{key} = {toml_value(value)}")
    try:
        parse_mapping("\n".join(lines), "m.toml")
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith(("m.toml", "'m.toml'"))


@given(st.lists(st.tuples(spelled_hands(), st.sampled_from(["", *JUNK])), max_size=12))
@settings(max_examples=150, deadline=None)
def test_a_column_reads_as_its_cells_do_one_by_one(
    cases: list[tuple[tuple[list[int], str, str], str]],
) -> None:
    """The column reader's compiled shortcut (canonical cells taken as they are) gives each
    cell's cards, and refuses each cell the grammar refuses."""
    cells = [text + junk for (_, text, _), junk in cases]
    column = pa.array(cells, pa.string())
    read = read_text_cells(column, CardGrammar()).to_pylist()
    for ((hand, _, order), junk), got in zip(cases, read, strict=True):
        if junk or order == "suit-rank":
            assert got is not None and got.startswith("\x1f")
            continue
        assert got is not None and not got.startswith("\x1f")
        expected = {RANKS[card // 4] + SUITS[card % 4] for card in hand}
        cards = {card[0].upper() + card[1].lower() for card in got.split()}
        assert cards == expected and len(got.split()) == len(hand), (got, hand)
