"""Write docs/rules-reference.md, the rule-file reference, from the code that reads rule files.

Every key of a rule file is read through one of :class:`crazy4.rules.sections.Section`'s typed
readers (``string``, ``choice``, ``boolean``, ``integer``, ``money``, ``section``,
``sections``, ``raw``). This script records each call while every shipped rule file is
loaded: the section, the key, the reader (so the type), the default, the allowed values or
range, the module that asked, and the value the shipped files give (the example). Beside each
module's keys it prints the annotated example from that module's docstring. So the page is the
readers' own account and cannot drift from them: ``tests/test_docs.py`` regenerates it and
compares.

Run ``python analysis/rules_reference.py`` (``make docs`` does) to rewrite the page, or
``--check`` to exit 1 when the committed page is stale.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules-reference.md"

#: The reader methods and the type each one reads.
READERS = {
    "string": "text",
    "choice": "text, one of the listed values",
    "boolean": "true / false",
    "integer": "whole number",
    "money": 'exact amount (number or text: 5, "0.50", "1/2")',
    "section": "table",
    "sections": "array of tables",
    "raw": "any (checked by the reader)",
}


#: The module whose docstring holds the annotated example of a reader's keys (itself by default).
EXAMPLES = {"crazy4.rules.load": "crazy4.rules.ruleset", "crazy4.rules.category_section": ""}


@dataclass
class Key:
    """One key as the readers read it."""

    section: str
    key: str
    reader: str
    module: str
    defaults: list[Any] = field(default_factory=list)
    allowed: str = ""
    required: bool = False
    examples: list[str] = field(default_factory=list)


def section_name(where: str) -> str:
    """``"crazy4-standard.toml [dealer] [[x]] #2"`` as ``"[dealer] [[x]]"`` (file and index
    dropped); the top level is ``"(top level)"``."""
    parts = re.findall(r"\[\[?[^\]]+\]\]?", where)
    return " ".join(parts) if parts else "(top level)"


def short(value: Any) -> str:
    """A value as TOML-ish text, cut to 40 characters."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = f'"{value}"'
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k} = {short(v)}" for k, v in list(value.items())[:4]) + "}"
        if len(value) > 4:
            text = text[:-1] + ", …}"
    elif isinstance(value, list):
        text = (
            "[" + ", ".join(short(v) for v in value[:6]) + ("" if len(value) <= 6 else ", …") + "]"
        )
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def record_keys() -> dict[tuple[str, str, str], Key]:
    """Load every shipped rule file with the readers wrapped; return the keys they read."""
    from crazy4.registry import load_rules
    from crazy4.rules import sections
    from crazy4.rules.load import shipped_rule_names

    found: dict[tuple[str, str, str], Key] = {}
    depth = [0]

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(method)

        @functools.wraps(method)
        def reader(self: Any, key: str, *args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            try:
                return method(self, key, *args, **kwargs)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    note(name, signature, self, key, args, kwargs)

        return reader

    def note(
        name: str, signature: inspect.Signature, self: Any, key: str, args: Any, kwargs: Any
    ) -> None:
        bound = signature.bind(self, key, *args, **kwargs)
        bound.apply_defaults()
        values = dict(bound.arguments)
        frame = inspect.currentframe()
        module = sections.__name__
        while frame is not None and module in (__name__, sections.__name__, "functools"):
            frame = frame.f_back
            module = frame.f_globals.get("__name__", "?") if frame is not None else "?"
        entry = found.setdefault(
            (module, section_name(self.where), key),
            Key(section_name(self.where), key, name, module),
        )
        if name == "choice":
            entry.allowed = ", ".join(f'"{option}"' for option in values["options"])
        if name == "integer" and values.get("lowest") is not None:
            entry.allowed = f"{values['lowest']} to {values['highest']}"
        default = values.get("default")
        if name in ("section", "raw"):
            entry.required = bool(values.get("required"))
        elif name in ("string", "money"):
            entry.required = default is None
        known = default is None or isinstance(default, dict) or default in entry.defaults
        if not known:
            entry.defaults.append(default)
        if key in self.data and name not in ("section", "sections"):
            example = short(self.data[key])
            if example not in entry.examples and len(entry.examples) < 2:
                entry.examples.append(example)

    originals = {name: getattr(sections.Section, name) for name in READERS}
    try:
        for name, method in originals.items():
            setattr(sections.Section, name, wrap(name, method))
        for name in shipped_rule_names():
            load_rules(name)
    finally:
        for name, method in originals.items():
            setattr(sections.Section, name, method)
    return found


def docstring_example(module: str) -> str:
    """The first literal (``::``) block of a module's docstring: its annotated example."""
    doc = inspect.getdoc(importlib.import_module(module)) or ""
    match = re.search(r"::\n\n((?:    .*\n|\n)+)", doc + "\n")
    if match is None:
        return ""
    lines = [line[4:] for line in match.group(1).rstrip().splitlines()]
    return "\n".join(lines)


def default_text(entry: Key) -> str:
    """The default column."""
    if entry.required:
        return "required"
    if not entry.defaults:
        return "optional"
    if len(entry.defaults) > 1:
        return "the game's (" + ", ".join(f"`{short(value)}`" for value in entry.defaults) + ")"
    return f"`{short(entry.defaults[0])}`"


def render(found: dict[tuple[str, str, str], Key]) -> str:
    """The page's Markdown."""
    from crazy4.rules.load import shipped_rule_names

    lines = [
        "# Rule-file reference",
        "",
        "<!-- Generated by analysis/rules_reference.py from the rule-file readers; do not edit."
        " `make docs` rewrites it and tests/test_docs.py checks it is current. -->",
        "",
        "Every key a rule file may hold, as the code reads it: each module below reads its",
        "sections through `crazy4.rules.sections.Section`, whose typed readers were recorded",
        "while every shipped rule file was loaded ("
        + ", ".join(f"`{name}`" for name in shipped_rule_names())
        + "). *Default* is what a missing key means; *example* the values the shipped",
        "files give. An unknown key, a missing required key or a value of the wrong type is one",
        "line naming the file, the section and the key, and exit status 2.",
        "",
        "Pay tables (`pays`) map a hand to odds: a category (`flush`, `three_of_a_kind`) or the",
        'top of one (`four_aces`, `pair_of_queens`); odds are numbers or exact text (`"3/2"`).',
        'Hand descriptions (`qualifier`, `raise_minimum`) read `"K high"`, `"pair"`,',
        '`"pair of 6s"`, `"none"`. See [Rule sets](rule-sets.md) for the shipped sets and',
        "what the switches mean.",
        "",
    ]
    modules: dict[str, list[Key]] = {}
    for (module, _, _), entry in found.items():
        modules.setdefault(module, []).append(entry)
    for module in sorted(modules, key=lambda name: (name != "crazy4.rules.load", name)):
        entries = modules[module]
        title = (importlib.import_module(module).__doc__ or module).strip().splitlines()[0]
        title = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", title).replace("``", "`")
        lines += [f"## `{module}`", "", title, ""]
        documented = EXAMPLES.get(module, module)
        readers = documented.startswith("crazy4.rules.") or documented.endswith(
            ("rules", "declared")
        )
        example = docstring_example(documented) if readers else ""
        if example:
            lines += ["```toml", example, "```", ""]
        lines += [
            "| section | key | type | default | allowed | example |",
            "|---|---|---|---|---|---|",
        ]
        for entry in sorted(entries, key=lambda e: (e.section != "(top level)", e.section)):
            examples = "; ".join(f"`{value}`" for value in entry.examples)
            cells = [
                f"`{entry.section}`" if entry.section != "(top level)" else entry.section,
                f"`{entry.key}`",
                READERS[entry.reader],
                default_text(entry),
                entry.allowed,
                examples.replace("|", "\\|"),
            ]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the page is stale")
    args = parser.parse_args()
    text = render(record_keys())
    if args.check:
        if not PAGE.exists() or PAGE.read_text() != text:
            print(f"{PAGE.relative_to(ROOT)} is stale: run python analysis/rules_reference.py")
            return 1
        return 0
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
