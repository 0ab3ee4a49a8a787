"""Shared fixtures: each shipped Crazy 4 Poker rule set analyzed once per test session, the
pipeline results of any shipped rule set, run once per test run when first asked for, and
``shared`` (:class:`shared_results.SharedResults`), which computes a heavy fixture's value
once for all pytest-xdist workers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from in_process import crazy4
from shared_results import SharedResults

from crazy4.analyze.record import Analysis, analyze_game
from crazy4.games.crazy_four.spec import CRAZY_FOUR_SPEC
from crazy4.pipeline import RuleSetResults, run_rule_set
from crazy4.registry import load_rules


@pytest.fixture(scope="session")
def shared(tmp_path_factory: pytest.TempPathFactory) -> SharedResults:
    """:class:`SharedResults` for this test run (across pytest-xdist workers)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return SharedResults(None)
    return SharedResults(tmp_path_factory.getbasetemp().parent)


@pytest.fixture(scope="session")
def standard() -> Analysis:
    """The standard casino rules, analyzed exactly."""
    return analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-standard"))


@pytest.fixture(scope="session")
def cardroom(standard: Analysis) -> Analysis:
    """The card room's rules (same qualifier: the dealer counts are reused)."""
    return analyze_game(CRAZY_FOUR_SPEC, load_rules("crazy4-cardroom"), outcomes=standard.outcomes)


@pytest.fixture
def dask_scheduler() -> Iterator[str]:
    """The address of a one-worker, two-thread Dask cluster in this process on 127.0.0.1
    (skipped without ``distributed``), for the tests that compare a Dask run with a local one."""
    distributed = pytest.importorskip(
        "distributed", reason="dask.distributed is not installed (pip install crazy4[distributed])"
    )
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp://",
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=":0",  # any free port: two test workers never collide on 8787
        ) as cluster,
        distributed.Client(cluster),
    ):
        yield str(cluster.scheduler_address)


#: The committed analyses (``make results``), read by ``crazy4 report --from``.
RESULTS = Path(__file__).resolve().parents[1] / "results"


@pytest.fixture(scope="session")
def committed_pdf(
    shared: SharedResults, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], Path]:
    """The PDF math report of a shipped rule set's committed ``results/`` folder (``crazy4
    report --rules NAME --from results/NAME --format pdf``), rendered once per test run on first
    use (the same bytes for every test that reads it); a copy in this worker's temporary
    folder."""
    folder = tmp_path_factory.mktemp("committed-pdf")

    def render(name: str) -> bytes:
        out = folder / f"rendered-{name}.pdf"
        done = crazy4(
            *("report", "--rules", name, "--from", str(RESULTS / name), "--format", "pdf"),
            *("--out", str(out), "--quiet"),
        )
        assert done.returncode == 0, done.stderr
        return out.read_bytes()

    def pdf(name: str) -> Path:
        path = folder / f"{name}.pdf"
        if not path.exists():
            path.write_bytes(shared.get(f"committed-pdf-{name}", lambda: render(name)))
        return path

    return pdf


#: Rounds of the card room's own simulation inside a pipeline run (its default is 1,000,000).
PIPELINE_CARDROOM_ROUNDS = 20_000


@pytest.fixture(scope="session")
def pipeline_results(shared: SharedResults) -> Callable[[str], RuleSetResults]:
    """``run_rule_set`` of a shipped rule set by name, run once per test run on first use."""

    def results(name: str) -> RuleSetResults:
        return shared.get(
            f"pipeline-{name}",
            lambda: run_rule_set(
                load_rules(name),
                command=f"pytest {name}",
                jobs=1,
                simulate_rounds=PIPELINE_CARDROOM_ROUNDS,
            ),
        )

    return results


#: Tests that take seconds each (measured with ``pytest --durations``, 2026-12-01): whole
#: analyses, subprocess runs, brute force, notebooks. ``make test-fast`` (``-m "not slow"``)
#: skips them; ``make test`` runs everything. A node id here without its parameters marks every
#: parametrization; a renamed test simply runs in the fast tier.
SLOW_MODULES = (
    "tests/test_notebooks.py",
    # whole analyses of every variant, and the oracle's whole game per value (h19)
    "tests/design/test_whatif.py",
    # 19:33 UTC: a C compiler and child Python processes (the fast tier was at 59-64 s)
    "tests/simulate/test_simulate_c_baseline.py",
    "tests/core/test_precompile.py",
    # issue 43: a rule file's text through every writer (an analysis of each game, every
    # format), and a log's through the validator's and the verdict's (a simulated log)
    "tests/hostile/test_hostile_reports.py",
    "tests/hostile/test_hostile_inputs.py",
)
SLOW_TESTS = frozenset(
    (
        "tests/advantage/test_detect_group.py::test_a_planted_group_is_flagged_and_the_whole_table_hypothesis_misses_it",
        "tests/advantage/test_detect_group.py::test_the_command_flags_a_planted_group_and_passes_an_honest_one",
        "tests/validate/test_validate_properties.py::test_any_broken_summary_keeps_the_contract",
        "tests/games/four_card/test_four_card_engine.py::test_kernel_matches_numpy_engine",
        "tests/validate/test_validate_properties.py::test_any_broken_log_keeps_the_contract",
        "tests/games/crazy_four/test_super_bonus_unlisted.py::test_the_exact_pricing_follows_the_switch",
        "tests/validate/test_validate_properties.py::test_a_subprocess_refuses_garbage_in_one_line",
        "tests/cardroom/test_cardroom.py::test_banker_mean_and_sd_against_a_simulation",
        "tests/test_conformance.py::test_conformance",
        "tests/core/test_five_card.py::test_one_hand_and_the_order_of_categories",
        "tests/games/crazy_four/test_oracle_crazy4.py::test_exact_decision_evs_match_the_oracle",
        "tests/results/test_results_folder.py::test_killed_simulator_log_temporary_is_removed_by_the_next_run",
        "tests/validate/test_validate.py::test_biased_shuffle",
        "tests/validate/test_validate_four_card.py::test_aces_up_paying_kings",
        "tests/validate/test_validate_four_card.py::test_ante_bonus_not_paid_on_trips",
        "tests/validate/test_validate_four_card.py::test_ties_settled_as_dealer_wins",
        "tests/validate/test_validate_properties.py::test_a_subprocess_prints_no_warning_for_nan_inf_and_huge_cells",
        "tests/validate/test_validate_properties.py::test_one_bad_cell_is_named_by_its_row",
        "crazy4/cardroom/economics.py::crazy4.cardroom.economics.banker",
        "crazy4/cardroom/economics.py::crazy4.cardroom.economics.player_cost",
        "crazy4/cardroom/model.py::crazy4.cardroom.model.CardroomModel",
        "crazy4/cardroom/seats.py::crazy4.cardroom.seats.joint_optimal_decisions",
        # the hole-card analysis its example runs (42 s at load 2); the crazy_four Analysis.exact_ev
        # doctest once listed here moved into the analysis record's module docstring (below)
        "crazy4/advantage/holecard_engine.py::crazy4.advantage.holecard_engine.HoleCardAnalysis.exact_ev",
        "crazy4/analyze/record.py::crazy4.analyze.record",
        "crazy4/analyze/rule_prices.py::crazy4.analyze.rule_prices.exact_average_total_bet",
        "tests/games/crazy_four/test_crazy_four_analysis.py::test_prices_match_independent_settlement",
        "tests/cardroom/test_cardroom.py::test_blind_hand_ev_from_the_per_hand_table",
        "tests/cardroom/test_cardroom_cli.py::test_analyze_writes_the_cardroom_tables",
        "tests/cardroom/test_cardroom_cli.py::test_cardroom_prints_player_and_banker",
        "tests/cli/test_cli.py::test_analyze_writes_every_table_with_provenance",
        "tests/cli/test_cli.py::test_bad_input_exits_2_with_one_line",
        "tests/cli/test_cli.py::test_report_markdown_and_html",
        "tests/cli/test_cli_bad_input.py::test_any_command_line_exits_0_or_2_with_one_line",
        "tests/cli/test_cli_bad_input.py::test_from_outside",
        "tests/core/test_engine.py::test_counts_do_not_depend_on_the_number_of_workers",
        "tests/core/test_engine.py::test_every_threshold_matches_brute_force",
        "tests/core/test_five_card.py::test_counts_equal_the_published_ones",
        "tests/games/four_card/test_four_card_analysis.py::test_ante_bonus_table_2",
        "tests/games/four_card/test_four_card_analysis.py::test_cli_analyze_writes_tables",
        "tests/games/four_card/test_four_card_analysis.py::test_cli_report_renders_the_four_card_analysis",
        "tests/games/four_card/test_four_card_analysis.py::test_committed_four_card_tables_are_current",
        "tests/games/four_card/test_four_card_analysis.py::test_switches",
        "tests/games/four_card/test_four_card_engine.py::test_compiled_subset_tables_match_numpy",
        "tests/games/four_card/test_four_card_engine.py::test_kernel_matches_brute_force_on_sampled_situations",
        "tests/simulate/test_kernel_simulate.py::test_kernel_run_equals_numpy_run_for_any_jobs",
        "tests/simulate/test_kernel_simulate.py::test_kernel_without_a_side_bet",
        "tests/core/test_large_payouts.py::test_analyze_with_1e13_is_exact",
        "tests/core/test_large_payouts.py::test_subprocess_runs_show_no_traceback",
        "tests/simulate/test_large_payouts_simulate.py::test_cardroom_refuses_payouts_its_int64_moments_cannot_hold",
        "tests/results/test_reproducible.py::test_analyze_files_do_not_depend_on_out_or_jobs",
        "tests/simulate/test_simulate.py::test_same_seed_same_numbers_for_any_jobs",
        "tests/simulate/test_simulate.py::test_strategy_file_is_read",
        "tests/games/crazy_four/test_super_bonus_unlisted.py::test_the_readings_are_full_analyses_of_each_rule_file",
        "tests/validate/test_validate_four_card.py::test_jobs_do_not_change_the_numbers",
        "crazy4/design/whatif.py::crazy4.design.whatif.line_sensitivity",
        "crazy4/design/whatif.py::crazy4.design.whatif.rule_variants",
        "crazy4/analyze/rule_prices.py::crazy4.analyze.rule_prices.price_rules",
        # measured again 12:13-12:32 UTC under load 1.5-14 (the whole suite, 1,248 tests, 18.7 min)
        "tests/advantage/test_collusion.py::test_full_pooling_never_worse_than_honest_per_deal",
        "tests/advantage/test_collusion.py::test_crazy4_per_deal_evs_equal_brute_force",
        "tests/advantage/test_collusion.py::test_how_anchor_full_table_sharing_the_up_rank_count",
        "tests/advantage/test_collusion.py::test_same_numbers_for_any_jobs",
        "tests/advantage/test_collusion.py::test_honest_mean_agrees_with_exact_edge",
        "tests/advantage/test_collusion.py::test_dask_backend_gives_the_same_sums",
        "tests/cardroom/test_cardroom.py::test_two_hands_distribution",
        "tests/core/test_table_builders.py::test_compiled_five_card_strengths_equal_the_numpy_builder",
        "tests/advantage/test_holecards.py::test_no_information_reproduces_the_exact_ev",
        "tests/advantage/test_holecard_engine.py::test_crazy_four_tables_are_the_published_ones",
        "tests/advantage/test_holecards.py::test_counts_equal_a_listing_of_dealer_completions",
        "tests/advantage/test_holecards.py::test_situation_classes_are_the_orbits_of_every_relabelling",
        # the users of test_holecards.py's module fixture (one seen card, 71 s to set up)
        "tests/advantage/test_holecards.py::test_more_information_is_worth_at_least_as_much",
        "tests/advantage/test_holecards.py::test_tables_are_consistent",
        "tests/advantage/test_holecards.py::test_simulated_hole_carder_agrees_with_the_exact_edge",
        "tests/advantage/test_holecards.py::test_four_card_up_card_alone_reproduces_its_analysis",
        "tests/simulate/test_kernel_simulate.py::test_kernel_sums_of_squares_past_int64",
        "tests/simulate/test_kernel_simulate.py::test_kernel_counts_and_log_equal_the_numpy_path",
        "tests/test_packaging.py::test_wheel_carries_every_shipped_rule_set",
        "tests/progressive/test_progressive.py::test_envy_counts_with_card_removal_match_enumeration",
        "tests/report/test_math_report.py::test_pdf_opens_with_pages_numbers_and_figures",
        # 14:40 UTC: the fast tier at ~60 s on two workers (durations of 2026-12-01 at load 2-3;
        # the fresh report runs the hole-card engine, 30 s alone at load 3.5)
        "tests/report/test_math_report.py::test_fresh_analysis_gives_the_same_workbook",
        "tests/advantage/test_detect_team.py::test_honest_seats_are_flagged_at_most_at_the_stated_rate",
        "tests/advantage/test_detect_team.py::test_the_command_flags_a_planted_team_and_passes_the_simulator",
        "tests/advantage/test_detect_team.py::test_a_planted_practical_team_is_flagged",
        "tests/advantage/test_detect_team.py::test_four_card_team_is_flagged_and_honest_seats_are_not",
        "tests/validate/test_validate_four_card.py::test_a_missing_ante_bonus_line_is_inferred",
        "tests/validate/test_validate_four_card.py::test_ties_pushed_are_inferred_as_the_tie_switch",
        "tests/progressive/test_progressive.py::test_the_plain_evaluator_has_the_published_counts",
        "tests/advantage/test_detect.py::test_honest_seats_are_flagged_at_most_at_the_stated_rate",
        # 15:00 UTC, from the fast tier's own run (298 s at load 6) and the whole suite's
        # --durations: the pipeline runs of every rule set, brute-force fixtures, the wheel
        "tests/cardroom/test_cardroom_dealerside.py::test_counts_match_brute_force",
        "tests/cardroom/test_cardroom_dealerside.py::test_counts_add_up_to_the_player_side",
        "crazy4/cardroom/dealerside.py::crazy4.cardroom.dealerside.relation_counts",
        "tests/test_packaging.py::test_wheel_carries_every_module",
        "tests/advantage/test_collusion.py::test_four_card_per_deal_evs_equal_brute_force",
        "tests/advantage/test_collusion.py::test_marked_split_counts_equal_listing",
        "tests/advantage/test_detect.py::test_four_card_hole_carder_is_flagged",
        "tests/progressive/test_progressive_simulate.py::test_jobs_do_not_change_the_numbers",
        "tests/report/test_math_report.py::test_same_inputs_same_bytes",
        "tests/games/crazy_four/test_oracle_crazy4.py::test_analysis_prices_match_the_oracle",
        "tests/progressive/test_progressive.py::test_envy_counts_best_four_match_enumeration",
        # 17:40 UTC: the fast tier at 69 s on two workers after the cold-path builders' and the
        # compact log's tests joined it (--durations of the fast tier, load 1.0)
        "tests/advantage/test_detect_group.py::test_a_member_who_plays_honestly_does_not_hide_the_team",
        "tests/progressive/test_progressive.py::test_best_four_scoring_matches_enumeration",
        "tests/core/test_forced_kernels.py::test_counts_equal_a_listing_of_dealer_hands",
        "tests/validate/test_validate_kernels.py::test_hand_strengths_are_colex_lookups",
        "tests/progressive/test_progressive_validate.py::test_four_card_log_with_a_meter_passes",
        "tests/validate/test_validate_four_card.py::test_means_within_standard_errors",
        "tests/progressive/test_progressive_simulate.py::test_simulated_mean_within_error_of_exact",
        "tests/games/crazy_four/test_oracle_crazy4.py::test_oracle_best_four_counts_are_the_published_ones",
        "tests/core/test_cold_builders.py::test_six_card_rows_equal_a_listing_of_completions",
        "tests/core/test_cold_builders.py::test_derived_subset_tables_equal_the_other_builders",
        "tests/core/test_cold_builders.py::test_best_of_six_is_the_best_four_card_subset_of_sampled_hands",
        "tests/validate/test_validate_mapping.py::test_a_simulated_log_passes_with_no_option_but_the_file",
        "tests/core/test_large_payouts.py::test_generated_four_card_rule_files",
        "tests/cardroom/test_cardroom.py::test_card_removal_term_is_small_and_measured",
        "tests/simulate/test_kernel_simulate.py::test_counting_into_a_total_equals_adding_the_chunks",
        # 22:11 UTC: this round's exhaustive comparisons (the fast tier at 67-71 s, load 1.3)
        "tests/games/four_card/test_four_card_analysis.py::test_compiled_pricing_equals_the_numpy_pricing",
        "tests/games/four_card/test_four_card_analysis.py::"
        "test_compiled_pricing_equals_the_numpy_pricing_of_the_second_pay_table",
        "tests/core/test_completions.py::"
        "test_counts_equal_the_subset_table_of_five_card_hands_in_every_cell",
        # and the fast tier's longest simulations by its --durations (1.8-3.3 s each)
        "tests/progressive/test_progressive_simulate.py::test_kernel_and_numpy_paths_agree",
        "tests/progressive/test_progressive_simulate.py::test_logged_progressive_matches_the_rules_text",
        "tests/progressive/test_progressive.py::test_return_is_linear_and_matches_enumeration",
        "tests/simulate/test_kernel_simulate.py::test_a_plan_carries_its_decisions_as_int8",
    )
)


#: The heavy tier: whole-game listings and statistical studies, the suite's longest (``pytest
#: --durations`` on a fresh clone, 2026-12-03: 74, 69, 60, 57, 18 and 11 s on one core).
#: ``make test`` (and so CI) leaves them out, ``make test-heavy`` runs them alone and
#: ``make test-all`` runs everything; what they check is also checked, on samples, in the
#: other tiers (the oracle's exact pricing of sampled hands, the published house edge, planted
#: cheats found on seeded tables). Every heavy test is also slow.
HEAVY_TESTS = frozenset(
    (
        # the oracle's house edge over all 122 M situations and its listing of 20 situations
        "tests/games/four_card/test_oracle_four_card.py::test_house_edge_is_rederived_exactly",
        "tests/games/four_card/test_oracle_four_card.py::"
        "test_situations_match_a_listing_of_every_hidden_completion",
        # issue 44: the 6-Card Bonus against a brute-force count of all 20,358,520 six-card
        # sets (25-70 s; the fast tier checks the categories on a sample)
        "tests/games/three_card/test_three_card_side_bets.py::"
        "test_six_card_bonus_edge_equals_the_brute_force",
        # the detectors' false-positive rates over hundreds of honest seeded tables
        "tests/advantage/test_surveil.py::test_honest_tables_are_flagged_at_most_at_the_stated_rate",
        "tests/advantage/test_surveil_three_card.py::"
        "test_honest_three_card_tables_are_flagged_at_most_at_the_stated_rate",
        "tests/advantage/test_detect_team.py::test_honest_seats_are_flagged_at_most_at_the_stated_rate",
        "tests/advantage/test_detect_group.py::test_honest_groups_are_flagged_at_most_at_the_stated_rate",
        # issue 44 (6 December, CI 35-65 s each): Caribbean Stud's planted hole-carder and
        # team found by detect (its planting checked against the oracle in the fast tier), and
        # the conformance checks that repeat another rule set's or another game's (a node id
        # with its parameters marks that case alone)
        "tests/advantage/test_surveil_caribbean.py::"
        "test_a_planted_hole_carder_is_flagged_and_honest_seats_are_clear",
        "tests/advantage/test_surveil_caribbean.py::test_a_planted_team_is_flagged",
        "tests/test_conformance.py::test_conformance"
        "[four-card-poker-no-up-card-four-card-no-up-card-collusion]",
        "tests/test_conformance.py::test_conformance"
        "[caribbean-stud-poker-caribbean-stud-royal-250-simulation_validates]",
        "tests/test_conformance.py::test_conformance"
        "[caribbean-stud-poker-caribbean-stud-royal-250-every_deal_counted]",
        "tests/test_conformance.py::test_conformance"
        "[caribbean-stud-poker-caribbean-stud-royal-250-planted_fault_caught]",
        "tests/test_conformance.py::test_conformance"
        "[caribbean-stud-poker-caribbean-stud-royal-250-tables_add_up]",
        # 6 December (evening; make test at 12.5 min): the royal-250 variant's other cases and
        # its PAR-sheet fractions repeat the standard rule set's on the same game (its own
        # figures -- the EV, both caps -- stay in tests/rulefile_games), so its pipeline is not
        # run in the fast tier; Caribbean Stud's simulate-and-validate repeats
        # tests/rulefile_games/test_caribbean_commands.py's (a changed line named)
        *(
            "tests/test_conformance.py::test_conformance"
            f"[caribbean-stud-poker-caribbean-stud-royal-250-{case}]"
            for case in ("main_bet_is_its_returns", "report_headline", "hole_cards", "collusion")
        ),
        *(
            "tests/report/test_parsheet.py::"
            f"test_every_exact_fraction_of_bets_and_returns_is_whole[{rules}]"
            # 6 December (night): the other variants' PAR-sheet fractions too; each game's
            # standard rule set (and three-card-side-bets' side-bet rows) stays in the fast
            # tier, through the same writer
            for rules in (
                "caribbean-stud-royal-250",
                "crazy4-cardroom",
                "crazy4-progressive",
                "four-card-ante-bonus-2",
                "four-card-no-up-card",
                "four-card-progressive",
            )
        ),
        "tests/test_conformance.py::test_conformance"
        "[caribbean-stud-poker-caribbean-stud-standard-simulation_validates]",
        # a K-high qualifier named in a Caribbean log (43 s): the same simulate, validate and
        # infer path as the changed Raise line, which stays in the fast tier
        "tests/rulefile_games/test_caribbean_commands.py::test_a_changed_qualifier_is_named",
        # design --search over Caribbean Stud's Raise table (48 s; design --set on it, and the
        # search on every other game, stay in the fast tier)
        "tests/rulefile_games/test_caribbean_commands.py::test_design_searches_the_raise_table",
        # 6 December (night; CI's make test at 731 s, --durations of that run): cases whose
        # like stays in the fast tier -- the one-seat kernel-against-numpy runs (2 and 7 seats
        # of both games stay), Four Card Poker's rule search (its validator's inference stays in
        # tests/validate/test_validate_four_card.py and test_validate_spec_columns.py), the
        # explorer's Four Card and Caribbean figures against design --set (Crazy 4 and Three
        # Card Poker's stay, and Four Card's proven box), the card room's full count (the
        # standard rule set's stays; the same game and count)
        "tests/simulate/test_kernel_simulate.py::"
        "test_kernel_counts_and_log_equal_the_numpy_path[crazy4-standard-1-0-1]",
        "tests/simulate/test_kernel_simulate.py::"
        "test_kernel_counts_and_log_equal_the_numpy_path[four-card-standard-1-0-3]",
        "tests/validate/test_rule_search.py::"
        "test_four_card_deviations_are_named_exactly[reading0-False-named0]",
        "tests/validate/test_rule_search.py::test_the_faithful_four_card_log_settles",
        "tests/explore/test_session.py::"
        "test_figures_equal_design_set[four-card-standard-aces_up[0].two_pair]",
        "tests/explore/test_session.py::"
        "test_figures_equal_design_set[caribbean-stud-standard-settle.play.royal_flush]",
        "tests/test_conformance.py::test_conformance[crazy-4-poker-crazy4-cardroom-every_deal_counted]",
        # 6 December (late night; make test at 690 s on CI, a per-test CPU profile of it): the
        # compiled subset table of three cards against six (6 CPU s); the same builder against
        # the numpy one for three cards against five and four against six stays
        "tests/games/four_card/test_four_card_engine.py::"
        "test_compiled_subset_tables_match_numpy[3-6]",
        # 7 December (CI's make test at 1,082 s, --durations of that run): the seven-card
        # five-card table, 133,784,560 hands built on a fresh machine (25 s, 268 MB) for a
        # sample; no shipped rule set deals seven cards, and the six-card table, built by the
        # same best-of-one-card-fewer code, is checked the same way in the fast tier
        "tests/core/test_five_card_ranking.py::test_seven_cards_are_the_best_five",
        # 7 December (the same run, per-test CPU): cases whose like stays in the fast tier --
        # the C baseline's count with the royal-250 line (12 s; its EV is a constant of
        # tests/rulefile_games/test_caribbean_stud.py, which the fast tier checks against the
        # engine, and the standard table's count stays), the compact log's report on one seat of
        # Four Card Poker (its seven seats and Crazy 4 Poker's stay), the Dask backends on Four
        # Card Poker (the card room's case stays: the same backends) and a collusion task's
        # page faults under a nanny (the simulation chunk's stay: the same keep_freed_memory)
        "tests/test_caribbean_stud_baseline.py::test_a_royal_flush_of_250_in_the_pairs_line",
        "tests/simulate/test_log_compact.py::"
        "test_validator_report_is_the_same[1-20000-four-card-standard]",
        "tests/simulate/test_cluster.py::"
        "test_summary_counts_equal_on_every_backend[four-card-standard-2-0]",
        "tests/simulate/test_cluster.py::"
        "test_a_collusion_task_maps_no_fresh_pages_once_a_worker_keeps_freed_memory",
        # 7 December (morning; a per-test CPU profile of make test, 1,184 CPU s on two cores):
        # the hole-card engine over a whole up-card Three Card Poker against its oracle (20 CPU
        # s; the same engine's (hand, up card) rows against the oracle's listing of every hole
        # card, on Caribbean Stud's sampled situations, stays in the same file), and Crazy 4
        # Poker's planted hole-carder and team found by detect (10 s; Three Card Poker's planted
        # hole-carder and team, through the same planting and detection, stay)
        "tests/advantage/test_holecards_upcard.py::"
        "test_knowing_nothing_of_the_hole_card_is_the_up_card_game",
        "tests/advantage/test_holecards_upcard.py::"
        "test_knowing_the_hole_card_is_seeing_two_dealer_cards",
        "tests/advantage/test_surveil.py::"
        "test_a_planted_hole_carder_and_team_are_flagged_and_honest_seats_are_clear",
    )
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`SLOW_TESTS` and :data:`SLOW_MODULES` ``slow``, and those of
    :data:`HEAVY_TESTS` ``heavy`` and ``slow``."""
    for item in items:
        path, _, name = item.nodeid.partition("::")
        test = f"{path}::{name.split('[')[0]}"
        heavy = test in HEAVY_TESTS or item.nodeid in HEAVY_TESTS
        if path in SLOW_MODULES or test in SLOW_TESTS or heavy:
            item.add_marker(pytest.mark.slow)
        if heavy:
            item.add_marker(pytest.mark.heavy)
