"""The capacity model's pure parts (benchmarks/capacity.py): cores, Redis key kinds, medians and
issue 38's targets."""

from __future__ import annotations

from benchmarks import capacity, report
from benchmarks.capacity import Layout, Result


def test_cores_are_read_as_taskset_writes_them() -> None:
    assert capacity.parse_cores("0") == {0}
    assert capacity.parse_cores("0-3,6") == {0, 1, 2, 3, 6}


def test_a_redis_key_of_any_visitor_is_one_kind() -> None:
    first = "0d0aab6b-74e9-498c-a51a-5cda857d100f_reflex___state____state.student_portal___state___auth____auth_state"
    second = "9f1c2b3a-0000-4abc-8def-111122223333_reflex___state____state.student_portal___state___auth____auth_state"
    assert capacity.key_kind(first) == capacity.key_kind(second)
    assert capacity.key_kind(first).startswith("{token}_reflex___state")


def test_each_layout_has_its_name_and_environment() -> None:
    memory, redis, oplock = capacity.layouts([2], oplock=True)
    assert (memory.name, memory.env("redis://r")) == ("1 worker, state in memory", {"GRANIAN_WORKERS": "1"})
    assert redis.env("redis://r") == {"REFLEX_REDIS_URL": "redis://r", "GRANIAN_WORKERS": "2"}
    assert oplock.env("redis://r")["REFLEX_OPLOCK_ENABLED"] == "true"
    assert len({memory.slug, redis.slug, oplock.slug}) == 3


def _burst(cpu_ms: float, keys: float = 0, kb: float = 0, locks: int = 0) -> dict:
    return {
        "ok": 500,
        "errors": 0,
        "p95_s": 1.0,
        "wall_s": 2.5,
        "site_cpu_ms": cpu_ms,
        "redis_cpu_ms": 0.0,
        "cpu_ms": cpu_ms,
        "redis_keys_per_visitor": keys,
        "redis_kb_per_visitor": kb,
        "redis_keys_left": 0,
        "lock_messages": {"held too long": locks, "lock expired": 0},
    }


def _result(memory_ms: list[float], redis_ms: list[float], keys: float, kb: float, locks: int = 0) -> dict:
    memory, redis = Result(Layout(1, redis=False)), Result(Layout(2, redis=True))
    memory.bursts = [_burst(ms) for ms in memory_ms]
    redis.bursts = [_burst(ms, keys, kb, locks) for ms in redis_ms]
    memory.tabs = [{"kb_per_tab": 200.0}]
    return {
        "path": "/",
        "visitors": 500,
        "rounds": 3,
        "tabs": 1000,
        "server_cores": [0],
        "client_cores": [1],
        "layouts": [capacity.summarise(memory), capacity.summarise(redis)],
    }


def test_a_layouts_figures_are_medians_and_give_visitors_per_core_and_tabs_per_gb() -> None:
    row = _result([4.0, 5.0, 100.0], [6.0, 6.0, 6.0], 16, 21.4)["layouts"][0]
    assert row["cpu_ms_per_visitor"] == 5.0  # one slow burst does not move it
    assert row["visitors_per_core_s"] == 200
    assert row["visitors_per_s"] == 200  # 500 visitors in 2.5 s
    assert row["open_tabs_per_gib"] == 5242


def test_redis_passes_within_1_3x_the_memory_workers_cpu_and_misses_above() -> None:
    rows = {name: ok for name, _, ok in capacity.target_rows(_result([4.0], [5.2], 4, 7.5))}
    assert rows == {
        "capacity: 2 workers, Redis, CPU per visitor <= 1.3x the in-memory worker's": True,
        "capacity: 2 workers, Redis, Redis per visitor <= 5 keys and 8 KB": True,
        "capacity: 2 workers, Redis, no lock messages in its bursts": True,
    }
    missed = capacity.target_rows(_result([4.0], [5.3], 16, 21.4, locks=3))
    assert [ok for _, _, ok in missed] == [False, False, False]


def test_the_report_shows_the_capacity_table_and_its_targets() -> None:
    results = {"capacity": _result([4.0], [8.0], 16, 21.4)}
    rows = report.evaluate(results)
    assert any(row["target"].startswith("capacity: 2 workers, Redis, CPU") for row in rows)
    results["targets"] = rows
    text = report.render(results)
    assert "| 2 workers, Redis | 8.0 (8.0 + 0.0) | 125 |" in text


def test_a_tab_cost_a_small_run_could_not_read_shows_as_a_dash() -> None:
    results = _result([4.0], [8.0], 16, 21.4)
    memory = Result(Layout(1, redis=False))
    memory.bursts, memory.tabs = [_burst(4.0)], [{"kb_per_tab": -12.5}]
    results["layouts"][0] = row = capacity.summarise(memory)
    assert row["kb_per_open_tab"] is None and row["open_tabs_per_gib"] is None
    assert "| 1 worker, state in memory | 4.0 (4.0 + 0.0) | 250 | 200 | 1.00 s | - | none | - | - |" in capacity.render(
        results
    )


def test_redis_per_visitor_is_the_open_tabs_when_the_burst_read_nothing_yet() -> None:
    """With optimistic locks the states reach Redis when the leases end: after the burst's reading,
    and deleted again by the time of the later one. The open tabs' reading still counts them."""
    oplock = Result(Layout(1, redis=True, oplock=True))
    oplock.bursts = [_burst(6.0, keys=1, kb=0.2)]
    oplock.tabs = [{"kb_per_tab": 250.0, "redis_keys_per_tab": 15.8, "redis_kb_per_tab": 20.5}]
    row = capacity.summarise(oplock)
    assert (row["redis_keys_per_visitor"], row["redis_kb_per_visitor"]) == (15.8, 20.5)
    memory = Result(Layout(1, redis=False))
    memory.bursts, memory.tabs = [_burst(4.0)], [{"kb_per_tab": 200.0, "redis_keys_per_tab": None}]
    assert capacity.summarise(memory)["redis_keys_per_visitor"] == 0
