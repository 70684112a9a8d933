"""scripts/make-trace writes consistent traces of each kernel, and icnsim replays them to completion."""
import collections
import json
import subprocess
import sys

import pytest

KERNELS = ["alltoall", "ring", "stencil", "tree", "cg"]


def make(root, *args):
    return subprocess.run([sys.executable, str(root / "scripts" / "make-trace"), *map(str, args)],
                          capture_output=True, text=True, check=True).stdout


def parse(text):
    nodes, events = None, []
    for line in text.splitlines():
        line = line.split("#")[0].split()
        if not line:
            continue
        if line[0] == "nodes":
            nodes = int(line[1])
        else:
            events.append(line)
    return nodes, events


@pytest.mark.parametrize("kernel", KERNELS)
def test_every_receive_has_its_send(root, kernel):
    nodes, events = parse(make(root, kernel, "--nodes", 16, "--size", 4, "--iterations", 2))
    assert nodes == 16
    sends, receives = collections.Counter(), collections.Counter()
    for e in events:
        node = int(e[0])
        assert 0 <= node < nodes
        if e[1] == "send":
            assert 0 <= int(e[2]) < nodes and int(e[2]) != node
            # messages have the requested size; CG's dot-product allreduces carry 1-flit scalars
            assert int(e[3]) == 4 or (kernel == "cg" and int(e[3]) == 1)
            sends[(node, int(e[2]))] += 1
        elif e[1] == "recv":
            receives[(int(e[2]), node)] += 1
        else:
            assert e[1] == "compute"
    assert sends == receives  # every message is received exactly once


def test_ring_messages_go_to_the_successor(root):
    _, events = parse(make(root, "ring", "--nodes", 5))
    assert [(e[0], e[2]) for e in events if e[1] == "send"] == [("0", "1"), ("1", "2"), ("2", "3"), ("3", "4"), ("4", "0")]


def test_bad_arguments_are_refused(root):
    p = subprocess.run([sys.executable, str(root / "scripts" / "make-trace"), "ring", "--nodes", "1"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "--nodes" in p.stderr


@pytest.mark.parametrize("kernel", KERNELS)
def test_icnsim_replays_each_kernel_to_completion(root, icnsim, tmp_path, kernel):
    (tmp_path / "k.trace").write_text(make(root, kernel, "--nodes", 16, "--size", 4, "--iterations", 2,
                                           "--compute", 10))
    (tmp_path / "k.yaml").write_text(f"name: {kernel}\ntrace: k.trace\n")
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", tmp_path / "k.yaml", "--set", "network.radix=4", "--set",
               "simulation.warmup=0", "--set", "simulation.cycles=200000", "-q", "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    assert r["schedule"]["completion_cycles"] is not None
    assert r["packets"]["delivered"] == r["schedule"]["trace_messages"]
