"""Like for like with BookSim 2 (docs/routing.md, "Like for like with BookSim 2"): with BookSim's VC
and switch allocators (router.vc_allocation: separable, router.switch_allocation: separable), its
uniform traffic (stimulus.pattern.include_source: true) and its settings, icnsim's accepted throughput
past saturation on the torus and mesh of the anchor table is within 2 % of BookSim 2's figures, and
the row the table marks as still apart stays apart until someone finds why."""
import statistics

import pytest

# BookSim 2's accepted flits/node/cycle past saturation (the anchor table's BookSim column): the torus
# and mesh at 0.04 packets/node/cycle, the flattened butterfly at 1.0 flits/node/cycle, 16-flit packets,
# 10,000 warm-up and 50,000 measured cycles.
BOOKSIM = {("torus", 2, 8): 0.156, ("torus", 4, 8): 0.249, ("torus", 8, 8): 0.299, ("mesh", 8, 4): 0.202,
           ("flattened butterfly", 4, 8): 0.5561}
WITHIN = 0.02


def accepted(icnsim_result, network, vcs, depth, seed=1):
    if network == "flattened butterfly":  # the HyperX of 2 dimensions, 4 switches each, 4 terminals a switch
        where = ["platforms/hyperx.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.0625"]
    else:
        where = ["platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.04",
                 *(["--set", "routing.dateline=entry"] if network == "torus" else ["--set", "network.wrap=mesh"])]
    r = icnsim_result(*where,
                      "--set", f"router.virtual_channels={vcs}", "--set", f"router.buffer_depth={depth}",
                      "--set", "router.vc_allocation=separable", "--set", "router.switch_allocation=separable",
                      "--set", "stimulus.pattern.include_source=true",  # BookSim's uniform draws the sender too
                      "--set", "stimulus.packet_length=16", "--set", f"simulation.seed={seed}",
                      "--set", "simulation.cycles=60000", "--set", "simulation.warmup=10000", "-q")
    return r["throughput"]["accepted_flits_per_node_cycle"]


# The 8-VC rows move by up to ±1.5 % from seed to seed (torus 0.297, 0.296, 0.299; mesh 0.206, 0.205,
# 0.203): their mean over three seeds is compared; the rows with fewer VCs move by under 1 %.
@pytest.mark.parametrize("network, vcs, depth, seeds", [("torus", 2, 8, 1), ("torus", 4, 8, 1), ("torus", 8, 8, 3),
                                                        ("mesh", 8, 4, 3)])
def test_with_booksims_allocators_and_traffic_icnsim_carries_what_booksim_carries_past_saturation(
        icnsim_result, network, vcs, depth, seeds):
    got = statistics.mean(accepted(icnsim_result, network, vcs, depth, seed) for seed in range(1, seeds + 1))
    assert got == pytest.approx(BOOKSIM[(network, vcs, depth)], rel=WITHIN)


@pytest.mark.xfail(strict=True, reason="the anchor table's open row: the flattened butterfly stays 2 % below "
                                       "BookSim (docs/routing.md)")
def test_the_flattened_butterfly_still_carries_less_than_booksim(icnsim_result):
    assert accepted(icnsim_result, "flattened butterfly", 4, 8) == pytest.approx(
        BOOKSIM[("flattened butterfly", 4, 8)], rel=WITHIN)
