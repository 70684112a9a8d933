"""The randomized configuration sweep (scripts/stress) and the failures it found, each kept as a
regression test."""
import json
import os
import subprocess
import sys

from conftest import BUILD, ROOT


def test_fifty_random_configurations_complete_consistently_or_are_refused_with_one_line():
    count = os.environ.get("ICNSIM_STRESS_COUNT", "50")
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "stress.py"), "--count", count, "--seed", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=1500,
                       env={**os.environ, "ICNSIM_BUILD": str(BUILD)})
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
    assert f"stress: {count} configurations" in p.stdout
    assert " 0 failure" in p.stdout


def test_random_configurations_under_an_address_space_limit_end_cleanly():
    # prlimit --as: at 16 MB some runs cannot start (out of memory in the first allocations), at 32 MB
    # most run; each must complete, be refused up front, or end out of memory with one line and no
    # file left (scripts/stress checks each), never crash.
    outcomes = []
    for megabytes in ("16", "32"):
        p = subprocess.run([sys.executable, str(ROOT / "scripts" / "stress.py"), "--count", "16", "--seed", "3",
                            "--address-space", megabytes], cwd=ROOT, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "ICNSIM_BUILD": str(BUILD)})
        assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
        assert " 0 failure" in p.stdout
        outcomes.append(p.stdout)
    assert any(" 0 out of memory" not in out for out in outcomes), outcomes  # the limit did bite


def test_the_draws_cover_every_registered_topology_routing_function_controller_pattern_and_process():
    # The draw takes its choices from icnsim's registries (--print-config), so what is registered
    # later is exercised too; this fails if one is never drawn (a topology the draw cannot build).
    sys.path.insert(0, str(ROOT / "scripts"))
    os.environ.setdefault("ICNSIM_BUILD", str(BUILD))
    import random
    import stress
    drawn = [stress.draw(random.Random(seed)) for seed in range(2000)]
    for key in ("network.topology", "routing.type", "congestion_control.type", "stimulus.pattern.type",
                "stimulus.injection.process"):
        registered = set(stress.REGISTRY[key])
        seen = {d.get(key, "kary_ncube" if key == "network.topology" else None) for d in drawn}
        assert registered <= seen, (key, registered - seen)


def test_a_ramp_ramps_on_its_own_step_and_refuses_a_rate_it_would_not_use(icnsim, tmp_path):
    # Found by scripts/stress: the ramp's step was converted to packets through rate / rate, so an
    # explicit rate of 0 made the step 0 and the generator searched for a first packet for ever. A rate
    # is now refused beside a process that sets its own pace (issue 50: no silent no-ops).
    out = tmp_path / "r.json"
    ramp = ["platforms/default.yaml", "stimuli/ramp.yaml", "--set", "network.radix=8", "--set", "network.dimensions=1",
            "--set", "stimulus.injection.step=0.1", "--set", "stimulus.injection.interval=300",
            "--set", "simulation.cycles=3000", "--set", "simulation.warmup=0", "-q", "--out", out]
    p = icnsim(*ramp)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    assert r["packets"]["created"] > 300
    refused = icnsim(*ramp, "--set", "stimulus.injection.rate=0")
    assert refused.returncode == 2 and "it acts only with a process that reads a rate" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1  # about 650: the load rises to 0.43 flits/node/cycle


BUBBLE_RING = ["--set", "network.radix=31", "--set", "network.dimensions=1", "--set", "routing.type=bubble",
               "--set", "router.virtual_channels=1", "--set", "router.buffer_depth=40",
               "--set", "router.switching=virtual_cut_through", "--set", "stimulus.pattern.type=random_pair",
               "--set", "stimulus.packet_length=20", "--set", "stimulus.injection.unit=flits",
               "--set", "stimulus.injection.rate=0.3", "--set", "simulation.cycles=20000",
               "--set", "simulation.warmup=1000", "--set", "simulation.watchdog_cycles=1500", "-q"]


def test_bubble_flow_control_refuses_one_packet_per_buffer_and_keeps_its_ring_moving(icnsim):
    # Found by scripts/stress: with vc_reallocation: when_empty a VC buffer takes one packet at a
    # time, so the bubble rule (room for two on entry) never holds one back and the ring filled
    # up: a knot of every +x VC of a 31-node ring. Refused now; on_tail keeps the bubble.
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *BUBBLE_RING, "--set", "router.vc_reallocation=when_empty")
    assert p.returncode == 2 and "router.vc_reallocation" in p.stderr and "on_tail" in p.stderr
    for seed in (1, 2):
        p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *BUBBLE_RING, "--seed", seed)
        assert p.returncode == 0, p.stderr
