"""The parts of a rule set every game shares, as frozen dataclasses.

Every game's rule set is a :class:`RuleSet` (read by :mod:`crazy4.rules.load`): the common keys
below, the bets on the player's own hand (``side_bets``), and the game's own sections, which its
subclass adds. The common keys::

    name = "crazy4-standard"              # a file stem: letters, digits, '-', '_', '.'
    title = "Crazy 4 Poker, standard casino rules"
    game = "crazy-4-poker"                # a registered game (crazy4.registry)
    source = "rack cards; Wizard of Odds"  # free text, printed in reports
    notes = ["..."]                        # optional, printed in reports

    [dealer]
    qualifier = "K high"                  # "none", "<rank> high", "pair", "pair of <rank>s"
    play_when_not_qualified = "wins"       # "wins" (1:1) or "compared" (against the hand)
    ties = "push"                          # "push", "player" or "dealer" (who wins ties)
    cards = 5                              # the dealer's cards and how many are face up:
    up_cards = 0                           # fixed by the game; given only to be checked

    [play]
    multiples = [1, 2, 3]                  # allowed Play bets, in Antes (1 to 3)
    raise_minimum = "pair of aces"         # weakest hand allowed more than 1x
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, TypeVar

from crazy4.core.paytables import PayTable
from crazy4.errors import InputError
from crazy4.rules.progressive_bet import ProgressiveBet

PLAY_WHEN_NOT_QUALIFIED = ("wins", "compared")
TIE_RULES = ("push", "player", "dealer")
#: The net of a tied Ante (and each unit of Play) under each tie rule.
TIE_NETS = {"push": 0, "player": 1, "dealer": -1}


def showdown_nets(ties: str) -> tuple[int, int, int]:
    """The net of a wager settled 1:1 on the showdown (the Ante, each unit of Play) when the
    player's hand is higher, tied (by the tie rule ``ties``: :data:`TIE_NETS`) or lower.

    Examples
    --------
    >>> showdown_nets("player"), showdown_nets("push")
    ((1, 1, -1), (1, 0, -1))
    """
    return (1, TIE_NETS[ties], -1)


class KeyedGame(Protocol):
    """The game a rule set carries (a :class:`crazy4.game.SpecGame`), declared here by its key
    alone, so that rules/ needs nothing above it."""

    @property
    def key(self) -> str:
        """The rule file's ``game``."""
        ...


@dataclass(frozen=True)
class DealerRules:
    """How the dealer qualifies and how ties and non-qualifying hands settle (strengths are of
    the ranking of the game that read the file: :meth:`crazy4.rules.load.RuleReader.strength_of`).
    """

    qualifier: str
    qualifier_strength: int
    play_when_not_qualified: str
    ties: str
    cards: int = 5
    up_cards: int = 0

    def cell_nets(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The nets of the Ante and of one unit of Play in the six outcome cells
        (:data:`crazy4.core.hidden.OUTCOME_CELLS`: dealer not qualified, then qualified; player
        higher, tie, dealer higher), by :attr:`ties` and :attr:`play_when_not_qualified`.

        Examples
        --------
        >>> DealerRules("K high", 0, "compared", "dealer").cell_nets()
        ((0, 0, 0, 1, -1, -1), (1, -1, -1, 1, -1, -1))
        """
        showdown = showdown_nets(self.ties)
        wins = self.play_when_not_qualified == "wins"
        return (0, 0, 0, *showdown), ((1, 1, 1) if wins else showdown) + showdown


@dataclass(frozen=True)
class PlayRules:
    """Allowed Play bets (multiples of the Ante) and who may raise above 1x."""

    multiples: tuple[int, ...]
    raise_minimum: str
    raise_minimum_strength: int


@dataclass(frozen=True)
class SideBet:
    """A bet paid on the player's own hand whatever the dealer holds (Queens Up, Aces Up)."""

    table: PayTable
    fold_forfeits: bool

    @property
    def name(self) -> str:
        """The table's name."""
        return self.table.name


@dataclass(frozen=True)
class RuleSet:
    """The validated keys every game's rule set has; each game's subclass adds its sections.

    Attributes
    ----------
    name, title, game, source : str
        ``game`` is the key of the game in :mod:`crazy4.registry`.
    notes : tuple of str
    dealer : DealerRules
    play : PlayRules
    side_bets : tuple of SideBet
        The bets on the player's own hand (the game names them: Queens Up, Aces Up).
    text, path : str
        The rule file's text and name.
    progressive : ProgressiveBet or None
        The ``[progressive]`` section, a bet any game may carry (:mod:`crazy4.progressive`).
    reader : KeyedGame or None
        The game that read the rule file (None for a rule set not read by a game): how an
        engine reaches the game of the rules it is given (:func:`crazy4.spec.game.game_of`),
        with no lookup by name. Not compared, not printed.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules = load_rules("crazy4-standard")
    >>> rules.play.multiples, rules.dealer.qualifier
    ((1, 2, 3), 'K high')
    >>> [bet.name for bet in rules.side_bets]
    ['queens-up-50-40-8-4-3-2-1', 'queens-up-50-30-9-4-3-2-1']
    """

    name: str
    title: str
    game: str
    source: str
    notes: tuple[str, ...]
    dealer: DealerRules
    play: PlayRules
    side_bets: tuple[SideBet, ...]
    text: str
    path: str
    progressive: ProgressiveBet | None = None
    reader: KeyedGame | None = field(default=None, repr=False, compare=False)

    @property
    def content_hash(self) -> str:
        """SHA-256 of the rule file's text: identifies exactly what was analyzed."""
        return hashlib.sha256(self.text.encode()).hexdigest()

    def side_bet_names(self) -> tuple[str, ...]:
        """The names of the bets on the player's own hand (a game whose side bets are not
        :attr:`side_bets` tables gives its own).

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> load_rules("four-card-ante-bonus-2").side_bet_names()
        ('aces-up-50-40-9-6-4-2-1',)
        """
        return tuple(bet.name for bet in self.side_bets)

    def side_bet_index(self, wanted: str | None, label: str, prefix: str) -> int | None:
        """Index of the side-bet table named ``wanted`` (with or without its ``prefix``, e.g.
        ``"queens-up-"``); the first when ``wanted`` is None; None when there is no side bet.

        Raises
        ------
        InputError
            When the rule set has no table ``wanted``.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> rules = load_rules("crazy4-standard")
        >>> rules.side_bet_index(None, "Queens Up", "queens-up-")
        0
        >>> rules.side_bet_index(rules.side_bets[1].name[10:], "Queens Up", "queens-up-")
        1
        """
        names = list(self.side_bet_names())
        if not names:
            return None
        if wanted is None:
            return 0
        matches = [i for i, name in enumerate(names) if wanted in (name, name[len(prefix) :])]
        if not matches:
            raise InputError(
                f"unknown {label} table {wanted!r}; {self.name} has {', '.join(names)}"
            )
        return matches[0]

    def common_fields(self, **changes: Any) -> dict[str, Any]:
        """The common keys as keyword arguments (with ``changes``), for a game's subclass.

        Examples
        --------
        >>> from crazy4.registry import load_rules
        >>> sorted(load_rules("crazy4-standard").common_fields())[:3]
        ['dealer', 'game', 'name']
        """
        values = {item.name: getattr(self, item.name) for item in fields(RuleSet)}
        values.update(changes)
        return values


GameRules = TypeVar("GameRules", bound=RuleSet)


def rules_of(rules: RuleSet, kind: type[GameRules], title: str) -> GameRules:
    """``rules`` as the game's rule set ``kind`` it must be.

    Raises
    ------
    InputError
        ``"'<name>' is not a <title> rule set"`` for another game's rule set.

    Examples
    --------
    >>> from crazy4.registry import load_rules
    >>> rules_of(load_rules("crazy4-standard"), RuleSet, "any").name
    'crazy4-standard'
    >>> from crazy4.games.four_card.rules import FourCardRuleSet
    >>> rules_of(load_rules("crazy4-standard"), FourCardRuleSet, "Four Card Poker")
    Traceback (most recent call last):
    ...
    crazy4.errors.InputError: 'crazy4-standard' is not a Four Card Poker rule set
    """
    if not isinstance(rules, kind):
        raise InputError(f"{rules.name!r} is not a {title} rule set")
    return rules
