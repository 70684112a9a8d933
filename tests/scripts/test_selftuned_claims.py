"""The self-tuned paper's claims on its own set-up (sec. 5.1: the selftuned-* platforms with the
central header arbiter, attempt sources of stimuli/selftuned-uniform.yaml), at a reduced length
(20,000 cycles, 5,000 warm-up). docs/results/selftuned.md has the full-length figures.

Margins: the paper shows the base collapsing past saturation and Tune holding near the peak
(Fig. 4), static 50 over-throttling uniform traffic and static 250 failing on complement (Fig. 6).
Measured here (seed 1, the full-buffer count of the paper's 3,072 edge buffers): recovery at 0.04 —
base 1.9 %, Tune 71.0 % of capacity (the base's peak 64.0 % at 0.02); avoidance at 0.03 — base
34.1 %, Tune 51.9 %; uniform at 0.04 — static 50 67.1 %, 250 73.8 %, Tune 71.0 %; complement at
0.03 — static 50 33.0 %, 250 17.3 %, Tune 26.2 %. Each bound sits well inside those gaps. (Tune on
uniform was 67.7 % until deadlock recovery stopped taking headers on injection channels and the
tuner's throughput stopped counting flits absorbed by recovery: issue 31.)

Claims icnsim does not reproduce are strict expected failures: each says why, and fails the suite
the day the model reproduces the claim, so that the mark comes off."""
import json
from concurrent.futures import ThreadPoolExecutor
from statistics import mean

import pytest

SHORT = ["--set", "simulation.cycles=20000", "--set", "simulation.warmup=5000", "-q"]


def accepted(icnsim_result, platform, rate, *controller, pattern="uniform", seed=1):
    r = icnsim_result(f"platforms/selftuned-{platform}.yaml", "stimuli/selftuned-uniform.yaml", *SHORT, "--seed", seed,
                      "--set", f"stimulus.injection.rate={rate}", "--set", f"stimulus.pattern.type={pattern}",
                      *[a for c in controller for a in ("--set", c)])
    return r["throughput"]["accepted_normalised"]


def test_fig4_with_recovery_the_base_collapses_and_tune_holds_the_peak(icnsim_result):
    peak = accepted(icnsim_result, "recovery", 0.02, "congestion_control.type=none")
    base = accepted(icnsim_result, "recovery", 0.04, "congestion_control.type=none")
    tune = accepted(icnsim_result, "recovery", 0.04, "congestion_control.type=self_tuned")
    assert base < 0.1 * peak
    assert tune > 0.9 * peak


def test_fig4_with_avoidance_tune_stays_well_above_the_degraded_base(icnsim_result):
    base = accepted(icnsim_result, "avoidance", 0.03, "congestion_control.type=none")
    tune = accepted(icnsim_result, "avoidance", 0.03, "congestion_control.type=self_tuned")
    assert tune > 1.25 * base


# Complement is judged at 0.03: at 0.04 a 20,000-cycle run is too short to show static 250's
# collapses (27.0 % against 50's 31.7 %; 24.1 % against 31.3 % at the paper's length).
FIG6_LOAD = {"uniform": 0.04, "bit_complement": 0.03}


def fig6(icnsim_result, pattern):
    load = FIG6_LOAD[pattern]
    low = accepted(icnsim_result, "recovery", load, "congestion_control.type=static_threshold",
                   "congestion_control.threshold=50", pattern=pattern)
    high = accepted(icnsim_result, "recovery", load, "congestion_control.type=static_threshold",
                    "congestion_control.threshold=250", pattern=pattern)
    tune = accepted(icnsim_result, "recovery", load, "congestion_control.type=self_tuned", pattern=pattern)
    return low, high, tune


@pytest.mark.parametrize("pattern", ["uniform", "bit_complement"])
def test_fig6_no_static_threshold_suits_both_patterns(icnsim_result, pattern):
    low, high, _ = fig6(icnsim_result, pattern)
    if pattern == "uniform":
        assert low < 0.95 * high  # 50 over-throttles uniform traffic
    else:
        assert high < 0.85 * low  # 250 lets complement saturate


@pytest.mark.parametrize("pattern", [
    "uniform",
    pytest.param("bit_complement", marks=pytest.mark.xfail(
        strict=True, reason="between restarts Tune walks down complement's gradual decline past the best threshold, "
                            "which its rules do not sense (26.2 % against static 50's 33.0 % at 0.03); "
                            "docs/results/selftuned.md, Fig. 6")),
])
def test_fig6_tune_adapts_to_both_patterns(icnsim_result, pattern):
    low, high, tune = fig6(icnsim_result, pattern)
    assert tune > 0.95 * max(low, high)


@pytest.mark.xfail(strict=True, reason="since deadlock recovery stopped spending Disha's token on headers still on "
                   "injection channels (issue 31), the reset-value reading no longer collapses complement at this "
                   "length: seeds 1-4 give 26.2/31.2/27.1/26.3 % from the initial threshold against "
                   "24.8/29.5/24.3/24.2 % from the reset value (before: 29.9 % against 9.3 % on seed 1); the "
                   "paper-length comparison is docs/results/selftuned.md's to re-measure")
def test_fig6_restarting_the_search_for_a_maximum_at_the_initial_threshold_keeps_complement_out_of_collapse(
        icnsim_result):
    # Sec. 4.2: after 5 resets in a row the maximum is forgotten and "the maximum-locating process"
    # restarts. Left at the reset value that just failed, the collapsed network's period becomes the
    # new maximum and the threshold ratchets up; from the initial threshold the throttle drains the
    # network. Measured here (seed 1, complement at 0.03): 29.9 % against 9.3 %.
    load = FIG6_LOAD["bit_complement"]
    initial = accepted(icnsim_result, "recovery", load, "congestion_control.type=self_tuned",
                       "congestion_control.restart=initial", pattern="bit_complement")
    reset_value = accepted(icnsim_result, "recovery", load, "congestion_control.type=self_tuned",
                           "congestion_control.restart=reset_value", pattern="bit_complement")
    assert initial > 2 * reset_value


# Fig. 8 reduced to one uniform burst: 2,000 quiet cycles, 3,000 of one attempt per node every 15
# cycles, 7,000 quiet; every cycle measured.
SHORT_BURST = """name: one-burst
packet_length: 16
source: {model: attempts, waiting_limit: 1}
injection: {process: periodic}
pattern: {type: uniform}
phases:
  - {name: low, injection: {rate: 0.000666667}, end: {cycles: 2000}}
  - {name: burst, injection: {rate: 0.0666667}, end: {cycles: 3000}}
  - {name: low, injection: {rate: 0.000666667}, end: {cycles: 7000}}
"""


def burst_latency(icnsim, tmp_path, platform, controller, seed):
    stimulus = tmp_path / "burst.yaml"
    stimulus.write_text(SHORT_BURST)
    out = tmp_path / "r.json"
    p = icnsim(f"platforms/selftuned-{platform}.yaml", stimulus, "-q", "--set", "simulation.warmup=0",
               "--set", f"congestion_control.type={controller}", "--set", f"simulation.seed={seed}", "--out", out)
    assert p.returncode == 0, p.stderr
    return json.loads(out.read_text())["latency"]["mean"]


@pytest.mark.parametrize("seed", [1, 2])
def test_fig9_after_a_burst_tune_keeps_latency_far_below_alo_and_base(icnsim, tmp_path, seed):
    # Paper, avoidance: Base 520, ALO 509, Tune 163 cycles. Measured here (seeds 1, 2): Base 369 and
    # 371, ALO 369 and 349, Tune 210 and 211.
    base, alo, tune = (burst_latency(icnsim, tmp_path, "avoidance", c, seed) for c in ("none", "alo", "self_tuned"))
    assert tune < 0.7 * alo
    assert alo <= 1.05 * base


def test_fig9_with_recovery_the_uncontrolled_burst_costs_latency_an_order_of_magnitude(icnsim, tmp_path):
    # Paper, recovery: Base 2,838, ALO 2,571, Tune 161. Measured here: Base 1,345, ALO 185, Tune 162.
    # One short burst does not separate Tune from ALO (4-12 % apart over seeds); the full bursty
    # load of docs/results/selftuned.md does.
    base, alo, tune = (burst_latency(icnsim, tmp_path, "recovery", c, 1) for c in ("none", "alo", "self_tuned"))
    assert tune < 0.25 * base
    assert alo < 0.25 * base


def gathers(icnsim, tmp_path, rate):
    out = tmp_path / "r.json"
    p = icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml", *SHORT,
               "--set", f"stimulus.injection.rate={rate}", "--set", "congestion_control.type=self_tuned",
               "--set", "congestion_control.distribution=metapackets", "--set", "congestion_control.throttle=false",
               "--out", out)
    assert p.returncode == 0, p.stderr
    m = json.loads(out.read_text())["metapackets"]
    assert m["gathers"] >= 100
    return m


def test_fig11_metapacket_gathers_take_130_to_160_cycles_lengthen_with_load_and_shorten_past_saturation(
        icnsim, tmp_path):
    # Sec. 5.3.2: gathers take 130-160 cycles on average and never more than 300, and "drop beyond
    # saturation loads ... data-packets are blocked at saturation and thus metapackets see no
    # contention for physical links". Measured here (seed 1): mean 142 at 0.005, 166 at 0.02 (the
    # base's peak), 141 at 0.03 (collapsed); maxima 149 / 183 / 184. The metapacket passes through
    # each router of its row, and on each link it takes turns with the data VCs flit by flit.
    light, peak, past = (gathers(icnsim, tmp_path, r) for r in (0.005, 0.02, 0.03))
    assert 130 <= light["mean_cycles"] <= 160
    assert peak["mean_cycles"] > light["mean_cycles"] + 10
    assert past["mean_cycles"] < peak["mean_cycles"] - 10
    assert max(m["max_cycles"] for m in (light, peak, past)) < 300


SEEDS = (1, 2, 3, 4)


def mean_over_seeds(icnsim_result, rate, *controller):
    """Tune past saturation is metastable from seed to seed (at 0.03 over the sideband: 45.6, 72.6,
    73.9, 71.3 % on seeds 1-4), so Fig. 12's claims are judged on the mean of four seeds, as
    docs/results/selftuned.md judges them."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        return mean(pool.map(lambda seed: accepted(icnsim_result, "recovery", rate, *controller, seed=seed), SEEDS))


def test_fig12_tune_with_metapackets_holds_less_past_saturation_than_over_the_sideband(icnsim_result):
    # Sec. 5.3.2: metapackets are "not suitable": Tune acting on their stale information holds less.
    # Measured here at 0.03, mean of seeds 1-4: with metapackets 45.4 %, over the sideband 65.9 %.
    meta = mean_over_seeds(icnsim_result, 0.03, "congestion_control.type=self_tuned",
                           "congestion_control.distribution=metapackets")
    sideband = mean_over_seeds(icnsim_result, 0.03, "congestion_control.type=self_tuned")
    assert meta < 0.8 * sideband


def saturates_early(icnsim_result, priority):
    # Sec. 5.3.2: "using our Tune mechanism further exacerbates the situation causing saturation at
    # lighter loads" — at 0.02, where the base delivers all it is offered (64.0 % on every seed).
    base = accepted(icnsim_result, "recovery", 0.02, "congestion_control.type=none")
    tune = mean_over_seeds(icnsim_result, 0.02, "congestion_control.type=self_tuned",
                           "congestion_control.distribution=metapackets", f"congestion_control.metapacket_priority={priority}")
    return tune < 0.85 * base


@pytest.mark.parametrize("priority", [
    pytest.param("allocation", marks=pytest.mark.xfail(
        strict=True, reason="since the tuner's throughput no longer counts the metapackets' own flits as delivered "
                            "(issue 31), Tune with metapackets sharing the links saturates early on two seeds of "
                            "four only: 63.4, 54.3, 52.8, 63.6 % at 0.02 (mean 58.5 %) against the base's 64.0 %")),
    "link",
])
def test_fig12_tune_with_metapackets_saturates_below_the_bases_saturation(icnsim_result, priority):
    # Measured here, seeds 1-4 at 0.02: winning the links 46.8, 64.0, 50.8, 53.1 % (mean 53.7 %)
    # against the base's 64.0 % (docs/results/selftuned.md, Figs. 11 and 12).
    assert saturates_early(icnsim_result, priority)


def test_comparing_the_last_gathers_throughput_keeps_the_tuned_threshold_far_lower_just_past_saturation(
        icnsim, tmp_path):
    # Sec. 4.1 leaves open whether "the throughput in a tuning period" is the whole period's or the
    # last gather's. Measured (seed 1, 0.03): mean threshold after warm-up 517 full buffers with the
    # whole period, 10 with the last gather, whose 32-cycle swings show as drops more often.
    means = {}
    for window in ("period", "last_gather"):
        out = tmp_path / f"{window}.json"
        p = icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml", *SHORT,
                   "--set", "stimulus.injection.rate=0.03", "--set", "congestion_control.type=self_tuned",
                   "--set", f"congestion_control.throughput_window={window}", "--out", out)
        assert p.returncode == 0, p.stderr
        series = json.loads(out.read_text())["time_series"]
        after = [t for c, t in zip(series["cycle"], series["controller.threshold"]) if c >= 5000]
        means[window] = sum(after) / len(after)
    assert means["last_gather"] < 0.25 * means["period"]


def test_alo_holds_the_recovery_network_only_while_a_vc_held_by_a_blocked_packet_counts_as_busy(icnsim_result):
    # Sec. 5.1 leaves open what makes a VC "free" for ALO. Counted free while unallocated, ALO holds
    # uniform traffic on the recovery network past saturation (78.2 % of capacity at 0.04 here);
    # counted free while its buffer has room, a VC that a blocked packet holds still lets packets in,
    # and the network collapses as the uncontrolled one does (3.6 %; base 2.4 %), as the paper's ALO
    # does under the bursts of its Fig. 9a.
    unallocated = accepted(icnsim_result, "recovery", 0.04, "congestion_control.type=alo")
    room = accepted(icnsim_result, "recovery", 0.04, "congestion_control.type=alo", "congestion_control.free_vc=room")
    assert unallocated > 0.7
    assert room < 0.1
