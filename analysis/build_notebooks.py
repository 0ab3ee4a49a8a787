"""Source of the notebooks in ``notebooks/``: run to regenerate them (outputs stripped).

The notebooks only read ``results/`` and call package functions; they define no functions of
their own. ``make test`` executes each one top to bottom; ``make notebooks`` renders them to
HTML under ``results/notebooks/``. What they show of the results is text in that HTML: pandas
escapes a table's cells and MathJax is kept off them (a bet named ``$...$`` is not typeset);
the plots escape ``$`` (:mod:`crazy4.report.plots`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

SETUP = """\
import matplotlib.pyplot as plt
import pandas as pd

from crazy4.report import plots
from crazy4.results import read as results

pd.set_option("display.max_columns", 20)
pd.set_option("display.width", 160)
pd.set_option("display.html.use_mathjax", False)  # a table's text is text, never TeX
%matplotlib inline"""


def notebook(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """A notebook from (kind, source) pairs, kind ``md`` or ``code``."""
    book = new_notebook()
    book.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    book.metadata["language_info"] = {"name": "python"}
    book.cells = [
        new_markdown_cell(source) if kind == "md" else new_code_cell(source)
        for kind, source in cells
    ]
    for index, cell in enumerate(book.cells):
        cell["id"] = f"cell-{index:02d}"
    return book


HOUSE_EDGE = [
    (
        "md",
        """\
# 01 — House edge of every bet

Every figure here is exact: `crazy4 analyze` counted all player/dealer deals of each rule set
(see the README's *Method*). This notebook only reads `results/`; run `make results` to refresh
it. House edge is per unit of the bet's base wager (the Ante for the game, the bet itself for a
side bet); the element of risk divides the expected loss by the average total amount wagered.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
bets = results.read_all("bets")
bets[["rule_set", "bet", "house_edge", "element_of_risk", "average_total_bet", "std_dev",
      "hit_frequency", "ev_numerator", "ev_denominator"]]""",
    ),
    ("md", "All bets of all rule sets side by side (bars in percent):"),
    ("code", "plots.house_edges(bets);"),
    (
        "md",
        """\
## The return table

For the standard rules: every decision × player hand × dealer outcome, the net result in Antes,
its probability and its contribution to the return. The contributions add up to the EV.""",
    ),
    (
        "code",
        """\
returns = results.read_table("crazy4-standard", "returns")
print(f"deals: {returns['combinations'].sum():,}; return {returns['contribution'].sum():.6%}")
returns.head(30)""",
    ),
    (
        "code",
        """\
returns.groupby("decision")[["probability", "contribution"]].sum()""",
    ),
    ("md", "## Distribution of the net result of one round"),
    (
        "code",
        """\
names = [name for name in results.rule_sets()]
fig, axes = plt.subplots(len(names), 1, figsize=(9, 3.8 * len(names)), squeeze=False)
for ax, name in zip(axes[:, 0], names):
    plots.net_distribution(results.read_table(name, "net_distribution"), ax=ax,
                           title=f"{name}: net result per round")
fig.tight_layout()""",
    ),
]

STRATEGY = [
    (
        "md",
        """\
# 02 — The optimal strategy

The exact optimum: fold, play 1x or raise for every one of the 134,459 suit classes of player
hands. As a person plays by the best four cards, the tables fold it back onto the four-card
strength scale: runs of hands played one way, and the *mixed* best hands where the discarded
fifth card or the suits decide.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
strategy = results.read_table("crazy4-standard", "strategy")
strategy.drop(columns=["from_strength", "to_strength"])""",
    ),
    (
        "code",
        """\
plots.strategy_bands(strategy, title="crazy4-standard: optimal decision by best four cards");""",
    ),
    (
        "md",
        """\
## The EV of each choice

Average EV of folding (always −2: the Ante and the Super Bonus), playing 1x and raising 3x, by
best four cards. The optimal decision is the top line; 3x is allowed from a pair of aces.""",
    ),
    (
        "code",
        """\
from crazy4.pipeline import player_hands

hands = player_hands("crazy4-standard")
plots.decision_evs(hands, title="crazy4-standard: EV of fold, 1x and 3x");""",
    ),
    (
        "md",
        """\
## Near the threshold

EV(1x) − EV(fold) per hand class: on K-Q-7-6 and K-Q-8-4 the points straddle zero, so the fifth
card and the suits matter there. (Reads `player_hands.parquet` when `make results` has built
it, else computes it exactly, a few seconds.)""",
    ),
    (
        "code",
        """\
plots.strategy_margin(hands, title="crazy4-standard: play or fold near K-Q-8-4");""",
    ),
    ("md", "## Every border hand, closest calls first"),
    (
        "code",
        """\
border = results.read_table("crazy4-standard", "border_hands")
border.reindex(border["margin"].abs().sort_values().index).head(20)""",
    ),
    (
        "code",
        """\
border.groupby(["best_hand", "decision"])["weight"].sum().unstack(fill_value=0)""",
    ),
    (
        "md",
        """\
## Four Card Poker: the strategy depends on the dealer's up card

The player sees one of the dealer's six cards. Each cell is a best-hand group against the up
card's rank; *mixed* cells (the kickers, the fifth card or the suits split the decision) show
the percentage of situations played. Below: what the published simple strategy (fold below
3-3, 1x to 9-9, 3x from 10-10) costs against the exact optimum.""",
    ),
    (
        "code",
        """\
chart = results.read_table("four-card-standard", "strategy")
plots.decision_chart(chart, title="four-card-standard: optimal decision by hand and up card");""",
    ),
    (
        "code",
        """\
four_card = results.read_table("four-card-standard", "bets").set_index("bet")
four_card.loc[["ante_play", "ante_play_simple"], ["house_edge", "element_of_risk"]]""",
    ),
]

PAY_TABLES = [
    (
        "md",
        """\
# 03 — Pay tables: what each line is worth

The dealer counts do not depend on the pay tables, so every what-if below re-prices the exact
counts of one analysis: each changed rule set is priced exactly through its game from the
cached counts, the optimal strategy re-solved (`crazy4.design.whatif`, for any game). Edit the
`edits` cell to try your own table.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
from crazy4.design import whatif
from crazy4.design.basis import analyze_quietly, changed_rules
from crazy4.registry import load_rules

rules = load_rules("crazy4-standard")
standard = analyze_quietly(rules)""",
    ),
    ("md", "## Super Bonus: the game's house edge as each line changes"),
    (
        "code",
        """\
lines = {"three_of_a_kind": range(0, 5), "flush": [0, 0.5, 1, 1.5, 2, 2.5],
         "straight": [0, 0.5, 1, 1.5, 2]}
fig, axes = plt.subplots(1, len(lines), figsize=(15, 4))
for ax, (line, values) in zip(axes, lines.items()):
    frame = whatif.line_sensitivity(rules, "super_bonus", line, values,
                                    bets=["ante_super_bonus_play", "super_bonus"])
    frame = frame.pivot(index="odds", columns="bet", values="house_edge").reset_index()
    plots.sensitivity(frame, "odds", {"ante_super_bonus_play": "game (per Ante)",
                                      "super_bonus": "Super Bonus alone"},
                      ax=ax, title=f"Super Bonus: {line.replace('_', ' ')}")
fig.tight_layout()""",
    ),
    ("md", "## Queens Up: house edge as each line changes (50-30-9-4-3-2-1 baseline)"),
    (
        "code",
        """\
bet = "queens-up-50-30-9-4-3-2-1"
lines = {"straight_flush": [20, 30, 40, 50], "three_of_a_kind": [6, 7, 8, 9, 10],
         "flush": [3, 4, 5], "two_pair": [1, 2, 3], "pair_of_queens": [0, 1, 2]}
fig, axes = plt.subplots(1, len(lines), figsize=(18, 3.6))
for ax, (line, values) in zip(axes, lines.items()):
    frame = whatif.line_sensitivity(rules, "queens_up[1]", line, values, bets=[bet])
    plots.sensitivity(frame, "odds", {"house_edge": "Queens Up"}, ax=ax,
                      title=line.replace("_", " "))
fig.tight_layout()""",
    ),
    (
        "md",
        """\
## Four Card Poker: Aces Up tables and the Ante Bonus

The five published Aces Up pay tables, and the Ante + Play house edge under Ante Bonus table 1
(four-card-standard) and table 2 paid only with a Play bet (four-card-ante-bonus-2).""",
    ),
    (
        "code",
        """\
bets = results.read_all("bets")
four_card = bets[bets["rule_set"].str.startswith("four-card")]
aces_up = four_card[four_card["bet"].str.startswith("aces-up")
                    & (four_card["rule_set"] == "four-card-standard")]
plots.house_edges(aces_up, title="Aces Up: house edge of each published pay table")
four_card[four_card["bet"] == "ante_play"][["rule_set", "house_edge", "element_of_risk"]]""",
    ),
    ("md", "## Your own table: edit one cell"),
    (
        "code",
        """\
edits = {"three_of_a_kind": 3, "flush": 2}   # Super Bonus lines to change (odds to 1)""",
    ),
    (
        "code",
        """\
changed = changed_rules(rules, [(f"super_bonus.{line}", str(odds)) for line, odds in edits.items()])
mine = analyze_quietly(changed)
print("Super Bonus:", changed.super_bonus.table.describe())
pd.DataFrame({"standard": standard.tables["bets"].set_index("bet")["house_edge"],
              "edited": mine.tables["bets"].set_index("bet")["house_edge"]})""",
    ),
]

RULE_VARIANTS_FOUR_CARD = [
    (
        "md",
        """\
## Four Card Poker: the $25,000 aggregate payout cap

The seed's tables cap the payout of one hand at $25,000. Under the cap a bet's return depends on
its size: up to the largest size no payout can reach the cap the house edge is the uncapped one;
above it the top awards are cut. Per seat, exactly (the cap shared by several seats of one
table would need a simulation).""",
    ),
    (
        "code",
        """\
cap = results.read_table("four-card-standard", "cap")
plots.cap_curves(cap, title="four-card-standard: house edge against bet size under the cap")
cap.groupby("bet")["largest_uncapped_size"].first()""",
    ),
]

RULE_VARIANTS = [
    (
        "md",
        """\
# 04 — Rule variants

Each rule switch applied alone to a shipped rule set, re-priced exactly. Some switches change
nothing, and the numbers say why: the optimal strategy never plays a hand below king high, so
comparing the Play bet with a non-qualifying dealer is the same as paying it; and 2x is never
optimal, so allowing only 1x or 3x costs nothing.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
from crazy4.design import whatif
from crazy4.games.crazy_four.rules import super_bonus_variants
from crazy4.registry import load_rules

standard, cardroom = load_rules("crazy4-standard"), load_rules("crazy4-cardroom")""",
    ),
    (
        "code",
        """\
# the switches any game's rule file has, then Crazy 4 Poker's own Super Bonus variants
variants = pd.concat({rules.name: whatif.rule_variants(rules, {**whatif.switch_variants(rules),
                                                               **super_bonus_variants(rules)})
                      for rules in (standard, cardroom)}, names=["rule set"])
variants""",
    ),
    (
        "code",
        """\
fig, axes = plt.subplots(1, 2, figsize=(15, 4))
for ax, (name, frame) in zip(axes, variants.groupby(level=0)):
    frame = frame.reset_index(drop=True)
    ax.barh(frame["variant"], 100 * frame["house_edge"], label="house edge (per Ante)")
    ax.barh(frame["variant"], 100 * frame["element_of_risk"], height=0.4, label="element of risk")
    ax.invert_yaxis()
    ax.set_xlabel("percent")
    ax.set_title(name)
    ax.legend()
fig.tight_layout()""",
    ),
]

SIMULATION = [
    (
        "md",
        """\
# 05 — Simulation against the exact values

`crazy4 simulate` plays the game by Monte Carlo; `crazy4 validate` audits any simulator's log
against the exact analysis. Here: one seeded simulation watched as it grows, its means closing
on the exact values inside their confidence bands; then a validator run on a log from our own
simulator (consistent), and on the same log with a planted fault (a flush paid 1:1 on the Super
Bonus instead of 3:2), which the validator must catch.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
from crazy4.simulate.convergence import convergence, hand_strengths
from crazy4.registry import load_rules

standard = load_rules("crazy4-standard")
checkpoints = [2**k for k in range(10, 23, 2)]
table = convergence(standard, seed=2026, checkpoints=checkpoints, jobs=2)
table[table["bet"].isin(["ante_super_bonus_play", "super_bonus"])]""",
    ),
    (
        "code",
        """\
fig, axes = plt.subplots(1, 3, figsize=(17, 4))
for ax, bet in zip(axes, ["ante_super_bonus_play", "super_bonus", "queens-up-50-40-8-4-3-2-1"]):
    plots.convergence(table, bet, ax=ax)
fig.tight_layout()""",
    ),
    (
        "md",
        """\
## The validator on our own log

200,000 rounds with 3 seats, logged one row per seat and round, then audited: well-formed rows,
every wager settled again, the strategy, and the statistics (chi-square of hand categories,
ranks and cards; z-scores of every bet; Holm-corrected).""",
    ),
    (
        "code",
        """\
import tempfile
from pathlib import Path

from crazy4.simulate.driver import make_plan, run_simulation
from crazy4.validate.driver import validate
from crazy4.validate.report import Options

folder = Path(tempfile.mkdtemp())
plan = make_plan(standard, rounds=200_000, seed=11, seats=3)
run_simulation(plan, jobs=2, log_path=folder / "rounds.parquet")
log = pd.read_parquet(folder / "rounds.parquet")
log.head()""",
    ),
    (
        "code",
        """\
report = validate(folder / "rounds.parquet", Options(rules=standard))
print(report.render())""",
    ),
    ("md", "## A planted fault: flushes paid 1:1 on the Super Bonus"),
    (
        "code",
        """\
from crazy4.core.ranking import HandCategory, category_of_strength

faulty = log.copy()
flush = category_of_strength()[hand_strengths(faulty["player"])] == HandCategory.FLUSH
flush &= faulty["decision"].astype(str) != "fold"
faulty.loc[flush, "super_bonus_net"] = faulty.loc[flush, "super_bonus"]
faulty.to_parquet(folder / "faulty.parquet")
print(f"{int(flush.sum()):,} flush hands paid 1:1 instead of 3:2")
report = validate(folder / "faulty.parquet", Options(rules=standard))
verdict = "consistent" if report.consistent else "INCONSISTENT"
print(f"verdict: {verdict}, exit status {report.exit_status}")
print(report.render()[:3000])""",
    ),
]

ADVANTAGE = [
    (
        "md",
        """\
# 06 — Advantage play: what seeing dealer cards is worth

Exact figures from the hole-card engine (`crazy4 advantage holecards`, `docs/advantage.md`):
every situation of player hand and seen dealer cards counted with the seen cards forced into the
dealer's hand. `make results` writes the one-seen-card tables of each Crazy 4 Poker rule set;
`make advantage` the two-seen-card and Four Card Poker hole-card tables under
`results/advantage/`.""",
    ),
    ("code", SETUP),
    (
        "code",
        """\
one = results.read_table("crazy4-standard", "hole_strategies")
two = results.read_table("advantage/crazy4-standard-seen-2", "hole2_strategies")
one[["strategy", "description", "house_edge", "element_of_risk", "std_dev", "gain"]]""",
    ),
    ("md", "## Edge against information"),
    (
        "code",
        """\
order = ["none", "group:A,K,QJT,98765432", "rank", "card"]
labels = ["none", "group of rank", "rank", "full card", "two cards"]
edges = [float(one.set_index("strategy").at[name, "house_edge"]) for name in order]
edges.append(float(two.set_index("strategy").at["card", "house_edge"]))
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.bar(labels, [100 * e for e in edges], color=["grey", "C0", "C0", "C0", "C3"])
ax.axhline(0, color="black", linewidth=0.8)
ax.set_ylabel("house edge, % of the Ante")
ax.set_title("Crazy 4 Poker (standard): house edge by what the player sees")
plt.show()""",
    ),
    ("md", "## Value of each seen rank"),
    (
        "code",
        """\
value = results.read_table("crazy4-standard", "hole_value_by_rank")
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.bar(value["seen_rank"], 100 * value["gain"])
ax.set_xlabel("rank of the seen dealer card")
ax.set_ylabel("gain over ignoring it, % of the Ante")
ax.set_title("Seeing an ace is worth most: the dealer then always qualifies")
plt.show()
value""",
    ),
    ("md", "## The chart: hand group x seen rank"),
    (
        "code",
        """\
from crazy4.advantage.tables import chart_grid

grid = chart_grid(results.read_table("crazy4-standard", "hole_chart"))
grid[grid.nunique(axis=1) > 1]""",
    ),
    (
        "code",
        """\
strategies = one.set_index("strategy")
cost = float(strategies.at["card", "ev"]) - float(strategies.at["chart", "ev"])
print(f"the chart costs {100 * cost:.4f}% of the Ante against the perfect hole-card strategy")""",
    ),
    (
        "md",
        """\
## Collusion: edge against the number of colluders

Seats that pool their cards (`crazy4 advantage collusion`, `docs/collusion.md`): each colluder's
decision is exact given every pooled card (the dealer hands listed from the unseen cards); the
average over deals is a seeded Monte Carlo. The edge shown is the exact honest edge minus the
simulated gain over honest play on the same deals (its paired standard error is far smaller
than that of the plain mean). `make advantage` writes these tables.""",
    ),
    (
        "code",
        """\
fig, axes = plt.subplots(1, 2, figsize=(10, 3.8), sharey=True)
for ax, rule_set in zip(axes, ["crazy4-standard", "four-card-standard"]):
    table = results.read_table("advantage", f"{rule_set}-collusion")
    practical = results.read_table("advantage", f"{rule_set}-collusion-practical")
    for frame, strategy, label in [(table, "full", "all pooled cards"),
                                   (practical, "practical", "practical rule")]:
        alone = (frame["colluders"] == 1) & (frame["strategy"] == "honest")  # exact, k = 1
        rows = frame[alone | (frame["strategy"] == strategy)]
        rule = rows["team_rule"].iloc[-1]
        ax.errorbar(rows["colluders"], 100 * rows["house_edge_controlled"],
                    yerr=100 * 1.96 * rows["gain_standard_error"], marker="o", capsize=3,
                    label=label + (f" (share: {rule})" if rule else ""))
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("colluding seats")
    ax.set_title(rule_set)
    ax.legend()
axes[0].set_ylabel("house edge, % of the Ante (95% bars)")
plt.show()
table""",
    ),
]

EXPLORER = [
    (
        "md",
        """\
# 07 — Explore a game

Every pay line of every table is an input of exact odds (`3/2` is fine), every rule switch a
control. On each change every bet's exact figures are priced again by the design engine — the
same figures `crazy4 design --set` prints — beside the rule set as loaded; the plots follow.
`make explore` serves this notebook as a page (Voilà). The buttons write the current rule set
as a rule file and its PAR sheet to `explored/` at the top of the checkout.""",
    ),
    (
        "code",
        """\
from pathlib import Path

from crazy4.explore.page import explorer_tabs

explorer_tabs(["crazy4-standard", "four-card-standard", "three-card-standard"],
              out=Path("..") / "explored")""",
    ),
    (
        "md",
        """\
The sweep without widgets: the main bet's exact house edge as Crazy 4 Poker's Super Bonus
flush line runs over its odds (the search's model, the optimal strategy re-solved per value).""",
    ),
    (
        "code",
        """\
%matplotlib inline
from crazy4.explore.drawing import sweep_figure
from crazy4.explore.session import Session, sweep_edges

session = Session.load("crazy4-standard")
model = session.line_pricer("super_bonus.flush", session.main_bet)
flush = model.space.base[model.space.searched[0]]
sweep_figure(sweep_edges(model), "super_bonus.flush", session.main_bet, flush)""",
    ),
]

BOOKS = {
    "01-house-edge.ipynb": HOUSE_EDGE,
    "02-strategy.ipynb": STRATEGY,
    "03-pay-tables.ipynb": PAY_TABLES,
    "04-rule-variants.ipynb": RULE_VARIANTS + RULE_VARIANTS_FOUR_CARD,
    "05-simulation-vs-exact.ipynb": SIMULATION,
    "06-advantage-play.ipynb": ADVANTAGE,
    "07-explorer.ipynb": EXPLORER,
}


def main() -> int:
    NOTEBOOKS.mkdir(exist_ok=True)
    for name, cells in BOOKS.items():
        nbformat.write(notebook(cells), NOTEBOOKS / name)
        print(f"wrote notebooks/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
