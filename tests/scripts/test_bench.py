"""scripts/bench: --scale runs on a small network and prints icnsim's figures beside SystemC's kernel alone; --cores takes another emulator only as it should; --booksim runs BookSim 2 on the same networks and prints the ratio."""
import subprocess
import sys

import pytest

from conftest import BUILD, ROOT


def test_scale_benchmark_prints_speed_memory_and_the_kernel_floor_for_each_size():
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--scale", "--largest", "256",
                        "--cycles", "4000", "--build", str(BUILD)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    row = next(line for line in p.stdout.splitlines() if line.strip().startswith("16-ary 2-cube"))
    fields = row.split()
    nodes, elaboration = int(fields[2]), float(fields[5])
    float(fields[4])  # node-cycles/s: a difference of two timed runs, whose size noise may swamp here
    bytes_per_node = float(fields[6].replace(",", ""))
    floor_bare, floor_state = float(fields[7]), float(fields[8])
    assert nodes == 256
    assert elaboration > 0
    assert 4_000 < bytes_per_node < 100_000  # a node is kilobytes, and the 4-node ring's share is taken off
    # The kernel alone does less per node-cycle than icnsim, and less still without touching state.
    assert floor_bare > floor_state > 0


def test_approximate_timing_stays_within_its_stated_bound_below_a_third_of_saturation():
    # scripts/approximate_timing.py --quick: the 8-ary 2-cube under uniform background traffic at 10
    # and 30 % of saturation; it exits 1 when the approximate mean read latency is off by more than
    # the 10 % docs/tlm.md states there.
    import os
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "approximate_timing.py"), "--quick", "--reads", "100"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "ICNSIM_BUILD": str(BUILD)})
    assert p.returncode == 0, p.stdout + p.stderr
    assert "within 10 % up to 30% of saturation" in p.stdout


def test_another_emulator_is_asked_for_only_with_the_cores_benchmark_and_must_exist(tmp_path):
    for args, says in ((["--unicorn", "/lib/x86_64-linux-gnu/libc.so.6"], "--unicorn acts only with --cores"),
                       (["--cores", "--unicorn", str(tmp_path / "missing.so")], "no such file")):
        p = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), *args, "--build", str(BUILD)],
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and says in p.stderr, p.stderr


# A stand-in for BookSim 2 (not installable from Debian or PyPI): it records the configuration it is
# given, spends CPU in proportion to the cycles it claims, and prints BookSim's closing lines.
STAND_IN = """#!{python}
import pathlib, sys, time
settings = dict(line.rstrip(";").split(" = ") for line in pathlib.Path(sys.argv[1]).read_text().splitlines())
with open({log!r}, "a") as log:
    log.write(repr(settings) + "\\n")
cycles = int(settings["sample_period"]) * int(settings["max_samples"]) + {drain}
start = time.process_time()
while time.process_time() - start < cycles * 2e-4:
    pass
print("Time taken is", cycles, "cycles")
print("Overall average accepted rate = 0.25 (1 samples)")
"""


def stand_in(tmp_path, drain=100, lines=STAND_IN):
    path, log = tmp_path / "booksim", tmp_path / "configs.log"
    path.write_text(lines.format(python=sys.executable, log=str(log), drain=drain))
    path.chmod(0o755)
    return path, log


def bench_against(booksim, *extra):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--cycles", "600", "--build", str(BUILD),
                           *(["--booksim", str(booksim)] if booksim else []), *extra],
                          capture_output=True, text=True, timeout=300)


def test_bench_runs_booksim_on_the_same_networks_and_prints_the_ratio_of_cpu_per_cycle_for_each_case(tmp_path):
    booksim, log = stand_in(tmp_path)
    p = bench_against(booksim)
    assert p.returncode == 0, p.stderr
    rows = [line.split() for line in p.stdout.splitlines() if "x  " in line and ("cube" in line or "dragonfly" in line)]
    assert [r[0] for r in rows] == ["16-ary", "16-ary", "dragonfly"], p.stdout
    for r in rows:
        icnsim_ms, booksim_ms, ratio = float(r[-7]), float(r[-6]), float(r[-2].rstrip("x"))
        assert ratio == pytest.approx(booksim_ms / icnsim_ms, rel=0.02, abs=0.06)  # BookSim's CPU over icnsim's, per cycle
        # The stand-in spends 0.2 ms of CPU a cycle, drain included, and Python's start-up on top.
        assert 0.19 <= booksim_ms <= 0.4
        assert r[-1] in ("met", "MISSED")
    configs = [eval(line) for line in log.read_text().splitlines()]  # noqa: S307 (our own stand-in's record)
    # The networks icnsim ran: the 4-VC 16-ary 2-cube at both loads, the balanced dragonfly of 4 terminals a
    # router with 2 VCs of 128 flits at full load; BookSim's allocators; the same cycles (warm-up a period).
    assert [(c["topology"], c["k"], c["num_vcs"], c["vc_buf_size"], c["injection_rate"]) for c in configs] == [
        ("torus", "16", "4", "8", "0.005"), ("torus", "16", "4", "8", "0.04"), ("dragonflynew", "4", "2", "128", "1.0")]
    for c in configs:
        assert (c["vc_allocator"], c["sw_allocator"], c["speculative"], c["packet_size"], c["use_noc_latency"]) == \
            ("separable_input_first", "separable_input_first", "1", "16", "0")
    assert int(configs[0]["sample_period"]) * int(configs[0]["max_samples"]) == 600
    assert int(configs[2]["sample_period"]) * int(configs[2]["max_samples"]) == 80


def test_bench_without_booksim_says_not_available_and_a_wrong_booksim_is_one_line(tmp_path):
    p = bench_against(None)
    assert p.returncode == 0 and "BookSim 2: not available" in p.stdout, p.stdout + p.stderr
    not_booksim, _ = stand_in(tmp_path, lines="#!/bin/sh\necho hello\n")
    for booksim, extra, says in ((tmp_path / "missing", [], "no such executable file"),
                                 (not_booksim, ["--scale"], "--booksim acts only with the default benchmark"),
                                 (not_booksim, [], "printed no 'Time taken is N cycles'")):
        p = bench_against(booksim, *extra)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and says in p.stderr, p.stderr
