"""The locked environments (docs/environment.md): ``make install`` builds ``.venv`` from
``requirements/lock.txt`` and ``make test-min`` builds ``.venv-min`` from
``requirements/minimum.txt``; each installs exactly its lock, every pin carries hashes, and the
ranges of ``pyproject.toml`` admit both the locked versions and the declared lower bounds.

The tests that read the running environment skip outside those two make-built venvs (another
environment installs whatever it likes within the ranges); the others run everywhere.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import llvmlite
import matplotlib
import numba
import numpy
import openpyxl
import pandas
import pyarrow
import pytest
import reportlab
import scipy
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from crazy4.results.write import RUN_RECORD, WRITERS, write_run_record

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
MINIMUM = ROOT / "requirements" / "minimum.txt"
#: Each make-built venv and the lock it is built from (the Makefile's VENV and MIN_VENV).
VENVS = {ROOT / ".venv": LOCK, ROOT / ".venv-min": MINIMUM}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)\s*\\?$")
HASH = re.compile(r"^\s+--hash=sha256:[0-9a-f]{64}\s*\\?$")


def read_lock(path: Path) -> dict[str, tuple[Version, int]]:
    """Each pinned package of a hashed requirements file: its version and its number of hashes.

    Fails on a line that is neither a pin, a hash, a comment nor blank (no range, no URL, no
    option: a lock pins).
    """
    pins: dict[str, tuple[Version, int]] = {}
    name = ""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if pin := PIN.match(line):
            name = canonicalize_name(pin.group(1))
            assert name not in pins, f"{path.name}:{number}: {name} pinned twice"
            pins[name] = (Version(pin.group(2)), 0)
        elif HASH.match(line) and name:
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
        else:
            raise AssertionError(f"{path.name}:{number}: not a pin or a hash: {line!r}")
    return pins


def declared() -> dict[str, list[Requirement]]:
    """``pyproject.toml``'s requirements: ``dependencies`` and each extra, by group."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    groups = {"dependencies": project["dependencies"], **project["optional-dependencies"]}
    return {group: [Requirement(text) for text in texts] for group, texts in groups.items()}


def running_lock() -> Path:
    """The lock the running environment was built from, or skip outside the make-built venvs."""
    prefix = Path(sys.prefix).resolve()
    for venv, lock in VENVS.items():
        if prefix == venv.resolve():
            return lock
    pytest.skip(f"not running in a make-built venv (.venv or .venv-min) but in {sys.prefix}")


def installed() -> dict[str, Version]:
    """Every distribution the running interpreter sees, but the package itself (editable)."""
    found: dict[str, Version] = {}
    for dist in metadata.distributions():
        name = canonicalize_name(dist.metadata["Name"])
        if name != "crazy4":
            found.setdefault(name, Version(dist.version))
    return found


def test_environment_is_exactly_its_lock() -> None:
    """Every package installed is pinned in the lock at exactly its version, and no pin is
    missing: ``make install`` (``make test-min``) installed the lock and nothing else."""
    lock = running_lock()
    pins = {name: version for name, (version, _) in read_lock(lock).items()}
    have = installed()
    wrong = {
        name: f"installed {version}, locked {pins.get(name, 'nowhere')}"
        for name, version in have.items()
        if pins.get(name) != version
    }
    assert not wrong, f"differs from {lock.name} (rerun make install): {wrong}"
    missing = sorted(set(pins) - set(have))
    assert not missing, f"pinned in {lock.name} but not installed: {missing}"


@pytest.mark.parametrize("lock", [LOCK, MINIMUM], ids=["lock", "minimum"])
def test_every_pin_has_hashes(lock: Path) -> None:
    """Every line of each lock is an exact pin with at least one sha256 hash, or a hash."""
    pins = read_lock(lock)
    assert len(pins) >= 20
    unhashed = sorted(name for name, (_, hashes) in pins.items() if not hashes)
    assert not unhashed, f"{lock.name} pins without a hash: {unhashed}"


def test_locks_carry_the_build_tooling() -> None:
    """pip, setuptools and wheel are pinned in both locks: ``make install`` builds the package
    without build isolation, with the locked setuptools and wheel."""
    for lock in (LOCK, MINIMUM):
        assert {"pip", "setuptools", "wheel"} <= set(read_lock(lock)), lock.name


def test_ranges_admit_the_locked_versions() -> None:
    """Every requirement of ``pyproject.toml`` (dependencies and every extra) is in the lock, at a
    version its range admits."""
    pins = read_lock(LOCK)
    for group, requirements in declared().items():
        for requirement in requirements:
            name = canonicalize_name(requirement.name)
            assert name in pins, f"{group}: {requirement} is not in lock.txt"
            version = pins[name][0]
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{group}: {requirement} does not admit the locked {version}"
            )


def test_minimum_pins_the_lower_bounds() -> None:
    """Every requirement of the dependencies and the dev extra (what ``make test-min`` runs on)
    is pinned in ``minimum.txt`` at its declared lower bound: its range admits the pin, and the
    pin lies in the bound's release series (``>=1.11`` pins 1.11.x, the lowest there is)."""
    pins = read_lock(MINIMUM)
    groups = declared()
    for requirement in [*groups["dependencies"], *groups["dev"]]:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is not in minimum.txt"
        version = pins[name][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{requirement} does not admit the minimum pin {version}"
        )
        bounds = [Version(spec.version) for spec in requirement.specifier if spec.operator == ">="]
        assert len(bounds) == 1, f"{requirement} declares no single lower bound"
        release = bounds[0].release
        assert version.release[: len(release)] == release, (
            f"minimum.txt pins {name} {version}, not at the declared bound {bounds[0]}"
        )


def test_run_record_has_the_writers_versions(tmp_path: Path) -> None:
    """``run.json`` records the versions of the packages that wrote the files beside it, as
    each package reports its own version, and Python's."""
    own = {
        "numpy": numpy.__version__,
        "pandas": pandas.__version__,
        "pyarrow": pyarrow.__version__,
        "numba": numba.__version__,
        "llvmlite": llvmlite.__version__,
        "matplotlib": matplotlib.__version__,
        "reportlab": reportlab.Version,
        "openpyxl": openpyxl.__version__,
        "scipy": scipy.__version__,
        "python": ".".join(str(part) for part in sys.version_info[:3]),
    }
    assert set(own) == {*WRITERS, "python"}
    write_run_record(tmp_path, "crazy4 analyze --rules crazy4-standard")
    record = json.loads((tmp_path / RUN_RECORD).read_text())
    assert record["command"] == "crazy4 analyze --rules crazy4-standard"
    assert record["versions"] == own
