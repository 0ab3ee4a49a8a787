"""Cards printed as an object's text (``Card(suit='♣', rank='Q')``, a dict's or JSON's), read by
their keys (``suit`` and the first of :data:`RANK_KEYS`) for :mod:`crazy4.log.grammar`."""

from __future__ import annotations

import re

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
