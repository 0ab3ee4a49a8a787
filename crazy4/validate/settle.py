"""A spec game's log rows settled again, and the rule differences that explain those that differ
(:class:`SpecSettler`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import lcm

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays
from crazy4.rules.ruleset import RuleSet
from crazy4.spec.specification import WAGERS, CellSettlement, GameSpec, SideBetSpec
from crazy4.spec.wagers import outcome_cells
from crazy4.validate.checks import Component, mismatches, settlement_examples
from crazy4.validate.infer import Inference, Search, Variant, differing_example
from crazy4.validate.misread import low_straight_strengths, pair_high_card_keys
from crazy4.validate.patterns import agrees, differing_columns, key_words
from crazy4.validate.report import Finding, Options
from crazy4.validate.rows import LogBatch
from crazy4.validate.rulesearch import (
    ANY_KING_OR_ACE,
    Misread,
    SpecEdit,
    SpecRows,
    category_nets,
    game_misreadings,
    spec_edits,
)
from crazy4.validate.rulesearch_lines import parts_categories, table_line_edits
from crazy4.validate.switches import tie_switches
from crazy4.validate.tally import Tally

IntArray = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]


@dataclass
class SpecSettler:
    """The settlement and rule-inference part of one validation of a spec game's log: the rule
    set's tables (the side bet's, ``side_name``: None when not settled; the bets in a column of
    their own, by outcome cell), and the run's tally and inference it adds to."""

    spec: GameSpec
    options: Options
    rules: RuleSet
    side_key: str
    side_name: str | None
    settlement: CellSettlement
    category: IntArray
    tally: Tally
    inference: Inference
    columns: tuple[SideBetSpec, ...] = ()
    tie_rules: list[tuple[Variant, str, CellSettlement]] | None = None

    def resettle(self, batch: LogBatch, good: npt.NDArray[np.bool_], multiple: IntArray) -> None:
        """Settle every wager of the good rows again; a finding per wager that differs."""
        strength = batch.derived["player_strength"]
        dealer_strength = batch.derived["dealer_strength"]
        cell = outcome_cells(strength, dealer_strength, self.spec.qualifier(self.rules))
        batch.derived["outcome_cell"] = np.asarray(cell, dtype=np.int64)  # for the statistics
        safe = (strength, multiple, cell)
        if not good.all():  # the bad rows' strength, multiple and cell read as 0 (in range)
            safe = (
                np.where(good, strength, 0),
                np.where(good, multiple, 0),
                np.where(good, cell, 0),
            )
        number, ante = batch.number, batch.wager("ante")
        pays, forfeits = None, False
        if self.side_name is not None and self.side_key in number:
            bet = next(s for s in self.spec.side_bets(self.rules) if s.name == self.side_name)
            pays, forfeits = bet.pays, bet.fold_forfeits
        columns = [bet for bet in self.columns if bet.column in number]
        unit = lcm(self.settlement.unit, pays.unit if pays is not None else 1)
        unit = lcm(unit, *(bet.pays.unit for bet in columns))
        scale = unit // self.settlement.unit  # every net over one denominator
        decisions, cells = self.settlement.nets.shape[1:]
        flat = (safe[0].astype(np.int64) * decisions + safe[1]) * cells + safe[2]  # one gather each
        parts = {name: np.take(nets, flat) * scale for name, nets in self.settlement.parts.items()}
        with_bonus = "ante_bonus_net" in number
        expected_ante = parts["ante"] + (0 if with_bonus else parts["ante_bonus"])
        components = [
            Component("ante", ante, expected_ante, number["ante_net"]),
            Component("play", ante, parts["play"], number["play_net"]),
        ]
        if with_bonus:
            bonus = number["ante_bonus_net"]
            components.append(Component("ante_bonus", ante, parts["ante_bonus"], bonus))
        for name in self.settlement.logged:  # a wager of the game's own (a Super Bonus)
            if name not in WAGERS and f"{name}_net" in number:
                stake = batch.wager(name) if name in self.settlement.staked else ante
                components.append(Component(name, stake, parts[name], number[f"{name}_net"]))
        if pays is not None:
            expected = pays.odds_numerators(self.spec.ranking, unit)[safe[0]]
            if forfeits:  # a fold loses it whatever the cards
                expected = np.where(safe[1] == 0, -unit, expected)
            side, logged = batch.wager(self.side_key), batch.wager(f"{self.side_key}_net")
            components.append(Component(self.side_key, side, expected, logged, side=True))
        column_nets = {str(bet.column): self._cell_nets(bet, unit) for bet in columns}
        for name, nets in column_nets.items():
            stake, logged = batch.wager(name), batch.wager(f"{name}_net")
            components.append(Component(name, stake, nets[safe], logged, side=True))
        if "qualified" in number:  # the log's own word on the dealer's qualifying (1: yes)
            units = np.where(cell >= 3, unit, 0).astype(np.int64)
            components.append(Component("qualified", np.ones(batch.n), units, number["qualified"]))
        cards = (batch.cards["player"], batch.cards["dealer"], batch.decision)
        differing = mismatches(self.tally, good, components, unit)
        for found in differing:
            what = f"{found.component.name}_net is not the amount {self.rules.name} settles"
            finding = self.tally.settlement_findings.setdefault(what, Finding())
            limit = self.options.examples
            settlement_examples(finding, found.rows, found, cards, batch.first_row, limit)
        if differing:
            side_nets = None
            if pays is not None:
                side_nets = pays.odds_numerators(self.spec.ranking, unit) / unit
            showdown = (strength, dealer_strength, safe[1])
            by_cell = {name: nets / unit for name, nets in column_nets.items()}
            self._infer(batch, good, components, unit, showdown, (side_nets, by_cell))

    def _cell_nets(self, bet: SideBetSpec, unit: int) -> IntArray:
        """A column bet's net numerators over ``unit`` by strength, decision and outcome cell
        (:meth:`crazy4.spec.specification.SideBetSpec.cell_nets`)."""
        return bet.cell_nets(bet.pays.odds_numerators(self.spec.ranking, unit), unit)

    def _infer(
        self,
        batch: LogBatch,
        good: npt.NDArray[np.bool_],
        components: list[Component],
        unit: int,
        showdown: tuple[IntArray, IntArray, IntArray],
        sides: tuple[npt.NDArray[np.float64] | None, dict[str, npt.NDArray[np.float64]]],
    ) -> None:
        """Search the rule differences that explain the good rows that differ."""
        side, by_cell = sides
        rows = np.flatnonzero(good)
        strength, dealer, multiple = (a[rows].astype(np.int64) for a in showdown)
        sub = [
            Component(c.name, c.wager[rows], c.units[rows], c.logged[rows], c.side)
            for c in components
        ]
        base = {c.name: c.units / unit for c in sub}
        wrong = np.flatnonzero(~agrees(sub, base))
        if wrong.size == 0:
            return
        bonus_apart = any(c.name == "ante_bonus" for c in sub)
        misread = self._misread(batch, rows)
        spec_rows = SpecRows(
            *(strength, dealer, multiple, self.settlement, self.spec.qualifier(self.rules)),
            *(self.category.astype(np.int64), side, self.side_key, bonus_apart, misread),
            {name: settlement for _, name, settlement in self._tie_rules()},
            by_cell,
        )
        edits = self._edits(sub, base, wrong, (strength, dealer, multiple), (side, misread))
        tests = self.settlement.tests
        if tests.bonus is not None:
            spec_rows = replace(spec_rows, bonus=(tests.bonus[0], tests.bonus[3]))
        if ANY_KING_OR_ACE in tests.misreadings:
            high = (batch.indices("dealer")[rows] // 4 >= 11).any(axis=1)
            spec_rows = replace(spec_rows, dealer_high=np.asarray(high, dtype=np.bool_))
        qualifier = self.spec.qualifier(self.rules)
        labels = self.spec.ranking.categories
        component_names = [c.name for c in sub]

        qualifies = qualifier > 0  # else every dealer qualifies: the keys do not say it

        def keys(wrong: npt.NDArray[np.intp]) -> IntArray:
            player, against = strength[wrong], dealer[wrong]
            columns = [
                np.clip(batch.decision[rows[wrong]], 0, 3),
                self.category[player],
                self.category[against],
            ]
            if qualifies:
                columns.append((against >= qualifier).astype(np.int64))
            columns.append((player == against).astype(np.int64) + 2 * (player < against))
            columns += differing_columns(sub, base, wrong, multiple)
            return np.column_stack(columns).astype(np.int64)

        cards = (batch.cards["player"], batch.cards["dealer"], batch.decision)

        def example(row: int) -> dict[str, object]:
            return differing_example(row, rows, batch.first_row, cards, sub, base)

        search = Search(sub, base, edits, spec_rows.settle)
        search.run(
            self.inference,
            keys,
            lambda key: key_words(key, component_names, labels, qualifier=qualifies),
            example,
            self.options.examples,
        )

    def _edits(
        self,
        sub: list[Component],
        base: dict[str, npt.NDArray[np.float64]],
        wrong: npt.NDArray[np.intp],
        showdown: tuple[IntArray, IntArray, IntArray],
        read: tuple[npt.NDArray[np.float64] | None, Misread],
    ) -> list[tuple[Variant, SpecEdit]]:
        """The single edits searched on the differing rows (``wrong``): those of
        :func:`crazy4.validate.rulesearch.spec_edits`, then a side bet's lines by hand group."""
        side, misread = read
        size = len(self.spec.ranking.categories)
        bonus = self.settlement.parts["ante_bonus"][:, 1, 3] / self.settlement.unit
        expected = {"ante_bonus": category_nets(bonus, self.category, size)}
        if side is not None:
            expected["side"] = category_nets(side, self.category, size)
        play = self.settlement.parts["play"][:, 1, 3] / self.settlement.unit  # beats, qualified
        expected["play"] = category_nets(play, self.category, size)
        differs = self._paid(sub, base, wrong, showdown)
        table = self._side_table()
        if table is not None:  # its lines searched by line and hand group, after the others
            differs.pop("side", None)
        names = {"ante_bonus": "Ante Bonus", "side": self.spec.side_bet_label, "play": "Play"}
        own = self.settlement.tests.bonus  # a bonus with a table of its own (Super Bonus)
        if own is not None:
            nets = self.settlement.parts[own[0]][:, 1, 3] / self.settlement.unit
            expected["bonus"], names["bonus"] = category_nets(nets, self.category, size), own[1]
        rule = (self.spec.qualifier(self.rules), self.rules.dealer.qualifier)
        ties = [(variant, name) for variant, name, _ in self._tie_rules()]
        bonus_apart = any(c.name == "ante_bonus" for c in sub)
        edits = spec_edits(
            *(self.spec.ranking, rule, differs, expected, names, bonus_apart),
            ties,
            (misread, self.spec.shape.hand_cards),
            self._own_misreadings(),
        )
        if table is not None:
            edits += self._table_lines(table, sub, base, wrong, showdown[0], edits)
        if own is not None:  # the bonus's lines by line and hand group, after the others
            edits += self._bonus_lines(own[0], own[1], own[4], (sub, base, wrong), showdown, edits)
        return edits

    def _bonus_lines(
        self,
        name: str,
        label: str,
        table: CategoryPays,
        rows: tuple[list[Component], dict[str, npt.NDArray[np.float64]], npt.NDArray[np.intp]],
        showdown: tuple[IntArray, IntArray, IntArray],
        found: list[tuple[Variant, SpecEdit]],
    ) -> list[tuple[Variant, SpecEdit]]:
        """A bonus's pay-line edits by line and hand group (its ``table``; ``rows``: the
        components, their nets under the rule set and the differing rows), on the played rows
        whose bonus differs, those not ``found`` already."""
        sub, base, wrong = rows
        strength, multiple = showdown[0], showdown[2]
        lines: list[tuple[Variant, SpecEdit]] = []
        for c in sub:
            out = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
            out = out[multiple[out] > 0]
            if c.name == name and out.size:
                observed = c.logged[out] / np.where(c.wager[out] > 0, c.wager[out], 1)
                edits = table_line_edits(self.spec.ranking, label, table, strength[out], observed)
                lines += [(v, SpecEdit(bonus_ranges=e.ranges)) for v, e in edits]
        known = {variant for variant, _ in found}
        return [line for line in lines if line[0] not in known]

    def _own_misreadings(self) -> list[tuple[Variant, SpecEdit]]:
        """The game's own misreadings its settlement's data names
        (:func:`crazy4.validate.rulesearch.game_misreadings`)."""
        tests = self.settlement.tests
        bonus = None if tests.bonus is None else (tests.bonus[1], tests.bonus[2])
        return game_misreadings(tests.misreadings, bonus)

    def _side_table(self) -> CategoryPays | None:
        """The side bet's table when its lines part a category (a line from a pair of aces
        up: :func:`crazy4.validate.rulesearch_lines.parts_categories`), else None."""
        if self.side_name is None:
            return None
        pays = next(s.pays for s in self.spec.side_bets(self.rules) if s.name == self.side_name)
        return pays if parts_categories(self.spec.ranking, pays) else None

    def _table_lines(
        self,
        table: CategoryPays,
        sub: list[Component],
        base: dict[str, npt.NDArray[np.float64]],
        wrong: npt.NDArray[np.intp],
        strength: IntArray,
        found: list[tuple[Variant, SpecEdit]],
    ) -> list[tuple[Variant, SpecEdit]]:
        """The side bet's pay-line edits, by line and hand group
        (:func:`crazy4.validate.rulesearch_lines.table_line_edits`), those not ``found`` already."""
        lines: list[tuple[Variant, SpecEdit]] = []
        for c in sub:
            out = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
            if c.name == self.side_key and out.size:
                observed = c.logged[out] / np.where(c.wager[out] > 0, c.wager[out], 1)
                label = self.spec.side_bet_label
                ranking = self.spec.ranking
                lines += table_line_edits(ranking, label, table, strength[out], observed)
        known = {variant for variant, _ in found}
        return [line for line in lines if line[0] not in known]

    def _paid(
        self,
        sub: list[Component],
        base: dict[str, npt.NDArray[np.float64]],
        wrong: npt.NDArray[np.intp],
        showdown: tuple[IntArray, IntArray, IntArray],
    ) -> dict[str, list[tuple[IntArray, npt.NDArray[np.float64]]]]:
        """What the log paid on the differing rows (``wrong``) of each table the inference
        edits (the Ante Bonus, the side bet): the player's category and the net per unit, from
        the bonus's own column and from what the Ante paid beyond its own net."""
        strength = showdown[0]
        kind = {"ante": "ante_bonus", "ante_bonus": "ante_bonus", self.side_key: "side"}
        if self.settlement.tests.bonus is not None:
            kind[self.settlement.tests.bonus[0]] = "bonus"
        differs: dict[str, list[tuple[IntArray, npt.NDArray[np.float64]]]] = {}
        for c in sub:
            out = wrong[~np.isclose(c.logged[wrong], (c.wager * base[c.name])[wrong])]
            if c.name in kind and out.size:
                per_unit = c.logged[out] / np.where(c.wager[out] > 0, c.wager[out], 1)
                if c.name == "ante":  # what the Ante paid beyond its own net: a bonus inside
                    per_unit = per_unit - self._main_ante(*showdown)[out]
                found = (self.category[strength[out]].astype(np.int64), per_unit)
                differs.setdefault(kind[c.name], []).append(found)
            if c.name == "play" and out.size:  # a Play won against a qualifying dealer
                won = out[self._beats_qualified(*showdown)[out] & (showdown[2][out] > 0)]
                if won.size:
                    per_unit = c.logged[won] / (c.wager[won] * showdown[2][won])
                    found = (self.category[strength[won]].astype(np.int64), per_unit)
                    differs.setdefault("play", []).append(found)
        return differs

    def _beats_qualified(self, strength: IntArray, dealer: IntArray, _: IntArray) -> Mask:
        """The rows whose player beats a dealer who qualifies (the Play's pay-table cell)."""
        return np.asarray((dealer >= self.spec.qualifier(self.rules)) & (strength > dealer))

    def _main_ante(
        self, strength: IntArray, dealer: IntArray, multiple: IntArray
    ) -> npt.NDArray[np.float64]:
        """The Ante's own net per unit of each row (its bonus apart), under the rule set."""
        qualified = np.where(dealer >= self.spec.qualifier(self.rules), 3, 0)
        cell = qualified + (strength == dealer) + 2 * (strength < dealer)
        ante = self.settlement.parts["ante"][strength, multiple, cell] / self.settlement.unit
        return np.asarray(ante, dtype=np.float64)

    def _tie_rules(self) -> list[tuple[Variant, str, CellSettlement]]:
        """Each other tie rule of the rule file, then the game's own switches: its variant, name
        and settlement (made once)."""
        if self.tie_rules is None:
            self.tie_rules = [
                (variant, changed.dealer.ties, self.spec.settlement(changed))
                for variant, changed in tie_switches(self.rules)
            ]
            self.tie_rules += [  # the game's own switches (its settlement's data)
                (Variant(difference, pattern), f"switch {difference}", self.spec.settlement(r))
                for difference, pattern, r in self.settlement.tests.switches
            ]
        return self.tie_rules

    def _misread(self, batch: LogBatch, rows: npt.NDArray[np.intp]) -> Misread:
        """The good ``rows`` as the ranking's misreadings rank them (only those the ranking
        has: a straight category, a pair category)."""
        ranking, size = self.spec.ranking, self.spec.shape.hand_cards
        names = ranking.categories
        table = ranking.strengths(size)
        player, dealer = batch.cards["player"][rows], batch.cards["dealer"][rows]
        found: dict[str, npt.NDArray[np.int64] | None] = {}
        straight = [code for code, name in enumerate(names) if "straight" in name.split()]
        if straight:
            mask = np.isin(self.category, straight)
            found["player_low"] = low_straight_strengths(player, table, size, mask)
            found["dealer_low"] = low_straight_strengths(dealer, table, size, mask)
        if "pair" in names:
            mask = self.category == names.index("pair")
            found["player_pair"] = pair_high_card_keys(player, table, size, mask)
            found["dealer_pair"] = pair_high_card_keys(dealer, table, size, mask)
        return Misread(**found)
