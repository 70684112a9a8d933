"""scripts/bench --scale: it runs on a small network and prints icnsim's figures beside SystemC's kernel alone."""
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
