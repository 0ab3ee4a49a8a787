"""What the player learns of the seen cards: rank groups as the command line writes them
(``A,K,QJT,98765432``: every rank in exactly one group; ``docs/advantage.md``, section 3).
"""

from __future__ import annotations

from crazy4.core.cards import RANKS
from crazy4.errors import InputError


def parse_groups(text: str) -> tuple[int, ...]:
    """The group index of each rank (deuce first) from ``"A,K,QJT,98765432"``.

    Examples
    --------
    >>> parse_groups("A,K,QJT,98765432")
    (3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 0)
    >>> parse_groups("a,k,qjt,98765432") == parse_groups("A,K,QJT,98765432")
    True
    """
    group_of = [-1] * len(RANKS)
    pieces = text.split(",")
    for index, piece in enumerate(pieces):
        ranks = piece.strip().upper().replace("10", "T")
        if not ranks:
            raise InputError(f"groups {text!r}: group {index + 1} is empty")
        for character in ranks:
            if character not in RANKS:
                raise InputError(f"groups {text!r}: unknown rank {character!r} (ranks are {RANKS})")
            rank = RANKS.index(character)
            if group_of[rank] >= 0:
                raise InputError(f"groups {text!r}: rank {character} is in two groups")
            group_of[rank] = index
    missing = [RANKS[rank] for rank, group in enumerate(group_of) if group < 0]
    if missing:
        raise InputError(f"groups {text!r}: ranks {''.join(missing)} are in no group")
    return tuple(group_of)


def groups_label(group_of: tuple[int, ...]) -> str:
    """The canonical text of a group list (highest ranks first).

    Examples
    --------
    >>> groups_label(parse_groups("98765432,QJT,K,A"))
    'A,K,QJT,98765432'
    """
    groups: dict[int, str] = {}
    for rank in range(len(RANKS) - 1, -1, -1):
        groups[group_of[rank]] = groups.get(group_of[rank], "") + RANKS[rank]
    return ",".join(sorted(groups.values(), key=lambda ranks: -RANKS.index(ranks[0])))


#: Every rank its own group: the player learns the seen card's rank.
RANK_GROUPS = tuple(range(len(RANKS)))
