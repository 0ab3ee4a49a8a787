"""Property tests of the log mapping: any integer encoding declared reads back the cards, any
suit-symbol or suit-first spelling reads as the letters, and any bad mapping value is one
InputError naming its key. The expected cards are built by the test from the declared orders.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.core.cards import parse_cards
from crazy4.errors import InputError
from crazy4.log.grammar import CardGrammar, IntegerCodes
from crazy4.log.mapping import LogMapping
from crazy4.log.mappingfile import read_mapping

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

hands = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@given(
    hand=hands,
    ranks=st.permutations(RANKS),
    suits=st.permutations(SUITS),
    encoding=st.sampled_from(["rank*4+suit", "suit*13+rank"]),
    as_list=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_integer_cards_in_any_declared_encoding(
    hand: list[int], ranks: list[str], suits: list[str], encoding: str, as_list: bool
) -> None:
    rank_order, suit_order = "".join(ranks), "".join(suits)
    codes = []
    for card in hand:
        rank, suit = rank_order.index(RANKS[card // 4]), suit_order.index(SUITS[card % 4])
        codes.append(rank * 4 + suit if encoding == "rank*4+suit" else suit * 13 + rank)
    cell: object = codes if as_list else ",".join(map(str, codes))
    column = pa.array([cell])
    codes = IntegerCodes(encoding=encoding, ranks=rank_order, suits=suit_order)
    mapping = LogMapping(notation="integers", codes=codes)
    text = mapping.translate(pa.table({"player": column})).column("player")[0].as_py()
    assert sorted(parse_cards(text)) == sorted(hand)


@given(hand=hands, suit_first=st.booleans(), symbols=st.booleans(), ten=st.booleans())
@settings(max_examples=80, deadline=None)
def test_text_cards_with_symbols_or_suit_first(
    hand: list[int], suit_first: bool, symbols: bool, ten: bool
) -> None:
    words = []
    for card in hand:
        rank, suit = RANKS[card // 4], SUITS[card % 4]
        rank = "10" if ten and rank == "T" else rank
        suit = SYMBOLS[suit] if symbols else suit
        words.append(suit + rank if suit_first else rank + suit)
    mapping = LogMapping(grammar=CardGrammar(order="suit-rank" if suit_first else "rank-suit"))
    text = mapping.translate(pa.table({"dealer": [" ".join(words)]})).column("dealer")[0].as_py()
    assert sorted(parse_cards(text)) == sorted(hand)


keys = st.sampled_from(["notation", "order", "encoding"])


@given(key=keys, value=st.text(min_size=1, max_size=12).filter(lambda v: '"' not in v))
@settings(max_examples=40, deadline=None)
def test_a_bad_card_setting_names_its_key(tmp_path_factory, key: str, value: str) -> None:  # type: ignore[no-untyped-def]
    allowed = {"text", "integers", "rank-suit", "suit-rank", "rank*4+suit", "suit*13+rank"}
    # control characters (below 32, and DEL) make the file itself invalid TOML: another test
    if value in allowed or "\\" in value or any(ord(c) < 32 or ord(c) == 127 for c in value):
        return
    path = Path(tmp_path_factory.mktemp("m")) / "m.toml"
    path.write_text(f'[cards]\n{key} = "{value}"\n', encoding="utf-8")
    try:
        read_mapping(path)
    except InputError as error:
        assert key in str(error) and "\n" not in str(error)
    else:
        raise AssertionError("accepted")
