"""How a finding says what a log did: wager names, amounts in words, rows that agree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from crazy4.log.roundlog import DECISION_NAMES
from crazy4.validate.checks import Component
from crazy4.validate.tally import TOLERANCE

#: The scale of the per-unit nets in a key (integers).
SCALE = 10_000


def wager_name(column: str) -> str:
    """A wager as a finding names it.

    Examples
    --------
    >>> wager_name("super_bonus"), wager_name("aces_up"), wager_name("ante")
    ('Super Bonus', 'Aces Up', 'Ante')
    """
    return " ".join(word.capitalize() for word in column.split("_"))


def amount_verb(per_unit: float) -> str:
    """A net per unit in words.

    Examples
    --------
    >>> amount_verb(1.0), amount_verb(0.0), amount_verb(-1.0), amount_verb(1.5), amount_verb(-3)
    ('won', 'pushed', 'lost', 'paid 1.5', 'lost 3')
    """
    if abs(per_unit) < 1e-9:
        return "pushed"
    if per_unit == 1:
        return "won"
    if per_unit == -1:
        return "lost"
    text = f"{abs(per_unit):g}"
    return f"paid {text}" if per_unit > 0 else f"lost {text}"


def agrees(
    components: Sequence[Component], nets: Mapping[str, npt.NDArray[np.float64]]
) -> npt.NDArray[np.bool_]:
    """The rows whose every logged net is ``nets`` (per unit) times its wager (a side bet's
    only where it was wagered).

    Examples
    --------
    >>> ante = Component("ante", np.ones(2), np.zeros(2, np.int64), np.array([1.0, -1.0]))
    >>> agrees([ante], {"ante": np.array([1.0, 1.0])}).tolist()
    [True, False]
    """
    ok = np.ones(components[0].logged.shape[0], dtype=bool)
    for component in components:
        expected = component.wager * nets[component.name]
        same = np.isclose(component.logged, expected, rtol=TOLERANCE, atol=1e-9)
        if component.side:
            same |= ~(component.wager > 0)
        ok &= same
    return ok


def differing_columns(
    components: Sequence[Component],
    base: Mapping[str, npt.NDArray[np.float64]],
    wrong: npt.NDArray[np.intp],
    multiple: npt.NDArray[np.int64],
) -> list[npt.NDArray[np.int64]]:
    """Per component, three key columns of the ``wrong`` rows: differs (0/1), the observed and
    the expected net per unit times :data:`SCALE` (0 where it does not differ); the Play bet
    per unit of itself (``multiple`` Antes), not of the Ante."""
    columns = []
    for c in components:
        wager = np.where(c.wager[wrong] > 0, c.wager[wrong], 1)
        observed = c.logged[wrong] / wager
        expected = base[c.name][wrong]
        flag = ~np.isclose(c.logged[wrong], c.wager[wrong] * expected, rtol=TOLERANCE, atol=1e-9)
        if c.side:
            flag &= c.wager[wrong] > 0
        if c.name == "play":
            times = np.maximum(multiple[wrong], 1)
            observed, expected = observed / times, expected / times
        columns += [
            flag.astype(np.int64),
            np.where(flag, np.round(observed * SCALE), 0).astype(np.int64),
            np.where(flag, np.round(expected * SCALE), 0).astype(np.int64),
        ]
    return columns


def differing_parts(key: Sequence[int], components: Sequence[str]) -> list[str]:
    """The words of the wagers that differ, from a key's component columns.

    Examples
    --------
    >>> differing_parts([1, -10000, 0, 0, 0, 0], ["super_bonus", "ante"])
    ['Super Bonus lost where pushed expected']
    """
    parts = []
    for index, name in enumerate(components):
        flag, observed, expected = (int(v) for v in key[3 * index : 3 * index + 3])
        if flag and name == "qualified":
            parts.append(f"qualified column says {'qualified' if observed else 'not qualified'}")
        elif flag:
            parts.append(
                f"{wager_name(name)} {amount_verb(observed / SCALE)} where "
                f"{amount_verb(expected / SCALE)} expected"
            )
    return parts


_COMPARISON = ("player higher", "tie", "dealer higher")


def key_words(
    key: Sequence[int] | npt.NDArray[np.integer],
    components: Sequence[str],
    class_names: Sequence[str],
    qualifier: bool = True,
) -> tuple[str, ...]:
    """The generic pattern of a differing row's key, and its facets (the decision, the hand
    classes). The key: the decision, the player's and the dealer's class, whether the dealer
    qualified (with a ``qualifier``), the comparison (0 player higher, 1 tie, 2 dealer higher),
    then the wagers' columns of :func:`differing_columns`.

    Examples
    --------
    >>> key_words([1, 1, 1, 1, 1, -10000, 10000], ["ante"], ["high card", "pair"], False)
    ('Ante lost where won expected, tie', '1x', 'player pair', 'dealer pair')
    >>> key_words([3, 1, 1, 0, 0, 1, 0, 10000], ["play"], ["high card", "pair"])[0]
    'Play pushed where won expected, dealer does not qualify, player higher'
    """
    decision, player, dealer = (int(v) for v in key[:3])
    head = 5 if qualifier else 4
    where = [_COMPARISON[int(key[head - 1])]]
    if qualifier:
        where.insert(0, "dealer qualifies" if int(key[3]) else "dealer does not qualify")
    parts = differing_parts([int(v) for v in key[head:]], components)
    return (
        "; ".join(parts) + ", " + ", ".join(where),
        DECISION_NAMES[decision],
        f"player {class_names[player]}",
        f"dealer {class_names[dealer]}",
    )
