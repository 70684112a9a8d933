"""Issue 71 item 4: the balanced dragonfly of 16,512 nodes (platforms/dragonfly-16k.yaml: p = 8, a = 16,
h = 8, 129 groups) runs on one machine. A few hundred cycles under minimal routing with uniform traffic
and UGAL-G with group shift: it completes, packets move through every group, and none is made or lost
(its speed and memory per node are measured in scripts/bench --scale and stated in README.md)."""
import pytest

PLATFORM = "platforms/dragonfly-16k.yaml"
SHORT = ["--set", "simulation.cycles=300", "--set", "simulation.warmup=100", "--set", "simulation.sample_interval=100",
         "-q"]


@pytest.mark.parametrize("routing, pattern, vcs", [("minimal", "uniform", 4), ("ugal_global", "group_shift", 6)])
def test_the_16512_node_dragonfly_runs_and_conserves_its_packets(icnsim_result, routing, pattern, vcs):
    r = icnsim_result(PLATFORM, "stimuli/uniform.yaml", *SHORT, "--set", f"routing.type={routing}",
                      "--set", f"router.virtual_channels={vcs}", "--set", f"stimulus.pattern.type={pattern}",
                      "--set", "stimulus.injection.rate=0.2", "--set", "stimulus.injection.unit=flits")
    assert r["network"]["nodes"] == 16512
    assert r["status"]["state"] == "completed"
    packets = r["packets"]
    # Every packet made is queued at its source, in the network or delivered: none appears or vanishes.
    assert packets["created"] == packets["injected"] + packets["queued_at_end"]
    assert packets["injected"] == packets["delivered"] + packets["in_network_at_end"]
    # 100 cycles cross at most 7 router hops (3 cycles each) and the 16-flit packets' serialisation:
    # most injected in the first half of the window are delivered by its end.
    assert packets["delivered"] > 0.3 * packets["injected"]
    assert r["mean_hops"] > 2  # most destinations are in another group: local, global, local
