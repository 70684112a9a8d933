"""The self-tuned report's measures: every number the claims and the prose take from the runs — the notes are
templates over these and read no run themselves — and the claims' margins."""
import dataclasses
import math

from papers.selftuned.tables import AVOIDANCE, CAPACITY, COMPLEMENT, RECOVERY, SWING_SAMPLES, bursts, collapse_cycle, \
    mean_full_buffers, mean_latency, pct, tail_pct, threshold_after_warmup


DEEP_FROM = 0.04    # packets/node/cycle: from here on "deep in saturation"; below, "just past" (the base peaks at 0.02)


# What the measures read off one run.

def after_warmup(r, column):
    ts, warmup = r["time_series"], r["window"]["warmup"]
    return [v for c, v in zip(ts["cycle"], ts[column]) if c >= warmup and v is not None]


def collapsed_cycles(r):
    """Cycles after warm-up the run spends collapsed (samples below a quarter of capacity)."""
    ts, warmup = r["time_series"], r["window"]["warmup"]
    low = [c for c, a in zip(ts["cycle"], ts["accepted"]) if c >= warmup and a < 0.25 * CAPACITY]
    interval = ts["cycle"][1] - ts["cycle"][0] if len(ts["cycle"]) > 1 else 0
    return len(low) * interval


def climbs_out(r):
    return r["time_series"]["accepted"][-1] >= 0.25 * CAPACITY


def highest_threshold(r):
    """The self-tuned threshold's highest sample after warm-up (NaN without one)."""
    return max(threshold_after_warmup(r, r["window"]["warmup"]) or [float("nan")])


def past_peak(runs, k, loads):
    """The base's peak (% of capacity) and its load, and at the loads past it (or the last) the least Tune
    keeps and where, and the least the base keeps."""
    peak, peak_load = max((pct(runs.result(k[("Base", l)])), l) for l in loads)
    past = [l for l in loads if l > peak_load] or [loads[-1]]
    tune_past, tune_worst = min((pct(runs.result(k[("Tune", l)])), l) for l in past)
    base_past = min(pct(runs.result(k[("Base", l)])) for l in past)
    return peak, peak_load, tune_past, tune_worst, base_past


def network_shape(config):
    """Nodes, network channels per node and VCs of a run's network, from its configuration."""
    net = config["network"]
    return net["radix"] ** net["dimensions"], 2 * net["dimensions"], config["router"]["virtual_channels"]


# The measures behind one note each.

def tuner_steps(config):
    """The self-tuned controller's buffers (the paper's 3,072 edge buffers), increment and decrement."""
    nodes, channels, vcs = network_shape(config)
    buffers, cc = nodes * channels * vcs, config["congestion_control"]
    return buffers, math.floor(buffers * cc["increment_percent"] / 100), math.floor(buffers * cc["decrement_percent"] / 100)


def swings(runs, plan, pattern):
    """A trace run (32-cycle samples) after warm-up: the full-buffer count's low and high (10th and 90th
    percentile), the mean cycles between its rises through its mean, accepted flits/node/cycle low and high
    per sample, the tuning period's packet count, its counting noise (%) and how far its highest period
    lies above the mean period (%)."""
    run = plan.swings[pattern]
    r, config = runs.result(run), runs.configuration(run)
    full, accepted = after_warmup(r, "full_buffers"), after_warmup(r, "accepted")
    ordered = sorted(full)
    low, high = ordered[len(ordered) // 10], ordered[(9 * len(ordered)) // 10]
    mean = sum(full) / len(full)
    rises = [i for i in range(1, len(full)) if full[i - 1] < mean <= full[i]]
    every = (rises[-1] - rises[0]) / (len(rises) - 1) * SWING_SAMPLES if len(rises) > 1 else float("nan")
    # The tuner's period (static 50's trace has none of its own: the uniform trace's Tune gives it).
    period = runs.configuration(plan.swings["uniform"])["congestion_control"]["tuning_period"]
    per = max(1, round(period / SWING_SAMPLES))
    periods = [sum(accepted[i:i + per]) for i in range(0, len(accepted) - per + 1, per)]
    nodes = network_shape(config)[0]
    packets = sum(accepted) / len(accepted) * nodes * period / config["stimulus"]["packet_length"]
    above = 100 * (max(periods) / (sum(periods) / len(periods)) - 1) if periods else float("nan")
    ordered_accepted = sorted(accepted)
    return dict(low=low, high=high, every=every, accepted_low=ordered_accepted[len(accepted) // 10],
                accepted_high=ordered_accepted[(9 * len(accepted)) // 10], period=period, packets=packets,
                noise=100 / math.sqrt(packets), above=above)


def curve_shape(runs, plan):
    """The static-threshold curve (the paper's Fig. 3 on icnsim): per load, the mean accepted of the runs that
    hold at each threshold and how many runs collapse there."""
    shape = {}
    for load in plan.curve_loads:
        rows = []
        for t in plan.curve_thresholds:
            rs = [runs.result(plan.curve_runs[(t, load, s)]) for s in plan.long_seeds]
            held = [pct(r) for r in rs if collapse_cycle(r) is None]
            rows.append((t, sum(held) / len(held) if held else None, len(rs) - len(held)))
        shape[load] = rows
    return shape


def long_runs(runs, plan):
    """Tune and static 250 at the paper's length: accepted per (load, seed), the runs that fall (when, for how
    long, whether they climb out, the threshold before the fall), the highest thresholds deep in saturation,
    and the knot a run with the search restarting at the reset value ends in (the one that ends lowest)."""
    tune = {(l, s): runs.result(plan.variant_runs[("Tune", l, s)]) for l in plan.variant_loads for s in plan.long_seeds}
    static = {(l, s): pct(runs.result(plan.long_runs[("static 250", l, s)]))
              for (n, l, s) in plan.long_runs if n == "static 250"}
    falls = {}
    for k, r in tune.items():
        c = collapse_cycle(r)
        if c is None:
            continue
        ts = r["time_series"]
        before = [t for cycle, t in zip(ts["cycle"], ts.get("controller.threshold", [])) if r["window"]["warmup"] <= cycle < c]
        falls[k] = dict(cycle=c, collapsed=collapsed_cycles(r), climbs_out=climbs_out(r),
                        threshold_before=max(before or [float("nan")]))
    alo = [runs.result(k) for (n, _, _), k in plan.long_runs.items() if n == "ALO"]
    knots = [(k, runs.result(plan.variant_runs[("Tune, restart at the reset value", *k)])) for k in tune]
    knots = [(k, r) for k, r in knots if collapse_cycle(r) is not None and not climbs_out(r)]
    knot = None
    if knots:
        (load, seed), r = min(knots, key=lambda kr: tail_pct(kr[1]))
        ts = r["time_series"]
        # The last stretch of collapsed samples: the knot the run ends in.
        held = [i for i, a in enumerate(ts["accepted"]) if a >= 0.25 * CAPACITY]
        after = range(held[-1] + 1 if held else 0, len(ts["cycle"]))
        pick = lambda column: [ts[column][i] for i in after if ts[column][i] is not None]
        throttled = pick("throttled_fraction")
        knot = dict(load=load, seed=seed, samples=len(after), interval=ts["cycle"][1] - ts["cycle"][0],
                    packets=pick("packets_in_network"), full=pick("full_buffers"),
                    accepted=[100 * a / CAPACITY for a in pick("accepted")], threshold=pick("controller.threshold"),
                    throttled=100 * sum(throttled) / len(throttled))
    return dict(tune={k: pct(r) for k, r in tune.items()}, static=static, falls=falls,
                highest={k: highest_threshold(r) for k, r in tune.items()},
                alo_held=[pct(r) for r in alo if collapse_cycle(r) is None], alo_runs=len(alo), knot=knot)


def complement_measures(runs, plan):
    """Bit complement: Tune restarting at the reset value (accepted, highest threshold) and at the initial one,
    the static-threshold curve at the first curve load (mean accepted and full-buffer count per threshold),
    Tune against static 50 per (load, seed), and the sideband's hop delay."""
    seeds = plan.long_seeds
    reset = [runs.result(plan.complement_runs[("Tune, restart at the reset value", l, s)])
             for l in plan.complement_loads for s in seeds]
    load = plan.complement_curve_loads[0]
    curve = {t: [runs.result(plan.complement_curve[(t, load, s)]) for s in seeds] for t in plan.complement_thresholds}
    return dict(reset=[pct(r) for r in reset], ratchet=[highest_threshold(r) for r in reset],
                default=[pct(runs.result(plan.complement_runs[("Tune", l, s)])) for l in plan.complement_loads for s in seeds],
                ratios=[pct(runs.result(plan.complement_runs[("Tune", l, s)])) / pct(runs.result(plan.complement_runs[("static 50", l, s)]))
                        for l in plan.complement_loads for s in seeds],
                curve_load=load, curve={t: sum(pct(r) for r in rs) / len(rs) for t, rs in curve.items()},
                held_count={t: sum(mean_full_buffers(r) for r in rs) / len(rs) for t, rs in curve.items()},
                hop_delay=runs.configuration(plan.swings[COMPLEMENT])["sideband"]["hop_delay"])


def vc_split(runs, plan):
    """Accepted (% of capacity) per (adaptive VCs + escape VCs, controller, load) on the avoidance networks."""
    keys = {3: (plan.fig4[AVOIDANCE], plan.alo_adaptive[3]), 4: (plan.fig4vc, plan.alo_adaptive[4])}
    return {(vcs, name, load): pct(runs.result(k[(name, load)])) for vcs, ks in keys.items() for k in ks for name, load in k}


def metapacket_measures(runs, plan):
    """Fig. 11 beyond the claims: the gathered network's shape, gathers with link priority, how far No tune
    strays from the base, and the metapackets' share of link traversals at 0.02."""
    config = runs.configuration(plan.fig11[("No tune (metapackets)", plan.loads11[0])])
    link = [runs.result(plan.fig11[("No tune (metapackets, link priority)", l)]).get("metapackets", {}).get("mean_cycles")
            for l in plan.loads11]
    routers = runs.result(plan.fig11[("No tune (metapackets)", 0.02)])["activity"]["routers"]
    return dict(radix=config["network"]["radix"], dimensions=config["network"]["dimensions"],
                link_means=[g for g in link if g is not None],
                no_tune_gap=max(abs(pct(runs.result(plan.fig11[("No tune (metapackets)", l)]))
                                    - pct(runs.result(plan.fig11[("Base", l)]))) for l in plan.loads11),
                link_share=(100 * routers["metapacket_vc_flits"] / routers["link_traversals"]
                            if routers["link_traversals"] else float("nan")))


def occupied_buffers(runs, run):
    """VC buffers, edge and injection, holding a flit after warm-up, on average (the entropy controller's
    valid-buffer count, which never throttles at threshold 0)."""
    samples = after_warmup(runs.result(run), "controller.entropy.valid_per_router_percent")
    return network_shape(runs.configuration(run))[0] * sum(samples) / 100 / len(samples)


@dataclasses.dataclass
class Measures:
    fig4: dict                 # network -> past_peak(...)
    fig6_uniform: dict         # controller -> % at the highest load, uniform
    fig6_complement: dict      # the same, bit complement
    fig6_creep: dict           # load -> Tune's highest threshold after warm-up on complement
    fig6_adapt: dict           # pattern -> (Tune / the better static, load, Tune, the better static), least
    fig9_latency: dict         # (network, controller) -> mean latency under the bursts
    fig9vc_latency: dict       # controller -> the same, avoidance with two adaptive VCs
    gather_means: list         # metapacket gathers' mean cycles, per load
    gather_longest: float
    meta_past: float           # Tune on metapackets at 0.03, % of capacity
    sideband_past: float       # Tune on the sideband at 0.03
    base_peak12: float         # the base at 0.02, its peak
    early: dict                # controller -> [% per seed] at 0.02
    fig13: dict                # (pattern, network) -> (Tune, base) at the last load
    # What the notes state beyond the claims.
    steps: tuple               # tuner_steps(...) of the uniform trace's Tune: edge buffers, increment, decrement
    probe_shape: tuple         # network_shape(...) of the set-up's probe run
    occupied_shape: tuple      # the same, of the valid-buffer run
    occupied: float            # occupied_buffers(...) at the base's peak
    base_peak_full: float      # the base's mean full-buffer count at 0.02
    swings: dict               # pattern -> swings(...)
    curve: dict                # curve_shape(...)
    long: dict                 # long_runs(...)
    alo_steady: dict           # (controller, pattern) -> % at steady load past saturation (plan.alo_patterns)
    variants: dict             # (reading, load, seed) -> %, the tuning rules' readings
    variant_median: dict       # the same -> the median threshold after warm-up
    robust: dict               # (variant, load, seed) -> %
    fig4vc: tuple              # past_peak(...) with two adaptive VCs
    vc: dict                   # vc_split(...)
    fig6_complement_base: dict  # load -> the base's % on complement
    complement: dict           # complement_measures(...)
    fig9d_latency: dict        # (duration, network, controller) -> mean latency
    fig9_bursts: dict          # controller -> {burst: (accepted, mean latency)}, recovery
    fig9_avoid_room_gap: float  # ALO's two readings of "free", points apart with avoidance
    metapackets: dict          # metapacket_measures(...)


def measure(report, plan):
    runs = report.study
    fig4 = {p: past_peak(runs, plan.fig4[p], plan.loads4) for p in (RECOVERY, AVOIDANCE)}
    hi = max(plan.loads6)
    static = ("static 50", "static 250", "Tune")
    fig6_uniform = {n: pct(runs.result(plan.fig6["uniform"][(n, hi)])) for n in static}
    fig6_complement = {n: pct(runs.result(plan.fig6["bit_complement"][(n, hi)])) for n in static}
    # Where Tune falls short on complement, its threshold after warm-up against the 50 that holds the peak.
    fig6_creep = {load: max(threshold_after_warmup(runs.result(plan.fig6["bit_complement"][("Tune", load)]),
                                                   plan.length[1]), default=float("nan"))
                  for load in plan.loads6 if load > plan.loads6[0]}

    # Tune against the better static threshold at every load past the lowest (where none throttles).
    def worst_against_static(pattern):
        def at(load):
            r = {n: pct(runs.result(plan.fig6[pattern][(n, load)])) for n in static}
            return r["Tune"] / max(r["static 50"], r["static 250"]), load, r["Tune"], max(r["static 50"], r["static 250"])
        return min(at(load) for load in plan.loads6[1:])
    fig6_adapt = {pattern: worst_against_static(pattern) for pattern in ("uniform", "bit_complement")}
    names = ("Base", "ALO", "Tune")
    fig9_latency = {(p, n): mean_latency(runs.result(plan.fig9[p][n])) for p in (RECOVERY, AVOIDANCE) for n in names}
    fig9vc_latency = {n: mean_latency(runs.result(plan.fig9vc[n])) for n in names}
    gathers = [runs.result(plan.fig11[("No tune (metapackets)", load)]).get("metapackets", {}) for load in plan.loads11]
    gather_means = [g["mean_cycles"] for g in gathers if g.get("mean_cycles") is not None]
    gather_longest = max((g["max_cycles"] for g in gathers if g.get("max_cycles") is not None), default=float("nan"))
    # Past saturation (0.03 is a load of both sweeps): Tune on metapackets against Tune on the sideband.
    meta_past = pct(runs.result(plan.fig11[("Tune (metapackets)", 0.03)]))
    sideband_past = pct(runs.result(plan.fig4[RECOVERY][("Tune", 0.03)]))
    # Below the base's saturation (0.02, its peak, where the base delivers all it is offered): does Tune
    # on metapackets already lose throughput? On every seed of the long runs; judged on the mean of the
    # default reading (sharing the links), since single seeds differ.
    base_peak = runs.result(plan.fig11[("Base", 0.02)])
    early = {n: [pct(runs.result(plan.early_runs[(n, 0.02, seed)])) for seed in plan.long_seeds] for n in plan.early_names}
    last = plan.loads13[-1]
    fig13 = {key: tuple(pct(runs.result(k[(n, last)])) for n in ("Tune", "Base")) for key, k in plan.fig13.items()}
    variants = {k: runs.result(v) for k, v in plan.variant_runs.items()}

    def median_threshold(r):
        t = sorted(threshold_after_warmup(r, r["window"]["warmup"]))
        return t[len(t) // 2] if t else float("nan")
    avoidance_alo = {n: pct(runs.result(plan.fig9[AVOIDANCE][n])) for n in ("ALO", "ALO, free = room")}
    return Measures(
        fig4, fig6_uniform, fig6_complement, fig6_creep, fig6_adapt, fig9_latency, fig9vc_latency, gather_means,
        gather_longest, meta_past, sideband_past, pct(base_peak), early, fig13,
        steps=tuner_steps(runs.configuration(plan.swings["uniform"])),
        probe_shape=network_shape(runs.configuration(plan.probe)),
        occupied_shape=network_shape(runs.configuration(plan.occupied)),
        occupied=occupied_buffers(runs, plan.occupied), base_peak_full=mean_full_buffers(base_peak),
        swings={p: swings(runs, plan, p) for p in ("uniform", COMPLEMENT)}, curve=curve_shape(runs, plan),
        long=long_runs(runs, plan), alo_steady={k: pct(runs.result(v)) for k, v in plan.alo_patterns.items()},
        variants={k: pct(r) for k, r in variants.items()},
        variant_median={k: median_threshold(r) for k, r in variants.items()},
        robust={k: pct(runs.result(v)) for k, v in plan.robust_runs.items()},
        fig4vc=past_peak(runs, plan.fig4vc, plan.loads4), vc=vc_split(runs, plan),
        fig6_complement_base={l: pct(runs.result(plan.fig6["bit_complement"][("Base", l)])) for l in plan.loads6},
        complement=complement_measures(runs, plan),
        fig9d_latency={k: mean_latency(runs.result(v)) for k, v in plan.fig9d.items()},
        fig9_bursts={n: {burst.replace("-", "_"): (accepted, latency)
                         for burst, accepted, latency in bursts(runs.result(plan.fig9[RECOVERY][n]))}
                     for n in ("ALO", "Tune", "ALO, free = room")},
        fig9_avoid_room_gap=abs(avoidance_alo["ALO"] - avoidance_alo["ALO, free = room"]),
        metapackets=metapacket_measures(runs, plan))


# The claims' margins.

COLLAPSED = 0.8           # Fig. 4: the base past saturation below this fraction of its peak has collapsed
NEAR_PEAK = 0.85          # Fig. 4: Tune at this fraction of the base's peak stays near it
OVER_THROTTLES = 0.95     # Fig. 6: static 50 this far below static 250 over-throttles
ADAPTS = 0.9              # Fig. 6: Tune within 10 % of the better static threshold
FAR_BELOW = 0.5           # Fig. 9: Tune's mean latency under half of ALO's ...
ALO_NOT_ABOVE = 1.05      # ... and ALO's at most the base's, with 5 % room
GATHER = (120, 170, 300)  # Fig. 11: the paper's 130-160 cycles on average (with room) and under 300 at most
EARLY = 0.95              # Fig. 12: Tune on metapackets at 0.02 below this fraction of the base's peak
STALE = 0.9               # Fig. 12: on metapackets below this fraction of Tune on the sideband
HOLDS = 0.95              # Figs. 13/14: Tune at least about the base's
