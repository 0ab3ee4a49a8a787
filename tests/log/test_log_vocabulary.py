"""Any card vocabulary: long suit words (clover for clubs) in any case, ranks numbered 1-13 with
the ace 1 or 2-14, objects' text (``Card(suit='♣', rank='Q', value=12)``), a mapping's own
symbols of any length and case, and the log's own words learnt from its cells.

Every spelling and every expected card is built here from the test's own tables; nothing of
crazy4's spells a hand for these tests.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crazy4.errors import InputError
from crazy4.log.grammar import CardGrammar
from crazy4.log.mappingfile import parse_mapping
from crazy4.log.vocabulary import Learnt, learn

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Each suit's words (singular and plural); the test spells them in random case.
SUIT_WORDS = {
    "c": ["club", "clubs", "clover", "clovers", "♣"],
    "d": ["diamond", "diamonds", "♦"],
    "h": ["heart", "hearts", "♥"],
    "s": ["spade", "spades", "♠"],
}
#: Each rank as numbered from 1 (the ace 1) and from 2 (the ace 14), and as letters.
RANK_NUMBERS = {rank: [str(i + 2), rank] for i, rank in enumerate(RANKS)}
RANK_NUMBERS["A"] += ["1"]
RANK_NUMBERS["T"] += ["10"]

hands = st.lists(st.integers(0, 51), min_size=1, max_size=7, unique=True)


def expected(hand: list[int]) -> list[str]:
    return [RANKS[card // 4] + SUITS[card % 4] for card in hand]


def cased(draw: st.DrawFn, word: str) -> str:
    """``word`` in a random mix of upper and lower case."""
    flips = draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    return "".join(c.upper() if up else c.lower() for c, up in zip(word, flips, strict=True))


@st.composite
def worded_hands(draw: st.DrawFn) -> tuple[list[int], str]:
    """A hand spelled suit word first, then its rank as a number or letter (any case)."""
    hand = draw(hands)
    words = []
    for card in hand:
        suit = cased(draw, draw(st.sampled_from(SUIT_WORDS[SUITS[card % 4]])))
        rank = draw(st.sampled_from(RANK_NUMBERS[RANKS[card // 4]]))
        words.append(f"{suit} {rank}")
    return hand, draw(st.sampled_from([" ", ", ", " | "])).join(words)


@given(worded_hands())
@settings(max_examples=300, deadline=None)
def test_suit_words_of_any_case_and_numbered_ranks_read(spelled: tuple[list[int], str]) -> None:
    hand, text = spelled
    assert CardGrammar(order="suit-rank").cards(text) == expected(hand)


def test_the_issue_cell_reads() -> None:
    text = "CLOVER 12 SPADE 8 DIAMOND 1 SPADE 10 DIAMOND 6"
    assert CardGrammar(order="suit-rank").text(text) == "Qc 8s Ad Ts 6d"


@st.composite
def object_hands(draw: st.DrawFn) -> tuple[list[int], str]:
    """A hand as a list of objects' text: class or dict form, keys in any order, quoted or
    not, a redundant ``value`` key beside the rank (or the rank given as ``value`` alone)."""
    hand = draw(hands)
    dict_form = draw(st.booleans())
    objects = []
    for card in hand:
        rank = draw(st.sampled_from(RANK_NUMBERS[RANKS[card // 4]]))
        suit = draw(st.sampled_from(SUIT_WORDS[SUITS[card % 4]] + [SUITS[card % 4].upper()]))
        only_value = draw(st.booleans())
        if dict_form:
            pairs = [f'"suit": "{suit}"', f'"{"value" if only_value else "rank"}": "{rank}"']
            pairs = draw(st.permutations(pairs))
            objects.append("{" + ", ".join(pairs) + "}")
        else:
            pairs = [f"suit='{suit}'", f"rank='{rank}'", f"value={card // 4 + 2}"]
            if only_value:
                pairs = [f"suit='{suit}'", f"value={rank}"]
            pairs = draw(st.permutations(pairs))
            objects.append("Card(" + ", ".join(pairs) + ")")
    return hand, "[" + ", ".join(objects) + "]"


@given(object_hands())
@settings(max_examples=300, deadline=None)
def test_objects_text_reads_by_its_keys(spelled: tuple[list[int], str]) -> None:
    hand, text = spelled
    assert CardGrammar().cards(text) == expected(hand)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[Card(suit='♣')]", "has no rank"),
        ("[Card(rank='Q', suit='x')]", "suit 'x' of a card object is no suit"),
        ("[Card(rank='Z', suit='♣')]", "rank 'Z' of a card object is no rank"),
        ("[Card(rank='Q', suit='♣')] junk", "'junk' outside the card objects"),
    ],
)
def test_a_bad_object_is_refused_naming_it(text: str, says: str) -> None:
    with pytest.raises(ValueError) as error:
        CardGrammar().cards(text)
    assert says in str(error.value)


#: Every built-in symbol (upper case), from the grammar's documented tables.
BUILT_IN = {
    *(str(n) for n in range(1, 15)),
    *"TJQKACDHS",
    *("ACE", "KING", "QUEEN", "JACK", "TEN"),
    *(w.upper() for words in SUIT_WORDS.values() for w in words),
    *"♧♢♡♤",
}
#: Words no grammar table knows, for the log's own suits.
OWN_WORDS = st.text("BFGJKLMNPRVWXZ", min_size=3, max_size=8)


@given(
    hand_list=st.lists(hands, min_size=30, max_size=40), word=OWN_WORDS, suit=st.sampled_from(SUITS)
)
@settings(max_examples=60, deadline=None)
def test_one_unknown_suit_word_is_learnt(hand_list: list[list[int]], word: str, suit: str) -> None:
    """Three suits in words the grammar knows, the fourth in the log's own: learnt as the one
    left, provided every suit and more than four ranks appear."""
    names = {s: SUIT_WORDS[s][0].upper() for s in SUITS} | {suit: word}
    cells = [" ".join(f"{RANKS[c // 4]} {names[SUITS[c % 4]]}" for c in hand) for hand in hand_list]
    seen = {c for hand in hand_list for c in hand}
    if {c % 4 for c in seen} != set(range(4)) or len({c // 4 for c in seen}) <= 4:
        return
    assert learn(cells) == Learnt(order="rank-suit", symbols={word: suit})
    learnt = CardGrammar(order="rank-suit", symbols={word: suit})
    assert [learnt.cards(cell) for cell in cells] == [expected(hand) for hand in hand_list]


def test_four_unknown_suit_words_are_given_suits_and_said_to_be_a_guess() -> None:
    cells = ["TREBOL 12 PICA 8", "CORAZON 1 DIAMANTE 13", "PICA 10 TREBOL 2"]
    learnt = learn(cells)
    assert isinstance(learnt, Learnt)
    assert sorted(learnt.symbols.values()) == list("cdhs")
    assert set(learnt.guessed) == {"TREBOL", "PICA", "CORAZON", "DIAMANTE"}


@pytest.mark.parametrize(
    ("cells", "says"),
    [
        (["As Kd Q"], "odd number of tokens"),
        (["A x K y", "Q z J w", "2 v 3 u"], "which are the suits is not told"),  # 6 and 6
    ],
)
def test_what_cannot_be_learnt_is_said(cells: list[str], says: str) -> None:
    found = learn(cells)
    assert isinstance(found, str) and says in found and "\n" not in found


@pytest.mark.parametrize(
    "symbols", ['CLOVER = "c"', 'Trebol = "c"\nPICA = "s"', 'x10 = "T"', 'Zehn = "T"']
)
def test_symbols_of_any_length_and_case_are_accepted(symbols: str) -> None:
    mapping = parse_mapping(f"[cards.symbols]\n{symbols}\n", "m.toml")
    assert mapping.grammar.symbols


@pytest.mark.parametrize(
    ("symbols", "says"),
    [
        ('P = ""', "'' is not a rank"),
        ('P = "TJ"', "'TJ' is not a rank"),
        ('"" = "s"', "'' is no symbol"),
        ('"a b" = "s"', "'a b' is no symbol"),
        ('P = "s"\np = "h"', "'P' and 'p' are one symbol (any case) for two meanings"),
    ],
)
def test_an_empty_two_letter_or_ambiguous_symbol_is_refused_in_one_line(
    symbols: str, says: str
) -> None:
    with pytest.raises(InputError) as error:
        parse_mapping(f"[cards.symbols]\n{symbols}\n", "m.toml")
    message = str(error.value)
    assert says in message and "\n" not in message and message.startswith("m.toml [cards.symbols]")


@given(symbol=st.text(min_size=0, max_size=12), value=st.text(max_size=3))
@settings(max_examples=300, deadline=None)
def test_any_symbol_entry_is_a_mapping_or_one_line(symbol: str, value: str) -> None:
    import json

    text = f"[cards.symbols]\n{json.dumps(symbol)} = {json.dumps(value)}\n"
    try:
        mapping = parse_mapping(text, "m.toml")
    except InputError as error:
        assert "\n" not in str(error)
        return
    assert len(value) == 1 and value in RANKS + SUITS and symbol
    if {symbol.upper(), symbol} & BUILT_IN:
        return  # a built-in symbol given another meaning (the mapping's own take precedence)
    # the symbol reads as what it says, never erased: beside a suit letter or a rank
    spelled = f"{symbol} 2" if value in SUITS else f"s {symbol}"
    assert CardGrammar(order="suit-rank", symbols=mapping.grammar.symbols).cards(spelled) == [
        ("2" + value) if value in SUITS else (value + "s")
    ]
