"""What ``crazy4 validate`` checks only in Crazy 4 Poker: :data:`CRAZY_FOUR_CHECKS`.

The engine is :mod:`crazy4.generic.bestfour_validate` (and its rule inference,
:mod:`crazy4.generic.bestfour_variants`); the game supplies here what differs. The log's
schema is :mod:`crazy4.log.roundlog` (plus an optional ``qualified`` column); a row settles by
:func:`crazy4.games.crazy_four.cells.crazy_four_settlement` (the dealer's qualifier,
the Super Bonus, the Queens Up table, a blind second hand playing 3x from the raise minimum,
else 1x). Its statistics add the first seats' outcome cells and the dealer's qualification rate.

Its misreadings, beside the generic ones: a dealer who does not qualify settled as in Three
Card Poker (the Ante wins, the Play pushes); the Super Bonus ``unlisted`` rule switched; a fold
settled as a showdown (the Ante and the Super Bonus settled as if the hand had played); a tie
below the Super Bonus table losing it; the Super Bonus below its table settled like the Play
bet; the dealer qualifying on any king or ace among its cards. Pay lines are searched on the
Super Bonus and the Queens Up table.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from crazy4.core.hidden import OUTCOME_CELLS
from crazy4.core.paytables import PayTable
from crazy4.games.crazy_four.cells import CrazyFourSettlement
from crazy4.games.crazy_four.reference import Reference
from crazy4.games.crazy_four.rules import CrazyFourRules
from crazy4.generic.bestfour_settle import outcome_cells
from crazy4.generic.bestfour_validate import BestFourChecks, BestFourRun
from crazy4.generic.bestfour_variants import (
    BestFourReadings,
    BonusTable,
    Dealt,
    FloatNets,
    Reading,
    Showdown,
    nets_per_unit,
)
from crazy4.generic.bestfour_wagers import BestFourRows, IntArray
from crazy4.log.roundlog import REQUIRED, WAGERS
from crazy4.validate.checks import Component
from crazy4.validate.infer import Variant
from crazy4.validate.rows import LogBatch
from crazy4.validate.statistics import (
    SUMMARY_KEYS,
    StatFamily,
    StatTest,
    Summary,
    rare_award_notes,
    summary_counts,
)

#: The misreadings only this game is searched for (module docstring).
NOT_QUALIFIED_ANTE_WINS, FOLD_SHOWDOWN = "not_qualified_ante_wins", "fold_showdown"
TIES_LOSE_BONUS, BONUS_FOLLOWS_PLAY = "ties_lose_bonus", "bonus_follows_play"
ANY_KING_OR_ACE = "any_king_or_ace"


def _misreadings(rules: CrazyFourRules) -> tuple[list[tuple[Variant, Reading]], ...]:
    """The game's readings searched before the A-2-3-4 ones, and after (module docstring).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> before, after = _misreadings(load_rules("crazy4-standard"))
    >>> [v.pattern for v, _ in after]
    ['dealer qualified on any K or A']
    """
    before = [
        (
            Variant(
                "a dealer who does not qualify: the Ante wins 1:1 and the Play pushes "
                "(Three Card Poker's rule)",
                "Ante won and Play pushed against a dealer who does not qualify",
            ),
            Reading.of(NOT_QUALIFIED_ANTE_WINS),
        )
    ]
    bonus = rules.super_bonus
    if bonus is not None and bonus.unlisted_mask().any():
        other = "push" if bonus.unlisted == "below_table" else "below_table"

        def unlisted(r: CrazyFourRules) -> CrazyFourRules:
            assert r.super_bonus is not None
            return replace(r, super_bonus=replace(r.super_bonus, unlisted=other))

        variant = Variant(
            f"Super Bonus unlisted = {other}, not {bonus.unlisted}",
            f"Super Bonus on a hand its table does not list settled as {other}",
        )
        before.append((variant, Reading((unlisted,))))
    fold = Variant("a fold is settled as a showdown", "fold settled as a showdown")
    before.append((fold, Reading.of(FOLD_SHOWDOWN)))
    if bonus is not None:
        lowest = bonus.table.entries[0].label
        tie = Variant(
            f"ties below a {lowest} lose the Super Bonus",
            f"Super Bonus lost on a tie below a {lowest}",
        )
        follows = Variant(
            f"the Super Bonus below a {lowest} follows the Play result",
            f"Super Bonus below a {lowest} settled with the Play result",
        )
        before += [(tie, Reading.of(TIES_LOSE_BONUS)), (follows, Reading.of(BONUS_FOLLOWS_PLAY))]
    any_king = Variant(
        "the dealer qualifies with any K or A (not K high or better)",
        "dealer qualified on any K or A",
    )
    return before, [(any_king, Reading.of(ANY_KING_OR_ACE))]


def _settle_read(
    settle: CrazyFourSettlement, read: Reading, dealt: Dealt, shown: Showdown
) -> FloatNets:
    """Nets per unit of each wager (and ``qualified``) of ``dealt`` under ``read``.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.generic.bestfour_variants import BestFourVariants, TIES_DEALER
    >>> from crazy4.registry import game_named
    >>> game = game_named("crazy-4-poker")
    >>> variants = BestFourVariants(load_rules("crazy4-standard"), game, CRAZY_FOUR_CHECKS.readings)
    >>> dealt = Dealt(np.zeros((2, 5), np.intp), np.zeros((2, 5), np.intp),
    ...               np.array([20, 20]), np.array([10, 20]), np.array([1, 1]), None)
    >>> variants.settle([], dealt)["ante"].tolist()  # K-high qualifier: neither qualifies
    [0.0, 0.0]
    >>> reading = Reading.of(NOT_QUALIFIED_ANTE_WINS, TIES_DEALER)
    >>> nets = variants.settle([reading], dealt)
    >>> nets["ante"].tolist(), nets["play"].tolist()
    ([1.0, 1.0], [0.0, 0.0])
    """
    flags, player2, dealer2 = read.flags, shown.player2, shown.dealer2
    qualified = dealer2 >= 2 * settle.rules.dealer.qualifier_strength
    if ANY_KING_OR_ACE in flags:
        qualified = np.asarray((dealt.dealer_cards // 4 >= 11).any(axis=1), dtype=bool)
    cell = 3 * qualified.astype(np.int64) + shown.comparison
    strength = shown.strength

    def nets(in_action: npt.NDArray[np.int64]) -> FloatNets:
        found = nets_per_unit(settle, settle.nets(strength, in_action, cell, side_bet=dealt.side))
        played = in_action > 0
        if NOT_QUALIFIED_ANTE_WINS in flags:
            found["ante"] = np.where(played & ~qualified, 1.0, found["ante"])
            found["play"] = np.where(played & ~qualified, 0.0, found["play"])
        bonus = settle.rules.super_bonus
        if bonus is not None:
            below = played & ~bonus.table.paid_mask()[strength]
            if TIES_LOSE_BONUS in flags:
                tie = below & (player2 == dealer2)
                found["super_bonus"] = np.where(tie, -1.0, found["super_bonus"])
            if BONUS_FOLLOWS_PLAY in flags:
                play = settle.wager("play").cells[cell] / settle.wager("play").unit
                found["super_bonus"] = np.where(below, play, found["super_bonus"])
        return found

    result = nets(dealt.multiple)
    if FOLD_SHOWDOWN in flags:
        fold = dealt.multiple == 0
        shown_down = nets(np.where(fold, 1, dealt.multiple))
        for name in ("ante", "super_bonus"):
            result[name] = np.where(fold, shown_down[name], result[name])
    result["qualified"] = qualified.astype(np.float64)
    return result


def _cells(run: BestFourRun, strength: IntArray, dealer: IntArray) -> tuple[IntArray]:
    """The outcome cell of every row (the dealer's qualifier and the showdown)."""
    return (outcome_cells(strength, dealer, run.rules.dealer.qualifier_strength),)


def _qualified(run: BestFourRun, batch: LogBatch, cells: tuple[IntArray, ...]) -> list[Component]:
    """The optional ``qualified`` column: 1 when the dealer qualified."""
    if "qualified" not in batch.number:
        return []
    units = np.where(cells[0] >= 3, run.settlement.unit, 0).astype(np.int64)
    return [Component("qualified", np.ones(batch.n), units, batch.number["qualified"])]


#: How the rows are settled again and made bets (the blind hand plays 3x from the raise minimum).
ROWS = BestFourRows(
    _cells,
    (
        ("ante_super_bonus_play", ("ante", "play", "super_bonus")),
        ("ante_play", ("ante", "play")),
        ("super_bonus", ("super_bonus",)),
    ),
    lambda reference, batch: reference.class_of_hand[batch.derived["player_colex"]],
    _qualified,
)


def _hand_tests(run: BestFourRun, family: StatFamily, summary: Summary | None) -> None:
    """The first seats' outcome cells and the dealer's qualification rate."""
    reference: Reference = run.reference
    if summary is None:
        qualified = int(run.dealer_strengths[run.rules.dealer.qualifier_strength :].sum())
        rounds = run.stat_rounds
        cells = run.first_cells.astype(np.float64)
    else:
        qualified = int(summary["dealer_qualified"])
        rounds = int(summary["rounds"])
        cells = summary_counts(summary, "outcomes", list(OUTCOME_CELLS))
    if cells.sum() > 0:
        if summary is not None and int(summary.get("seats", 1)) > 1:
            family.notes.append(
                "outcome cells: several seats share each dealer hand, so the summary's pooled "
                "outcome counts are not independent; not tested (a per-round log is)"
            )
        else:
            family.chi_square("outcome cells (first seat)", cells, reference.cell_probabilities())
    if rounds > 0:
        p_q = reference.qualification_probability()
        z = (qualified - rounds * p_q) / math.sqrt(rounds * p_q * (1 - p_q))
        detail = f"observed {qualified / rounds:.5f}, exact {p_q:.5f} (z)"
        family.tests.append(StatTest.z_score("dealer qualification rate", z, detail))


def resolution_notes(run: BestFourRun, bet: str, hands: int, se: float) -> list[str]:
    """Award lines of ``bet`` too rare for a sample of ``hands`` (standard error ``se``).

    Examples
    --------
    >>> from crazy4.generic.bestfour_validate import BestFourValidator
    >>> from crazy4.registry import load_rules
    >>> from crazy4.validate.report import Options
    >>> from crazy4.registry import game_named
    >>> validator = BestFourValidator(game_named("crazy-4-poker"), CRAZY_FOUR_CHECKS)
    >>> run = validator.start(Options(load_rules("crazy4-standard")), {})
    >>> notes = resolution_notes(run, "super_bonus", 10_000, 0.02)
    >>> notes[-1].split(";")
    ['super_bonus: sample too small to resolve the four aces award (200 to 1', \
' expected 0.2 in this sample)']
    """
    rules: CrazyFourRules = run.rules
    tables: list[PayTable] = []
    super_bonus = rules.super_bonus
    if (
        bet in (*(name for name, _ in ROWS.bets), "blind_second_hand")
        and bet != "ante_play"
        and super_bonus
    ):
        tables.append(super_bonus.table)
    tables += [side.table for side in rules.side_bets if side.name == bet]
    probabilities = run.reference.strength_probabilities()
    return rare_award_notes(bet, tables, probabilities, hands, se)


def _required(rules: CrazyFourRules) -> tuple[str, ...]:
    """The columns of :data:`crazy4.log.roundlog.REQUIRED`, and the Super Bonus's if any."""
    return REQUIRED + (
        (("super_bonus", "super_bonus_net")) if rules.super_bonus is not None else ()
    )


#: Crazy 4 Poker's part of the validator (module docstring).
CRAZY_FOUR_CHECKS = BestFourChecks(
    readings=BestFourReadings(
        qualifies=True,
        misreadings=_misreadings,
        bonus=BonusTable(
            "super_bonus",
            "Super Bonus",
            "pushed or lost",
            get=lambda rules: rules.super_bonus,
            put=lambda rules, bonus: replace(rules, super_bonus=bonus),
        ),
        settle=_settle_read,
    ),
    required=_required,
    needs="needs",
    hands=(
        ("player", 5, "player cards not five valid cards"),
        ("dealer", 5, "dealer cards not five valid cards"),
    ),
    numbers=(*WAGERS, *(f"{wager}_net" for wager in WAGERS), "qualified"),
    derive=ROWS.derive,
    side_wagers=(("queens_up", "Queens Up"),),
    offered=lambda rules, side: frozenset() if side is None else frozenset({"queens_up"}),
    matched=lambda rules: ("super_bonus",) if rules.super_bonus is not None else (),
    net_columns=("ante_net", "play_net", "super_bonus_net", "queens_up_net", "qualified"),
    settle=ROWS.settle,
    bet_values=ROWS.bet_values,
    blind=lambda rules: bool(rules.blind_second_hand),
    raise_minimum=True,
    summary_keys=(*SUMMARY_KEYS, "dealer_qualified"),
    category_titles=("player hand categories", "dealer hand categories"),
    hand_tests=_hand_tests,
    bet_notes=resolution_notes,
    strategy_by="",
    left_out="left out of the other checks; their rounds out of the statistics",
)
