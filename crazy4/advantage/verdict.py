"""The shift manager's verdict: one line per seat, in money (FLAGGED, watch or clear), and the
reports (Markdown, HTML, JSON); ``docs/surveillance.md``, "The verdict".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from typing import Any

from crazy4.advantage.detect import SeatVerdict
from crazy4.advantage.evidence import log10_text
from crazy4.advantage.teamscreen import FoundGroup
from crazy4.core.text_safety import html_text, markdown_text, one_line


def describe(hypothesis: str) -> str:
    """A hypothesis as a shift manager reads it.

    Examples
    --------
    >>> describe("position 2")
    "hole-carding: saw the dealer's 2nd-highest hidden card"
    >>> describe("team: practical rule A")
    'team play: shared the count of A held (practical rule)'
    """
    if hypothesis.startswith("position "):
        j = int(hypothesis.split()[1])
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(j, "th")
        return f"hole-carding: saw the dealer's {j}{suffix}-highest hidden card"
    if hypothesis == "any one card":
        return "hole-carding: saw one hidden dealer card"
    if hypothesis == "team: pooled cards":
        return "team play: used every other seat's cards"
    if hypothesis.startswith("team: practical rule "):
        return f"team play: shared the count of {hypothesis.split()[-1]} held (practical rule)"
    if hypothesis.startswith("team "):
        return f"team play with seats {hypothesis.split()[1]}: pooled their cards"
    return hypothesis


@dataclass(frozen=True)
class SeatLine:
    """One seat's verdict in money."""

    seat: int
    status: str
    rounds: int
    hypothesis: str | None
    p_value: float
    log10_likelihood_ratio: float
    won_per_round: float
    won_session: float
    telling_rounds: tuple[int, ...] = ()
    rounds_to_settle: int | None = None
    note: str = ""

    def text(self, ante: float) -> str:
        """The printed line."""
        head = f"seat {self.seat}: {self.status:7s} {self.rounds:,} rounds"
        if self.status == "clear":
            return (
                f"{head}  no sign of hidden information (best p = {self.p_value:.3g}); won "
                f"above honest play {self.won_per_round:+,.2f} a round, {self.won_session:+,.2f} "
                "over the session"
            )
        line = (
            f"{head}  {self.hypothesis}  p = {self.p_value:.3g}, likelihood ratio "
            f"{log10_text(self.log10_likelihood_ratio)}  won above honest play "
            f"{self.won_per_round:+,.2f} a round, {self.won_session:+,.2f} over the session"
        )
        if self.telling_rounds:
            line += "  rounds to review: " + ", ".join(map(str, self.telling_rounds))
        if self.status == "watch" and self.rounds_to_settle is not None:
            more = max(0, self.rounds_to_settle - self.rounds)
            line += f"  about {more:,} more rounds would settle it"
        return line + (f"  ({self.note})" if self.note else "")


def seat_line(
    verdict: SeatVerdict, ante: float, watch: float, group: FoundGroup | None = None
) -> SeatLine:
    """A seat's line from its own test, or its flagged screened group's test."""
    n = verdict.rounds
    won = verdict.won_above_honest
    line = partial(
        SeatLine, seat=verdict.seat, rounds=n, won_per_round=won / n * ante, won_session=won * ante
    )
    if (
        group is not None
        and group.flagged
        and (not verdict.flagged or group.p_value < verdict.p_value)
    ):
        return line(
            status="FLAGGED",
            hypothesis=describe(f"team {','.join(map(str, group.members_flagged))}"),
            p_value=group.p_value,
            log10_likelihood_ratio=group.log10_likelihood_ratio,
            telling_rounds=group.telling_rounds,
            note=f"Bonferroni over {group.groups_possible} possible groups",
        )
    if verdict.flagged or verdict.p_value < watch:
        return line(
            status="FLAGGED" if verdict.flagged else "watch",
            hypothesis=describe(verdict.hypothesis),
            p_value=verdict.p_value,
            log10_likelihood_ratio=verdict.log10_likelihood_ratio,
            telling_rounds=verdict.telling_rounds,
            rounds_to_settle=None if verdict.flagged else verdict.rounds_to_settle,
            note=f"matches {verdict.matches} of {n}, {verdict.expected_matches:.1f} expected "
            "if honest",
        )
    return line(
        status="clear", hypothesis=None, p_value=verdict.p_value, log10_likelihood_ratio=0.0
    )


@dataclass(frozen=True)
class Verdict:
    """The whole log's verdict."""

    log: str
    rules: str
    ante: float
    ante_source: str
    alpha: float
    watch: float
    seats: list[SeatLine]
    groups: list[dict[str, Any]]

    @property
    def flagged(self) -> bool:
        """Any seat or group flagged."""
        return any(s.status == "FLAGGED" for s in self.seats) or any(
            g["flagged"] for g in self.groups
        )

    def header(self) -> str:
        """The first line printed."""
        return (
            f"Surveillance verdict: {self.log} ({self.rules}), Ante {self.ante:g} "
            f"({self.ante_source}), flag at p < {self.alpha:g}, watch below {self.watch:g}"
        )

    def text(self) -> str:
        """Every printed line."""
        lines = [one_line(self.header())]
        lines += [s.text(self.ante) for s in self.seats]
        lines += [_group_text(g) for g in self.groups]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON report."""
        seats = []
        for s in self.seats:
            row = dict(s.__dict__)
            row["telling_rounds"] = list(s.telling_rounds)
            seats.append(row)
        return {
            "log": self.log,
            "rules": self.rules,
            "ante": self.ante,
            "ante_source": self.ante_source,
            "alpha": self.alpha,
            "watch": self.watch,
            "flagged": self.flagged,
            "seats": seats,
            "groups": self.groups,
        }

    def markdown(self) -> str:
        """The Markdown report."""
        lines = [f"# {markdown_text(self.header())}", "", *_table_rows(self, markdown=True)]
        if self.groups:
            lines += ["", "## Groups", ""]
            lines += [f"- {markdown_text(_group_text(g))}" for g in self.groups]
        return "\n".join(lines) + "\n"

    def html(self) -> str:
        """The HTML report (one self-contained page)."""
        rows = _table_rows(self, markdown=False)
        groups = "".join(f"<li>{html_text(_group_text(g))}</li>" for g in self.groups)
        return (
            '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Surveillance verdict'
            "</title><style>table{border-collapse:collapse}td,th{border:1px solid #999;"
            "padding:3px 6px}.FLAGGED{background:#fdd}.watch{background:#ffd}</style></head>"
            f"<body><h1>{html_text(self.header())}</h1><table>{''.join(rows)}</table>"
            + (f"<h2>Groups</h2><ul>{groups}</ul>" if groups else "")
            + "</body></html>\n"
        )

    def report(self, suffix: str) -> str:
        """The report for a file suffix (``.md``, ``.html``, ``.json``)."""
        if suffix == ".json":
            return json.dumps(self.to_dict(), indent=2)
        return self.html() if suffix in (".html", ".htm") else self.markdown()


COLUMNS = ("seat", "verdict", "evidence", "p-value", "LR", "won a round", "won in session",
           "rounds to review", "rounds to settle")  # fmt: skip


def _cells(s: SeatLine) -> list[str]:
    settle = "" if s.rounds_to_settle is None else f"{max(0, s.rounds_to_settle - s.rounds):,}"
    return [
        str(s.seat),
        s.status,
        s.hypothesis or "no sign of hidden information",
        f"{s.p_value:.3g}",
        log10_text(s.log10_likelihood_ratio),
        f"{s.won_per_round:+,.2f}",
        f"{s.won_session:+,.2f}",
        ", ".join(map(str, s.telling_rounds)) if s.status != "clear" else "",
        settle if s.status == "watch" else "",
    ]


def _table_rows(verdict: Verdict, *, markdown: bool) -> list[str]:
    if markdown:
        rows = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
        cells = [[markdown_text(cell) for cell in _cells(s)] for s in verdict.seats]
        return rows + ["| " + " | ".join(line) + " |" for line in cells]
    head = "<tr>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr>"
    body = [
        f'<tr class="{html_text(s.status)}">'
        + "".join(f"<td>{html_text(c)}</td>" for c in _cells(s))
        + "</tr>"
        for s in verdict.seats
    ]  # fmt: skip
    return [head, *body]


def _group_text(group: dict[str, Any]) -> str:
    seats = ",".join(map(str, group["seats"]))
    mark = "FLAGGED" if group["flagged"] else "ok"
    members = ", ".join(f"{p:.3g}" for p in group["member_p_values"])
    named = group.get("members_flagged")
    named_text = (
        "" if named is None else f", members flagged: {','.join(map(str, named)) or 'none'}"
    )
    return (
        f"group {seats}: {mark}  {group['kind']}  p = {group['p_value']:.3g} (members "
        f"{members}{named_text})  {group['rounds']:,} rounds valued; exact EV its decisions "
        f"gained over honest ones given the pooled cards: {group['won_session']:+,.2f} over "
        "the session"
    )
