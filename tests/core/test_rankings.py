"""Rankings by name: the three standard rankings, and a one-line refusal of any other."""

from __future__ import annotations

import pytest

from crazy4.core.rankings import RANKING_NAMES, ranking_named
from crazy4.errors import InputError
from crazy4.games.three_card.ranking import THREE_CARD_RANKING


@pytest.mark.parametrize(
    ("name", "strengths", "top"),
    [
        ("best_four", 2535, "four of a kind"),
        ("three_card", 741, "straight flush"),
        ("five_card", 7462, "royal flush"),
    ],
)
def test_each_name_gives_its_ranking(name: str, strengths: int, top: str) -> None:
    ranking = ranking_named(name)
    assert ranking.key == name
    assert ranking.n_strengths == strengths
    assert ranking.categories[-1] == top
    assert ranking.describe(ranking.strength_of("none")) == ranking.describe(0)


def test_the_three_card_ranking_is_one_object_wherever_it_is_imported() -> None:
    assert ranking_named("three_card") is THREE_CARD_RANKING


@pytest.mark.parametrize("name", ["", "Five_Card", "seven_card", "five card"])
def test_unknown_names_are_refused_in_one_line(name: str) -> None:
    with pytest.raises(InputError, match="known: best_four, three_card, five_card") as raised:
        ranking_named(name)
    assert "\n" not in str(raised.value)
    assert RANKING_NAMES == ("best_four", "three_card", "five_card")


def test_each_ranking_is_a_specification_ranking() -> None:
    """Each named ranking is what a game specification takes (mypy checks the assignment)."""
    from crazy4.spec.specification import Ranking

    rankings: list[Ranking] = [ranking_named(name) for name in RANKING_NAMES]
    for ranking in rankings:
        starts = ranking.category_starts()
        assert starts.shape == (len(ranking.categories),)
        assert starts[0] == 0 and list(starts) == sorted(starts)
        assert ranking.strength_of(ranking.categories[-1]) == starts[-1]
