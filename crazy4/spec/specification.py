"""A game as a specification: the data and the few small functions the generic engines need.

A game is mostly data -- its deal shape, hand ranking and bets -- plus one vectorized
settlement by outcome cell. The engines take a :class:`GameSpec` and know no game;
:class:`crazy4.game.SpecGame` wraps one for the registry. This module imports no engine.

The outcome cells
-----------------
Every player-versus-dealer comparison falls in one of six cells, by whether the dealer's hand
qualifies and how it compares with the player's (:data:`CELLS`)::

    nq_player_higher  nq_tie  nq_dealer_higher      the dealer does not qualify
    player_wins       tie     dealer_wins           the dealer qualifies

A game's :meth:`GameSpec.settlement` gives the net of every decision in every cell, per player
strength; the engines count the cells exactly and do the rest.

Decisions
---------
Fold and a Play bet of 1, 2 or 3 times the Ante (:data:`DECISIONS`); a rule set allows the
multiples it lists, and a game may forbid a decision for some strengths (the raise minimum).

Examples
--------
>>> DealShape(player_cards=3, dealer_cards=3, face_up=0, hand_cards=3).deals
407170400
>>> CELLS[3]
'player_wins'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays
from crazy4.core.strength_table import StrengthTable
from crazy4.rules.ruleset import SideBet
from crazy4.rules.side_bet_scores import scored_cards
from crazy4.spec.log_tests import LogTests
from crazy4.spec.table_layout import CELL_LABELS as CELL_LABELS
from crazy4.spec.table_layout import CELLS as CELLS

# Re-exported: what the bets table writes of the main game is table data (:mod:`.table_layout`).
from crazy4.spec.table_layout import BetRows as BetRows
from crazy4.spec.table_layout import TableLayout

if TYPE_CHECKING:
    from crazy4.rules.limits import Limits
    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section

#: The decisions, by code: fold, then a Play bet of 1, 2 or 3 Antes.
DECISIONS = ("fold", "1x", "2x", "3x")

#: When a side bet's table pays (:attr:`SideBetSpec.pays_when`).
PAYS_WHEN = ("always", "dealer_higher")

#: The wagers of the main game a per-round log settles one by one (:attr:`CellSettlement.parts`).
WAGERS = ("ante", "play", "ante_bonus")

#: The vocabularies of a game's hole-card tables (:attr:`GameSpec.hole_card_form`):
#: ``"rank_groups"``, one table of strategies by what the player learns in rank groups, a
#: situation's dealer counts and each decision; ``"chart"``, the chart tables (strategies, the
#: value of each seen rank, the chart), a situation's decisions and the optimal one
#: (:mod:`crazy4.advantage.holecards`).
HOLE_CARD_FORMS = ("rank_groups", "chart")


@dataclass(frozen=True)
class DealShape:
    """How a round is dealt from one 52-card deck.

    Attributes
    ----------
    player_cards : int
        Cards dealt to the player.
    dealer_cards : int
        Cards dealt to the dealer.
    face_up : int
        Dealer cards every player sees by the rules.
    hand_cards : int
        Cards that make a hand (each side plays its best ``hand_cards``).
    """

    player_cards: int
    dealer_cards: int
    face_up: int
    hand_cards: int

    @property
    def deals(self) -> int:
        """Deals of one round, which dealer cards are face up told apart:
        ``C(52, p) * C(52 - p, f) * C(52 - p - f, d - f)``."""
        p, d, f = self.player_cards, self.dealer_cards, self.face_up
        return comb(52, p) * comb(52 - p, f) * comb(52 - p - f, d - f)


class Ranking(StrengthTable, Protocol):
    """A hand ranking: strengths ``0 .. n_strengths - 1`` (equal strengths tie), in categories.

    Its ``key``, ``n_strengths`` and :meth:`strengths` are what the counting engines read
    (:class:`crazy4.core.strength_table.StrengthTable`); the rest is how it is reported.
    """

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names, weakest first (``"high card"`` ... ``"straight flush"``)."""
        ...

    def category_starts(self) -> npt.NDArray[np.int64]:
        """The weakest strength of each category, shape ``(len(categories),)``."""
        ...

    def describe(self, strength: int) -> str:
        """A strength in words (``"Q-6-4"``, ``"pair of 9s"``)."""
        ...

    def strength_of(self, description: str) -> int:
        """The weakest strength a description names (``"Q high"``, ``"pair of 6s"``,
        ``"Q-6-4"``, ``"none"`` = 0); :class:`InputError` when it names none."""
        ...

    def group(self, strength: int) -> str:
        """The hand group a strength is reported under (``"pair of 9s"``, ``"Q high"``, a
        category): groups are runs of strengths."""
        ...


@dataclass(frozen=True)
class BlindHand:
    """A card room's blind second hand: :attr:`stake` Antes on Play unseen, of which it plays
    ``multiple[strength]`` (the rest returned).

    Attributes
    ----------
    multiple : ndarray of int64, shape (n_strengths,)
        The Play multiple in action by the hand's strength (never a fold).
    stake : int
        The Play multiple put up (the log's stake).
    allowed : bool
        Whether the rule set deals blind second hands.

    Examples
    --------
    >>> BlindHand(np.array([1, 3]), 3, True).stake
    3
    """

    multiple: npt.NDArray[np.int64] = field(repr=False)
    stake: int
    allowed: bool


@dataclass(frozen=True)
class Settlement:
    """A game's decisions settled per dealer-outcome cell, by the player's strength: what a
    specification's bets apart (:meth:`crazy4.spec.specification.GameSpec.bet_parts`) and the
    collusion engine's pricing are made of.

    Attributes
    ----------
    nets : ndarray, shape (n_strengths, 4, cells)
        Net result (integer numerator over :attr:`unit`, per unit of Ante) of fold, 1x, 2x, 3x
        in each dealer-outcome cell (the collusion role's cells).
    allowed : ndarray of bool, shape (n_strengths, 4)
        The decisions a hand of each strength may take.
    wagers : ndarray, shape (4,)
        Total wagered (numerator over :attr:`unit`, in Antes) by each decision.
    unit : int
        The common denominator of the pay tables.

    Examples
    --------
    >>> nets = np.zeros((2, 4, 6), dtype=np.int64)
    >>> Settlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1).unit
    1
    """

    nets: npt.NDArray[np.int64] = field(repr=False)
    allowed: npt.NDArray[np.bool_] = field(repr=False)
    wagers: npt.NDArray[np.int64] = field(repr=False)
    unit: int


@dataclass(frozen=True)
class CellSettlement:
    """Every decision's net in every outcome cell, by player strength.

    Attributes
    ----------
    nets : ndarray of int64, shape (n_strengths, 4, 6)
        Net result of fold, 1x, 2x, 3x in each cell of :data:`CELLS`: integer numerators over
        :attr:`unit`, per unit of Ante, every bet of the main game together.
    allowed : ndarray of bool, shape (n_strengths, 4)
        The decisions a hand of each strength may take.
    wagers : ndarray of int64, shape (4,)
        Total wagered by each decision (numerators over :attr:`unit`, in Antes).
    unit : int
        The common denominator.
    parts : dict of str to ndarray of int64, each shape (n_strengths, 4, 6)
        The nets of each wager of the main game, as a per-round log writes them, adding up to
        :attr:`nets`: every one of :data:`WAGERS` (zeros where the game has none), then the
        game's own. Without any, the whole net is the Ante's.
    staked : tuple of str
        The wagers a seat puts up, in the order of the log's stake columns: each stakes 1 Ante,
        or the Play multiple for one in :attr:`by_multiple`.
    logged : tuple of str
        The wagers whose nets the log writes (``<wager>_net``), in order: parts' names.
    by_multiple : tuple of str
        The wagers staked the decision's multiple of the Ante (``play``).
    bets : tuple of (str, tuple of str)
        The bets a simulation reports after the whole game, each a name and the wagers of
        :attr:`parts` it adds up.
    blind : BlindHand or None
        The blind second hand of the game (None: it has none).
    simple : ndarray of int64, shape (n_strengths,), or None
        The published simple strategy's decision by player strength (None: none published).
    rows : BetRows or None
        What the ``bets`` table writes of the main game besides its optimal play.
    layout : TableLayout
        How the result tables name the cells, and the tables they add.
    tests : LogTests
        What a log's validation tests of the game beyond every game's tests.

    Raises
    ------
    ValueError
        For parts that do not add up to :attr:`nets`, or a logged wager without parts.

    Examples
    --------
    >>> nets = np.zeros((2, 4, 6), dtype=np.int64)
    >>> nets[:, 0, :] = -1
    >>> settled = CellSettlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1, {"ante": nets})
    >>> sorted(settled.parts), int(settled.parts["ante_bonus"].any())
    (['ante', 'ante_bonus', 'play'], 0)
    >>> CellSettlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1, {"play": nets * 0})
    Traceback (most recent call last):
    ...
    ValueError: the settlement's parts (play) do not add up to its nets
    >>> CellSettlement(nets, np.ones((2, 4), bool), np.arange(1, 5), 1, logged=("bonus",))
    Traceback (most recent call last):
    ...
    ValueError: logged wager 'bonus' has no parts
    """

    nets: npt.NDArray[np.int64] = field(repr=False)
    allowed: npt.NDArray[np.bool_] = field(repr=False)
    wagers: npt.NDArray[np.int64] = field(repr=False)
    unit: int
    parts: dict[str, npt.NDArray[np.int64]] = field(repr=False, default_factory=dict)
    staked: tuple[str, ...] = ("ante", "play")
    logged: tuple[str, ...] = WAGERS
    by_multiple: tuple[str, ...] = ("play",)
    bets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    blind: BlindHand | None = None
    simple: npt.NDArray[np.int64] | None = field(repr=False, default=None)
    rows: BetRows | None = None
    layout: TableLayout = field(default_factory=TableLayout)
    tests: LogTests = field(default_factory=LogTests)

    def __post_init__(self) -> None:
        """Every wager of :data:`WAGERS` in :attr:`parts`, then the game's own wagers."""
        given = dict(self.parts) or {"ante": self.nets}
        if not np.array_equal(sum(given.values()), self.nets):
            names = ", ".join(given)
            raise ValueError(f"the settlement's parts ({names}) do not add up to its nets")
        zeros = np.zeros_like(self.nets)
        parts = {name: given.get(name, zeros) for name in WAGERS}
        parts.update(given)
        unknown = sorted(set(self.logged) - set(parts))
        if unknown:
            raise ValueError(f"logged wager {unknown[0]!r} has no parts")
        object.__setattr__(self, "parts", parts)


@dataclass(frozen=True)
class SideBetSpec:
    """A side bet on the cards: its name, description, pay table and terms.

    Attributes
    ----------
    name, description : str
    pays : CategoryPays
        The pay table, read on :attr:`ranking`.
    scores : str
        The cards it scores: ``"player"``, the player's own hand, or ``"player_and_dealer"``,
        the best hand of all the player's and the dealer's cards together.
    ranking : Ranking or None
        The ranking its pay table is read on (None: the game's).
    fold_forfeits : bool
        True: a fold loses the bet whatever the cards; else it is settled on the cards.
    pays_when : str
        ``"always"`` (default), or ``"dealer_higher"``: only when the dealer's hand beats the
        player's, qualified or not (a Bad Beat Bonus), else lost; only on the player's hand.
    column : str or None
        The log column of a bet every seat makes beside the game's side bet (``"bad_beat"``);
        None (default): one of the side bet's tables, logged when chosen.

    Raises
    ------
    ValueError
        For an unknown ``pays_when``, or one not on the player's own hand.

    Examples
    --------
    >>> shape = DealShape(player_cards=3, dealer_cards=3, face_up=0, hand_cards=3)
    >>> from crazy4.core.category_pays import CategoryPays
    >>> bet = SideBetSpec("b", "", CategoryPays("b", ()), scores="player_and_dealer")
    >>> bet.cards(shape), SideBetSpec("p", "", CategoryPays("p", ())).cards(shape)
    (6, 3)
    >>> from crazy4.core.three_card_ranking import THREE_CARD_RANKING as three
    >>> bet.on_hand_alone(three), SideBetSpec("p", "", bet.pays).on_hand_alone(three)
    (False, True)
    """

    name: str
    description: str
    pays: CategoryPays
    scores: str = "player"
    ranking: Ranking | None = None
    fold_forfeits: bool = False
    pays_when: str = "always"
    column: str | None = None

    def __post_init__(self) -> None:
        """A known ``pays_when``, on the player's own hand."""
        if self.pays_when not in PAYS_WHEN:
            raise ValueError(f"pays_when {self.pays_when!r}: expected {' or '.join(PAYS_WHEN)}")
        if self.pays_when != "always" and self.scores != "player":
            raise ValueError(f"pays_when {self.pays_when!r} is for a bet on the player's hand")

    def on_hand_alone(self, game: Ranking) -> bool:
        """Whether the player's hand alone settles the bet, whatever the decision and the
        dealer's cards."""
        return (
            self.scores == "player"
            and self.ranking_of(game) is game
            and not self.fold_forfeits
            and self.pays_when == "always"
        )

    def cell_nets(self, pays: npt.NDArray[np.int64], unit: int) -> npt.NDArray[np.int64]:
        """The bet's net in every outcome cell (:data:`CELLS`) by decision, from its pay
        numerators ``pays`` by scored strength over ``unit`` (-unit where it loses), shape
        ``(len(pays), 4, 6)``: a fold forfeiting it, the dealer's hand that must be higher.

        Examples
        --------
        >>> from crazy4.core.category_pays import CategoryPays
        >>> bet = SideBetSpec("bb", "", CategoryPays("bb", ()), fold_forfeits=True,
        ...                   pays_when="dealer_higher")
        >>> nets = bet.cell_nets(np.array([-1, 7]), 1)[1]
        >>> nets[0].tolist(), nets[1].tolist()
        ([-1, -1, -1, -1, -1, -1], [-1, -1, 7, -1, -1, 7])
        """
        nets = np.repeat(np.asarray(pays, dtype=np.int64), 4 * len(CELLS)).reshape(-1, 4, 6)
        if self.pays_when == "dealer_higher":
            nets[:, :, [0, 1, 3, 4]] = -unit
        if self.fold_forfeits:
            nets[:, 0, :] = -unit
        return nets

    def cards(self, shape: DealShape) -> int:
        """How many cards the bet scores in a deal of ``shape``."""
        return scored_cards(self.scores, shape.player_cards, shape.dealer_cards)

    def ranking_of(self, game: Ranking) -> Ranking:
        """The ranking the pay table is read on: its own, else the game's (``game``)."""
        return self.ranking if self.ranking is not None else game


def table_side_bet(label: str, bet: SideBet, *, per_unit: bool = False) -> SideBetSpec:
    """A rule set's side bet on the player's own hand as a specification's, described under
    the game's ``label`` for it (``per_unit``: saying it is per unit of its wager).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> bet = load_rules("crazy4-standard").side_bets[0]
    >>> spec = table_side_bet("Queens Up", bet)
    >>> spec.name == bet.name, spec.description.startswith("Queens Up, pays four of a kind 50")
    (True, True)
    """
    settled = "a fold forfeits it" if bet.fold_forfeits else "settled even on a fold"
    return SideBetSpec(
        bet.name,
        f"{label}, pays {bet.table.describe()}; {settled}" + (" (per unit)" if per_unit else ""),
        bet.table.category_pays(),
        fold_forfeits=bet.fold_forfeits,
    )


def pays_text(pays: CategoryPays) -> str:
    """A pay table's lines in words, as the rules of a report list them.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from crazy4.core.category_pays import PayLine
    >>> line = PayLine("three_of_a_kind", 3, "three of a kind", 0, Fraction(5, 2))
    >>> pays_text(CategoryPays("b", (line,)))
    'three of a kind 5/2'
    """
    return ", ".join(f"{line.label.replace('_', ' ')} {line.odds}" for line in pays.lines)


class GameSpec(Protocol):
    """A game as data and a few small functions (module docstring).

    Data members are plain attributes. A class naming :class:`GameSpec` as its base inherits
    the members with a default (PEP 544): :meth:`qualifier`, :meth:`side_bets`,
    :meth:`limits` and the last four; the engines read them as any other member.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> THREE_CARD.team_rules, THREE_CARD.published_seen, THREE_CARD.hole_card_form
    ((), None, 'rank_groups')
    >>> THREE_CARD.bet_parts(None)  # type: ignore[arg-type]
    ({}, {})
    """

    key: str
    """The rule file's ``game`` (``"three-card-poker"``)."""
    title: str
    """The game's name as printed."""
    shape: DealShape
    """How a round is dealt."""
    published_deals: int
    """The total of deals as the game's rules document states it (a literal, not
    :attr:`DealShape.deals`: the conformance check compares the two)."""
    required_multiples: tuple[int, ...]
    """The Play multiples every rule set of the game allows (``(1,)``: a 1x Play bet)."""
    main_bet: str
    """The ``bets`` row of the whole mandatory game (``"ante_play"``)."""
    side_bet_label: str
    """What the game calls its bets on the player's own hand (``"Pair Plus"``)."""

    @property
    def ranking(self) -> Ranking:
        """The hand ranking both hands play."""
        ...

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """Read the game's own rule sections onto the common keys (marking them taken)."""
        ...

    def qualifier(self, rules: RuleSet) -> int:
        """The weakest dealer strength that qualifies (0: always): by default ``[dealer]``'s."""
        return rules.dealer.qualifier_strength

    def settlement(self, rules: RuleSet) -> CellSettlement:
        """Every decision's net in every cell, by player strength (:class:`CellSettlement`)."""
        ...

    def side_bets(self, rules: RuleSet) -> tuple[SideBetSpec, ...]:
        """The rule set's bets on the player's own hand: by default its side bets' tables."""
        return tuple(table_side_bet(self.side_bet_label, bet) for bet in rules.side_bets)

    def rule_lines(self, rules: RuleSet) -> list[str]:
        """The rules as the report lists them, one line each."""
        ...

    def limits(self, rules: RuleSet) -> Limits | None:
        """The rule set's table limits and payout cap (``[limits]``): none by default."""
        del rules
        return None

    @property
    def team_rules(self) -> tuple[str, ...]:
        """The practical team rules (a count of some ranks shared) the collusion, planting
        and detection engines know for the game, the recommended one first: none by default."""
        return ()

    @property
    def published_seen(self) -> int | None:
        """The seen hole cards ``crazy4 analyze --hole-cards`` publishes tables for: None by
        default, the hole-card engine's rule (:func:`crazy4.advantage.holecards.published_seen`)."""
        return None

    @property
    def hole_card_form(self) -> str:
        """The vocabulary of the hole-card tables, one of :data:`HOLE_CARD_FORMS`."""
        return "rank_groups"

    def bet_parts(self, rules: RuleSet) -> tuple[dict[str, Settlement], dict[str, str]]:
        """The main game's bets a colluding table values apart, by ``bets`` row, in the six
        outcome cells (per unit of their own wager), and those the cells cannot price with the
        reason: none by default."""
        del rules
        return {}, {}
