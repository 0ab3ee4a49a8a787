"""A rule set given inline in a log mapping (``[rules]``): an overlay merged into a named rule
set's TOML, or a whole rule file, read by :func:`crazy4.rules.load.rules_from_data`."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping

from crazy4.rules.load import Declare, RuleReader, rules_from_data
from crazy4.rules.ruleset import RuleSet


def merged(base: dict[str, object], overlay: dict[str, object]) -> dict[str, object]:
    """``base`` with ``overlay``'s keys: tables merged key by key, a ``pays`` table (and any
    value that is no table) replaced whole.

    Examples
    --------
    >>> base = {"name": "x", "super_bonus": {"pays": {"flush": 1.5, "straight": 1}, "on": 1}}
    >>> merged(base, {"super_bonus": {"pays": {"flush": 2}}})
    {'name': 'x', 'super_bonus': {'pays': {'flush': 2}, 'on': 1}}
    """
    found = dict(base)
    for key, value in overlay.items():
        old = found.get(key)
        if isinstance(value, dict) and isinstance(old, dict) and key != "pays":
            found[key] = merged(old, value)
        else:
            found[key] = value
    return found


def inline_rules(
    base: RuleSet | None,
    overlay: dict[str, object],
    where: str,
    games: Mapping[str, RuleReader],
    declare: Declare | None = None,
) -> RuleSet:
    """The rule set of a mapping's ``[rules]``: ``base`` with the overlay merged in (named
    ``<base>.inline`` unless the overlay names it), or the overlay alone as a rule file. A
    list (the side bets' ``[[queens_up]]`` tables) is replaced whole. ``games``: the games a
    rule file may name (:func:`crazy4.registry.rule_readers`); ``declare``: how a ``[game]``
    table becomes a game (:func:`crazy4.registry.declare_game`), so that an overlay on a game
    declared in a rule file (or an overlay declaring one) is read as a rule file is.

    Raises
    ------
    InputError
        The merged rule file is invalid (named as ``where [rules]``).

    Examples
    --------
    >>> from crazy4.registry import load_rules, rule_readers
    >>> base = load_rules("crazy4-standard")
    >>> pays = {"four_of_a_kind": 30, "flush": 2, "straight": 1}
    >>> rules = inline_rules(base, {"super_bonus": {"pays": pays}}, "m.toml", rule_readers())
    >>> rules.name, rules.content_hash != base.content_hash
    ('crazy4-standard.inline', True)
    >>> odd = {"dealer": {"ties": "sometimes"}}
    >>> inline_rules(base, odd, "m.toml", rule_readers())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    crazy4.errors.InputError: m.toml [rules] (over crazy4-standard) [dealer]: key 'ties' ...

    An overlay on a game declared in its rule file (its ``[game]`` table kept):

    >>> from crazy4.registry import declare_game
    >>> declared = load_rules("four-card-no-up-card")
    >>> bonus = {"four_of_a_kind": 30, "straight_flush": 20, "three_of_a_kind": 2}
    >>> over = {"settle": {"ante_bonus": {"pays": bonus}}}
    >>> changed = inline_rules(declared, over, "m.toml", rule_readers(), declare_game)
    >>> changed.game == declared.game, changed.content_hash != declared.content_hash
    (True, True)
    """
    data: dict[str, object] = {}
    label = f"{where} [rules]"
    if base is not None:
        data = tomllib.loads(base.text.removeprefix("\ufeff"))
        data["name"] = f"{base.name}.inline"
        label += f" (over {base.name})"
    data = merged(data, overlay)
    shown = json.dumps(overlay, sort_keys=True, default=str)
    text = (base.text if base is not None else "") + f"\n# [rules] of {where}: {shown}\n"
    return rules_from_data(data, text, label, games, declare)
