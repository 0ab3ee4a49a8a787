"""Card notation as a small grammar: a card cell is a sequence of rank and suit *atoms*
(:data:`RANK_SYMBOLS`, :data:`SUIT_SYMBOLS`, any case, a mapping's ``[cards.symbols]`` first)
with optional :data:`SEPARATORS`; a character that is neither makes the cell unreadable, named.
``docs/mapping-reference.md`` lists the notation. Cards printed as an object's text
(``Card(suit='♣', rank='Q')``, a dict's or JSON's) are read by their keys (:func:`object_atoms`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from crazy4.core.cards import RANKS, SUITS
from crazy4.log.roundlog import UNREAD, text_array

#: Built-in rank symbols (upper case) and the rank letter each stands for.
RANK_SYMBOLS = {
    **{str(value): str(value) for value in range(2, 10)},
    "10": "T",
    "T": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
    "1": "A",
    "11": "J",
    "12": "Q",
    "13": "K",
    "14": "A",
    **{word: word[0] for word in ("ACE", "KING", "QUEEN", "JACK")},
    "TEN": "T",
}
#: The suit words the grammar knows (singular and plural, any case): ``clover`` is clubs, as
#: card software from Japan and Korea names it.
SUIT_WORDS = {"club": "c", "clover": "c", "diamond": "d", "heart": "h", "spade": "s"}
#: Built-in suit symbols (upper case) and the suit letter each stands for.
SUIT_SYMBOLS = {
    "C": "c",
    "D": "d",
    "H": "h",
    "S": "s",
    **{word.upper(): suit for word, suit in SUIT_WORDS.items()},
    **{word.upper() + "S": suit for word, suit in SUIT_WORDS.items()},
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
    "♧": "c",
    "♢": "d",
    "♡": "h",
    "♤": "s",
}
#: Characters read as separators between atoms.
SEPARATORS = " \t,;:/|-_.[]()'\""
ORDERS = ("rank-suit", "suit-rank")
#: Any run of separators (none included), as the card patterns read it.
_SEPARATOR_RUN = f"[{re.escape(SEPARATORS)}]*"


@dataclass(frozen=True)
class CardGrammar:
    """The card notation of a log: the order of rank and suit, and its own symbols.

    Examples
    --------
    >>> grammar = CardGrammar()
    >>> grammar.text("['KD' '10H' 'ah' '2C' '14s']")
    'Kd Th Ah 2c As'
    >>> CardGrammar(order="suit-rank").text("SPADE 1 HEART 13 ♦10")
    'As Kh Td'
    >>> CardGrammar(symbols={"P": "s", "B": "J"}).text("BP 2p")
    'Js 2s'
    >>> CardGrammar().text("SPADE 1 HEART 13")
    Traceback (most recent call last):
    ValueError: 'SPADE' where a rank is expected (order rank-suit)
    >>> CardGrammar().text("Ks Zd")
    Traceback (most recent call last):
    ValueError: token 'Zd' is no rank or suit
    >>> CardGrammar(order="suit-rank").text("CLOVER 12 SPADE 8 DIAMOND 1")
    'Qc 8s Ad'
    >>> CardGrammar(symbols={"Trebol": "c", "Pica": "s"}).text("1 trebol 13 PICA")
    'Ac Ks'
    >>> CardGrammar().text("[Card(suit='♣', rank='Q', value=12), Card(suit='♦', rank='10')]")
    'Qc Td'
    """

    order: str = "rank-suit"
    symbols: dict[str, str] = field(default_factory=dict)

    @cached_property
    def _atoms(self) -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
        meaning: dict[str, tuple[str, str]] = {}
        for symbol, rank in RANK_SYMBOLS.items():
            meaning[symbol] = ("rank", rank)
        for symbol, suit in SUIT_SYMBOLS.items():
            meaning[symbol] = ("suit", suit)
        for symbol, value in self.symbols.items():
            atom = ("rank", value) if value in RANKS else ("suit", value)
            meaning[symbol.upper()] = meaning[symbol] = atom  # as spelled too: 'ß' is 'SS'
        spelled = sorted(meaning, key=lambda symbol: (-len(symbol), symbol))
        pattern = "|".join(re.escape(symbol) for symbol in spelled)
        return re.compile(pattern, re.IGNORECASE), meaning

    @cached_property
    def _cards_pattern(self) -> re.Pattern[str]:
        """One card (leading separators, then rank and suit in the declared order)."""
        _, meaning = self._atoms
        spelled = sorted(meaning, key=lambda symbol: (-len(symbol), symbol))
        ranks = "|".join(re.escape(s) for s in spelled if meaning[s][0] == "rank")
        suits = "|".join(re.escape(s) for s in spelled if meaning[s][0] == "suit")
        first, second = (ranks, suits) if self.order == "rank-suit" else (suits, ranks)
        return re.compile(f"{_SEPARATOR_RUN}({first}){_SEPARATOR_RUN}({second})", re.IGNORECASE)

    @cached_property
    def _cell_pattern(self) -> re.Pattern[str]:
        """A whole cell: cards one after another, each as :attr:`_cards_pattern` first matches
        it where the last ended (atomic: never split another way), then separators only."""
        return re.compile(f"(?>{self._cards_pattern.pattern})*+{_SEPARATOR_RUN}", re.IGNORECASE)

    def cards(self, cell: object) -> list[str]:
        """The cards of one cell (text, or a list of text), each as crazy4's two letters.

        Raises
        ------
        ValueError
            A token that is no rank or suit, or atoms out of the declared order; naming it.
        """
        if isinstance(cell, list | tuple):
            cell = " ".join("" if part is None else str(part) for part in cell)
        text = str(cell)
        _, meaning = self._atoms
        if is_object_text(text):
            return [self._object_card(rank, suit) for rank, suit in object_atoms(text)]
        if self._cell_pattern.fullmatch(text) is None:  # a character no card covers
            return self._spelled_out(text)
        pairs = self._cards_pattern.findall(text)
        if self.order != "rank-suit":
            pairs = [(rank, suit) for suit, rank in pairs]
        return [meaning[rank.upper()][1] + meaning[suit.upper()][1] for rank, suit in pairs]

    def _object_card(self, rank: str, suit: str) -> str:
        """One object's card from its rank and suit as spelled (object text)."""
        _, meaning = self._atoms
        found = []
        for spelled, kind in ((rank, "rank"), (suit, "suit")):
            atom = meaning.get(spelled.strip().upper())
            if atom is None or atom[0] != kind:
                raise ValueError(f"{kind} {spelled[:20]!r} of a card object is no {kind}")
            found.append(atom[1])
        return found[0] + found[1]

    def _spelled_out(self, text: str) -> list[str]:
        """:meth:`cards` atom by atom (a cell the card pattern does not cover: the error)."""
        pattern, meaning = self._atoms
        atoms: list[tuple[str, str, str]] = []
        position = 0
        while position < len(text):
            if text[position] in SEPARATORS:
                position += 1
                continue
            match = pattern.match(text, position)
            if match is None:
                end = position
                while end < len(text) and text[end] not in SEPARATORS and end - position < 20:
                    end += 1
                raise ValueError(f"token {text[position:end]!r} is no rank or suit")
            kind, value = meaning[match.group(0).upper()]
            atoms.append((kind, value, match.group(0)))
            position = match.end()
        first = "rank" if self.order == "rank-suit" else "suit"
        for index, (kind, _, spelled) in enumerate(atoms):
            expected = first if index % 2 == 0 else ("suit" if first == "rank" else "rank")
            if kind != expected:
                raise ValueError(f"{spelled!r} where a {expected} is expected (order {self.order})")
        if len(atoms) % 2:
            lacking = "suit" if first == "rank" else "rank"
            raise ValueError(f"{atoms[-1][2]!r} is a card cut short (no {lacking})")
        pairs = zip(atoms[::2], atoms[1::2], strict=True)
        return [(a[1] + b[1]) if first == "rank" else (b[1] + a[1]) for a, b in pairs]

    def text(self, cell: object) -> str:
        """One cell as crazy4's card text (``"As Td"``), in the cell's order.

        Raises
        ------
        ValueError
            As :meth:`cards`.
        """
        return " ".join(self.cards(cell))


def symbol_problem(symbol: object, value: object) -> str | None:
    """Why a mapping's ``[cards.symbols]`` entry is not one, else None: the symbol is text of
    any length and case without a separator; the value one rank letter (``23456789TJQKA``) or
    one suit letter (``cdhs``), never empty or two.

    Examples
    --------
    >>> symbol_problem("CLOVER", "c") is None, symbol_problem("B", "j")
    (True, "'j' is not a rank (23456789TJQKA) or suit letter (cdhs)")
    >>> symbol_problem("", "s")
    "'' is no symbol (text of one character or more, no separator)"
    >>> symbol_problem("T", "TJ")
    "'TJ' is not a rank (23456789TJQKA) or suit letter (cdhs)"
    """
    if not isinstance(value, str) or len(value) != 1 or value not in RANKS + SUITS:
        return f"{value!r} is not a rank ({RANKS}) or suit letter ({SUITS})"
    if not isinstance(symbol, str) or not symbol or any(char in SEPARATORS for char in symbol):
        return f"{symbol!r} is no symbol (text of one character or more, no separator)"
    return None


def symbols_problem(symbols: dict[str, str]) -> str | None:
    """Why a whole ``[cards.symbols]`` table is ambiguous, else None: one symbol spelled twice
    (symbols are read in any case) for two meanings.

    Examples
    --------
    >>> symbols_problem({"P": "s", "Pica": "s"}) is None
    True
    >>> symbols_problem({"P": "s", "p": "h"})
    "'P' and 'p' are one symbol (any case) for two meanings, s and h"
    """
    seen: dict[str, tuple[str, str]] = {}
    for symbol, value in symbols.items():
        first = seen.setdefault(symbol.upper(), (symbol, value))
        if first[1] != value:
            return (
                f"{first[0]!r} and {symbol!r} are one symbol (any case) for two meanings, "
                f"{first[1]} and {value}"
            )
    return None


#: How an integer code is made from a rank and a suit.
ENCODINGS = ("rank*4+suit", "suit*13+rank")


@dataclass(frozen=True)
class IntegerCodes:
    """Cards as whole numbers 0-51: how a code is made, and the rank and suit of each index.

    Examples
    --------
    >>> IntegerCodes(encoding="suit*13+rank", ranks="A23456789TJQK", suits="shdc").cards("0 25")
    ['As', 'Kh']
    >>> IntegerCodes().cards("12 SPADE")
    Traceback (most recent call last):
    ValueError: token 'SPADE' is not a whole number
    """

    encoding: str = "rank*4+suit"
    ranks: str = RANKS
    suits: str = SUITS

    def cards(self, cell: object) -> list[str]:
        """The cards of one cell (a list of whole numbers, or text of them), as crazy4's
        two letters each.

        Raises
        ------
        ValueError
            A token that is no whole number, or a code that is no card; naming it.
        """
        found = []
        for code in integer_codes(cell):
            if not 0 <= code < 52:
                raise ValueError(f"code {code} is not a card (codes are 0-51)")
            if self.encoding == "rank*4+suit":
                rank, suit = divmod(code, 4)
            else:
                suit, rank = divmod(code, 13)
            found.append(self.ranks[rank] + self.suits[suit])
        return found


def integer_codes(cell: object) -> list[int]:
    """The integer codes of one cell: a list of whole numbers, or text of whole numbers
    separated by blanks, commas or semicolons (in brackets or not); any other token raises.

    Examples
    --------
    >>> integer_codes("12 51, 3"), integer_codes([4, 5]), integer_codes(None)
    ([12, 51, 3], [4, 5], [])
    >>> integer_codes("SPADE 1 HEART 13")
    Traceback (most recent call last):
    ValueError: token 'SPADE' is not a whole number
    """
    if cell is None:
        return []
    if isinstance(cell, list | tuple):
        tokens: list[object] = list(cell)
    else:
        inner = str(cell).strip().removeprefix("[").removesuffix("]")
        tokens = [token for token in re.split(r"[\s,;]+", inner) if token]
    codes = []
    for token in tokens:
        if isinstance(token, bool) or not (
            isinstance(token, int)
            or (isinstance(token, str) and re.fullmatch(r"-?\d{1,18}", token))
        ):
            raise ValueError(f"token {str(token)[:20]!r} is not a whole number")
        codes.append(int(token))
    return codes


def read_card_cells(
    column: pa.Array | pa.ChunkedArray, reader: CardGrammar | IntegerCodes, what: str
) -> pa.Array:
    """Every cell of a card column as crazy4's card text, by ``reader``; a cell that does not
    read becomes :data:`~crazy4.log.roundlog.UNREAD` and the reason (the game names its row).
    ``what`` says which notation, in the reason.

    Examples
    --------
    >>> cells = read_card_cells(pa.array([["KD", "10H"], None, ["KD", "x"]]), CardGrammar(), "text")
    >>> cells.to_pylist()[:2]
    ['Kd Th', None]
    >>> cells[2].as_py()[1:]
    "card cell ['KD', 'x']: token 'x' is no rank or suit (text)"
    """
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    text: list[str | None] = []
    for cell in column.to_pylist():
        if cell is None:
            text.append(None)
            continue
        try:
            cards = reader.cards(cell)
        except ValueError as error:
            text.append(f"{UNREAD}card cell {str(cell)[:60]}: {error} ({what})")
            continue
        text.append(" ".join(cards) if cards else None)
    return pa.array(text, pa.string())


#: A cell crazy4's own parser reads as it stands: two-character cards, single spaces.
CANONICAL = r"(?i)^[2-9TJQKA][CDHS](?: [2-9TJQKA][CDHS])*$"
#: Suit symbols replaced by their letters before the canonical test.
_SYMBOL_LETTERS = {s: v for s, v in SUIT_SYMBOLS.items() if len(s) == 1 and not s.isascii()}


def is_ascii(column: pa.Array | pa.ChunkedArray) -> bool:
    """Whether a text column's bytes are all ASCII (each chunk's buffer looked at, no copy).

    Examples
    --------
    >>> is_ascii(pa.chunked_array([["As Kd"], ["2c"]])), is_ascii(pa.array(["A♠"]))
    (True, False)
    """
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    texts = [chunk.dictionary if pa.types.is_dictionary(chunk.type) else chunk for chunk in chunks]
    buffers = [text.buffers()[2] for text in texts]
    return all(b is None or np.frombuffer(b, np.uint8).max(initial=0) < 128 for b in buffers)


def read_text_cells(column: pa.Array | pa.ChunkedArray, grammar: CardGrammar) -> pa.Array:
    """:func:`read_card_cells` of a text column by ``grammar``; with the default grammar, a cell
    canonical once its suit symbols are letters and ``10`` is ``T`` (``A♠ 10♦``) is read in
    compiled passes, the others token by token.

    Examples
    --------
    >>> read_text_cells(pa.array(["A♠ K♦", "10h 2C", None, "Zz"]), CardGrammar()).to_pylist()
    ['As Kd', 'Th 2C', None, "\\x1fcard cell Zz: token 'Zz' is no rank or suit (text notation, \
order rank-suit)"]
    """
    what = f"text notation, order {grammar.order}"
    kind = column.type.value_type if pa.types.is_dictionary(column.type) else column.type
    if grammar != CardGrammar() or not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        return read_card_cells(column, grammar, what)
    text = text_array(column)
    spelled = text
    if not is_ascii(text):
        for symbol, letter in _SYMBOL_LETTERS.items():
            spelled = pc.replace_substring(spelled, symbol, letter)
    if pc.any(pc.match_substring(spelled, "10")).as_py():
        spelled = pc.replace_substring_regex(spelled, r"(?i)(^| )10([CDHS])", r"\1T\2")
    fine = pc.or_kleene(pc.match_substring_regex(spelled, CANONICAL), pc.is_null(spelled))
    fine = fine.fill_null(True)
    if pc.all(fine).as_py():
        return spelled
    others = pc.invert(fine)
    read = read_card_cells(pc.filter(text, others), grammar, what)
    return pc.replace_with_mask(spelled, others, read.cast(spelled.type))


#: A key = value (or key: value) pair inside an object's text.
_PAIR = re.compile(r"""['"]?([A-Za-z_]+)['"]?\s*[=:]\s*(?:'([^']*)'|"([^"]*)"|([^\s,;)}\]]+))""")
#: One object: a class name and parentheses, or braces.
_OBJECT = re.compile(r"[A-Za-z_][A-Za-z_0-9.]*\s*\(([^()]*)\)|\{([^{}]*)\}")
#: The keys that give a card's rank, in the order they are preferred.
RANK_KEYS = ("rank", "face", "value", "number")
#: A cell that holds a ``suit`` key is object text.
_SUIT_KEY = re.compile(r"""suit['"]?\s*[=:]""", re.IGNORECASE)


def is_object_text(text: str) -> bool:
    """Whether a cell spells its cards as objects (it names a ``suit`` key).

    Examples
    --------
    >>> is_object_text("[Card(suit='♣', rank='Q', value=12)]"), is_object_text("Qc 2d")
    (True, False)
    """
    return _SUIT_KEY.search(text) is not None


def object_atoms(text: str) -> list[tuple[str, str]]:
    """The (rank, suit) of every object of a cell, as spelled.

    Raises
    ------
    ValueError
        An object without a suit or a rank, or text outside the objects that is not a
        separator; naming it.

    Examples
    --------
    >>> object_atoms("[Card(suit='♣', rank='Q', value=12), Card(suit='♦', rank='10', value=10)]")
    [('Q', '♣'), ('10', '♦')]
    >>> object_atoms('[{"value": 14, "suit": "spades"}, {"rank": "2", "suit": "H"}]')
    [('14', 'spades'), ('2', 'H')]
    >>> object_atoms("Card(suit='♣')")
    Traceback (most recent call last):
    ValueError: object "Card(suit='♣')" has no rank (keys rank, face, value, number)
    >>> object_atoms("Card(suit='♣', rank='Q') and more")
    Traceback (most recent call last):
    ValueError: 'and' outside the card objects
    """
    found: list[tuple[str, str]] = []
    end = 0
    for match in _OBJECT.finditer(text):
        _between(text[end : match.start()])
        end = match.end()
        inside = match.group(1) if match.group(1) is not None else match.group(2)
        pairs: dict[str, str] = {}
        for pair in _PAIR.finditer(inside):
            value = next(v for v in pair.group(2, 3, 4) if v is not None)
            pairs.setdefault(pair.group(1).lower(), value.strip())
        shown = match.group(0)[:60]
        if "suit" not in pairs:
            raise ValueError(f"object {shown!r} has no suit (key suit)")
        rank = next((pairs[key] for key in RANK_KEYS if key in pairs), None)
        if rank is None:
            raise ValueError(f"object {shown!r} has no rank (keys {', '.join(RANK_KEYS)})")
        found.append((rank, pairs["suit"]))
    _between(text[end:])
    return found


def _between(text: str) -> None:
    """Refuse text between objects that is more than separators (commas, brackets, blanks)."""
    word = re.search(r"[^\s,;\[\]()|'\"]+", text)
    if word is not None:
        raise ValueError(f"{word.group(0)[:20]!r} outside the card objects")
