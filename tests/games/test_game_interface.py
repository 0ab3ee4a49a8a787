"""A rule set carries the game that read it: how the engines reach a game without the registry."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from crazy4.registry import (
    extensions_of,
    game_named,
    game_of,
    load_rules,
    parse_rules,
    registered_games,
)
from crazy4.rules.load import read_rules, shipped_rule_names
from crazy4.simulate.engine import SpecSimulator, simulator_of
from crazy4.spec.game import spec_of
from crazy4.validate.engine import SpecValidator, validator_of


@pytest.mark.parametrize("name", shipped_rule_names())
def test_a_loaded_rule_set_carries_its_registered_game(name: str) -> None:
    rules = load_rules(name)
    assert game_of(rules) is game_named(rules.game)
    spec = game_named(rules.game).spec  # the roles are the specification's
    assert spec_of(rules) is spec  # what the engines read, carried by the rule set
    assert type(simulator_of(rules)) is type(SpecSimulator(spec))
    start = validator_of(rules)  # what starts a validation run
    assert callable(start) and type(start) is type(SpecValidator(spec).start)


def test_a_rule_set_no_game_read_is_refused() -> None:
    rules = dataclasses.replace(load_rules("crazy4-standard"), reader=None)
    with pytest.raises(ValueError, match="was not read by a game"):
        spec_of(rules)


def test_the_game_is_neither_compared_nor_printed() -> None:
    rules = load_rules("four-card-standard")
    assert dataclasses.replace(rules, reader=None) == rules
    assert "reader" not in repr(rules)


def test_the_reader_knows_only_the_games_it_is_given() -> None:
    text = 'name = "x"\ntitle = "x"\ngame = "crazy-4-poker"\n'
    three_card = {"three-card-poker": game_named("three-card-poker")}
    with pytest.raises(Exception, match="expected one of three-card-poker"):
        read_rules(text, "x.toml", three_card)


def test_a_rule_set_and_its_game_cross_to_worker_processes() -> None:
    """A rule set is pickled to workers with its game, after the game's simulator is cached."""
    for key in registered_games():
        rules = next(load_rules(n) for n in shipped_rule_names() if load_rules(n).game == key)
        simulator_of(rules)
        copy = pickle.loads(pickle.dumps(rules))
        assert copy == rules
        assert spec_of(copy).key == key


def test_the_card_room_extends_only_its_rule_sets() -> None:
    applies = {name: bool(extensions_of(load_rules(name))) for name in shipped_rule_names()}
    assert applies["crazy4-cardroom"]
    assert not applies["crazy4-standard"]
    assert not any(applies[name] for name in applies if not name.startswith("crazy4-"))
    text = load_rules("crazy4-standard").text + "\n[cardroom]\nblind_second_hand = true\n"
    assert extensions_of(parse_rules(text, "mine.toml"))
