"""Write a designed rule set as a rule file of its own, atomically: its name, title, and a
``source`` naming the base (with its SHA-256's first 12 digits) and the changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from crazy4.core.text_safety import one_line
from crazy4.design.basis import rule_data
from crazy4.design.ruletext import set_value, toml_text
from crazy4.errors import InputError

if TYPE_CHECKING:
    from crazy4.rules.ruleset import RuleSet


def derived_text(base: RuleSet, changes: list[tuple[str, str]], name: str, title: str) -> str:
    """The rule file of ``base`` with ``changes``, named ``name`` and titled ``title``.

    Examples
    --------
    >>> from crazy4.registry import load_rules, parse_rules
    >>> text = derived_text(load_rules("crazy4-standard"), [("super_bonus.flush", "2")],
    ...                     "my-table", "My table")
    >>> written = parse_rules(text, "my-table.toml")
    >>> written.name, written.source[:44]
    ('my-table', 'derived from crazy4-standard (sha256 c09f2e8')
    """
    data = rule_data(base)
    for path, value in changes:
        set_value(data, path, value)
    listed = "; ".join(f"{path} = {value}" for path, value in changes) or "no changes"
    data["name"], data["title"] = name, title
    data["source"] = (
        f"derived from {base.name} (sha256 {base.content_hash[:12]}) by crazy4 design: {listed}"
    )
    first: dict[str, Any] = {
        key: data.pop(key) for key in ("name", "title", "game", "source") if key in data
    }
    comment = f"# {one_line(title)}: written by crazy4 design from {base.name}."
    return toml_text({**first, **data}, comment)


def write_rules(
    base: RuleSet, changes: list[tuple[str, str]], path: Path, name: str, title: str
) -> RuleSet:
    """Write the derived rule file to ``path`` atomically and return it loaded back."""
    from crazy4.core.atomic import replace_atomically
    from crazy4.registry import load_rules, parse_rules

    text = derived_text(base, changes, name, title)
    expected = parse_rules(text, f"--write {path}")  # the name and title checked before writing
    try:
        replace_atomically(path, lambda tmp: _write_text(tmp, text))
    except OSError as error:
        raise InputError(f"--write {path}: cannot write: {error.strerror or error}") from None
    loaded = load_rules(str(path))
    if loaded.content_hash != expected.content_hash:
        raise InputError(f"--write {path}: the file read back differs from what was written")
    return loaded


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
