"""Games from outside the package: :func:`crazy4.registry.register_game` and the entry-point
group ``crazy4.games``, checked with :func:`crazy4.testing.check_game`.

The game is ``external_game.GAME`` (Three Card Poker's specification under another key, with
its own rule file). In-process tests register it only inside :func:`crazy4.testing.registered`,
so the registry each pytest-xdist worker holds is the package's again after every test; the
entry point's loading at the first lookup runs in a child process, with the game's
distribution metadata on its path.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from external_game import GAME, RULE_FILE, CopySpec, ExternalGame
from hypothesis import given, settings
from hypothesis import strategies as st

import crazy4.registry as registry
from crazy4.cli.main import main
from crazy4.errors import InputError
from crazy4.registry import (
    ENTRY_POINT_GROUP,
    entry_point_games,
    game_named,
    game_of,
    load_rules,
    missing_members,
    register_game,
    registered_games,
    rule_readers,
    unregister_game,
)
from crazy4.testing import GAME_CHECKS, check_game, check_published_deals, registered, run_case

KEY = "three-card-copy"
TESTS = Path(__file__).resolve().parent
#: Every member a registered game provides, in the order a refusal names them.
MEMBERS = missing_members(object())


def test_a_registered_game_is_seen_by_every_lookup_and_passes_check_game() -> None:
    """Registered, the game is found by key and by its rule file, reads its own rule file and
    passes every conformance check (about 8 s); after the block the registry is the package's."""
    before = registered_games()
    with registered(GAME):
        assert registered_games() == (*before, KEY)
        assert game_named(KEY) is GAME and rule_readers()[KEY] is GAME
        rules = load_rules(str(RULE_FILE))
        assert rules.game == KEY and game_of(rules) is GAME
        check_game(GAME)
    assert registered_games() == before
    with pytest.raises(InputError, match=f"unknown game '{KEY}'"):
        game_named(KEY)


def test_a_wrong_published_deal_count_fails_naming_both_counts(tmp_path: Path) -> None:
    """A game whose ``published_deals`` is not what its cards make fails that check, with
    both counts in the message (and through :func:`crazy4.testing.run_case`)."""

    class Miscounted(CopySpec):
        published_deals = 22_100 * 18_424 + 1

    game = ExternalGame(Miscounted())
    expected = (
        "the game's cards make 407,170,400 deals (player 3, dealer 3 with 0 up) but its "
        "published_deals is 407,170,401"
    )
    with pytest.raises(AssertionError) as failed:
        check_published_deals(game)
    assert str(failed.value).startswith(expected)  # (pytest may add its explanation)
    check = next(check for check in GAME_CHECKS if check.name == "published_deals")
    with registered(game), pytest.raises(AssertionError, match="407,170,401"):
        run_case(KEY, "", check, tmp_path)
    check_published_deals(GAME)


def test_the_command_line_reads_a_registered_games_rule_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``crazy4 hand --rules <file>`` for the registered game; the same file is refused (one
    line, status 2) once the game is unregistered."""
    arguments = ["hand", "--rules", str(RULE_FILE), "--json", "As Ks Qs"]
    with registered(GAME):
        assert main(arguments) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["optimal_decision"] == "1x"
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"'{KEY}'" in error


def test_a_taken_key_is_refused_and_the_registry_is_unchanged() -> None:
    before = registered_games()
    with pytest.raises(InputError, match="key 'crazy-4-poker' is taken"):
        register_game(game_named("crazy-4-poker"))
    with registered(GAME):
        with pytest.raises(InputError, match=f"key '{KEY}' is taken"):
            register_game(GAME)
        assert registered_games() == (*before, KEY)
    assert registered_games() == before


def test_a_pickled_outside_game_keeps_its_class_and_rule_files() -> None:
    # a rule set carries its game to worker processes (joblib, Dask) by pickling it
    again = pickle.loads(pickle.dumps(GAME))
    assert type(again) is ExternalGame
    assert again.rule_files == (str(RULE_FILE),)
    assert again.key == KEY


def test_only_a_game_registered_from_outside_is_unregistered() -> None:
    with pytest.raises(InputError, match="is a built-in game"):
        unregister_game("three-card-poker")
    with pytest.raises(InputError, match="unknown game 'no-such-game'"):
        unregister_game("no-such-game")


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(MEMBERS)))
def test_an_incomplete_game_is_refused_naming_what_it_lacks(present: set[str]) -> None:
    """Any object lacking members is refused, naming exactly those, in the interface's order."""
    values = {name: (lambda *args: None) for name in present}
    incomplete = type("Incomplete", (), values)()
    lacking = [name for name in MEMBERS if name not in present]
    if not lacking:
        return
    before = registered_games()
    with pytest.raises(InputError) as refused:
        register_game(incomplete)
    assert str(refused.value).endswith(f"is not a complete game: it lacks {', '.join(lacking)}")
    assert registered_games() == before


def test_a_game_whose_key_is_no_name_is_refused() -> None:
    values = {name: (lambda *args: None) for name in MEMBERS}
    nameless = type("Nameless", (), {**values, "key": ""})()
    with pytest.raises(InputError, match="its key is '', not a name"):
        register_game(nameless)


def _entry_points(value: str) -> object:
    """A stand-in for :func:`importlib.metadata.entry_points` naming one game at ``value``."""

    def found(*, group: str) -> list[EntryPoint]:
        return (
            [EntryPoint(name="copy", value=value, group=group)]
            if group == ENTRY_POINT_GROUP
            else []
        )

    return found


def test_an_entry_point_names_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "entry_points", _entry_points("external_game:GAME"))
    assert entry_point_games() == [
        (f"entry point 'copy' (external_game:GAME) of '{ENTRY_POINT_GROUP}'", GAME)
    ]


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("no_such_module:GAME", "cannot be loaded: ModuleNotFoundError: No module named"),
        ("external_game:MISSING", "cannot be loaded: AttributeError: module 'external_game'"),
        ("math:pi", "is not a complete game: it lacks key, title,"),
        ("external_game:BROKEN", "cannot be loaded: ValueError: no deal count here"),
    ],
)
def test_a_broken_entry_point_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, value: str, reason: str
) -> None:
    monkeypatch.setattr(registry, "entry_points", _entry_points(value))
    with pytest.raises(InputError) as refused:
        entry_point_games()
    message = str(refused.value)
    assert message.startswith(f"entry point 'copy' ({value}) of '{ENTRY_POINT_GROUP}' ")
    assert reason in message and "\n" not in message


def _distribution(folder: Path, value: str) -> dict[str, str]:
    """An installed distribution in ``folder`` naming a game at ``value`` under the group; the
    environment of a child process that sees it (and ``external_game``)."""
    info = folder / "crazy4_copy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: crazy4-copy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\ncopy = {value}\n")
    path = os.pathsep.join([str(folder), str(TESTS), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def _run(env: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *arguments], env=env, capture_output=True, text=True, timeout=120
    )


def test_an_installed_entry_point_is_loaded_at_the_first_lookup(tmp_path: Path) -> None:
    """Importing the registry imports no game package; the first lookup registers the entry
    point's game (once: later lookups do not load the group again), and its rule file reads
    (as ``--rules`` reads it: in-process above)."""
    env = _distribution(tmp_path, "external_game:GAME")
    code = (
        "import sys, crazy4.registry as r\n"
        "assert 'external_game' not in sys.modules\n"
        "keys = r.registered_games()\n"
        "r.entry_points = None  # loading the group again would fail\n"
        f"rules = r.load_rules({str(RULE_FILE)!r})\n"
        "print(keys[-1], 'external_game' in sys.modules, r.game_of(rules).title)\n"
    )
    done = _run(env, "-c", code)
    assert (done.returncode, done.stdout) == (0, f"{KEY} True {GAME.title}\n"), done.stderr


def test_a_broken_installed_entry_point_is_one_line_and_status_2(tmp_path: Path) -> None:
    env = _distribution(tmp_path, "no_such_module:GAME")
    done = _run(env, "-m", "crazy4", "hand", "--rules", "three-card-standard", "As Ks Qs")
    assert done.returncode == 2
    assert done.stderr == (
        f"crazy4: error: entry point 'copy' (no_such_module:GAME) of '{ENTRY_POINT_GROUP}' "
        "cannot be loaded: ModuleNotFoundError: No module named 'no_such_module'\n"
    )


def test_importing_the_registry_loads_no_table_library() -> None:
    """Registering the games imports no pandas, pyarrow or matplotlib (a game's specification
    imports its report and the report engine in the methods that use them): ``crazy4 rules
    show`` and ``--help`` start without them."""
    code = (
        "import sys, crazy4.registry\n"
        "print(sorted(set(sys.modules) & {'pandas', 'pyarrow', 'matplotlib'}))\n"
    )
    done = _run({**os.environ}, "-c", code)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr
