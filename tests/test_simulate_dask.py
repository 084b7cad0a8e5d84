"""A real local Dask cluster (two worker processes) gives the single-process rows."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from claim.apps.simulate import simulate
from claim.apps.simulate.games import Batch, GameRow, play_batch
from claim.apps.simulate.runners import run_dask, run_serial

distributed = pytest.importorskip("distributed")

FLAGS = "CLAIM_TEST_DASK_FLAGS"
"""A directory for flag files, set before the cluster starts so its workers (and the
workers their nannies restart) inherit it."""


def _flag(batch: Batch) -> Path:
    return Path(os.environ[FLAGS]) / f"seed-{batch.seed}"


def fail_once(batch: Batch) -> list[GameRow]:
    """Raise the first time batch 1 runs anywhere (a flag file marks it)."""
    flag = _flag(batch)
    if batch.order == 1 and not flag.exists():
        flag.write_text("failed")
        raise RuntimeError("a transient failure")
    return play_batch(batch)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(FLAGS, str(tmp_path_factory.mktemp("flags")))
        yield from _cluster()


def _cluster() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None)
    with cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def test_cluster_rows_equal_the_single_process_rows(client: Any) -> None:
    args = (["claim", "claim2"], ["random", "random"], 12)
    local = simulate(*args, seed=21, workers=1, keep_rows=True)
    remote = simulate(*args, seed=21, client=client, batch_size=4, keep_rows=True)
    assert len(remote.rows) == 24
    assert remote == local
    sized = simulate(*args, seed=21, client=client, keep_rows=True)  # batches sized for it
    assert sized == local


def test_a_failed_task_is_retried(client: Any) -> None:
    batches = [Batch("claim", ("random", "random"), 3, s, s + 2, k)
               for k, s in enumerate(range(0, 8, 2))]
    got = list(run_dask(batches, client, play=fail_once))
    assert _flag(batches[1]).exists()
    assert got == list(run_serial(batches))


def die_once(batch: Batch) -> list[GameRow]:
    """Kill the worker process the first time batch 1 runs (a flag file marks it)."""
    flag = _flag(batch)
    if batch.order == 1 and not flag.exists():
        flag.write_text("died")
        os._exit(1)
    return play_batch(batch)


def test_a_dead_worker_costs_only_its_batch(client: Any) -> None:
    batches = [Batch("claim", ("random", "random"), 4, s, s + 2, k)
               for k, s in enumerate(range(0, 8, 2))]
    got = list(run_dask(batches, client, play=die_once))
    assert _flag(batches[1]).exists()
    assert got == list(run_serial(batches))
