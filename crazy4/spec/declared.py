"""A game declared in its rule file: the deal, the ranking, the settlement and the bets as data.

A rule file either names a built-in game (``game = "three-card-poker"``) or declares one in a
``[game]`` table; everything else about it is read like any rule set (``[dealer]``, ``[play]``,
``[progressive]``) plus the sections below. The declared game is a
:class:`crazy4.spec.specification.GameSpec` like the built-in ones, so every specification
engine serves it with no code for it::

    [game]
    key = "my-stud"                   # the game's name in the results and the logs
    title = "My Stud"
    ranking = "five_card"             # "three_card", "best_four" or "five_card"
    player_cards = 5                  # cards dealt to the player
    dealer_cards = 5                  # cards dealt to the dealer
    face_up = 1                       # dealer cards every player sees (0 to 2)
    hand_cards = 5                    # cards a hand is ranked on (its best ones)
    main_bet = "ante_raise"           # the bets-table row of the whole mandatory game
    play_name = "Raise"               # what the game calls the bet the player adds
    published_deals = 19933230517200  # optional: the deals its rules document states

    [settle.ante]                     # the Ante, by outcome (the cells of the comparison)
    fold = "loses"
    not_qualified = "wins"            # the dealer does not qualify
    player_higher = "wins"            # the dealer qualifies and the player's hand is higher
    dealer_higher = "loses"           # (a tie follows [dealer] ties: push, player or dealer)

    [settle.play]                     # the bet added by playing, per unit of it
    not_qualified = "push"
    player_higher = "pays"            # paid by the player's hand on [settle.play.pays]
    dealer_higher = "loses"
    [settle.play.pays]                # odds to 1 by category of the ranking
    high_card = 1
    pair = 1

    [settle.ante_bonus]               # optional: paid on the Ante by the player's hand
    fold = "push"                     # "pays": paid on a folded hand too
    [settle.ante_bonus.pays]
    straight = 1

    [[side_bet]]                      # side bets on the cards
    name = "pair-plus"
    scores = "player"                 # "player" (default): the player's own cards;
                                      # "player_and_dealer": all the cards of both hands
    ranking = "three_card"            # the ranking its [pays] reads (default: the game's)
    fold_forfeits = false             # true: a fold loses it (default: settled on a fold too)
    pays_when = "always"              # "dealer_higher": paid only when the dealer's hand
                                      # is higher, lost otherwise (a Bad Beat Bonus)
    [side_bet.pays]
    pair = 1

Each outcome is ``"wins"`` (1 to 1), ``"push"``, ``"loses"``, ``"pays"`` (the section's pay
table, by the player's hand; nothing below it) or odds to 1 (``2``, ``"3/2"``); a wager may
settle a tie by its own ``tie`` key (the Ante Bonus is paid on a tie: ``tie = "pays"``).
The Play bet's sizes are the ``[play] multiples`` (a multiple ``m`` wagers ``m`` Antes). The
reader refuses an incoherent
game in one line: a hand of more cards than dealt, more cards than a deck holds, a ranking
that does not rank hands of that size, a pay line the ranking has no category for, ``"pays"``
without a pay table, a side bet its ranking cannot score
(:func:`crazy4.rules.side_bet_scores.scores_mismatch`).

Examples
--------
>>> from crazy4.rules.sections import Section
>>> table = {"key": "g", "title": "G", "ranking": "three_card", "player_cards": 3,
...          "dealer_cards": 3, "face_up": 0, "hand_cards": 3, "main_bet": "ante_play"}
>>> game = read_declared_game(table, "g.toml")
>>> game.shape.deals, game.published_deals
(407170400, 407170400)
>>> read_declared_game({**table, "hand_cards": 4}, "g.toml")
Traceback (most recent call last):
...
crazy4.errors.InputError: g.toml [game]: hand_cards = 4 is more than the 3 cards dealt
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np
import numpy.typing as npt

from crazy4.core.category_pays import CategoryPays
from crazy4.core.paytables import parse_odds
from crazy4.core.rankings import ranking_named
from crazy4.core.text_safety import markdown_text
from crazy4.errors import InputError
from crazy4.rules.category_section import read_category_pays
from crazy4.rules.limits import Limits, read_limits
from crazy4.rules.ruleset import TIE_NETS, RuleSet
from crazy4.rules.sections import Section, named_tables
from crazy4.rules.side_bet_scores import SCORES_WORDS, read_side_bet_scores, scored_cards
from crazy4.spec.specification import (
    PAYS_WHEN,
    CellSettlement,
    DealShape,
    GameSpec,
    Ranking,
    SideBetSpec,
    pays_text,
)

#: The outcomes a wager settles on, as a rule file names them, and the cells each covers
#: (:data:`crazy4.spec.specification.CELLS`; the tie cell follows ``[dealer] ties``).
OUTCOME_CELLS = {"not_qualified": (0, 1, 2), "player_higher": (3,), "dealer_higher": (5,)}

#: Outcome words and their odds (``"pays"``: the pay table).
OUTCOME_WORDS = {"wins": Fraction(1), "push": Fraction(0), "loses": Fraction(-1)}

#: Each ``[settle.<wager>]`` section's outcomes where it leaves them out.
WAGER_DEFAULTS = {
    "ante": {
        "fold": "loses",
        "not_qualified": "wins",
        "player_higher": "wins",
        "dealer_higher": "loses",
    },
    "play": {"not_qualified": "push", "player_higher": "wins", "dealer_higher": "loses"},
    "ante_bonus": {
        "fold": "push",
        "not_qualified": "pays",
        "player_higher": "pays",
        "dealer_higher": "pays",
    },
}

#: The Play multiples, as the settlement's decision axis (1x, 2x, 3x) broadcasts them.
MULTIPLES = np.arange(1, 4, dtype=np.int64)[None, :, None]


@dataclass(frozen=True)
class Outcome:
    """How a wager settles in one outcome: fixed odds, or its pay table (``pays``)."""

    odds: Fraction
    pays: bool = False


@dataclass(frozen=True)
class WagerRules:
    """One wager of the main game, by outcome (module docstring)."""

    fold: Outcome
    outcomes: dict[str, Outcome]
    pays: CategoryPays | None
    tie: Outcome | None = None


@dataclass(frozen=True)
class DeclaredSideBet:
    """One ``[[side_bet]]`` as read: its pay table, the cards it scores and the ranking it reads
    them by, whether a fold forfeits it and when it pays (module docstring)."""

    table: CategoryPays
    scores: str = "player"
    read_on: str = ""
    fold_forfeits: bool = False
    pays_when: str = "always"


@dataclass(frozen=True)
class DeclaredRuleSet(RuleSet):
    """A rule set of a declared game: the common keys and the ``[settle]`` and
    ``[[side_bet]]`` sections (module docstring)."""

    ante: WagerRules | None = None
    play_bet: WagerRules | None = None
    ante_bonus: WagerRules | None = None
    side_tables: tuple[DeclaredSideBet, ...] = ()
    table_limits: Limits | None = None

    def side_bet_names(self) -> tuple[str, ...]:
        """The side bets' names."""
        return tuple(side.table.name for side in self.side_tables)


def _outcome(section: Section, key: str, default: str, has_pays: bool) -> Outcome:
    value = section.raw(key, required=False)
    value = default if value is None else value
    if value == "pays":
        if not has_pays:
            raise InputError(f"{section.where}: key {key!r} is 'pays' but there is no [pays] table")
        return Outcome(Fraction(0), pays=True)
    if isinstance(value, str) and value in OUTCOME_WORDS:
        return Outcome(OUTCOME_WORDS[value])
    return Outcome(parse_odds(value, where=f"{section.where}: key {key!r}"))


def _wager(section: Section | None, defaults: dict[str, str], ranking: Ranking) -> WagerRules:
    section = section or Section({}, "[settle]")
    has_pays = section.has("pays")
    pays = read_category_pays(section, "pays", ranking) if has_pays else None
    fold = _outcome(section, "fold", defaults["fold"], has_pays) if "fold" in defaults else None
    outcomes = {key: _outcome(section, key, defaults[key], has_pays) for key in OUTCOME_CELLS}
    tie = _outcome(section, "tie", "push", has_pays) if section.has("tie") else None
    section.finish()
    return WagerRules(fold or Outcome(Fraction(0)), outcomes, pays, tie)


@dataclass(frozen=True)
class DeclaredGame(GameSpec):
    """A :class:`crazy4.spec.specification.GameSpec` read from a rule file's ``[game]`` (the
    members a rule file does not declare: the defaults it inherits from its base)."""

    key: str
    title: str
    shape: DealShape
    ranking_name: str
    main_bet: str
    play_name: str
    published_deals: int
    side_bet_label: str = "side bet"
    required_multiples: tuple[int, ...] = ()

    @property
    def ranking(self) -> Ranking:
        """The ranking named by ``[game] ranking``."""
        ranking: Ranking = ranking_named(self.ranking_name)
        return ranking

    def read_sections(self, top: Section, common: RuleSet) -> DeclaredRuleSet:
        """``[settle.ante]``, ``[settle.play]`` and ``[[side_bet]]`` (module docstring)."""
        settle = top.section("settle", required=False) or Section({}, f"{top.where} [settle]")
        ranking = self.ranking
        ante, play, bonus = (
            _wager(settle.section(name, required=False), defaults, ranking)
            if name != "ante_bonus" or settle.has(name)
            else None
            for name, defaults in WAGER_DEFAULTS.items()
        )
        settle.finish()

        def side_bet(section: Section, name: str) -> DeclaredSideBet:
            shape = self.shape
            scores, read_on = read_side_bet_scores(
                section, shape.player_cards, shape.dealer_cards, self.ranking_name
            )
            forfeits = section.boolean("fold_forfeits", False)
            when = section.choice("pays_when", PAYS_WHEN, "always")
            if when != "always" and scores != "player":
                raise InputError(
                    f"{section.where}: pays_when = {when!r} is for a bet on the player's own cards"
                )
            table = read_category_pays(section, name, ranking_named(read_on))
            return DeclaredSideBet(table, scores, read_on, forfeits, when)

        tables = named_tables(top, "side_bet", side_bet, lambda side: side.table.name)
        base = {name: getattr(common, name) for name in RuleSet.__dataclass_fields__}
        return DeclaredRuleSet(
            **base,
            ante=ante,
            play_bet=play,
            ante_bonus=bonus,
            side_tables=tables,
            table_limits=read_limits(top, play_cap=True),
        )

    def limits(self, rules: RuleSet) -> Limits | None:
        """The ``[limits]`` section: the bets and the cap on one hand's payout."""
        return _declared(rules).table_limits

    def settlement(self, rules: RuleSet) -> CellSettlement:
        """Every decision's net in every cell from the ``[settle]`` outcomes."""
        chosen = _declared(rules)
        ante, play = chosen.ante, chosen.play_bet
        assert ante is not None and play is not None
        ranking = self.ranking
        n = ranking.n_strengths
        bonus = chosen.ante_bonus
        wagers = [ante, play] if bonus is None else [ante, play, bonus]
        unit = lcm(*(_unit(wager) for wager in wagers))
        tie = TIE_NETS[rules.dealer.ties]
        ante_nets = np.zeros((n, 4, 6), dtype=np.int64)
        play_nets = np.zeros((n, 4, 6), dtype=np.int64)
        bonus_nets = np.zeros((n, 4, 6), dtype=np.int64)
        ante_nets[:, 0, :] = _numerator(ante.fold.odds, unit)
        ante_nets[:, 1:, :] = _cells(ante, tie, ranking, unit)[:, None, :]
        play_nets[:, 1:, :] = _cells(play, tie, ranking, unit)[:, None, :] * MULTIPLES
        if bonus is not None:
            bonus_nets[:, 0, :] = _column(bonus, bonus.fold, ranking, unit)[:, None]
            bonus_nets[:, 1:, :] = _cells(bonus, tie, ranking, unit)[:, None, :]
        allowed = np.zeros((n, 4), dtype=np.bool_)
        allowed[:, 0] = True
        for multiple in rules.play.multiples:
            allowed[:, multiple] = True
        return CellSettlement(
            nets=ante_nets + play_nets + bonus_nets,
            allowed=allowed,
            wagers=np.array([1, 2, 3, 4], dtype=np.int64) * unit,
            unit=unit,
            parts={"ante": ante_nets, "play": play_nets, "ante_bonus": bonus_nets},
        )

    def side_bets(self, rules: RuleSet) -> tuple[SideBetSpec, ...]:
        """The ``[[side_bet]]`` tables, each on the cards and the ranking it names."""
        chosen = _declared(rules)
        bets = []
        for side in chosen.side_tables:
            name, read_on = side.table.name, side.read_on
            own: Ranking | None = None if read_on == self.ranking_name else ranking_named(read_on)
            cards = "" if side.scores == "player" else " (the player's and the dealer's cards)"
            bets.append(
                SideBetSpec(
                    name,
                    f"side bet {name}{cards}{_terms_words(side.fold_forfeits, side.pays_when)}",
                    side.table,
                    scores=side.scores,
                    ranking=own,
                    fold_forfeits=side.fold_forfeits,
                    pays_when=side.pays_when,
                )
            )
        return tuple(bets)

    def rule_lines(self, rules: RuleSet) -> list[str]:
        """The rules as the report lists them, from the data."""
        shape, chosen = self.shape, _declared(rules)
        assert chosen.ante is not None and chosen.play_bet is not None
        up = f", {shape.face_up} of them face up" if shape.face_up else ", none face up"
        lines = [
            f"Player {shape.player_cards} cards, dealer {shape.dealer_cards}{up}, from one "
            f"52-card deck; each hand plays its best {shape.hand_cards} "
            f"({', '.join(reversed(self.ranking.categories))}).",
            f"Dealer qualifies with {markdown_text(rules.dealer.qualifier)} or better; "
            f"ties: {rules.dealer.ties}.",
            f"{markdown_text(self.play_name)}: "
            f"{', '.join(f'{m}x' for m in rules.play.multiples)} the Ante, or fold (the Ante "
            f"{_words(chosen.ante.fold)}).",
        ]
        wagers = [("Ante", chosen.ante), (self.play_name, chosen.play_bet)]
        if chosen.ante_bonus is not None:
            wagers.append(("Ante Bonus", chosen.ante_bonus))
        for name, wager in wagers:
            outcomes = dict(wager.outcomes)
            if wager.tie is not None:
                outcomes["tie"] = wager.tie
            said = "; ".join(
                f"{key.replace('_', ' ')}: {_words(outcome)}" for key, outcome in outcomes.items()
            )
            lines.append(f"{markdown_text(name)}: {said}.")
            if wager.pays is not None:
                lines.append(f"{markdown_text(name)} pay table: {pays_text(wager.pays)}.")
        for side in chosen.side_tables:
            table = side.table
            scored = (
                ""
                if (side.scores, side.read_on) == ("player", self.ranking_name)
                else f" (on {_scored_words(side.scores, side.read_on, shape)})"
            )
            terms = _terms_words(side.fold_forfeits, side.pays_when)
            lines.append(
                f"Side bet {markdown_text(table.name)}{scored}: {pays_text(table)}{terms}."
            )
        limits = chosen.table_limits
        if limits is not None:
            cap, play_cap = limits.aggregate_payout_cap, limits.play_payout_cap
            paid = "" if cap is None else f"; the most paid on one hand, all bets together: ${cap}"
            if play_cap is not None:
                paid += (
                    f"; the most the {markdown_text(self.play_name)} wins on one hand: ${play_cap}"
                )
            lines.append(f"Limits: ${limits.minimum_bet} to ${limits.maximum_bet} a unit{paid}.")
        return lines


def _terms_words(fold_forfeits: bool, pays_when: str) -> str:
    """When a side bet pays and what a fold does, in words (empty for the defaults)."""
    when = "; paid only when the dealer's hand is higher" if pays_when == "dealer_higher" else ""
    return when + ("; a fold loses it" if fold_forfeits else "")


def _scored_words(scores: str, ranking: str, shape: DealShape) -> str:
    """What a side bet scores, in words: ``the best hand of the 6 cards of ... (five_card)``."""
    cards = scored_cards(scores, shape.player_cards, shape.dealer_cards)
    return f"the best hand of {SCORES_WORDS[scores].format(cards=cards)}, ranked {ranking}"


def _declared(rules: RuleSet) -> DeclaredRuleSet:
    if not isinstance(rules, DeclaredRuleSet) or rules.ante is None:
        raise InputError(f"rule set {rules.name!r} was not read as a declared game")
    return rules


def _words(outcome: Outcome) -> str:
    if outcome.pays:
        return "paid on the pay table"
    names = {odds: word for word, odds in OUTCOME_WORDS.items()}
    return names.get(outcome.odds, f"pays {outcome.odds} to 1")


def _unit(wager: WagerRules) -> int:
    fixed = [wager.fold.odds, *(outcome.odds for outcome in wager.outcomes.values())]
    units = [odds.denominator for odds in fixed]
    return lcm(*units, wager.pays.unit if wager.pays is not None else 1)


def _numerator(odds: Fraction, unit: int) -> int:
    value = odds * unit
    assert value.denominator == 1
    return int(value)


def _column(
    wager: WagerRules, outcome: Outcome, ranking: Ranking, unit: int
) -> npt.NDArray[np.int64]:
    """One outcome's net by player strength: its odds, or its pay table (nothing below it)."""
    if outcome.pays:
        assert wager.pays is not None
        return wager.pays.odds_numerators(ranking, unit, below=0)
    return np.full(ranking.n_strengths, _numerator(outcome.odds, unit), dtype=np.int64)


def _cells(wager: WagerRules, tie: int, ranking: Ranking, unit: int) -> npt.NDArray[np.int64]:
    """The wager's net in each of the six cells by player strength, shape ``(n, 6)``: a tie
    settles by its own ``tie`` key, else by ``[dealer] ties``."""
    out = np.zeros((ranking.n_strengths, 6), dtype=np.int64)
    for key, cells in OUTCOME_CELLS.items():
        out[:, list(cells)] = _column(wager, wager.outcomes[key], ranking, unit)[:, None]
    if wager.tie is not None:
        out[:, 4] = _column(wager, wager.tie, ranking, unit)
    else:
        out[:, 4] = tie * unit
    return out


def read_declared_game(table: object, where: str) -> DeclaredGame:
    """The game a rule file declares in ``[game]`` (module docstring).

    Raises
    ------
    InputError
        One line naming the file, the key and the problem.
    """
    if not isinstance(table, dict):
        raise InputError(f"{where}: 'game' must be a game's name or a [game] table")
    section = Section(table, f"{where} [game]")
    key = section.string("key")
    title = section.string("title")
    ranking_name = section.string("ranking")
    try:
        ranking = ranking_named(ranking_name)
    except InputError as error:
        raise InputError(f"{section.where}: {error}") from None
    player = section.integer("player_cards", 0, 1, 10)
    dealer = section.integer("dealer_cards", 0, 1, 10)
    if player == 0 or dealer == 0:
        raise InputError(f"{section.where}: player_cards and dealer_cards are required")
    face_up = section.integer("face_up", 0, 0, 2)
    hand = section.integer("hand_cards", min(player, dealer), 1, 10)
    for name, cards in (("player", player), ("dealer", dealer)):
        if hand > cards:
            raise InputError(
                f"{section.where}: hand_cards = {hand} is more than the {cards} cards dealt"
                + ("" if name == "player" else " to the dealer")
            )
    if face_up > dealer:
        raise InputError(f"{section.where}: face_up = {face_up} is more than the dealer's cards")
    if player + dealer > 52:
        raise InputError(f"{section.where}: {player + dealer} cards dealt from one 52-card deck")
    for cards in sorted({player, dealer}):
        if cards not in ranking.hand_sizes:  # checked without building the table
            sizes = ", ".join(map(str, ranking.hand_sizes))
            raise InputError(
                f"{section.where}: ranking {ranking_name!r} ranks hands of {sizes} cards, "
                f"not {cards}"
            )
    shape = DealShape(player, dealer, face_up, hand)
    published = section.integer("published_deals", shape.deals)
    game = DeclaredGame(
        key=key,
        title=title,
        shape=shape,
        ranking_name=ranking_name,
        main_bet=section.string("main_bet", "ante_play"),
        play_name=section.string("play_name", "Play"),
        published_deals=published,
        side_bet_label=section.string("side_bet_label", "side bet"),
    )
    section.finish()
    return game
