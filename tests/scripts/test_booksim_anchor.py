"""Like for like with BookSim 2 (docs/routing.md, "Like for like with BookSim 2"): with BookSim's VC
and switch allocators (router.vc_allocation: separable, router.switch_allocation: separable), its
uniform traffic (stimulus.pattern.include_source: true) and its settings, icnsim's accepted throughput
past saturation on the torus, the mesh and the flattened butterfly of the anchor table is within 2 % of
BookSim 2's figures."""
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


# The 8-VC torus moves by up to ±3 % from seed to seed past saturation (0.292, 0.299, 0.308 for seeds 1-3),
# the 8-VC mesh and the flattened butterfly by under 1 %: those rows compare the mean of three seeds,
# the torus with fewer VCs (under 0.5 % a seed) seed 1.
@pytest.mark.parametrize("network, vcs, depth, seeds", [("torus", 2, 8, 1), ("torus", 4, 8, 1), ("torus", 8, 8, 3),
                                                        ("mesh", 8, 4, 3), ("flattened butterfly", 4, 8, 3)])
def test_like_for_like_icnsim_carries_what_booksim_carries_past_saturation(icnsim_result, network, vcs, depth, seeds):
    got = statistics.mean(accepted(icnsim_result, network, vcs, depth, seed) for seed in range(1, seeds + 1))
    assert got == pytest.approx(BOOKSIM[(network, vcs, depth)], rel=WITHIN)
