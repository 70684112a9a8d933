"""A topology added from outside model/ — tests/toy/clique_topology.cpp, one file and its registration,
linked into an icnsim of its own (build/tests/icnsim_with_clique) — is picked up by the tools with no
other file changed: icnsim --describe lists it with what runs on it, the stress tool draws and runs it,
and a sweep over it gives its results (issue 68: adding a topology is its file, a platform and its
documentation)."""
import csv
import json
import os
import subprocess

import pytest

from conftest import BUILD, ROOT

CLIQUE = BUILD / "tests" / "icnsim_with_clique"
pytestmark = pytest.mark.skipif(not CLIQUE.exists(), reason="the build has no icnsim_with_clique (the sanitizer build leaves it out)")
PYTHON = str(ROOT / ".venv" / "bin" / "python")
ENV = dict(os.environ, ICNSIM_BUILD=str(BUILD), ICNSIM_BINARY=str(CLIQUE))


def test_describe_lists_the_toy_topology_with_the_routings_controllers_and_patterns_that_run_on_it():
    described = json.loads(subprocess.run([str(CLIQUE), "--describe"], capture_output=True, text=True,
                                          check=True).stdout)
    clique = described["topologies"]["clique"]
    assert [shape["keys"] for shape in clique["shapes"]] == [{"network.routers": "4"}, {"network.routers": "7"}]
    seven = clique["shapes"][1]
    assert seven["nodes"] == 7 and seven["direct"] and seven["uniform_capacity"] == 6
    # Routings over any topology take it; those of one family refuse it (dimension order: a k-ary n-cube).
    assert {"tfar", "shortest_path"} <= set(seven["routings"]) and "dimension_order" not in seven["routings"]
    # A controller that needs the entropy circuit's dimension rows does not; one that needs a direct network does.
    assert "ipr" in seven["routings"]["tfar"]["controllers"] and "entropy" not in seven["routings"]["tfar"]["controllers"]
    assert "uniform" in seven["patterns"] and "bit_complement" not in seven["patterns"]  # 7 nodes: no bits
    # The build's own icnsim knows nothing of it.
    own = json.loads(subprocess.run([str(BUILD / "model" / "icnsim"), "--describe"], capture_output=True, text=True,
                                    check=True).stdout)
    assert "clique" not in own["topologies"]


def test_the_stress_tool_draws_the_toy_topology_and_runs_it_consistently():
    draws = subprocess.run([PYTHON, "-c", "import random, stress; print(sum(stress.draw(random.Random(s))"
                                          "['network.topology'] == 'clique' for s in range(40)))"],
                           cwd=ROOT / "scripts", capture_output=True, text=True, env=ENV, check=True)
    assert int(draws.stdout) >= 2
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "stress.py"), "--count", "40", "--seed", "5"], cwd=ROOT,
                       capture_output=True, text=True, env=ENV, timeout=600)
    assert p.returncode == 0 and " 0 failure" in p.stdout, p.stdout[-3000:] + p.stderr[-2000:]


def test_a_sweep_over_the_toy_topology_gives_its_results(tmp_path):
    spec = tmp_path / "clique.yaml"
    spec.write_text("name: clique\nplatform: platforms/bare.yaml\nstimulus: stimuli/uniform.yaml\n"
                    "set: {network.topology: clique, routing.type: tfar, simulation.cycles: 2000, simulation.warmup: 500}\n"
                    "axes:\n  network.routers: [4, 7]\n  stimulus.injection.rate: [0.02, 0.04]\nseeds: 1\n")
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "sweep.py"), str(spec), "--out", str(tmp_path / "out"),
                        "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, env=ENV, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    with open(tmp_path / "out" / "runs.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4 and all(r["status.state"] == "completed" for r in rows)
    assert {r["network.topology"] for r in rows} == {"4-router clique", "7-router clique"}
    # Below saturation a node gets what it offers: 0.02 and 0.04 packets of 16 flits.
    for r in rows:
        assert abs(float(r["throughput.accepted_flits_per_node_cycle"]) - 16 * float(r["stimulus.injection.rate"])) < 0.1
