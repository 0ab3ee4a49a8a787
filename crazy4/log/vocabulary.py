"""A log's own card words learnt from its cells (``crazy4 validate --init-mapping``): its tokens
read alternately as rank and suit, an unknown word taken as the one the known words leave."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from crazy4.core.cards import RANKS, SUITS
from crazy4.log.grammar import RANK_SYMBOLS, SEPARATORS, SUIT_SYMBOLS, CardGrammar, symbol_problem

_SPLIT = re.compile(f"[{re.escape(SEPARATORS)}]+")
_PIECES = re.compile(r"\d+|[^\d]+")


@dataclass(frozen=True)
class Learnt:
    """What the cells taught: the order of rank and suit, the log's own symbols, and whether
    a suit word's meaning was given rather than learnt (``guessed``: the words)."""

    order: str
    symbols: dict[str, str] = field(default_factory=dict)
    guessed: tuple[str, ...] = ()


def tokens(cell: object) -> list[str]:
    """A cell's tokens: split at separators, and between digits and other characters.

    Examples
    --------
    >>> tokens("TREBOL 12, 10Pica"), tokens(["7", "Kreuz"])
    (['TREBOL', '12', '10', 'Pica'], ['7', 'Kreuz'])
    """
    if isinstance(cell, list | tuple):
        cell = " ".join("" if part is None else str(part) for part in cell)
    found: list[str] = []
    for word in _SPLIT.split(str(cell)):
        found += _PIECES.findall(word)
    return found


def _places(cells: Iterable[object]) -> tuple[dict[str, None], dict[str, None]] | str:
    """The tokens at even and at odd places of the cells (upper case, first seen first), or the
    first cell of an odd number of tokens."""
    places: tuple[dict[str, None], dict[str, None]] = ({}, {})
    for cell in cells:
        found = tokens(cell)
        if len(found) % 2:
            return str(cell)
        for index, token in enumerate(found):
            places[index % 2].setdefault(token.upper(), None)
    return places


def learn(cells: Iterable[object]) -> Learnt | str:
    """The vocabulary of ``cells`` (:class:`Learnt`), or why it cannot be learnt (one line).

    Examples
    --------
    >>> learn(["TREBOL 12 PICA 8", "CORAZON 1 DIAMANTE 13", "PICA 10 TREBOL 2"])
    Learnt(order='suit-rank', symbols={'TREBOL': 'c', 'PICA': 'd', 'CORAZON': 'h', \
'DIAMANTE': 's'}, guessed=('TREBOL', 'PICA', 'CORAZON', 'DIAMANTE'))
    >>> learn(["12 TREBOL 8 SPADE", "1 HEART 13 DIAMOND"])
    Learnt(order='rank-suit', symbols={'TREBOL': 'c'}, guessed=())
    >>> learn(["12 TREBOL 8 SPADE", "1 HEART 13"])
    'a cell of an odd number of tokens: 1 HEART 13'
    """
    places = _places(cells)
    if isinstance(places, str):
        return f"a cell of an odd number of tokens: {places[:60]}"
    suit_place = _suit_place(places)
    if isinstance(suit_place, str):
        return suit_place
    misplaced = [w for w in places[1 - suit_place] if w in SUIT_SYMBOLS] + [
        w for w in places[suit_place] if w in RANK_SYMBOLS
    ]
    if misplaced:
        return f"{misplaced[0]!r} stands where the other kind (rank or suit) is expected"
    ranks = _meanings(list(places[1 - suit_place]), RANK_SYMBOLS, RANKS)
    if isinstance(ranks, str):
        return f"rank words: {ranks}"
    suits = _meanings(list(places[suit_place]), SUIT_SYMBOLS, SUITS, guess=True)
    if isinstance(suits, str):
        return f"suit words: {suits}"
    symbols = {**ranks[0], **suits[0]}
    order = "suit-rank" if suit_place == 0 else "rank-suit"
    return Learnt(order=order, symbols=symbols, guessed=suits[1])


def _suit_place(places: tuple[dict[str, None], dict[str, None]]) -> int | str:
    """Which alternate place holds the suits (the known words tell, else four words)."""
    sizes = [len(words) for words in places]
    fits = [p for p in (0, 1) if sizes[p] <= 4 and sizes[1 - p] <= 13]
    suits_known = [sum(word in SUIT_SYMBOLS for word in words) for words in places]
    ranks_known = [sum(word in RANK_SYMBOLS for word in words) for words in places]
    told = [p for p in fits if suits_known[p] > suits_known[1 - p] or ranks_known[1 - p] > 0]
    if len(told) == 1:
        return told[0]
    if len(fits) == 1 and sizes[fits[0]] == 4 and sizes[1 - fits[0]] > 4:
        return fits[0]
    return (
        f"the tokens at alternate places are {sizes[0]} and {sizes[1]} words: "
        "which are the suits is not told"
    )


def _meanings(
    words: list[str], known: dict[str, str], letters: str, guess: bool = False
) -> tuple[dict[str, str], tuple[str, ...]] | str:
    """The unknown ``words`` given the letters left, and which were guessed; or why not."""
    taken = [known[word] for word in words if word in known]
    if len(set(taken)) != len(taken):
        return f"two words for one letter among {', '.join(words)[:80]}"
    unknown = [word for word in words if word not in known]
    left = [letter for letter in letters if letter not in taken]
    if len(unknown) > len(left):
        return f"{len(unknown)} unknown words ({', '.join(unknown)[:60]}) for {len(left)} letters"
    if len(unknown) > 1 and not guess:
        return f"{', '.join(unknown)[:60]} are unknown and their order is not told by the cells"
    if len(unknown) == 1 and len(left) > 1 and not guess:
        return f"{unknown[0]!r} could be any of {''.join(left)}"
    assigned = dict(zip(unknown, left, strict=False))
    certain = len(unknown) == 1 and len(left) == 1
    return assigned, () if certain or not unknown else tuple(unknown)


#: The ranks of the numbers 0-12, the ace last or first.
NUMBERED_RANKS = {"ace last": RANKS, "ace first": RANKS[-1] + RANKS[:-1]}


def numbered_ranks(cells: Iterable[object]) -> dict[str, Learnt]:
    """The readings of cells whose ranks are numbered from 0 (every rank token a number 0-12,
    0 among them), by the place of the ace; none when the ranks are not so numbered.

    Examples
    --------
    >>> found = numbered_ranks(["S0 H12", "D3 C11", "S10 H1"])
    >>> sorted(found), found["ace first"].symbols["0"], found["ace last"].symbols["12"]
    (['ace first', 'ace last'], 'A', 'A')
    >>> found["ace last"].order, numbered_ranks(["As Kd"])
    ('suit-rank', {})
    """
    places = _places(cells)
    if isinstance(places, str):
        return {}
    numbers = [p for p in (0, 1) if places[p] and all(w.isdigit() for w in places[p])]
    if len(numbers) != 1:
        return {}
    values = {int(word) for word in places[numbers[0]]}
    if 0 not in values or max(values) > 12:
        return {}
    suits = _meanings(list(places[1 - numbers[0]]), SUIT_SYMBOLS, SUITS, guess=True)
    if isinstance(suits, str):
        return {}
    order = "rank-suit" if numbers[0] == 0 else "suit-rank"
    return {
        name: Learnt(order, {**{str(i): r for i, r in enumerate(ranks)}, **suits[0]}, suits[1])
        for name, ranks in NUMBERED_RANKS.items()
    }


def card_grammars(cells: list[object]) -> list[CardGrammar]:
    """Every grammar the cells may be read with: either order, the words learnt from the
    cells (:func:`learn`), ranks numbered from 0 (:func:`numbered_ranks`).

    Examples
    --------
    >>> [g.order for g in card_grammars(["S0 H12", "D3 C11"])]  # ranks from 0: two more
    ['rank-suit', 'suit-rank', 'suit-rank', 'suit-rank']
    """
    grammars = [CardGrammar(), CardGrammar(order="suit-rank")]
    learnt = learn(cells)
    readings = [*([learnt] if isinstance(learnt, Learnt) else []), *numbered_ranks(cells).values()]
    for reading in readings:
        if not any(symbol_problem(k, v) for k, v in reading.symbols.items()):
            grammars.append(CardGrammar(order=reading.order, symbols=reading.symbols))
    return grammars
