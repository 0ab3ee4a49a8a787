"""Tasks on a Dask cluster, through joblib's Dask backend: one runner for every seeded study.

The simulator (:mod:`crazy4.simulate.driver`) and the collusion study
(:mod:`crazy4.advantage.collusion`) hand their delayed calls here with ``--backend dask``.
The numbers never depend on the workers: each task draws from its own
``SeedSequence`` child (:func:`crazy4.simulate.plan.chunk_generator`) and the results are
summed exactly.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from crazy4.errors import InputError


def dask_results(calls: Iterator[Any], scheduler: str | None) -> Iterator[Any]:
    """The results of ``calls`` (joblib delayed calls) run on a Dask cluster, in order.

    Parameters
    ----------
    calls : iterator of joblib delayed calls
    scheduler : str or None
        The scheduler's address (``tcp://host:8786``); None: the current
        ``distributed.Client`` (a ``LocalCluster`` the caller started).

    Raises
    ------
    InputError
        Without the ``distributed`` package, without a scheduler or client, or when the
        scheduler cannot be reached (one line each).
    """
    from joblib import Parallel, parallel_config

    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--backend dask needs the 'distributed' package: pip install 'crazy4[distributed]'"
        ) from None
    try:
        client = (
            Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
            if scheduler
            else Client.current()  # type: ignore[no-untyped-call]
        )
    except (OSError, TimeoutError, ValueError) as error:
        if scheduler is None:
            raise InputError("--backend dask needs --scheduler ADDRESS") from None
        raise InputError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None
    try:
        with parallel_config(backend="dask", wait_for_workers_timeout=30):
            yield from Parallel(return_as="generator")(calls)
    finally:
        if scheduler:
            client.close()
