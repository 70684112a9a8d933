"""Like for like with BookSim 2 (docs/routing.md, "Like for like with BookSim 2"): with BookSim's
switch allocator (router.switch_allocation: separable) and its settings, icnsim's accepted throughput
past saturation on the networks of the anchor table is within 2 % of BookSim 2's figures where the
table says it is, and the rows the table marks as still apart stay apart until someone finds why."""
import pytest

# BookSim 2's accepted flits/node/cycle past saturation (the anchor table's BookSim column): the torus
# and mesh at 0.04 packets/node/cycle, the flattened butterfly at 1.0 flits/node/cycle, 16-flit packets,
# 10,000 warm-up and 50,000 measured cycles.
BOOKSIM = {("torus", 4, 8): 0.249, ("torus", 8, 8): 0.299, ("mesh", 4, 8): 0.197, ("mesh", 8, 4): 0.202,
           ("flattened butterfly", 4, 8): 0.5561}
WITHIN = 0.02


def accepted(icnsim_result, network, vcs, depth):
    if network == "flattened butterfly":  # the HyperX of 2 dimensions, 4 switches each, 4 terminals a switch
        where = ["platforms/hyperx.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.0625"]
    else:
        where = ["platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.04",
                 *(["--set", "routing.dateline=entry"] if network == "torus" else ["--set", "network.wrap=mesh"])]
    r = icnsim_result(*where,
                      "--set", f"router.virtual_channels={vcs}", "--set", f"router.buffer_depth={depth}",
                      "--set", "router.vc_allocation=longest_waiting", "--set", "router.switch_allocation=separable",
                      "--set", "stimulus.packet_length=16",
                      "--set", "simulation.cycles=60000", "--set", "simulation.warmup=10000", "-q")
    return r["throughput"]["accepted_flits_per_node_cycle"]


@pytest.mark.parametrize("network, vcs, depth", [("torus", 8, 8), ("mesh", 8, 4), ("mesh", 4, 8),
                                                 ("flattened butterfly", 4, 8)])
def test_with_booksims_allocator_icnsim_carries_what_booksim_carries_past_saturation(icnsim_result, network, vcs,
                                                                                      depth):
    got = accepted(icnsim_result, network, vcs, depth)
    assert got == pytest.approx(BOOKSIM[(network, vcs, depth)], rel=WITHIN)


@pytest.mark.xfail(strict=True, reason="the anchor table's open rows: with 2 and 4 VCs the torus stays 4 % above "
                                       "BookSim (docs/routing.md)")
def test_the_four_vc_torus_still_carries_more_than_booksim(icnsim_result):
    assert accepted(icnsim_result, "torus", 4, 8) == pytest.approx(BOOKSIM[("torus", 4, 8)], rel=WITHIN)
