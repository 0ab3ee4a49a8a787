"""The validator's role of a game: what :mod:`crazy4.validate` needs from each game.

The driver (:func:`crazy4.validate.driver.validate`) takes the game its rule set carries
(:func:`validator_of`), has its :data:`Validator` start a :class:`ValidationRun`, and hands
the run the log's batches; the run's checks and tests make the report. A JSON summary is read
the same way (its keys every game's, :data:`crazy4.validate.statistics.SUMMARY_KEYS`), with
only the statistics tested. Everything game-specific (the columns, what a malformed row is, the
settlement rules, the strategy's classes, which statistics) is the game's; the shared pieces
are :mod:`crazy4.validate.rows`, :mod:`crazy4.validate.checks` and
:mod:`crazy4.validate.statistics`.

Why a protocol: a run has one implementation, :class:`crazy4.validate.engine.SpecRun` (started
by :meth:`crazy4.validate.engine.SpecValidator.start`, the :data:`Validator` of every game),
but the driver cannot name that class: the run is built of this package's checks, rows, tally
and statistics (:mod:`crazy4.validate.engine` imports them), so an import of
:mod:`crazy4.generic` from :mod:`crazy4.validate`, even inside a function or under
``TYPE_CHECKING``, would close a loop between the two units (``tests/test_structure.py``).
What starts a run is one function, so it is a :data:`Validator`, not a protocol of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from crazy4.spec.game import game_of

if TYPE_CHECKING:
    import pyarrow as pa

    from crazy4.rules.ruleset import RuleSet
    from crazy4.validate.report import Check, Options
    from crazy4.validate.rows import LogBatch
    from crazy4.validate.statistics import StatFamily, Summary
    from crazy4.validate.tally import Tally


class ValidationRun(Protocol):
    """One validation of one log or summary by a game: its accumulators and checks."""

    @property
    def tally(self) -> Tally:
        """The rows and rounds read and the findings so far."""
        ...

    def check_columns(self, names: Sequence[str]) -> None:
        """Raise :class:`crazy4.errors.InputError` naming the first column the log lacks."""
        ...

    def read_batch(self, table: pa.Table, first_row: int) -> LogBatch:
        """Parse one batch of rows (whole rounds; ``first_row`` the 1-based number of its
        first): called on the batch reader's thread ahead of :meth:`process`, so it reads
        the table and the run's fixed tables only, never the accumulators."""
        ...

    def process(self, batch: LogBatch) -> None:
        """Check one parsed batch of rows (flagging, re-settlement, strategy) and add it to
        the accumulators."""
        ...

    def row_checks(self) -> list[Check]:
        """The well-formed, settlement and strategy checks of the rows processed."""
        ...

    def statistics(self, summary: Summary | None) -> StatFamily:
        """The statistical tests (unadjusted) and notes: of the rows processed, or of the
        totals of ``summary``."""
        ...


#: The validator's role of a game: start a :class:`ValidationRun` under the options, given the
#: log's metadata (empty for a summary); raises :class:`crazy4.errors.InputError` for an
#: unknown strategy or side bet table.
Validator = Callable[["Options", Mapping[str, object]], ValidationRun]


def validator_of(rules: RuleSet) -> Validator:
    """The validator's role of the game a rule set carries (:func:`crazy4.spec.game.game_of`),
    with the type the interface below the engines does not name: what starts a run.

    Raises
    ------
    ValueError
        For a rule set no game read.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> from crazy4.validate.report import Options
    >>> rules = load_rules("four-card-standard")
    >>> validator_of(rules)(Options(rules), {}).tally.rows
    0
    """
    return cast("Validator", game_of(rules).validator())
