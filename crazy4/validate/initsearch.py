"""``--init-mapping`` as a search: each field the guess of :mod:`crazy4.log.initmapping` leaves
in question (card columns, amount kinds, decision labels, card codes and notation, the round
id) decided by validating the log's first :data:`TRIAL_ROWS` rows under each candidate: the one
under which the most rows read and settle is kept, one field at a time."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, replace
from itertools import permutations
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from crazy4.errors import InputError
from crazy4.log.grammar import ENCODINGS, CardGrammar, symbol_problem
from crazy4.log.initmapping import Guess, card_cells, guess, render
from crazy4.log.mappingfile import parse_mapping
from crazy4.log.roundlog import DECISION_NAMES, number_cells, read_log_batches
from crazy4.log.vocabulary import Learnt, learn, numbered_ranks
from crazy4.rules.ruleset import RuleSet
from crazy4.validate.driver import validate
from crazy4.validate.report import Options

#: The log's rows each candidate is tried on.
TRIAL_ROWS = 1000
#: The rank of each integer index tried: the ace last (index 12) or first (index 0).
CODE_RANKS = ("23456789TJQKA", "A23456789TJQK")
#: The readings an amount column that is never negative is tried under.
AMOUNT_READINGS = ("net", "return", "winnings")


@dataclass(frozen=True)
class Trial:
    """Rows read (well formed) and rows settled under one candidate (``refused``: the
    validator refused the candidate outright, in one line)."""

    read: int
    settled: int
    refused: str = ""

    def words(self) -> str:
        """The trial in words.

        Examples
        --------
        >>> Trial(1000, 998).words(), Trial(0, 0, "no column 'x'").words()
        ('1,000 read, 998 settled', "refused: no column 'x'")
        """
        if self.refused:
            return f"refused: {self.refused}"
        return f"{self.read:,} read, {self.settled:,} settled"


def trial(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> Trial:
    """The validator's rows read and settled on ``sample`` under the guess ``found``."""
    text = render(found, sample.name, rule_set)
    try:
        mapping = parse_mapping(text, "the guess")
        report = validate(sample, Options(rules, mapping=mapping, examples=0))
    except InputError as error:
        return Trial(0, 0, str(error)[:120])
    settlement = next(check for check in report.checks if check.name == "Settlement")
    read = settlement.basis[0] if settlement.basis else 0
    differing = re.search(r"([\d,]+) with an amount that differs", settlement.summary)
    wrong = int(differing.group(1).replace(",", "")) if differing else 0
    return Trial(read, read - wrong)


def _best(
    sample: Path, found: Guess, rules: RuleSet, rule_set: str | None, options: dict[str, Guess]
) -> tuple[str, dict[str, Trial]]:
    """The option (by name) under which the most rows settle, then read; the first on a tie."""
    tried = {name: trial(sample, option, rules, rule_set) for name, option in options.items()}
    return max(tried, key=lambda name: _score(tried[name])), tried


def _said(field: str, best: str, tried: dict[str, Trial]) -> str:
    """One line: what the chosen reading read and settled, and why the runner-up lost."""
    others = [name for name in tried if name != best]
    runner = max(others, key=lambda n: _score(tried[n])) if others else None
    line = f"{field} = {best}: {tried[best].words()}"
    if runner is not None:
        line += f"; runner-up {runner}: {tried[runner].words()}"
    return line


def _search_amounts(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    for wager in _nonnegative(found):
        options = {
            kind: replace(found, amounts=_with(found.amounts, wager, kind))
            for kind in AMOUNT_READINGS
        }
        best, tried = _best(sample, found, rules, rule_set, options)
        scores = {(t.settled, t.read) for t in tried.values()}
        if len(scores) == 1:
            found.notes.append(
                f"QUESTION: [amounts] {wager} = ? (net, return and winnings settle the same "
                f"rows: {tried[best].words()})"
            )
            continue
        found.amounts = options[best].amounts
        found.notes = [n for n in found.notes if not n.startswith(f"QUESTION: [amounts] {wager}")]
        found.notes.append(_said(f"[amounts] {wager}", best, tried))


def _nonnegative(found: Guess) -> list[str]:
    """The wagers whose amount the values left to a kind: a return or winnings guessed, or a
    question asked."""
    asked = [re.search(r"\[amounts\] (\w+) = \?", note) for note in found.notes]
    questions = [match.group(1) for match in asked if match]
    held = {wager for wager, kind in found.amounts.items() if kind.startswith("in ")}
    kinds = [w for w, kind in found.amounts.items() if kind in ("return", "winnings")]
    return [w for w in dict.fromkeys([*kinds, *questions]) if w not in held]


def _with(amounts: dict[str, str], wager: str, kind: str) -> dict[str, str]:
    changed = {key: value for key, value in amounts.items() if key != wager}
    if kind != "net":
        changed[wager] = kind
    return changed


def _search_card_columns(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    """Columns of cards no name places: each way of giving them to the player and the dealer
    tried (five cards each in Crazy 4 Poker: only settlement tells the hands apart)."""
    fields = [f for f in ("player", "dealer") if found.columns.get(f) in found.card_candidates]
    if len(found.card_candidates) < 2 or not fields:
        return
    options = {}
    for chosen in permutations(found.card_candidates, len(fields)):
        columns = {**found.columns, **dict(zip(fields, chosen, strict=True))}
        label = ", ".join(f"{f} = {c!r}" for f, c in zip(fields, chosen, strict=True))
        options[label] = replace(found, columns=columns)
    best, tried = _best(sample, found, rules, rule_set, options)
    if _tied(tried):
        found.notes.append("QUESTION: which card column is whose hand? (they settle the same)")
        return
    found.columns = options[best].columns
    found.notes.append(_said("[columns]", best, tried))


def _search_codes(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    """Integer codes: each encoding and each place of the ace (index 0 or 12) tried."""
    if found.notation[0] != "integers":
        return
    options = {
        f"{encoding}, ranks {ranks}": replace(found, codes=(encoding, ranks), codes_told=True)
        for encoding in ENCODINGS
        for ranks in CODE_RANKS
    }
    best, tried = _best(sample, found, rules, rule_set, options)
    if _tied(tried):
        return  # left the CHECK line the guess writes
    found.codes, found.codes_told = options[best].codes, True
    found.notes.append(_said("[cards] integers", best, tried))


def _readings(cells: list[object]) -> dict[str, Learnt]:
    """Every text reading of card cells tried: the grammar's two orders, the log's own words
    learnt from the cells, ranks numbered from 0 (each place of the ace)."""
    readings = {f"text, {order}": Learnt(order) for order in ("rank-suit", "suit-rank")}
    learnt = learn(cells)
    problems = isinstance(learnt, Learnt) and any(
        symbol_problem(*i) for i in learnt.symbols.items()
    )
    if isinstance(learnt, Learnt) and learnt.symbols and not problems:
        words = ", ".join(learnt.symbols)
        readings[f"text, {learnt.order}, the log's own words {words}"] = learnt
    for place, numbered in numbered_ranks(cells).items():
        readings[f"text, {numbered.order}, ranks 0-12 with the {place}"] = numbered
    return readings


def _parsed(reading: Learnt, cells: list[object]) -> tuple[str | None, ...]:
    """Each of ``cells`` as the grammar of ``reading`` reads it (None: it does not)."""
    grammar = CardGrammar(order=reading.order, symbols=reading.symbols)
    parsed: list[str | None] = []
    for cell in cells:
        try:
            parsed.append(grammar.text(cell))
        except ValueError:
            parsed.append(None)
    return tuple(parsed)


def _search_notation(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    """Card text: every reading of :func:`_readings` that reads a sampled cell, tried."""
    if found.notation[0] not in ("text", "unknown"):
        return
    cells = card_cells(pq.read_table(sample), found.columns)
    if not cells:
        return
    options: dict[str, Guess] = {}
    unread: list[str] = []
    seen: set[tuple[str | None, ...]] = set()
    same: list[str] = []
    for label, reading in _readings(cells).items():
        parsed = _parsed(reading, cells)
        if not any(parsed):
            unread.append(label)
            continue
        if parsed in seen:  # the same cards as a reading already listed (objects' text)
            same.append(label)
            continue
        seen.add(parsed)
        guessed = reading.guessed
        options[label] = replace(
            found,
            notation=("text", reading.order),
            symbols=reading.symbols,
            guessed_symbols=guessed,
        )
    field = "[cards]"
    if not options:
        found.notes.append(
            f"QUESTION: {field} notation = ? (no card notation known reads any of "
            f"{len(cells):,} sampled card cells; see [cards.symbols])"
        )
        return
    current = next(
        (label for label, option in options.items() if _same_reading(option, found)), None
    )
    best, tried = _best(sample, found, rules, rule_set, options)
    if current is not None and _score(tried[current]) == _score(tried[best]):
        best = current  # the guess from the values, where nothing settles more
    rivals = [n for n in tried if n != best and _score(tried[n]) == _score(tried[best])]
    found.notation, found.symbols = options[best].notation, options[best].symbols
    found.guessed_symbols = options[best].guessed_symbols
    line = _said(field, best, tried)
    if len(tried) == 1 and unread:
        line += f"; {unread[0]} reads none of the {len(cells):,} card cells tried"
    elif len(tried) == 1 and same:
        line += f"; {same[0]} reads every card the same"
    if not tried[best].read:
        line = (
            f"QUESTION: {field} notation = ? (no card notation known reads the rows; "
            f"{best}: {tried[best].words()})"
        )
    elif rivals:
        line = f"QUESTION: {field} = ? ({best} or {rivals[0]}: they read and settle the same rows)"
    found.notes.append(line)


def _same_reading(option: Guess, found: Guess) -> bool:
    return option.notation == found.notation and option.symbols == found.symbols


def _score(tried: Trial) -> tuple[int, int]:
    return tried.settled, tried.read


def _tied(tried: dict[str, Trial]) -> bool:
    """Whether the two best options read and settle the same rows."""
    scores = sorted(map(_score, tried.values()), reverse=True)
    return len(scores) > 1 and scores[0] == scores[1]


def _id_columns(sample: Path, found: Guess) -> list[str]:
    """The unmapped columns that may be round ids: integers or text, no empty cell, and equal
    values together (each value in one run of rows), not all one value."""
    table = pq.read_table(sample)
    found_ids = []
    for name in found.unmapped:
        kind = table.schema.field(name).type
        if not (
            pa.types.is_integer(kind) or pa.types.is_string(kind) or pa.types.is_large_string(kind)
        ):
            continue
        values = table.column(name).to_pylist()
        if not values or any(v is None or str(v).strip() == "" for v in values):
            continue
        runs = [v for i, v in enumerate(values) if i == 0 or v != values[i - 1]]
        if len(runs) == len(set(map(str, runs))) and len(runs) > 1:
            found_ids.append(name)
    return found_ids[:4]


def _search_round(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    """The round id: the column named so, each id-like column, and none, tried; among those
    that read and settle as many rows, the one that groups the most rows into rounds."""
    named = found.columns.get("round")
    candidates = [*([named] if named else []), *_id_columns(sample, found)]
    if not candidates or candidates == [named]:
        return
    table = pq.read_table(sample)
    others = {k: v for k, v in found.columns.items() if k != "round"}
    none = "none (each row its own round)"
    options = {none: replace(found, columns=others, round_ids="numbers")}
    rounds = {none: table.num_rows}
    for name in candidates:
        text = "text" if number_cells(table.column(name))[1] else "numbers"
        options[repr(name)] = replace(found, columns={"round": name, **others}, round_ids=text)
        values = [str(v) for v in table.column(name).to_pylist()]
        rounds[repr(name)] = sum(i == 0 or v != values[i - 1] for i, v in enumerate(values))
    tried = {label: trial(sample, option, rules, rule_set) for label, option in options.items()}
    scores = {label: (*_score(tried[label]), -rounds[label], label != none) for label in tried}
    top = max(scores.values())
    tied = [label for label in tried if scores[label] == top]
    best = repr(named) if repr(named) in tied else tied[0]
    if len(tied) > 1 and best != repr(named):
        found.notes.append(
            f"QUESTION: [columns] round = ? ({' or '.join(tied[:3])} read and settle the same "
            "rows, in as many rounds; none is named so)"
        )
        return
    chosen = options[best]
    found.columns, found.round_ids = chosen.columns, chosen.round_ids
    column = chosen.columns.get("round")
    if column in found.unmapped:
        found.unmapped.remove(column)
    if column is None and named is not None:
        found.unmapped.append(named)
    runner = max((n for n in tried if n != best), key=lambda n: scores[n])
    found.notes.append(
        f"[columns] round = {best}: {tried[best].words()} in {rounds[best]:,} rounds; "
        f"runner-up {runner}: {tried[runner].words()} in {rounds[runner]:,} rounds"
    )


def _search_labels(sample: Path, found: Guess, rules: RuleSet, rule_set: str | None) -> None:
    for label, meaning in list(found.labels.items()):
        if meaning is not None:
            continue
        options = {
            ours: replace(found, labels={**found.labels, label: ours}) for ours in DECISION_NAMES
        }
        best, tried = _best(sample, found, rules, rule_set, options)
        if _tied(tried):
            continue  # no decision settles more rows: left a question in the file
        found.labels[label] = best
        found.notes.append(_said(f"[decisions] {label!r}", best, tried))


def searched_mapping(
    path: Path,
    rules: RuleSet | None,
    rule_set: str | None,
    rule_file: str | None = None,
) -> str:
    """The guessed mapping of ``path`` (as :func:`crazy4.log.initmapping.render` writes it),
    its fields in question decided by settlement under ``rules`` when given.

    Raises
    ------
    InputError
        An unreadable log.
    """
    found = guess(path)
    if rules is None:
        return render(found, path.name, rule_set, rule_file)
    with tempfile.TemporaryDirectory() as folder:
        sample = Path(folder) / path.name
        first = next(iter(read_log_batches(path, TRIAL_ROWS)))
        pq.write_table(first.slice(0, TRIAL_ROWS), sample)
        _search_card_columns(sample, found, rules, rule_set)
        _search_notation(sample, found, rules, rule_set)
        _search_codes(sample, found, rules, rule_set)
        _search_round(sample, found, rules, rule_set)
        _search_amounts(sample, found, rules, rule_set)
        _search_labels(sample, found, rules, rule_set)
        done = trial(sample, found, rules, rule_set)
    read = min(TRIAL_ROWS, first.num_rows)
    found.notes.insert(0, f"tried on the first {read:,} rows under {rules.name}: {done.words()}")
    return render(found, path.name, rule_set, rule_file)
