"""scripts/bench: --scale runs on a small network and prints icnsim's figures beside SystemC's kernel alone; --cores takes another emulator only as it should."""
import subprocess
import sys

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
