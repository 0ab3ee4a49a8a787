"""The package's shape, held by tests: small modules, no import cycles, one place that knows games.

These read the source as text (``ast``), so they check what a reader sees: every import counts,
including imports inside functions; a private name (``_x``) is never imported from another module;
no module is over 500 lines and no function over 80; and nothing outside the registry compares a
value with a game's key.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from crazy4.game import SpecGame
from crazy4.registry import game_named, registered_games

PACKAGE = Path(__file__).resolve().parent.parent / "crazy4"
MODULE_LINES = 500
FUNCTION_LINES = 80
#: A game's folder: what a rule file cannot say (issue 42).
GAME_FOLDER_LINES = 600


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


@cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once per test process (read only)."""
    return ast.parse(path.read_text(), filename=str(path))


@cache
def _imports(name: str, path: Path) -> list[tuple[str, str | None, int]]:
    """(module, imported name or None, line) for every ``crazy4`` import anywhere in the file."""
    found: list[tuple[str, str | None, int]] = []
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found.extend(
                (a.name, None, node.lineno) for a in node.names if a.name.startswith("crazy4")
            )
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            if base.startswith("crazy4"):
                found.extend((base, a.name, node.lineno) for a in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for module, imported, _ in _imports(name, path):
            target = f"{module}.{imported}" if f"{module}.{imported}" in MODULES else module
            if target in MODULES and target != name:
                graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_the_checks_see_the_whole_package() -> None:
    """The tests below read every module (a guard against a path mistake making them vacuous)."""
    assert {"crazy4.registry", "crazy4.core.engine", "crazy4.cli.main"} <= set(MODULES)
    assert len(MODULES) > 50
    assert any(_graph().values())


def test_no_import_cycles() -> None:
    """No module reaches itself through imports, counting imports inside functions."""
    assert _cycles(_graph()) == []


def test_cycle_detection_finds_a_planted_cycle() -> None:
    """The cycle finder itself works (so an empty answer above means something)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_private_name_imported_from_another_module() -> None:
    """Shared helpers are public: no ``from crazy4.x import _y``."""
    offenders = [
        f"{MODULES[name].relative_to(PACKAGE.parent)}:{line} imports {imported} from {module}"
        for name, path in MODULES.items()
        for module, imported, line in _imports(name, path)
        if imported is not None and imported.startswith("_") and imported != "__version__"
    ]
    assert offenders == []


def test_the_tests_import_no_private_names() -> None:
    """The tests reach the package through its public names too (a helper a test needs is
    public, with its docstring)."""
    offenders = [
        f"tests/{path.name}:{line} imports {imported} from {module}"
        for path in sorted(PACKAGE.parent.joinpath("tests").glob("*.py"))
        for module, imported, line in _imports(f"tests.{path.stem}", path)
        if imported is not None and imported.startswith("_") and imported != "__version__"
    ]
    assert offenders == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_is_small(name: str) -> None:
    """Every module has at most 500 lines and every function at most 80."""
    path = MODULES[name]
    source = path.read_text()
    assert source.count("\n") <= MODULE_LINES, f"{path} has {source.count(chr(10))} lines"
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
    ]
    assert long == [], f"{path}: {', '.join(long)}"


@pytest.mark.parametrize(
    "folder",
    sorted(p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and p.name != "__pycache__"),
)
def test_a_games_folder_is_small(folder: str) -> None:
    """Each game's folder, every module in it, has at most 600 lines."""
    lines = sum(path.read_text().count("\n") for path in (PACKAGE / "games" / folder).rglob("*.py"))
    assert 0 < lines <= GAME_FOLDER_LINES, f"crazy4/games/{folder} has {lines} lines"


def _compares_game_key(tree: ast.Module, keys: set[str]) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            values: list[ast.expr] = []
            for operand in operands:
                values.extend(
                    operand.elts
                    if isinstance(operand, ast.Tuple | ast.List | ast.Set)
                    else [operand]
                )
            if any(isinstance(v, ast.Constant) and v.value in keys for v in values):
                lines.append(node.lineno)
    return lines


def test_only_the_registry_compares_game_names() -> None:
    """Drivers reach a game through the interface: ``rules.game == "..."`` only in the registry."""
    keys = set(registered_games())
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for name, path in MODULES.items()
        if name != "crazy4.registry"
        for line in _compares_game_key(_tree(path), keys)
    ]
    assert offenders == []


def test_a_game_declared_in_a_rule_file_is_not_named_in_the_code() -> None:
    """Issue 44: a game said in a rule file alone has no code. The package's files that name a
    declared game's title are its rule files, and no module (code, comment or docstring)."""
    declared = [
        game_named(key).title
        for key in registered_games()
        if isinstance(game_named(key), SpecGame) and key.startswith("caribbean")
    ]
    assert declared == ["Caribbean Stud Poker"]
    word = declared[0].split()[0].lower()
    naming = sorted(
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".toml", ".md", ".json"}
        and word in path.read_text(encoding="utf-8").lower()
    )
    assert naming == [
        "crazy4/rules/data/caribbean-stud-royal-250.toml",
        "crazy4/rules/data/caribbean-stud-standard.toml",
    ]


def test_game_name_check_finds_a_planted_comparison() -> None:
    """The comparison finder itself works."""
    tree = ast.parse('if rules.game == "four-card-poker" or x in ("crazy-4-poker",):\n    pass\n')
    assert _compares_game_key(tree, set(registered_games())) == [1, 1]


def test_a_games_folder_knows_only_shared_machinery() -> None:
    """No game's modules import another game's, and shared machinery imports no game."""
    games = {name.split(".")[2] for name in MODULES if name.count(".") >= 3 and ".games." in name}
    offenders = []
    for name, path in MODULES.items():
        own = (
            name.split(".")[2]
            if name.startswith("crazy4.games.") and name.count(".") >= 3
            else None
        )
        shared = name.startswith(("crazy4.core", "crazy4.rules.ruleset", "crazy4.rules.sections"))
        for module, imported, line in _imports(name, path):
            target = f"{module}.{imported}" if f"{module}.{imported}" in MODULES else module
            for game in games:
                if target.startswith(f"crazy4.games.{game}") and (
                    shared or own not in (None, game)
                ):
                    offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    assert offenders == []


def _game_imports(prefix: str) -> list[str]:
    """Where modules under ``prefix`` import a game's own folder."""
    games = {name.split(".")[2] for name in MODULES if name.count(".") >= 3 and ".games." in name}
    found = []
    for name, path in MODULES.items():
        if not name.startswith(prefix):
            continue
        for module, imported, line in _imports(name, path):
            target = f"{module}.{imported}" if imported else module
            if any(target.startswith(f"crazy4.games.{game}") for game in games):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    return found


def test_the_command_line_reaches_games_only_through_the_registry() -> None:
    """``crazy4/cli`` imports no game's folder: a command gets its game from the registry (the
    card room's command through :mod:`crazy4.cardroom`, the extension that owns it)."""
    assert _game_imports("crazy4.cli") == []


def test_game_import_check_sees_an_import_of_a_game() -> None:
    """The check above is not blind: the card room (a Crazy 4 Poker extension) imports it."""
    assert any("crazy4.games.crazy_four" in line for line in _game_imports("crazy4.cardroom"))


def _unit(module: str) -> str:
    """The unit of a module: ``crazy4.games.four_card.rules`` is ``games/four_card``,
    ``crazy4.spec.game`` is ``games``, ``crazy4.pipeline`` is ``pipeline``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__"
    if parts[1] == "games" and len(parts) >= 3 and (PACKAGE / "games" / parts[2]).is_dir():
        return f"games/{parts[2]}"
    return parts[1]


def _defined_in(key: str) -> str:
    """The module the game registered under ``key`` is defined in: its class's, or for a
    specification the registry wraps (:class:`crazy4.game.SpecGame`), the
    specification's class's."""
    game = game_named(key)
    return type(game.spec if isinstance(game, SpecGame) else game).__module__


#: The unit of each game of the package (``games/<folder>``), from the registry: the module
#: each registered game is defined in (a game registered from outside the package is no unit,
#: nor is a game a shipped rule file declares: it is data, read by ``crazy4.spec.declared``).
GAME_UNITS = tuple(
    _unit(_defined_in(key))
    for key in registered_games()
    if _defined_in(key).startswith("crazy4.") and _defined_in(key) != "crazy4.spec.declared"
)

#: The layers of the package, lowest first, one a line. A unit (a direct subpackage of
#: ``crazy4``, each game's folder ``games/<game>`` on its own, or a top-level module;
#: ``__init__`` is the package's face) imports only units of its own layer or a lower one;
#: the units of one layer import each other without a loop (:func:`test_the_units_form_no_loop`)
#: and the games import none of each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("version", "errors", "core"),  # shared machinery: cards, rankings, counting kernels
    ("rules", "results", "log"),  # what is read and written: rule files, result tables, logs
    ("spec",),  # the game interface: the specification and the roles each engine asks for
    ("analyze",),  # the exact analysis of any specification: counts, prices, strategy, tables
    ("progressive", "simulate", "validate", "report", "advantage"),  # the other engines by job
    ("game",),  # the one game type: a specification bound to every engine
    ("games", *GAME_UNITS, "cardroom", "studies"),  # the games; what extends or re-runs one
    ("registry",),  # the one place that knows every game and extension by name
    ("pipeline", "design", "explore", "testing"),  # what uses the registry: runs, design
    ("cli", "__main__", "__init__"),  # the command line; the package's face (its names)
)


def _target(module: str, imported: str | None) -> str | None:
    """The package module an import names (the longest known prefix)."""
    name = f"{module}.{imported}" if imported else module
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


@cache
def _unit_edges() -> dict[tuple[str, str], list[str]]:
    """Every import between two units, with where it is (counting imports inside functions
    and under ``TYPE_CHECKING``)."""
    edges: dict[tuple[str, str], list[str]] = {}
    for name, path in MODULES.items():
        for module, imported, line in _imports(name, path):
            target = _target(module, imported)
            if target is None or _unit(target) == _unit(name):
                continue
            where = f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
            edges.setdefault((_unit(name), _unit(target)), []).append(where)
    return edges


def test_the_units_form_no_loop() -> None:
    """No unit reaches itself through imports: the folders are acyclic, not only the modules."""
    graph: dict[str, set[str]] = {}
    for source, target in _unit_edges():
        graph.setdefault(source, set()).add(target)
        graph.setdefault(target, set())
    assert _cycles(graph) == []


def test_every_unit_has_a_layer() -> None:
    """A new subpackage or top-level module is placed in :data:`LAYERS` (and every layer's unit
    exists, so the order below is about the real package)."""
    units = {_unit(name) for name in MODULES}
    declared = [unit for layer in LAYERS for unit in layer]
    assert len(declared) == len(set(declared))
    assert units == set(declared)


def test_imports_run_only_downward() -> None:
    """Every import between units goes to the same layer or a lower one (none runs back up),
    and the units of the game layer import none of each other."""
    layer = {unit: index for index, units in enumerate(LAYERS) for unit in units}
    upward = [
        f"{source} -> {target}: {wheres[0]}"
        for (source, target), wheres in sorted(_unit_edges().items())
        if layer[target] > layer[source]
        or (layer[target] == layer[source] and source in GAME_UNITS)
    ]
    assert upward == []


def test_the_layers_are_few() -> None:
    """The map fits in a glance: at most ten layers, each of them used."""
    assert 1 < len(LAYERS) <= 10
    assert all(LAYERS)


def test_the_game_units_are_the_registered_games_folders() -> None:
    """:data:`GAME_UNITS` comes from the registry and is not blind: every game of the package
    is a folder of its own under ``games/``, one per registered game."""
    assert {"games/crazy_four", "games/four_card", "games/three_card"} <= set(GAME_UNITS)
    assert len(GAME_UNITS) == len(set(GAME_UNITS))
    assert all(unit.startswith("games/") for unit in GAME_UNITS)
    assert _defined_in("three-card-poker") == "crazy4.games.three_card.game"


def test_unit_checks_see_planted_edges() -> None:
    """The unit checks are not blind: game folders are units of their own, and the edges seen
    include the card room extending Crazy 4 Poker and the registry knowing every game."""
    assert _unit("crazy4.games.crazy_four.rules") == "games/crazy_four"
    assert _unit("crazy4.spec.game") == "spec"
    assert _unit("crazy4.registry") == "registry"
    edges = _unit_edges()
    assert ("cardroom", "games/crazy_four") in edges
    games = {_unit(name) for name in MODULES if name.startswith("crazy4.games.")} - {"games"}
    assert len(games) >= 3
    assert {("registry", game) for game in games} <= set(edges)
    assert _cycles({"rules": {"games"}, "games": {"rules"}}) == [["games", "rules"]]
