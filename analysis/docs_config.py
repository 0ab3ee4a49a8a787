"""Write build/mkdocs.yml: mkdocs.yml with its nav cut to the pages that exist, and every other
page of docs/ listed under "More".

Pages are written on several branches at once; a nav naming a page that does not exist yet is
a warning, and ``mkdocs build --strict`` fails on warnings. So ``make docs`` builds from this
file's output: the nav order is mkdocs.yml's, a missing page is left out (and printed), and a
page nobody listed still gets into the site. Paths in the written file point back at the
checkout's docs/ and site/.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def prune(items: list[Any], seen: set[str], missing: list[str]) -> list[Any]:
    """The nav entries whose page exists (sections kept while they hold a page)."""
    kept: list[Any] = []
    for item in items:
        title, target = next(iter(item.items())) if isinstance(item, dict) else (None, item)
        if isinstance(target, list):
            inner = prune(target, seen, missing)
            if inner:
                kept.append({title: inner})
        elif (DOCS / target).exists():
            seen.add(target)
            kept.append(item)
        else:
            missing.append(target)
    return kept


def config() -> tuple[dict[str, Any], list[str]]:
    """The configuration to build with, and the nav's pages that do not exist."""
    base = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    seen: set[str] = set()
    missing: list[str] = []
    nav = prune(base["nav"], seen, missing)
    extra = sorted(
        str(path.relative_to(DOCS))
        for path in DOCS.rglob("*.md")
        if str(path.relative_to(DOCS)) not in seen
    )
    if extra:
        nav.append({"More": extra})
    base["nav"] = nav
    for plugin in base["plugins"]:
        if isinstance(plugin, dict) and "mkdocstrings" in plugin:
            plugin["mkdocstrings"]["handlers"]["python"]["paths"] = [str(ROOT)]
    for extension in base["markdown_extensions"]:
        if isinstance(extension, dict) and "pymdownx.snippets" in extension:
            extension["pymdownx.snippets"]["base_path"] = [str(ROOT)]
    base["docs_dir"] = str(DOCS)
    base["site_dir"] = str(ROOT / "site")
    return base, missing


def main() -> int:
    data, missing = config()
    out = ROOT / "build" / "mkdocs.yml"
    out.parent.mkdir(exist_ok=True)
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    for page in missing:
        print(f"(docs/{page} does not exist yet: left out of the nav)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
