"""The Trans-t paper's central claims on its own set-up (sec. 4.1: platforms/transt-8ary3cube.yaml,
TFAR on 3 VCs with one message per VC, software recovery after the inactivity detector of its ref.
[10], 4 injection channels, 16-flit messages, one routing control unit per router as the Trans-t
group describes its simulator's router), uniform traffic, at a reduced length (12,000 cycles, 4,000
warm-up). docs/results/transt.md has the full-length figures.

Measured (12,000-cycle runs, seed 1, one unit per router): without control the network accepts 0.649
at 0.65 and 0.430 at 1.0 while Trans-t keeps 0.698. Routing every input VC's header in parallel (the
platforms' router before), the uncontrolled network holds near its peak: 0.698 at 0.7, 0.675 at 1.0
(docs/results/transt.md, the routing unit). An earlier detector that ignored headers holding their VC
left true deadlocks standing, and the network's throughput fell to 0.375 behind them: that fall was
not congestion (docs/routing.md)."""
import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

SHORT = ["--set", "simulation.cycles=12000", "--set", "simulation.warmup=4000", "-q"]
SLOW = pytest.mark.skipif(os.environ.get("ICNSIM_SANITIZE") == "1",
                          reason="minutes of simulation under AddressSanitizer; the Release pass of scripts/test runs it")


def run(icnsim, tmp_path, controller, rate, seed, *extra):
    out = tmp_path / f"{controller}-{rate}-{seed}-{'-'.join(extra)}.json"
    p = icnsim("platforms/transt-8ary3cube.yaml", "stimuli/uniform.yaml", *SHORT, "--seed", seed,
               "--set", f"congestion_control.type={controller}", "--set", "stimulus.injection.unit=flits",
               "--set", f"stimulus.injection.rate={rate}", *[a for e in extra for a in ("--set", e)],
               "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    return r["throughput"]["accepted_flits_per_node_cycle"], r["packets"]["deadlock_recoveries"]


def run_all(icnsim, tmp_path, cases):
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(cases, pool.map(lambda c: run(icnsim, tmp_path, *c), cases)))


PARALLEL = "router.header_arbiter=parallel"


@SLOW
def test_with_one_routing_unit_per_router_the_network_without_control_loses_a_quarter_of_its_peak_and_trans_t_keeps_it(
        icnsim, tmp_path):
    # The platform's router routes one header per cycle, a refused one asking again in its turn: past
    # saturation the four injection channels' headers take the turns from in-transit ones.
    cases = [("none", rate, seed) for seed in (1, 2) for rate in (0.65, 1.0)]
    cases += [("trans_t", rate, 1) for rate in (0.65, 1.0)]
    cases += [("none", 1.0, 1, "network_interface.injection_channels=1")]
    results = run_all(icnsim, tmp_path, cases)
    for seed in (1, 2):
        peak = results[("none", 0.65, seed)][0]
        past = results[("none", 1.0, seed)][0]
        assert past <= 0.75 * peak, f"seed {seed}: No-Lim {past:.3f} past saturation against a peak of {peak:.3f}"
    peak = max(results[("trans_t", rate, 1)][0] for rate in (0.65, 1.0))
    past, recoveries = results[("trans_t", 1.0, 1)]
    uncontrolled, uncontrolled_recoveries = results[("none", 1.0, 1)]
    assert past >= 0.95 * peak, f"Trans-t {past:.3f} past saturation against a peak of {peak:.3f}"
    assert past >= 1.05 * uncontrolled, f"Trans-t {past:.3f} against No-Lim {uncontrolled:.3f} at 1.0"
    # Trans-t keeps the network out of the blocked state the detector looks for.
    assert recoveries * 20 < uncontrolled_recoveries, (recoveries, uncontrolled_recoveries)
    # The cause: with one injection channel per node, fewer headers ask the unit, and nothing falls.
    one_channel = results[("none", 1.0, 1, "network_interface.injection_channels=1")][0]
    assert one_channel >= 0.95 * results[("none", 0.65, 1)][0], f"one injection channel: {one_channel:.3f}"


@SLOW
def test_with_every_input_vcs_header_routed_in_parallel_the_network_without_control_holds_near_its_peak(
        icnsim, tmp_path):
    # The alternative router: an in-transit header never waits behind an injected one, and the
    # uncontrolled network keeps about 97 % of its peak (0.698 -> 0.675) at every buffer depth from 2 to
    # 16 flits; Trans-t still accepts more.
    results = run_all(icnsim, tmp_path, [("none", 0.7, 1, PARALLEL), ("none", 1.0, 1, PARALLEL),
                                         ("trans_t", 1.0, 1, PARALLEL)])
    peak, past = results[("none", 0.7, 1, PARALLEL)][0], results[("none", 1.0, 1, PARALLEL)][0]
    assert past >= 0.9 * peak, f"No-Lim {past:.3f} past saturation against {peak:.3f}"
    assert results[("trans_t", 1.0, 1, PARALLEL)][0] >= 1.05 * past
