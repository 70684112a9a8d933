"""The virtual-channel paper's claims (Dally 1992, sec. V) on its set-up (platforms/dally-2ary6fly.yaml,
stimuli/dally-saturation.yaml and dally-poisson.yaml), on the 2-ary 6-fly at a reduced length
(10,000 cycles, 3,000 warm-up). docs/results/dally-vc.md has the paper's length and the 8-fly.

Margins are set from measurements at this length (seed 1), written beside each check."""
import pytest

from conftest import script_module

SHORT = ["--set", "simulation.cycles=10000", "--set", "simulation.warmup=3000", "-q"]
FLY6 = "platforms/dally-2ary6fly.yaml"

analytic = script_module("analytic")


def run(icnsim_result, stimulus, *overrides):
    return icnsim_result(FLY6, f"stimuli/{stimulus}.yaml", *SHORT, *[a for o in overrides for a in ("--set", o)])


def lanes(count, depth):
    return [f"router.virtual_channels={count}", f"router.buffer_depth={depth}",
            f"network_interface.packets_in_progress={count}"]


def saturation(icnsim_result, count, depth):
    return run(icnsim_result, "dally-saturation", *lanes(count, depth))["throughput"]["accepted_normalised"]


@pytest.mark.parametrize("count", [1, 4, 16])
def test_fig13_saturation_throughput_with_one_flit_lanes_agrees_with_the_model(icnsim_result, count):
    # One-flit lanes run as two-slot lanes (docs/results/dally-vc.md, "Set-up"). Measured: 1 lane
    # 0.325 against the model's 0.290, 4 lanes 0.643 / 0.643, 16 lanes 0.865 / 0.841.
    measured = saturation(icnsim_result, count, 2)
    assert measured == pytest.approx(analytic.saturation_throughput(count, 6), abs=0.05)


def test_fig13_lanes_of_literally_one_slot_are_credit_limited(icnsim_result):
    # The credit comes back two cycles after the flit left: one lane of one slot streams at half
    # rate. Measured: 0.158 against 0.325 with two slots.
    assert saturation(icnsim_result, 1, 1) < 0.6 * saturation(icnsim_result, 1, 2)


def test_fig14_with_storage_fixed_lanes_beat_depth(icnsim_result):
    # 16 flits per channel (16 one-flit lanes as two-slot lanes). Measured: 1 × 16 carries 0.432,
    # 4 × 4 0.684, 16 lanes 0.865.
    one, four, sixteen = (saturation(icnsim_result, n, max(16 // n, 2)) for n in (1, 4, 16))
    assert four > 1.3 * one
    assert sixteen > 1.1 * four


def latency_at_half_capacity(icnsim_result, *overrides):
    return run(icnsim_result, "dally-poisson", "simulation.histogram_bin_width=1", *overrides)


def test_fig17_deadline_scheduling_lowers_mean_and_spread_of_latency(icnsim_result):
    # Measured: mean 91.7 → 86.2, standard deviation 37.4 → 29.7 (paper: 75.1 → 62.2, halved).
    random = latency_at_half_capacity(icnsim_result)["latency"]
    oldest = latency_at_half_capacity(icnsim_result, "router.arbitration=oldest_first")["latency"]
    assert oldest["mean"] < 0.97 * random["mean"]
    assert oldest["stddev"] < 0.9 * random["stddev"]


def test_fig17_deeper_lanes_widen_deadline_scheduling_s_gain(icnsim_result):
    # The paper does not give Fig. 17's lane depth. With the platform's lane rule (on_tail) a deep lane
    # queues packets, random scheduling shares a channel's flits among all of them, and oldest-first
    # serves the oldest at full rate. Measured, four lanes: 4 flits −6 % and σ ×0.79, 64 flits −18 %
    # and ×0.62 (paper: −17 %, halved; docs/results/dally-vc.md, "Nor does it say how deep the lanes are").
    def effect(depth):
        random = latency_at_half_capacity(icnsim_result, f"router.buffer_depth={depth}")["latency"]
        oldest = latency_at_half_capacity(icnsim_result, f"router.buffer_depth={depth}",
                                          "router.arbitration=oldest_first")["latency"]
        return oldest["mean"] / random["mean"], oldest["stddev"] / random["stddev"]
    (shallow_mean, shallow_spread), (deep_mean, deep_spread) = effect(4), effect(64)
    assert deep_mean < shallow_mean - 0.08
    assert deep_spread < shallow_spread - 0.1
    assert deep_mean < 0.87


def share_at_minimum(result, minimum=27):
    counts = result["high_priority"]["latency_histogram"]["counts"]
    return counts[minimum] / sum(counts)


def test_fig18_most_high_priority_traffic_arrives_at_minimum_latency_with_lanes_as_crossbar_inputs(icnsim_result):
    # 10 % high priority, scheduled by age ahead of the rest; minimum latency 27 cycles (the paper's
    # 24 plus creation, injection and delivery). Measured: 49 % with lanes as crossbar inputs
    # (paper: 80 %; mean 40.6 cycles against 87.7 for all packets), 3 % when each input offers one
    # lane round-robin.
    priority = ["router.arbitration=priority", "stimulus.high_priority_fraction=0.1"]
    per_vc = latency_at_half_capacity(icnsim_result, *priority)
    per_channel = latency_at_half_capacity(icnsim_result, *priority, "router.crossbar_inputs=per_channel")
    assert share_at_minimum(per_vc) > 0.4
    assert share_at_minimum(per_channel) < 0.5 * share_at_minimum(per_vc)
    assert per_vc["high_priority"]["latency"]["mean"] < 0.6 * per_vc["latency"]["mean"]


def test_fig19_who_gets_a_free_lane_moves_a_single_lane_s_saturation(icnsim_result):
    # Sec. III does not say which waiting packet gets a lane that comes free. On Fig. 19's mesh with
    # one 32-flit lane per channel (sec. III's lane rule, saturation sources), icnsim's oldest-first
    # order carries more than an order drawn at random, which has no preference for packets already
    # in the network. Measured: 0.595 against 0.528 (docs/results/dally-vc.md, "Who gets a free lane").
    def single_vc(order):
        return icnsim_result("platforms/dally-16ary2cube-mesh.yaml", "stimuli/dally-saturation.yaml", *SHORT,
                             *[a for o in ("router.routing_delay=0", "router.crossbar_delay=0",
                                           "router.crossbar_inputs=per_vc", "router.arbitration=random",
                                           *lanes(1, 32), "router.vc_reallocation=when_empty",
                                           f"router.vc_allocation={order}") for a in ("--set", o)]
                             )["throughput"]["accepted_normalised"]
    oldest, random_order = single_vc("oldest_first"), single_vc("random")
    assert random_order < oldest - 0.03
    assert random_order == pytest.approx(0.53, abs=0.03)
