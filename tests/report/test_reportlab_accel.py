"""reportlab runs its C accelerators (the rl_accel dependency, docs/architecture.md): the same
bytes as its Python fallbacks, in less time for every PDF the reports and tests write."""

from __future__ import annotations

import types

from reportlab.lib import rl_accel


def test_reportlab_formats_and_encodes_in_c() -> None:
    for name in ("fp_str", "asciiBase85Encode", "unicode2T1", "instanceStringWidthT1"):
        assert isinstance(getattr(rl_accel, name), types.BuiltinFunctionType), name
