"""The documentation is current: the generated pages match what generates them, the site's
navigation holds every page, and the README's links lead to files that exist."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("script", ["rules_reference.py", "performance_page.py"])
def test_the_generated_page_is_current(script: str) -> None:
    """docs/rules-reference.md is what the rule-file readers give today, docs/performance.md
    what the benchmarks' JSON gives (regenerate with ``python analysis/<script>``)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "analysis" / script), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_reference_names_every_key_of_the_shipped_files() -> None:
    """Every key of every shipped rule file (read here with tomllib, not the package) is a row
    of the reference."""
    import tomllib

    page = (ROOT / "docs" / "rules-reference.md").read_text()
    rows = set(re.findall(r"^\| [^|]*\| `([a-z_]+)` \|", page, re.M))

    def keys(table: dict[str, object]) -> set[str]:
        found = set()
        for key, value in table.items():
            found.add(key)
            if isinstance(value, dict) and key != "pays":
                found |= keys(value)
            if isinstance(value, list) and value and isinstance(value[0], dict):
                for item in value:
                    found |= keys(item)
        return found

    for path in sorted((ROOT / "crazy4" / "rules" / "data").glob("*.toml")):
        data = tomllib.loads(path.read_text())
        nested_pays = {"meter", "fixed"}  # a progressive line's table: read in its module
        missing = keys(data) - rows - nested_pays - set(data.get("progressive", {}).get("pays", {}))
        assert not missing, (path.name, sorted(missing))


def test_the_site_navigation_holds_every_page_and_only_pages_that_exist() -> None:
    """analysis/docs_config.py lists every docs/*.md once, and no page that is missing."""
    sys.path.insert(0, str(ROOT / "analysis"))
    try:
        import docs_config
    finally:
        sys.path.pop(0)
    config, _ = docs_config.config()

    def pages(items: list[object]) -> list[str]:
        found: list[str] = []
        for item in items:
            target = next(iter(item.values())) if isinstance(item, dict) else item
            found += pages(target) if isinstance(target, list) else [str(target)]
        return found

    listed = pages(config["nav"])
    present = sorted(str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(listed) == present


def test_the_readme_links_lead_somewhere() -> None:
    """Every relative link of the README names a file of the checkout."""
    readme = (ROOT / "README.md").read_text()
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if "://" not in target:
            assert (ROOT / target).exists(), target
