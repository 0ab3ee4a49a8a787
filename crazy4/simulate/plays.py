"""What the spec simulator reads of a game's exact analysis: its strategies (a decision per
situation class: ``optimal``, ``simple`` or a strategy file), every bet's exact value under a
strategy, and the summary's tallies and closing lines."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Mapping
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from crazy4.analyze.analysis import MainLattice, SpecAnalysis, analyze_spec, side_bet_outcomes
from crazy4.analyze.bet_rows import side_bets_on_rows
from crazy4.analyze.counts import strength_counts
from crazy4.analyze.keyed_sums import keyed_sums
from crazy4.analyze.situations import class_rows
from crazy4.analyze.strategy_classes import ClassKeys, read_class_strategy
from crazy4.core.bets import BetOutcomes, ExactBet, summarize
from crazy4.core.cards import format_cards, parse_card, parse_cards
from crazy4.errors import InputError
from crazy4.rules.ruleset import RuleSet
from crazy4.simulate.counts import BLIND_BET, Counts
from crazy4.simulate.plan import SimulationPlan
from crazy4.spec.specification import CELLS, GameSpec, SideBetSpec

IntArray = npt.NDArray[np.int64]
#: The showdown's results where the dealer always qualifies (the summary's ``results``).
SHOWDOWNS = ("player higher", "tie", "dealer higher")

#: The analyses kept for the process, the most recently used last: at most
#: :data:`KEPT_ANALYSES` (one of Four Card Poker's holds several hundred MB, and a process that
#: simulates or validates rule set after rule set, a notebook or a test worker, must not keep
#: them all).
_ANALYSES: OrderedDict[tuple[str, str], SpecAnalysis] = OrderedDict()
KEPT_ANALYSES = 3
_EXACT: dict[tuple[str, str, str], dict[str, ExactBet]] = {}


def analysis_of(spec: GameSpec, rules: RuleSet) -> SpecAnalysis:
    """The exact analysis of ``rules`` (kept for the process: the strategy and exact values)."""
    key = (spec.key, rules.content_hash)
    if key in _ANALYSES:
        _ANALYSES.move_to_end(key)
    else:
        _ANALYSES[key] = analyze_spec(spec, rules)
        while len(_ANALYSES) > KEPT_ANALYSES:
            _ANALYSES.popitem(last=False)
    return _ANALYSES[key]


def strategy_of(spec: GameSpec, rules: RuleSet, name: str) -> IntArray:
    """The decision of every situation class: ``optimal``, ``simple`` or a strategy file.

    Raises
    ------
    InputError
        For ``simple`` where the game publishes none, or a bad strategy file.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")  # Q-6-4 or better: also the optimum
    >>> simple = strategy_of(THREE_CARD, rules, "simple")
    >>> bool((simple == strategy_of(THREE_CARD, rules, "optimal")).all())
    True
    """
    analysis = analysis_of(spec, rules)
    if name == "optimal":
        return np.asarray(analysis.prices.decision, dtype=np.int64)
    if name == "simple":
        simple = analysis.settlement.simple
        if simple is None:
            raise InputError(f"--strategy: {spec.title} publishes no simple strategy")
        return np.asarray(simple[analysis.strengths], dtype=np.int64)
    return read_strategy_file(spec, analysis, Path(name))


def read_strategy_file(spec: GameSpec, analysis: SpecAnalysis, path: Path) -> IntArray:
    """A strategy file's decision per situation class (columns ``hand``, with an up card
    ``up_card``, and ``decision``; module docstring)."""
    shape = spec.shape

    def parse(texts: tuple[str, ...]) -> tuple[int, ...]:
        cards = sorted(parse_cards(texts[0], count=shape.player_cards))
        seen = [parse_card(text.strip()) for text in texts[1:]]
        if set(seen) & set(cards):
            raise InputError(f"the up card {texts[1].strip()} is also in the hand")
        return (*cards, *seen)

    def classes(rows: IntArray) -> IntArray:
        hands, up = rows[:, : shape.player_cards], rows[:, shape.player_cards :]
        return np.asarray(class_rows(shape, hands, up), dtype=np.int64)

    columns = ("hand", "up_card") if shape.face_up else ("hand",)
    what = "situation classes" if shape.face_up else "hand classes"
    allowed = analysis.settlement.allowed[analysis.strengths]

    def example(row: int) -> str:
        """A class's representative, highest card first (and the up cards seen)."""
        hand = format_cards(analysis.hands[row][::-1])
        return f"{hand} / {format_cards(analysis.seen[row])}" if shape.face_up else hand

    keys = ClassKeys(columns, parse, classes, allowed, what, example)
    return read_class_strategy(path, keys)


def exact_bets(spec: GameSpec, rules: RuleSet, decision: IntArray) -> dict[str, ExactBet]:
    """Every bet's exact value under a decision per situation class (module docstring), by
    name; kept for the process per rule set and strategy.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("three-card-standard")
    >>> bets = exact_bets(THREE_CARD, rules, strategy_of(THREE_CARD, rules, "optimal"))
    >>> list(bets)[:2], round(float(bets["ante_play"].mean), 5)
    (['ante_play', 'pair-plus-1-4-6-30-40'], -0.03373)
    """
    digest = hashlib.sha256(np.asarray(decision, dtype=np.int64).tobytes()).hexdigest()
    key = (spec.key, rules.content_hash, digest)
    if key not in _EXACT:
        analysis = analysis_of(spec, rules)
        _EXACT[key] = {
            bet.name: ExactBet.of_summary(bet.name, summarize(bet, hands))
            for bet, hands in bet_lattices(spec, rules, analysis, decision)
        }
    return _EXACT[key]


def bet_lattices(
    spec: GameSpec, rules: RuleSet, analysis: SpecAnalysis, decision: IntArray
) -> list[tuple[BetOutcomes, IntArray]]:
    """The exact lattices of :func:`exact_bets`, each with the hands a row stands for. The
    main game's rows, and a side bet's on the player's own hand, are the situation classes
    summed by strength and decision where int64 holds the sums (their nets and wagers are
    alike: the same distribution, EV and average bet in a few thousand rows instead of
    millions); a side bet on other cards is a row a situation class."""
    settlement, strengths = analysis.settlement, analysis.strengths
    cells, weights = analysis.cells, analysis.weights
    decisions = settlement.nets.shape[1]
    exact = analysis.prices.completions * int(weights.sum()) < 2**63

    def apart(
        name: str,
        strength: IntArray,
        played: IntArray,
        combos: IntArray,
        wagers: tuple[str, ...] | None = None,
    ) -> BetOutcomes:
        parts = [settlement.nets] if wagers is None else [settlement.parts[w] for w in wagers]
        net = np.asarray(sum(part[strength, played] for part in parts))
        return BetOutcomes(name, "", combos, net, settlement.unit, settlement.wagers[played])

    def lattice(name: str, played: IntArray) -> MainLattice:
        if exact and strengths.shape[0]:
            key = strengths * decisions + played
            size = (int(strengths.max()) + 1) * decisions
            sums = keyed_sums(key, weights, cells, np.zeros_like(weights), size)
            kept = np.flatnonzero(sums.situations)
            strength, played = kept // decisions, kept % decisions
            combos, hands = sums.deals[kept], sums.situations[kept]
        else:
            strength, combos, hands = strengths, cells * weights[:, None], weights
        return MainLattice(apart(name, strength, played, combos), hands, strength, played)

    def situation_bets(sides: list[SideBetSpec]) -> list[tuple[BetOutcomes, IntArray]]:
        priced = side_bet_outcomes(
            spec,
            rules,
            strengths,
            weights,
            analysis.prices.completions,
            analysis.hands,
            analysis.seen,
            decision,
            cells,
            sides=sides,
        )
        return [(bet, weights) for bet in priced]

    main = lattice(spec.main_bet, decision)
    bets = [(main.bet, main.situations)]
    for name, wagers in settlement.bets:
        bet = apart(name, main.strength, main.decision, main.bet.combos, wagers)
        bets.append((bet, main.situations))
    bets += side_bets_on_rows(spec, rules, main, situation_bets)
    blind = settlement.blind
    if blind is not None and blind.allowed:
        second = lattice(BLIND_BET, np.asarray(blind.multiple[strengths], dtype=np.int64))
        bets.append((second.bet, second.situations))
    return bets


def category_probabilities(spec: GameSpec, cards: int) -> npt.NDArray[np.float64]:
    """The exact probability of each category of the ranking for a hand of ``cards`` cards.

    Examples
    --------
    >>> from crazy4.games.three_card.game import THREE_CARD
    >>> round(float(category_probabilities(THREE_CARD, 3)[-1]) * 22100)
    48
    """
    ranking = spec.ranking
    starts = ranking.category_starts()
    category = np.searchsorted(starts, np.arange(ranking.n_strengths), side="right") - 1
    by_strength = strength_counts(ranking, cards)  # counted once
    counts = np.bincount(category, weights=by_strength, minlength=len(ranking.categories))
    return np.asarray(counts / comb(52, cards), dtype=np.float64)


def summary_counts(spec: GameSpec, plan: SimulationPlan, counts: Counts) -> dict[str, object]:
    """Player (every seat, blind ones too) and dealer categories, the dealer's
    qualifications and the outcome cells."""
    n = spec.ranking.n_strengths
    starts = spec.ranking.category_starts()
    category = np.searchsorted(starts, np.arange(n), side="right") - 1
    names = spec.ranking.categories
    seats = counts.seats.reshape(n, -1).sum(axis=1) + counts.blind.reshape(n, -1).sum(axis=1)
    player = np.bincount(category, weights=seats, minlength=len(names))
    dealer = np.bincount(category, weights=counts.dealer[:n], minlength=len(names))
    cells = counts.seats.reshape(-1, len(CELLS)).sum(axis=0)
    data: dict[str, object] = {
        "player_categories": {c: int(v) for c, v in zip(names, player, strict=True)},
        "dealer_categories": {c: int(v) for c, v in zip(names, dealer, strict=True)},
    }
    qualifier = spec.qualifier(plan.rules)
    if not qualifier:  # the dealer always qualifies: the showdowns alone
        showdowns = cells[len(CELLS) - len(SHOWDOWNS) :]
        data["results"] = {c: int(v) for c, v in zip(SHOWDOWNS, showdowns, strict=True)}
        return data
    data["dealer_qualified"] = int(counts.dealer[qualifier:n].sum())
    data["outcomes"] = {c: int(v) for c, v in zip(CELLS, cells, strict=True)}
    return data


def render_tail(
    spec: GameSpec, plan: SimulationPlan, counts: Counts, data: Mapping[str, object]
) -> list[str]:
    """The dealer's qualifications beside the exact share, then the categories: the player's
    and the dealer's frequencies beside the exact ones (one exact column when both hands are
    dealt as many cards)."""
    player, dealer = data["player_categories"], data["dealer_categories"]
    assert isinstance(player, dict) and isinstance(dealer, dict)
    shape, ranking = spec.shape, spec.ranking
    rounds = max(1, counts.rounds)
    hands = max(1, sum(player.values()))
    player_p = category_probabilities(spec, shape.player_cards)
    dealer_p = category_probabilities(spec, shape.dealer_cards)
    alike = shape.player_cards == shape.dealer_cards
    headings = ("player", "dealer", "exact") if alike else ("player", "exact", "dealer", "exact")
    lines = [
        "",
        qualifier_line(spec, plan, data, rounds, hands),
        "",
        f"{'hand category':<18}" + "".join(f"{name:>10}" for name in headings),
    ]
    for index in reversed(range(len(ranking.categories))):
        name = ranking.categories[index]
        mine, theirs = player[name] / hands, dealer[name] / rounds
        shares = (
            (mine, theirs, player_p[index])
            if alike
            else (mine, player_p[index], theirs, dealer_p[index])
        )
        lines.append(f"{name:<18}" + "".join(f"{x:>10.6f}" for x in shares))
    return lines


def qualifier_line(
    spec: GameSpec, plan: SimulationPlan, data: Mapping[str, object], rounds: int, hands: int
) -> str:
    """The dealer's qualifications beside the exact share, or where he always qualifies the
    showdowns' shares of the hands played."""
    if "results" in data:
        results = data["results"]
        assert isinstance(results, dict)
        return "showdowns: " + ", ".join(f"{name} {n / hands:.5f}" for name, n in results.items())
    qualified = data["dealer_qualified"]
    assert isinstance(qualified, int)
    counts = strength_counts(spec.ranking, spec.shape.dealer_cards)  # counted once
    qualifying = int(counts[spec.qualifier(plan.rules) :].sum())
    exact = float(Fraction(qualifying, comb(52, spec.shape.dealer_cards)))
    return (
        f"dealer qualifies ({plan.rules.dealer.qualifier}): {qualified / rounds:.5f} "
        f"(exact {exact:.5f})"
    )
