"""What the player learns of the seen cards: rank groups as the command line writes them.

Information
-----------
A strategy decides on what the player knows. With the seen cards' information partitioned into
classes (the whole card; only its rank; only which group of ranks it is in; nothing), the best
decision for a class maximises the *sum* of the EVs over the situations in it (each EV is linear
in the dealer counts and every situation has the same number of dealer hands), so the counts
are aggregated over the class first and then decided on exactly (``docs/advantage.md``).

A group list is written as on the command line: groups of rank characters separated by commas,
every rank in exactly one group, e.g. ``A,K,QJT,98765432``.

The chart
---------
A chart a person can memorize decides on (hand group, seen rank): the hand group is the player's
best four read coarsely (high card by its two top ranks, pairs by rank, every other category
whole: :func:`crazy4.advantage.holecard_engine.chart_groups`, from the game's ranking), and the
chart's decision per cell is again the aggregate-then-decide optimum over the cell's
situations.
"""

from __future__ import annotations

from crazy4.core.cards import RANKS
from crazy4.errors import InputError


def parse_groups(text: str) -> tuple[int, ...]:
    """The group index of each rank (deuce first) from ``"A,K,QJT,98765432"``.

    Raises
    ------
    InputError
        For an unknown rank character, an empty group, a rank in two groups or a rank in none.

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

#: One group of all ranks: the player learns nothing of the seen card.
NO_GROUPS = (0,) * len(RANKS)
