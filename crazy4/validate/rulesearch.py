"""Rule inference for a specification game: edits of its outcome-cell settlement
(:class:`SpecEdit`: the qualifier, the tie rule, a dealer who does not qualify, pay lines, the
Ante Bonus folded in, the ranking's misreadings), listed by :func:`spec_edits` and settled by
:class:`SpecRows`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from crazy4.core.paytables import format_odds
from crazy4.errors import InputError
from crazy4.spec.specification import CellSettlement, Ranking
from crazy4.validate.infer import Variant
from crazy4.validate.misread import compare_pairs_by_high_card, low_straight_name
from crazy4.validate.patterns import amount_verb
from crazy4.validate.switches import most_paid, odds_of_net

FloatNets = dict[str, npt.NDArray[np.float64]]

#: The qualifiers tried besides the rule set's own (those the game's ranking can name).
QUALIFIERS = ("none", "J high", "Q high", "K high", "A high", "pair")
#: The misreadings of the ranking (flags of a :class:`SpecEdit`).
PLAYER_LOW, DEALER_LOW, PAIR_HIGH_CARD = "player_low_straight", "dealer_low_straight", "pair_high"
#: The misreadings a game's settlement data may name (:attr:`crazy4.spec.log_tests.LogTests.
#: misreadings`), flags of a :class:`SpecEdit` too: a fold settled as a showdown (every wager
#: but the Play), a tie below the bonus's table losing the bonus, the bonus below its table
#: settled as the Play at 1x, the dealer qualifying on any king or ace among its cards.
GAME_MISREADINGS = ("fold_showdown", "ties_lose_bonus", "bonus_follows_play", "any_king_or_ace")
FOLD_SHOWDOWN, TIES_LOSE_BONUS, BONUS_FOLLOWS_PLAY, ANY_KING_OR_ACE = GAME_MISREADINGS


@dataclass(frozen=True)
class Misread:
    """The rows as an engine that misreads the ranking ranks them
    (:mod:`crazy4.validate.misread`): doubled strengths with the low straight no straight
    (None: the ranking has none), the keys of pairs compared by the high card (None: no pair).
    """

    player_low: npt.NDArray[np.int64] | None = None
    dealer_low: npt.NDArray[np.int64] | None = None
    player_pair: npt.NDArray[np.int64] | None = None
    dealer_pair: npt.NDArray[np.int64] | None = None


@dataclass(frozen=True)
class SpecEdit:
    """One edit of a spec game's settlement; :meth:`merge` composes.

    ``lines`` are (wager, category, odds per unit or None for no line); ``ranges`` the side
    bet's lines by strength (first, end, odds per unit or None), for a table whose lines part
    a category (:func:`crazy4.validate.rulesearch_lines.table_line_edits`); ``bonus_ranges``
    the same of a bonus's own table (:attr:`SpecRows.bonus`).
    """

    qualifier: int | None = None
    ties: str | None = None
    not_qualified: tuple[float, float] | str | None = None
    lines: tuple[tuple[str, int, float | None], ...] = ()
    bonus_in_ante: bool = False
    flags: frozenset[str] = frozenset()
    ranges: tuple[tuple[int, int, float | None], ...] = ()
    bonus_ranges: tuple[tuple[int, int, float | None], ...] = ()

    def merge(self, other: SpecEdit) -> SpecEdit:
        """Both edits at once (the other's switch where both set one).

        Examples
        --------
        >>> SpecEdit(ties="dealer").merge(SpecEdit(qualifier=3))
        SpecEdit(qualifier=3, ties='dealer', not_qualified=None, lines=(), bonus_in_ante=False, \
flags=frozenset(), ranges=(), bonus_ranges=())
        """
        return SpecEdit(
            other.qualifier if other.qualifier is not None else self.qualifier,
            other.ties if other.ties is not None else self.ties,
            other.not_qualified if other.not_qualified is not None else self.not_qualified,
            self.lines + other.lines,
            self.bonus_in_ante or other.bonus_in_ante,
            self.flags | other.flags,
            self.ranges + other.ranges,
            self.bonus_ranges + other.bonus_ranges,
        )


@dataclass(frozen=True)
class SpecRows:
    """The good rows of a batch (strengths, the Play multiple: 0 a fold) and the tables they
    settle by: the rule set's, with each other tie rule (``tie_rules``), the side bet's by
    strength (``side``, logged as ``side_key``, edited as ``"side"``), each bet in a column of
    its own by strength, decision and cell (``by_cell``), the bonus misreadings' wager and lines
    (``bonus``), and whether each dealer holds a king or an ace (``dealer_high``).
    """

    strength: npt.NDArray[np.int64]
    dealer_strength: npt.NDArray[np.int64]
    multiple: npt.NDArray[np.int64]
    settlement: CellSettlement
    qualifier: int
    category: npt.NDArray[np.int64]
    side: npt.NDArray[np.float64] | None
    side_key: str
    bonus_apart: bool
    misread: Misread = Misread()
    tie_rules: dict[str, CellSettlement] = field(default_factory=dict)
    by_cell: dict[str, npt.NDArray[np.float64]] = field(default_factory=dict)
    bonus: tuple[str, npt.NDArray[np.bool_]] | None = None
    dealer_high: npt.NDArray[np.bool_] | None = None

    def settle(self, edits: Sequence[SpecEdit]) -> FloatNets:
        """Nets per unit of every logged wager under all ``edits`` at once.

        Examples
        --------
        >>> from crazy4.spec.game import spec_of
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("three-card-standard")
        >>> spec = spec_of(rules)
        >>> rows = SpecRows(np.array([5, 5]), np.array([5, 0]), np.array([1, 1]),
        ...                 spec.settlement(rules), 10**6, np.zeros(10**4, np.int64), None,
        ...                 "pair_plus", False)
        >>> rows.settle([])["ante"].tolist()  # nobody qualifies: the Ante wins
        [1.0, 1.0]
        >>> rows.settle([SpecEdit(not_qualified=(0.0, 1.0))])["play"].tolist()
        [1.0, 1.0]
        """
        edit = SpecEdit()
        for one in edits:
            edit = edit.merge(one)
        qualifier = self.qualifier if edit.qualifier is None else edit.qualifier
        player2, dealer2 = 2 * self.strength, 2 * self.dealer_strength
        misread = self.misread
        if PLAYER_LOW in edit.flags and misread.player_low is not None:
            player2 = misread.player_low
        if DEALER_LOW in edit.flags and misread.dealer_low is not None:
            dealer2 = misread.dealer_low
        comparison = (player2 == dealer2).astype(np.int64) + 2 * (player2 < dealer2)
        if PAIR_HIGH_CARD in edit.flags and misread.player_pair is not None:
            assert misread.dealer_pair is not None
            comparison = compare_pairs_by_high_card(
                comparison, misread.player_pair, misread.dealer_pair
            )
        settlement = self.tie_rules.get(edit.ties or "", self.settlement)
        qualified = dealer2 >= 2 * qualifier
        if ANY_KING_OR_ACE in edit.flags and self.dealer_high is not None:
            qualified = self.dealer_high
        player = (player2 + 1) // 2
        cell = 3 * qualified.astype(np.int64) + comparison
        if edit.not_qualified == "compared":
            cell = np.where(qualified, cell, cell + 3)
        unit = settlement.unit
        index = (player, self.multiple, cell)
        nets = {name: part[index] / unit for name, part in settlement.parts.items()}
        nets.update({name: table[index] for name, table in self.by_cell.items()})
        played = self.multiple > 0
        if isinstance(edit.not_qualified, tuple):
            ante, play = edit.not_qualified
            nets["ante"] = np.where(played & ~qualified, ante, nets["ante"])
            nets["play"] = np.where(played & ~qualified, play * self.multiple, nets["play"])
        bonus_on_fold = bool(self.settlement.parts.get("ante_bonus", np.zeros(1))[:, 0].any())
        for wager, category, odds in edit.lines:
            hit = self.category[player] == category
            if wager == "ante_bonus" and "ante_bonus" in nets:
                hit &= played | bonus_on_fold
                nets["ante_bonus"] = np.where(hit, odds or 0.0, nets["ante_bonus"])
            elif wager == "play" and odds is not None:
                hit &= played & qualified & (cell == 3)
                nets["play"] = np.where(hit, odds * self.multiple, nets["play"])
            elif wager == "bonus" and self.bonus is not None:  # a line of the bonus's table
                below = settlement.parts[self.bonus[0]][0, self.multiple, cell] / unit
                paid = below if odds is None else odds  # no line: as a hand below the table
                nets[self.bonus[0]] = np.where(hit & played, paid, nets[self.bonus[0]])
            elif wager == "side" and self.side is not None:
                side = nets.get(self.side_key, self.side[player])
                nets[self.side_key] = np.where(hit, -1.0 if odds is None else odds, side)
        for first, end, odds in edit.ranges:
            if self.side is not None:
                hit = (player >= first) & (player < end)
                side = nets.get(self.side_key, self.side[player])
                nets[self.side_key] = np.where(hit, -1.0 if odds is None else odds, side)
        self._read_own(edit, nets, settlement, (player, cell, player2 == dealer2))
        if self.side_key not in nets and self.side is not None:
            nets[self.side_key] = self.side[player]
        if "ante_bonus" in nets and (not self.bonus_apart or edit.bonus_in_ante):
            nets["ante"] = nets["ante"] + nets["ante_bonus"]
        if edit.bonus_in_ante:
            nets["ante_bonus"] = np.zeros_like(nets["ante_bonus"])
        nets["qualified"] = qualified.astype(np.float64)  # a log's ``qualified`` column
        return nets

    def _read_own(
        self,
        edit: SpecEdit,
        nets: FloatNets,
        settlement: CellSettlement,
        rows: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]],
    ) -> None:
        """The game's own misreadings (:data:`GAME_MISREADINGS`) among ``edit``'s flags, and
        its bonus's lines by strength, on ``nets`` (``rows``: each row's strength, cell and
        whether the hands tie)."""
        player, cell, tie = rows
        played, unit, flags = self.multiple > 0, settlement.unit, edit.flags
        if FOLD_SHOWDOWN in flags:  # every wager but the Play as if the fold played 1x
            shown = (player, np.where(played, self.multiple, 1), cell)
            for name, part in settlement.parts.items():
                if name != "play":
                    nets[name] = np.where(played, nets[name], part[shown] / unit)
        if self.bonus is not None:  # the misreadings of a bonus below its table
            name, paid = self.bonus
            below = played & ~paid[player]
            if TIES_LOSE_BONUS in flags:
                nets[name] = np.where(below & tie, -1.0, nets[name])
            if BONUS_FOLLOWS_PLAY in flags:
                play = settlement.parts["play"][player, 1, cell] / unit
                nets[name] = np.where(below, play, nets[name])
            for first, end, odds in edit.bonus_ranges:  # no line: as a hand below the table
                hit = played & (player >= first) & (player < end)
                lined = settlement.parts[name][0, self.multiple, cell] / unit
                nets[name] = np.where(hit, lined if odds is None else odds, nets[name])


def spec_edits(
    ranking: Ranking,
    qualifier: tuple[int, str],
    wrong: dict[str, list[tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]]],
    expected: dict[str, npt.NDArray[np.float64]],
    names: dict[str, str],
    bonus_apart: bool,
    ties: Sequence[tuple[Variant, str]] = (),
    misread: tuple[Misread, int] = (Misread(), 0),
    own: Sequence[tuple[Variant, SpecEdit]] = (),
) -> list[tuple[Variant, SpecEdit]]:
    """The single edits searched: the switches (``qualifier``: the rule set's, its strength and
    words, none where every dealer qualifies; ``ties``: each other tie rule), the misreadings
    the rows have and the game's own (``own``), then the pay lines of the wagers in ``wrong``
    (their differing rows' categories and logged nets per unit; ``expected`` what the rule set
    pays each category), then the Ante Bonus folded into the Ante when logged apart.

    Examples
    --------
    >>> from crazy4.games.three_card.ranking import THREE_CARD_RANKING as ranking
    >>> flush = ranking.categories.index("flush")
    >>> found = spec_edits(ranking, (ranking.strength_of("Q high"), "Q high"),
    ...                    {"side": [(np.array([flush]), np.array([3.0]))]},
    ...                    {"side": np.array([-1, 1, 4, 6, 30, 40.0])}, {"side": "Pair Plus"},
    ...                    False)
    >>> [variant.difference for variant, _ in found][-1]
    'Pair Plus flush pays 3 to 1, not 4 to 1'
    >>> rows = Misread(np.zeros(1, np.int64), np.zeros(1, np.int64))
    >>> [v.difference for v, _ in spec_edits(ranking, (0, "none"), {}, {}, {}, False,
    ...                                      misread=(rows, 3))][-3:]
    ['A-2-3 is not a straight', "A-2-3 is not a straight in the player's hand", \
"A-2-3 is not a straight in the dealer's hand"]
    """
    found: list[tuple[Variant, SpecEdit]] = []
    qualifies = qualifier[0] > 0  # else every dealer qualifies: no qualifier to misread
    for text in QUALIFIERS if qualifies else ():
        try:
            strength = ranking.strength_of(text)
        except InputError:
            continue
        if strength != qualifier[0]:
            variant = Variant(
                f"the dealer qualifies with {text}, not {qualifier[1]}",
                f"dealer qualified from {text}, not {qualifier[1]}",
            )
            found.append((variant, SpecEdit(qualifier=strength)))
    found += [(variant, SpecEdit(ties=name)) for variant, name in ties]
    found += [
        (Variant("a dealer who does not qualify: the Ante wins 1:1 and the Play pushes",
                 "Ante won and Play pushed against a dealer who does not qualify"),
         SpecEdit(not_qualified=(1.0, 0.0))),
        (Variant("a dealer who does not qualify: the Ante pushes and the Play wins 1:1",
                 "Ante pushed and Play won against a dealer who does not qualify"),
         SpecEdit(not_qualified=(0.0, 1.0))),
        (Variant("a dealer who does not qualify is compared as if it qualified",
                 "hands compared against a dealer who does not qualify"),
         SpecEdit(not_qualified="compared")),
    ] if qualifies else []  # fmt: skip
    found += misreadings(*misread)
    found += own
    for wager, sources in wrong.items():
        for categories, observed in sources:
            for line in _line_edits(
                ranking, wager, names[wager], categories, observed, expected[wager]
            ):
                if line[0] not in (variant for variant, _ in found):
                    found.append(line)
    if bonus_apart:
        variant = Variant(
            "the Ante Bonus is paid inside the Ante's net (ante_bonus_net left 0)",
            "Ante Bonus folded into the Ante",
        )
        found.append((variant, SpecEdit(bonus_in_ante=True)))
    return found


def misreadings(rows: Misread, size: int) -> list[tuple[Variant, SpecEdit]]:
    """The misreadings of the ranking searched, those the rows have (``size``: the cards of a
    hand): the low straight not a straight, in both hands, the player's, the dealer's; a pair
    against a pair compared by the high card.

    Examples
    --------
    >>> pairs = np.zeros(1, np.int64)
    >>> [v.pattern for v, _ in misreadings(Misread(player_pair=pairs, dealer_pair=pairs), 4)]
    ['pair against pair settled by the high card, not by the pair']
    """
    found: list[tuple[Variant, SpecEdit]] = []
    if rows.player_low is not None and rows.dealer_low is not None:
        low = low_straight_name(size)
        for whose, flags in (
            ("", {PLAYER_LOW, DEALER_LOW}),
            (" in the player's hand", {PLAYER_LOW}),
            (" in the dealer's hand", {DEALER_LOW}),
        ):
            owner = {PLAYER_LOW: "player ", DEALER_LOW: "dealer "} if len(flags) == 1 else {}
            settled = f"{''.join(owner.get(f, '') for f in flags)}{low} settled as ace high"
            variant = Variant(f"{low} is not a straight{whose}", settled)
            found.append((variant, SpecEdit(flags=frozenset(flags))))
    if rows.player_pair is not None and rows.dealer_pair is not None:
        variant = Variant(
            "a pair is compared with a pair by the high card, not by the pair",
            "pair against pair settled by the high card, not by the pair",
        )
        found.append((variant, SpecEdit(flags=frozenset({PAIR_HIGH_CARD}))))
    return found


def game_misreadings(
    names: Sequence[str], bonus: tuple[str, str] | None
) -> list[tuple[Variant, SpecEdit]]:
    """The misreadings of :data:`GAME_MISREADINGS` a game's data names (``names``), those of a
    bonus where it has one (``bonus``: its label and its lowest line's).

    Examples
    --------
    >>> [v.pattern for v, _ in game_misreadings(GAME_MISREADINGS, ("Super Bonus", "straight"))]
    ['fold settled as a showdown', 'Super Bonus lost on a tie below a straight', \
'Super Bonus below a straight settled with the Play result', 'dealer qualified on any K or A']
    """
    label, lowest = bonus or ("", "")
    words = {
        FOLD_SHOWDOWN: ("a fold is settled as a showdown", "fold settled as a showdown"),
        TIES_LOSE_BONUS: (
            f"ties below a {lowest} lose the {label}",
            f"{label} lost on a tie below a {lowest}",
        ),
        BONUS_FOLLOWS_PLAY: (
            f"the {label} below a {lowest} follows the Play result",
            f"{label} below a {lowest} settled with the Play result",
        ),
        ANY_KING_OR_ACE: (
            "the dealer qualifies with any K or A (not K high or better)",
            "dealer qualified on any K or A",
        ),
    }
    found = []
    for name in names:
        if bonus is not None or name not in (TIES_LOSE_BONUS, BONUS_FOLLOWS_PLAY):
            found.append((Variant(*words[name]), SpecEdit(flags=frozenset({name}))))
    return found


def _line_edits(
    ranking: Ranking,
    wager: str,
    bet: str,
    categories: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float64],
    expected: npt.NDArray[np.float64],
) -> list[tuple[Variant, SpecEdit]]:
    """Per category of the differing rows: the line paying what the log paid most often on
    it (changed, removed, or added where the table pays nothing)."""
    found: list[tuple[Variant, SpecEdit]] = []
    for category in np.unique(categories).tolist():
        logged = most_paid(observed[categories == category])
        paid = odds_of_net(float(expected[category]))
        if logged == paid:
            continue
        name = ranking.categories[category]
        net = None if logged is None else float(logged)
        if paid is None and logged is not None:
            variant = Variant(
                f"{bet} pays {format_odds(logged)} to 1 on {name} (a line the rule set lacks)",
                f"{bet} {amount_verb(float(logged))} where "
                f"{amount_verb(float(expected[category]))} expected, player {name} "
                f"(no {name} line on the table)",
            )
        elif logged is None:
            assert paid is not None
            variant = Variant(
                f"{bet} has no {name} line (the rule set pays {format_odds(paid)} to 1)",
                f"{bet} {name} not paid (the table pays {format_odds(paid)} to 1)",
            )
        else:
            assert paid is not None
            variant = Variant(
                f"{bet} {name} pays {format_odds(logged)} to 1, not {format_odds(paid)} to 1",
                f"{bet} {name} paid {format_odds(logged)} to 1, not {format_odds(paid)}",
            )
        found.append((variant, SpecEdit(lines=((wager, category, net),))))
    return found


def category_nets(
    table: npt.NDArray[np.float64], category: npt.NDArray[np.int64], size: int
) -> npt.NDArray[np.float64]:
    """The net per unit a table (by strength) pays on each category's strongest hand.

    Examples
    --------
    >>> category_nets(np.array([-1.0, -1.0, 4.0]), np.array([0, 0, 1]), 2).tolist()
    [-1.0, 4.0]
    """
    found = np.zeros(size)
    found[category] = table  # the last (strongest) strength of each category wins
    return found
