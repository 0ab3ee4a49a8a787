"""The interface every game implements, and what its analysis hands to the drivers.

A game (Crazy 4 Poker, Four Card Poker) is one object implementing :class:`Game`. This
package's interface modules (this one, :mod:`crazy4.spec.specification`,
:mod:`crazy4.spec.extension`) sit below every engine and import none. The engines (the
simulator, the validator, the reports, advantage play) reach a game only through this
interface: the rule set they are given carries the game that read it, and :func:`game_of`
returns it; the simulator, the validator, collusion and surveillance take the game's
specification (:attr:`Game.spec`) from it, each through a function of its own folder
(:func:`crazy4.simulate.engine.simulator_of`, :func:`crazy4.validate.engine.validator_of`,
:func:`crazy4.advantage.collusion.colluder_role`,
:func:`crazy4.advantage.surveil.surveillance_of`). Only the command line, the pipeline and
:mod:`crazy4.testing` look a game up by the rule file's ``game``, in :mod:`crazy4.registry`;
nothing outside the registry compares game names or probes which game-specific fields a rule
set has.

What a game provides, by role:

* **rules** -- :attr:`Game.key`, :attr:`Game.title`, :attr:`Game.dealer_cards`,
  :attr:`Game.published_deals` (the total its rules document states, which the conformance
  check compares with the deals its cards make) and :meth:`Game.read_sections`, which reads
  the game's own rule sections into its typed :class:`~crazy4.rules.ruleset.RuleSet` subclass;
* **exact analysis** -- :meth:`Game.analysis_steps`, :meth:`Game.prepare` and
  :meth:`Game.analyze`: counts, pricing,
  bets, tables and the report, as a :class:`GameAnalysis`;
* **one hand** -- :meth:`Game.hand_result` and :meth:`Game.hand_text`;
* **hole cards** -- :meth:`Game.hole_card_tables`, :attr:`Game.published_seen` and
  :meth:`Game.hole_card_situation`, every game's over the one hole-card engine
  (:mod:`crazy4.advantage.holecards`, reading :attr:`Game.spec`);
* **the specification** -- :attr:`Game.spec`, from which the simulator, the validator,
  collusion and surveillance (planting and detection) are built, the same for every game.

Every registered game implements all of them (:class:`crazy4.game.SpecGame` does, over
any specification). The conformance suite (``tests/test_conformance.py``)
runs the same checks against every registered game and every shipped rule set, in the spirit
of scikit-learn's ``check_estimator``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

# Re-exported: a settlement by outcome cell has its own module below the specification
# (:mod:`crazy4.spec.settlement`), where the games' bets apart name it.
from crazy4.spec.settlement import Settlement as Settlement

if TYPE_CHECKING:
    import pandas as pd

    from crazy4.rules.ruleset import RuleSet
    from crazy4.rules.sections import Section
    from crazy4.spec.specification import GameSpec

#: Reports progress: called with a short message after each step.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class GameAnalysis:
    """A game's exact analysis of one rule set, ready to be written.

    Attributes
    ----------
    tables : dict of str to DataFrame
        Written as ``<name>.parquet``.
    main_bet : str
        The bet (a row of the ``bets`` table) the headline figures are for.
    deals : int
        The number of deals counted (the game's cycle).
    details : dict
        Extra provenance.
    render_report : callable
        Renders the Markdown report, given the provenance record.
    state : object
        The game's own analysis, for what extends the game (:mod:`crazy4.spec.extension`:
        the card room reads Crazy 4 Poker's); None when nothing does.
    """

    tables: dict[str, pd.DataFrame] = field(repr=False)
    main_bet: str
    deals: int
    details: dict[str, object]
    render_report: Callable[[dict[str, object]], str] = field(repr=False)
    state: object = field(default=None, repr=False, compare=False)


@runtime_checkable
class Game(Protocol):
    """What every game provides (see the module docstring for the roles)."""

    @property
    def key(self) -> str:
        """The rule file's ``game`` (``"crazy-4-poker"``)."""
        ...

    @property
    def title(self) -> str:
        """The game's name as printed (``"Crazy 4 Poker"``)."""
        ...

    @property
    def dealer_cards(self) -> tuple[int, int]:
        """The dealer's cards and how many of them are face up."""
        ...

    @property
    def player_cards(self) -> int:
        """The cards dealt to the player (``crazy4 hand`` reads that many)."""
        ...

    @property
    def required_multiples(self) -> tuple[int, ...]:
        """The Play multiples every rule set of the game allows (``(1,)``: a 1x Play bet)."""
        ...

    @property
    def published_deals(self) -> int:
        """The total of player/dealer deals as the game's rules document states it: data, not
        computed from the cards (:func:`crazy4.testing.check_game` compares the two)."""
        ...

    @property
    def side_bet_label(self) -> str:
        """What the game calls its bets on the player's own hand (``"Queens Up"``)."""
        ...

    @property
    def rule_files(self) -> tuple[str, ...]:
        """Paths of the ``.toml`` rule files the game brings (read as ``--rules`` reads a
        path): empty for the package's own games, whose rule sets are shipped in
        ``crazy4/rules/data``; a game registered from outside the package names its own here,
        and :func:`crazy4.testing.check_game` checks each of them as a shipped rule set."""
        ...

    def read_sections(self, top: Section, common: RuleSet) -> RuleSet:
        """Read the game's own rule sections onto the common keys (marking them taken)."""
        ...

    def strength_of(self, description: str) -> int:
        """The strength a hand description names in the game's ranking: how the rule file's
        ``qualifier`` and ``raise_minimum`` are read."""
        ...

    def analysis_steps(self, rules: RuleSet) -> int:
        """How many times :meth:`analyze` calls ``progress``."""
        ...

    def prepare(self, rules: RuleSet) -> None:
        """Start in the background what a cold :meth:`analyze` of ``rules`` waits for first (a
        kernel compile in a child process), and return at once; a command calls it as soon
        as it has read the rules. Doing nothing is correct: :meth:`analyze` starts what it
        needs itself."""
        ...

    def analyze(
        self,
        rules: RuleSet,
        *,
        jobs: int,
        progress: Progress,
    ) -> GameAnalysis:
        """The exact analysis: counts, prices, bets, tables and the report (what extends the
        game, such as the card room, is run beside it by the pipeline:
        :mod:`crazy4.spec.extension`)."""
        ...

    def hand_result(
        self, rules: RuleSet, cards: tuple[int, ...], up: int | None
    ) -> dict[str, object]:
        """One hand's exact dealer outcomes, EVs and optimal decision (JSON-ready)."""
        ...

    def hand_text(self, result: dict[str, object]) -> str:
        """:meth:`hand_result` as the lines ``crazy4 hand`` prints."""
        ...

    @property
    def spec(self) -> GameSpec:
        """The game as a specification (:class:`crazy4.spec.specification.GameSpec`): what
        the engines that take one read (:mod:`crazy4.advantage.holecards`)."""
        ...

    @property
    def published_seen(self) -> int:
        """Seen hole cards ``crazy4 analyze --hole-cards`` (``make results``) writes tables for
        (0: none; the heavier analyses are ``make advantage``)."""
        ...

    def hole_card_tables(
        self,
        rules: RuleSet,
        seen: int,
        groups: list[str],
        jobs: int,
        sample: int = 0,
        *,
        progress: Callable[[int], None] | None = None,
        sink: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, pd.DataFrame]:
        """The tables the game publishes of ``seen`` seen dealer cards, from the one hole-card
        engine (:mod:`crazy4.advantage.holecards`), over every situation or ``sample`` player
        hand classes spread evenly (a check); ``progress`` is called with the hand classes
        done, ``sink`` with each chunk's situation rows."""
        ...

    def hole_card_situation(
        self, rules: RuleSet, hand: str, up: str | None, seen: str | None
    ) -> str:
        """One situation (``--hand``, ``--up``, ``--seen-cards`` as given): each decision's
        exact EV and the best, as lines of text."""
        ...


def game_of(rules: RuleSet) -> Game:
    """The game a rule set is for: the one that read it (carried by the rule set, no lookup).

    Raises
    ------
    ValueError
        For a rule set no game read (made by hand rather than loaded).

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> game_of(load_rules("four-card-standard")).title
    'Four Card Poker'
    """
    game = rules.reader
    if type(game) not in _GAME_TYPES:  # a protocol check is slow: once a type
        if not isinstance(game, Game):
            raise ValueError(
                f"rule set {rules.name!r} was not read by a game (load it with its reader)"
            )
        _GAME_TYPES.add(type(game))
    return cast("Game", game)


#: The types :func:`game_of` has found to be games (:class:`Game` checked once a type).
_GAME_TYPES: set[type] = set()
