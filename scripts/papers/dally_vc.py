"""The virtual-channel paper (Dally, "Virtual-Channel Flow Control", IEEE TPDS 3(2), 1992, sec. V): its
simulations of Figs. 13-18 on 2-ary n-flies beside its analytical model (scripts/analytic), and Fig. 19,
lanes against throughput and latency on a 16-ary 2-cube mesh.

In four parts, as scripts/papers/entropy.py: the plan (`plan_runs`), the measures (`measure`), the
tables and figures, and one function per claim with the margins named; Fig. 19 keeps its own function."""
import dataclasses
import functools
import math

import yaml

import analytic
import plot
import single_channel
from icnsim_runs import ROOT
from papers.report import analytic_checks, zero_load_probe

TITLE = "The virtual-channel paper on icnsim"
CITATION = ("Dally, \"Virtual-Channel Flow Control\", IEEE TPDS 3(2), 1992, sec. V ([references](../references.md)), "
            "Figs. 13–19: icnsim's measurements beside the paper's and beside the paper's analytical model "
            "([scripts/analytic](../analytic-model.md)). Throughput is accepted flits per node per cycle, a fraction of "
            "capacity (1 flit per node per cycle on a k-ary n-fly, 4 / k on a k-ary 2-cube mesh).")
FULL_LENGTH = (30000, 10000)
QUICK_LENGTH = (3000, 1000)

# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (sec. V's
# run length; Fig. 17's means and histogram peaks; Fig. 18's 80 %; Fig. 19's 50 % and 90 %) and the plan's
# (the high-priority traffic alone at 5 % of capacity; Fig. 17's loads, fractions of capacity).
FIG17_LOAD = 0.5
FIG17_OTHER_LOADS = (0.3, 0.4, 0.6)
STATED_NUMBERS = [*FULL_LENGTH, *QUICK_LENGTH, 75.1, 62.2, 17, 24, 57, 44, 84, 80, 50, 90, 5, FIG17_LOAD, *FIG17_OTHER_LOADS]

FLY8, FLY6 = "platforms/dally-2ary8fly.yaml", "platforms/dally-2ary6fly.yaml"
MESH = "platforms/dally-16ary2cube-mesh.yaml"
# Fig. 19's mesh run as the flies are: one flit per hop per time unit, random channel scheduling,
# lanes as crossbar inputs.
MESH_AS_PAPER = ["router.routing_delay=0", "router.crossbar_delay=0", "router.crossbar_inputs=per_lane",
                 "router.arbitration=random"]
MESH_STORAGE = 32  # flits per physical channel (sec. V-D)
PACKET = 20  # flits (sec. V)
LANES = (1, 2, 4, 8, 16)
LANE_RULES = ("when_empty", "on_tail")  # router.vc_reallocation: sec. III's rule, and the one Figs. 13-18 run
# Orders in which waiting headers take a free lane besides icnsim's default (oldest packet first).
OTHER_LANE_ORDERS = ("longest_waiting", "random")
LANE_ORDER_NAMES = {"oldest_first": "oldest packet first, icnsim's default", "longest_waiting": "longest waiting first",
                    "random": "in random order"}
STORAGE = 16  # flits per physical channel in Figs. 14 and 16
# The stimuli of these runs: a saturation source (sec. V-A) and Poisson sources
# (sec. V-B), 20-flit packets, uniformly random destinations.
SATURATION = "stimuli/dally-saturation.yaml"
POISSON = "stimuli/dally-poisson.yaml"


def depth(slots):
    """icnsim's lane depth for a lane of `slots` flits in Dally's simulator. A flit's slot is free
    again upstream only after the credit has come back (two cycles with one-cycle hops), so an
    icnsim lane streams one flit per cycle from two slots on; Dally's synchronous simulator frees and
    refills a slot in the same time step, so its one-flit lanes stream. One-flit lanes therefore
    become two-flit lanes; deeper lanes are the same."""
    return max(slots, 2)


def lanes_set(lanes, slots, literal=False):
    """--set overrides for `lanes` lanes of `slots` flits (icnsim depth unless literal)."""
    return [f"router.virtual_channels={lanes}", f"router.buffer_depth={slots if literal else depth(slots)}",
            f"network_interface.packets_in_progress={lanes}"]


def fly(stages):
    return [f"network.stages={stages}"]


def accepted(r):
    return r["throughput"]["accepted_normalised"]


def latency(r):
    """Mean latency, or None past saturation (accepted below 97 % of offered: the source queues grow
    for the whole run, so the mean only says how long the run was)."""
    if r["status"]["state"] != "completed" or r["latency"]["mean"] is None:
        return None
    if accepted(r) < 0.97 * r["load"]["offered_normalised"]:
        return None
    return r["latency"]["mean"]


def fmt_latency(v):
    return "saturated" if v is None else f"{v:.1f}"


def poisson(load):
    return [f"stimulus.injection.rate={load / PACKET:.6g}"]


def histogram(r, key="latency_histogram"):
    h = r[key] if key == "latency_histogram" else r[key]["latency_histogram"]
    return h["bin_width"], h["counts"]


def peaks(counts, width, low, high):
    """The latency of the highest bin in [low, high)."""
    best = max(range(low // width, min(high // width, len(counts))), key=lambda b: counts[b])
    return best * width


def at_minimum(counts, minimum):
    total = sum(counts)
    return counts[minimum] / total if total else 0.0


def plots(out_dir, fig13, fig14, fig15, fig16, fig17, fig18, minimum6):
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "icnsim"  # the same SVG for the same numbers
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)

    def figure(name, title, xlabel, ylabel, draw, log_lanes=False, log_y=False, ylim=None, xlim=None):
        fig, ax = plt.subplots(figsize=(5.5, 3.8))
        draw(ax)
        if log_lanes:
            ax.set_xscale("log", base=2)
            ax.set_xticks(LANES, [str(l) for l in LANES])
        if log_y:
            ax.set_yscale("log")
        if ylim:
            ax.set_ylim(*ylim)
        if xlim:
            ax.set_xlim(*xlim)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(fontsize=8)
        fig.tight_layout()
        plot.save_as(fig, out_dir / f"{name}.svg", metadata={"Date": None})
        plot.save_as(fig, out_dir / f"{name}.png", dpi=150)
        plt.close(fig)

    def lines(ax, curves, style="o-"):  # {label: {x: y or None}}
        for label, points in curves.items():
            xy = [(x, y) for x, y in sorted(points.items()) if y is not None and math.isfinite(y)]
            ax.plot([x for x, _ in xy], [y for _, y in xy], style, label=label, linewidth=1)

    def histograms(ax, curves):  # {label: (bin width, counts)}, as fractions of each curve's packets
        lines(ax, {label: {b * width: c / sum(counts) for b, c in enumerate(counts)} for label, (width, counts)
                   in curves.items()}, "-")
        ax.axvline(minimum6, color="grey", linestyle=":", linewidth=1)

    saturation = "saturation throughput (fraction of capacity)"
    figure("fig13", "Fig. 13: 2-ary 8-fly, one-flit lanes", "lanes per physical channel", saturation,
           lambda ax: (lines(ax, {"model (eq. 10)": fig13["model"]}, "-"),
                       lines(ax, {"icnsim, 1-flit lanes as 2-slot lanes": fig13["two"]}, "o"),
                       lines(ax, {"icnsim, 1-slot lanes (credit-limited)": fig13["one"]}, "x")),
           log_lanes=True, ylim=(0, 1))
    figure("fig14", "Fig. 14: 2-ary n-flies, 16 flits per channel", "lanes per physical channel (16 flits of storage)",
           saturation, lambda ax: lines(ax, {f"n = {n}": fig14[n] for n in sorted(fig14)}), log_lanes=True, ylim=(0, 1))
    grid = [i / 100 for i in range(5, 62)]
    figure("fig15", "Fig. 15: 2-ary 8-fly, four one-flit lanes", "offered traffic (fraction of capacity)",
           "mean latency (cycles)",
           lambda ax: (lines(ax, {"model (eq. 8)": {x: analytic.latency(x, 4, 8, PACKET) for x in grid}}, "-"),
                       lines(ax, {"icnsim": fig15}, "o")), log_y=True)
    figure("fig16", "Fig. 16: 2-ary 8-fly, 16 flits per channel", "offered traffic (fraction of capacity)",
           "mean latency (cycles)", lambda ax: lines(ax, {f"{l} lane{'s' if l > 1 else ''}": fig16[l] for l in sorted(fig16)}),
           log_y=True)
    figure("fig17", "Fig. 17: 2-ary 6-fly at 50 % of capacity", "latency (cycles)", "fraction of packets",
           lambda ax: histograms(ax, fig17), xlim=(0, 200))
    figure("fig18", "Fig. 18: 10 % high-priority traffic, 2-ary 6-fly at 50 %", "latency (cycles)",
           "fraction of the class's packets", lambda ax: histograms(ax, fig18), xlim=(0, 200))


# The plan: every run of the report, by the figure it serves.

@dataclasses.dataclass
class Plan:
    length: tuple            # (cycles, cycles not measured)
    lanes13: tuple
    stages14: tuple
    loads15: tuple           # offered, fractions of capacity
    lanes16: tuple
    loads16: tuple
    k13: dict                # (lanes, literal one-slot lanes) -> run
    k14: dict                # (stages, lanes) -> run
    k14_literal: dict        # stages -> run, 16 lanes of literally one slot
    k15: dict                # load -> run
    k16: dict                # (lanes, load) -> run
    k17: dict                # (policy, crossbar inputs) -> run
    loads17: tuple           # Fig. 17 at loads besides the paper's
    k17_loads: dict          # (load, policy) -> run
    lanes17: tuple           # Fig. 17 in other lane shapes (lanes, flits)
    k17_lanes: dict          # (lanes, flits, policy) -> run
    depths17: tuple          # Fig. 17 with four lanes of other depths (flits)
    k17_depths: dict         # (flits, lane rule, policy) -> run
    k18: dict                # crossbar inputs -> run
    k18_lanes: dict          # (lanes, flits) -> run
    k18_alone: str           # the high-priority traffic alone
    k18_by_class: str        # free lanes given to the high-priority class first
    k_min: str               # a lone packet on the 6-fly: the minimum latency
    lanes19: tuple
    loads19: tuple
    k19: dict                # lane rule -> {(lanes, load): run}
    probe: str
    k19_saturation: dict     # lanes -> run with saturation sources (sec. V-A), sec. III's lane rule
    k17_allocation: dict     # (lane order, policy) -> run with output lanes given in another order
    k19_allocation: dict     # lane order -> {(lanes, load): run}, sec. III's lane rule
    k19_allocation_saturation: dict  # lane order -> {lanes: run with saturation sources}


def plan_runs(report):
    runs, quick = report.study, report.quick
    lanes13 = (1, 4, 16) if quick else LANES
    stages14 = (4, 6) if quick else (4, 6, 8, 10)
    loads15 = (0.2, 0.4, 0.5) if quick else (0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6)
    lanes16 = (1, 4) if quick else LANES
    loads16 = (0.2, 0.4, 0.6) if quick else (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)

    k13 = {(l, literal): runs.submit(FLY8, SATURATION, lanes_set(l, 1, literal)) for l in lanes13 for literal in (False, True)}
    k14 = {(n, l): runs.submit(FLY8, SATURATION, [*fly(n), *lanes_set(l, STORAGE // l)]) for n in stages14 for l in LANES}
    k14_literal = {n: runs.submit(FLY8, SATURATION, [*fly(n), *lanes_set(16, 1, literal=True)]) for n in stages14}
    k15 = {x: runs.submit(FLY8, POISSON, [*lanes_set(4, 1), *poisson(x)]) for x in loads15}
    k16 = {(l, x): runs.submit(FLY8, POISSON, [*lanes_set(l, STORAGE // l), *poisson(x)]) for l in lanes16 for x in loads16}
    fine = ["simulation.histogram_bin_width=1", *poisson(FIG17_LOAD)]
    k17 = {(policy, crossbar): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}",
                                                             f"router.crossbar_inputs={crossbar}", *fine])
           for policy in ("random", "oldest_first") for crossbar in ("per_lane", "per_channel")}
    # How the effect of the policy depends on the load, around the paper's 50 %.
    loads17 = FIG17_OTHER_LOADS[1:2] if quick else FIG17_OTHER_LOADS
    k17_loads = {(x, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", "simulation.histogram_bin_width=1",
                                                          *poisson(x)])
                 for x in loads17 for policy in ("random", "oldest_first")}
    # The paper does not give Fig. 17's lanes: the same storage (16 flits) and more, in other shapes.
    lanes17 = ((4, 2),) if quick else ((2, 8), (4, 1), (8, 2), (16, 1))
    k17_lanes = {(l, d, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", *lanes_set(l, d), *fine])
                 for l, d in lanes17 for policy in ("random", "oldest_first")}
    # Nor its lanes' depth: four lanes of more flits each, past a whole packet, under both lane rules:
    # on_tail lets a deep lane queue packets one behind another, sec. III's rule (when_empty) does not.
    depths17 = (16,) if quick else (8, 16, 32, 64, 128)
    k17_depths = {(d, rule, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", *lanes_set(4, d),
                                                                 f"router.vc_reallocation={rule}", *fine])
                  for d in (4, *depths17) for rule in LANE_RULES for policy in ("random", "oldest_first")
                  if (d, rule) != (4, "on_tail")}  # the platform's own lanes: k17
    priority = ["router.arbitration=priority", "stimulus.high_priority_fraction=0.1"]
    k18 = {crossbar: runs.submit(FLY6, POISSON, [*priority, f"router.crossbar_inputs={crossbar}", *fine])
           for crossbar in ("per_lane", "per_channel")}
    # Where the high-priority packets wait: for a free lane. More lanes (same storage, then more).
    k18_lanes = {(l, d): runs.submit(FLY6, POISSON, [*priority, *lanes_set(l, d), *fine]) for l, d in ((8, 2), (16, 4))}
    # Free lanes given to the high-priority class first (then the oldest packet), not by age alone.
    k18_by_class = runs.submit(FLY6, POISSON, [*priority, "router.vc_allocation=priority", *fine])
    # The high-priority traffic alone, at its 5 % of capacity.
    k18_alone = runs.submit(FLY6, POISSON, ["router.arbitration=priority", "stimulus.high_priority_fraction=1",
                                            "simulation.histogram_bin_width=1", *poisson(0.05)])
    # The zero-load latency of a 2-ary 6-fly: one lone packet.
    k_min = runs.submit(FLY6, POISSON, ["simulation.histogram_bin_width=1", "stimulus.injection.rate=0.0002"])
    # Fig. 19: lanes of a 16-ary 2-cube mesh with 32 flits per channel, Poisson sources.
    lanes19 = (1, 4) if quick else LANES
    loads19 = (0.2, 0.5) if quick else (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
    capacity19 = 4 / 16  # flits/node/cycle, uniform traffic on a 16-ary 2-cube mesh
    # Two rules for when a lane takes its next packet: sec. III's, once the tail has left the lane's
    # buffer (when_empty), and once the tail has entered it (on_tail, the other figures' set-up).
    k19 = {rule: {(l, x): runs.submit(MESH, POISSON, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                      f"router.vc_reallocation={rule}",
                                                      f"stimulus.injection.rate={x * capacity19 / PACKET:.6g}"])
                  for l in lanes19 for x in loads19} for rule in LANE_RULES}
    probe = zero_load_probe(runs, MESH, [*MESH_AS_PAPER, "stimulus.packet_length=20"])
    # The same mesh measured as the paper measures throughput (sec. V-A): saturation sources.
    k19_saturation = {l: runs.submit(MESH, SATURATION, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                        "router.vc_reallocation=when_empty"]) for l in lanes19}
    # The paper does not say in which order waiting packets get a free lane. icnsim's default gives it
    # to the oldest packet, which random scheduling (Figs. 17, 19) otherwise has no notion of: the
    # other orders, the header waiting longest and an order drawn at random (no preference at all).
    k17_allocation = {(order, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}",
                                                                   f"router.vc_allocation={order}", *fine])
                      for order in OTHER_LANE_ORDERS for policy in ("random", "oldest_first")}
    k19_allocation = {order: {(l, x): runs.submit(MESH, POISSON, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                                  "router.vc_reallocation=when_empty",
                                                                  f"router.vc_allocation={order}",
                                                                  f"stimulus.injection.rate={x * capacity19 / PACKET:.6g}"])
                              for l in lanes19 for x in loads19} for order in OTHER_LANE_ORDERS}
    k19_allocation_saturation = {order: {l: runs.submit(MESH, SATURATION, [*MESH_AS_PAPER,
                                                                           *lanes_set(l, MESH_STORAGE // l),
                                                                           "router.vc_reallocation=when_empty",
                                                                           f"router.vc_allocation={order}"])
                                         for l in lanes19} for order in OTHER_LANE_ORDERS}
    return Plan(runs.length, lanes13, stages14, loads15, lanes16, loads16, k13, k14, k14_literal, k15, k16, k17,
                loads17, k17_loads, lanes17, k17_lanes, depths17, k17_depths, k18, k18_lanes, k18_alone, k18_by_class,
                k_min, lanes19, loads19, k19, probe, k19_saturation, k17_allocation, k19_allocation,
                k19_allocation_saturation)


# The measures: the numbers the report shows, from the runs (and the Markov model's, from the set-up).

@dataclasses.dataclass
class Measures:
    minimum6: int            # the 6-fly's minimum latency (cycles)
    model13: dict            # lanes -> the model's saturation throughput (eq. 10)
    fig13: dict              # "model" / "two" (2-slot lanes) / "one" (1-slot) -> {lanes: throughput}
    worst13: float           # the largest |icnsim − model| over the lanes
    fig14: dict              # stages -> {lanes: throughput}
    gain14: dict             # stages -> 16 lanes' throughput over one lane's
    spread1: float           # the fewest stages' throughput over the most's, one lane
    spread16: float          # the same, sixteen lanes
    fig15: dict              # load -> latency (None: saturated)
    close15: list            # the loads where icnsim is within CLOSE of the model
    fig16: dict              # lanes -> {load: latency}
    spread16_low: float      # at the lowest load, the slowest lane count over the fastest, − 1
    carried16: dict          # lanes -> the highest load it carries
    rising16: bool           # the load carried rises with the lanes
    r17: dict                # (policy, crossbar) -> result
    fig17: dict              # policy -> histogram
    by_lanes17: list         # (lanes label, random's latency, oldest-first's latency)
    by_load17: dict          # load -> (random's latency, oldest-first's latency)
    by_depth17: dict         # lane rule -> [(flits per lane, random's latency, oldest-first's latency)], four lanes
    depth_minimum17: dict    # lane rule -> per row, (random's, oldest-first's) share at the minimum latency
    minimum17: dict          # load -> (random's, oldest-first's) share of packets at the minimum latency
    network17: tuple         # at the paper's load, (random's, oldest-first's) latency from the head's entry
    r18: dict                # crossbar -> result
    fig18: dict              # class -> histogram
    share18: float           # the high-priority packets at the minimum latency, the platform's lanes
    more_lanes18: float      # the most with more lanes
    alone18: float           # with the high-priority traffic alone
    allocation17: dict       # lane order -> (random's, oldest-first's) latency


def measure(report, plan):
    R = report.study.result
    minimum6 = int(R(plan.k_min)["latency"]["p50"])
    model13 = {l: report.derived(analytic.saturation_throughput(l, 8)) for l in plan.lanes13}
    fig13 = {"model": model13, "two": {l: accepted(R(plan.k13[(l, False)])) for l in plan.lanes13},
             "one": {l: accepted(R(plan.k13[(l, True)])) for l in plan.lanes13}}
    worst13 = max(abs(fig13["two"][l] - model13[l]) for l in plan.lanes13)
    fig14 = {n: {l: accepted(R(plan.k14[(n, l)])) for l in LANES} for n in plan.stages14}
    gain14 = {n: fig14[n][16] / fig14[n][1] for n in plan.stages14}
    spread1 = fig14[plan.stages14[0]][1] / fig14[plan.stages14[-1]][1]
    spread16 = fig14[plan.stages14[0]][16] / fig14[plan.stages14[-1]][16]
    fig15 = {x: latency(R(plan.k15[x])) for x in plan.loads15}
    close15 = [x for x in plan.loads15 if fig15[x] is not None and math.isfinite(analytic.latency(x, 4, 8, PACKET)) and
               abs(fig15[x] - analytic.latency(x, 4, 8, PACKET)) <= CLOSE * analytic.latency(x, 4, 8, PACKET)]
    fig16 = {l: {x: latency(R(plan.k16[(l, x)])) for x in plan.loads16} for l in plan.lanes16}
    vals = [v for v in (fig16[l][plan.loads16[0]] for l in plan.lanes16) if v is not None]  # None: saturated even there
    spread16_low = max(vals) / min(vals) - 1 if len(vals) > 1 else math.nan
    carried16 = {l: max((x for x in plan.loads16 if fig16[l][x] is not None), default=None) for l in plan.lanes16}
    ordered = [carried16[l] for l in plan.lanes16 if carried16[l] is not None]
    rising16 = len(ordered) == len(plan.lanes16) and all(a <= b for a, b in zip(ordered, ordered[1:]))
    r17 = {key: R(k) for key, k in plan.k17.items()}
    fig17 = {"random": histogram(r17[("random", "per_lane")]),
             "oldest first (deadline)": histogram(r17[("oldest_first", "per_lane")])}
    rnd, old = r17[("random", "per_lane")]["latency"], r17[("oldest_first", "per_lane")]["latency"]
    by_lanes17 = [(f"{l} × {d}", *(R(plan.k17_lanes[(l, d, p)])["latency"] for p in ("random", "oldest_first")))
                  if (l, d) != (4, 4) else ("4 × 4", rnd, old) for l, d in ((4, 4), *plan.lanes17)]
    def depth_run(d, rule, policy):
        return r17[(policy, "per_lane")] if (d, rule) == (4, "on_tail") else R(plan.k17_depths[(d, rule, policy)])
    depth_runs = {rule: [(d, depth_run(d, rule, "random"), depth_run(d, rule, "oldest_first")) for d in (4, *plan.depths17)]
                  for rule in LANE_RULES}
    by_depth17 = {rule: [(d, a["latency"], b["latency"]) for d, a, b in rows] for rule, rows in depth_runs.items()}
    depth_minimum17 = {rule: [(at_minimum(histogram(a)[1], minimum6), at_minimum(histogram(b)[1], minimum6))
                              for _, a, b in rows] for rule, rows in depth_runs.items()}
    loads17 = {FIG17_LOAD: (r17[("random", "per_lane")], r17[("oldest_first", "per_lane")]),
               **{x: (R(plan.k17_loads[(x, "random")]), R(plan.k17_loads[(x, "oldest_first")])) for x in plan.loads17}}
    by_load17 = {x: (a["latency"], b["latency"]) for x, (a, b) in loads17.items()}
    minimum17 = {x: tuple(at_minimum(histogram(r)[1], minimum6) for r in pair) for x, pair in loads17.items()}
    network17 = tuple(r["network_latency"] for r in loads17[FIG17_LOAD])
    r18 = {c: R(k) for c, k in plan.k18.items()}
    fig18 = {"high priority (by age)": histogram(r18["per_lane"], "high_priority"),
             "all packets": histogram(r18["per_lane"])}
    share18 = at_minimum(histogram(r18["per_lane"], "high_priority")[1], minimum6)
    more_lanes18 = max(at_minimum(histogram(R(k), "high_priority")[1], minimum6) for k in plan.k18_lanes.values())
    alone18 = at_minimum(histogram(R(plan.k18_alone), "high_priority")[1], minimum6)
    return Measures(minimum6, model13, fig13, worst13, fig14, gain14, spread1, spread16, fig15, close15, fig16,
                    spread16_low, carried16, rising16, r17, fig17, by_lanes17, by_load17, by_depth17, depth_minimum17,
                    minimum17, network17, r18,
                    fig18, share18, more_lanes18, alone18,
                    {order: tuple(R(plan.k17_allocation[(order, p)])["latency"] for p in ("random", "oldest_first"))
                     for order in OTHER_LANE_ORDERS})


def policy_effect(rows):
    """Oldest-first against random, per (label, random's latency, oldest-first's latency): the changes of
    the mean and the ratios of σ."""
    return [b["mean"] / a["mean"] - 1 for _, a, b in rows], [b["stddev"] / a["stddev"] for _, a, b in rows]


def effect_range(changes, ratios):
    return (f"the mean changes by {100 * min(changes):+.0f} % to {100 * max(changes):+.0f} % and σ by "
            f"×{min(ratios):.2f} to ×{max(ratios):.2f}")


# The claims' margins.

CLOSE_THROUGHPUT = 0.05  # Fig. 13: "close agreement" within this, flits/node/cycle
FAR_GREATER = 1.5        # Fig. 14: 16 lanes over one lane
CLOSE = 0.15             # Fig. 15: latency within 15 % of the model
PENALTY = 0.07           # Fig. 16: the paper's latency penalty of more lanes, at most
DEADLINE_MEAN = 0.92     # Fig. 17: oldest-first's mean below 92 % of random's ...
DEADLINE_SPREAD = 0.6    # ... and its σ below 60 %: the paper's −17 % and halving, with room
AT_MINIMUM = 0.7         # Fig. 18: the paper's 80 %, with room
SATURATION_19 = 0.05     # Fig. 19: saturation within 5 points of the paper's 50 % and 90 %
MOST_19 = 0.5            # Fig. 19: "most" of the gain from 1 to 16 lanes realised with four
LATENCY_RISE_19 = 0.25   # Fig. 19: "as much as 20 %", with 5 points of room


# The tables, figures and claims, figure by figure.

def fig13_section(report, plan, m, rel):
    w = report.write
    w("## Fig. 13 — saturation throughput of 2-ary 8-flies with one-flit lanes, model and simulation\n")
    w(f"![Fig. 13]({rel}/fig13.svg)\n")
    w("| lanes | model (eq. 10) | icnsim, 2-slot lanes | difference | icnsim, 1-slot lanes |\n|---|---|---|---|---|")
    for l in plan.lanes13:
        d = m.fig13["two"][l] - m.model13[l]
        w(f"| {l} | {m.model13[l]:.3f} | {m.fig13['two'][l]:.3f} | {d:+.3f} | {m.fig13['one'][l]:.3f} |")
    w(f"\nThe paper: \"close agreement between the predicted and measured data\". icnsim is within "
      f"{m.worst13:.3f} of the model at every lane count, so "
      f"**{'agrees' if m.worst13 <= CLOSE_THROUGHPUT else 'does not agree'}**. With lanes of literally one slot "
      "every lane streams at half rate (the credit comes back two cycles after the flit left, see the "
      "set-up), and throughput falls well below the model where few lanes share a channel; with many lanes "
      "the other lanes fill the gaps.\n")


def claim_13(report, plan, m):
    report.claim("13", "saturation throughput: close agreement between the model (eq. 10) and simulation",
                 "close", f"within {m.worst13:.3f} of the model", m.worst13 <= CLOSE_THROUGHPUT)


def fig14_section(report, plan, m, rel):
    w, stages14, gain = report.write, plan.stages14, m.gain14
    w("## Fig. 14 — saturation throughput with 16 flits of storage per channel, n = 4 … 10\n")
    w(f"![Fig. 14]({rel}/fig14.svg)\n")
    w("| stages n | " + " | ".join(f"{l} × {STORAGE // l}" for l in LANES) + " | 16 × 1 literal |\n" +
      "|---" * (len(LANES) + 2) + "|")
    for n in stages14:
        w(f"| {n} | " + " | ".join(f"{m.fig14[n][l]:.3f}" for l in LANES)
          + f" | {accepted(report.study.result(plan.k14_literal[n])):.3f} |")
    agrees = min(gain.values()) >= FAR_GREATER and m.spread16 < m.spread1
    w(f"\nThe paper: \"given a fixed amount of storage, adding lanes gives a far greater throughput improvement "
      "than does increasing the total amount of buffering with a single lane\", and (sec. IV, VI) lanes make "
      f"throughput depend much less on the number of stages. icnsim: 16 lanes carry "
      + ", ".join(f"{gain[n]:.1f}×" for n in stages14) + f" what one 16-flit lane carries (n = "
      + ", ".join(str(n) for n in stages14) + f"); from n = {stages14[0]} to {stages14[-1]} throughput falls by a "
      f"factor {m.spread1:.2f} with one lane and {m.spread16:.2f} with sixteen. "
      f"**{'Agrees' if agrees else 'Does not agree'}.** (In the columns, "
      "16 × 1 is run as 16 lanes of two slots — the set-up says why; the last column is 16 lanes of literally "
      "one slot.) The conclusion's \"for a 2-ary 10-fly network (1024 input butterfly), the throughput with "
      "16 lanes per channel is 4 times the throughput with a single lane\" is about one-flit lanes (sec. IV): "
      + (f"with 16 flits per channel the gain is {gain[10]:.1f}× at n = 10." if 10 in gain else "see the full report.")
      + "\n")


def claim_14_far_greater(report, plan, m):
    report.claim("14", "with storage fixed, lanes raise throughput far more than a deeper single lane",
                 "far greater", "16 lanes / 1 lane: " + ", ".join(f"{m.gain14[n]:.1f}×" for n in plan.stages14),
                 min(m.gain14.values()) >= FAR_GREATER)


def claim_14_less_dependent(report, plan, m):
    report.claim("14", "lanes make throughput depend less on the number of stages", "less dependent",
                 f"n = {plan.stages14[0]} / n = {plan.stages14[-1]}: {m.spread1:.2f} with one lane, {m.spread16:.2f} "
                 "with sixteen", m.spread16 < m.spread1)


def fig15_section(report, plan, m, rel):
    w, loads15, close = report.write, plan.loads15, m.close15
    w("## Fig. 15 — latency of a 2-ary 8-fly with four one-flit lanes, model and simulation\n")
    w(f"![Fig. 15]({rel}/fig15.svg)\n")
    w("| offered (fraction of capacity) | model (eq. 8) | icnsim | icnsim − model |\n|---|---|---|---|")
    for x in loads15:
        model = analytic.latency(x, 4, 8, PACKET)
        s = m.fig15[x]
        diff = "—" if s is None or not math.isfinite(model) else f"{s - model:+.1f}"
        w(f"| {x} | {'saturated' if not math.isfinite(model) else f'{report.derived(model):.1f}'} | {fmt_latency(s)} "
          f"| {diff} |")
    x0 = 0.2 if 0.2 in loads15 else loads15[0]
    s0 = analytic.solve(x0, 4, 8)
    p0 = s0.occupancy
    j_avg = sum(j * j * p0[j] for j in range(1, 5)) / sum(j * p0[j] for j in range(1, 5))
    q0 = (analytic.latency(x0, 4, 8, PACKET) - 8) / PACKET - j_avg - s0.total_wait
    r0 = report.study.result(plan.k15[x0])
    w(f"\nThe paper: \"the latency measurements are in close agreement with the value predicted by analysis\". "
      f"icnsim is within 15 % of the model at {len(close)} of {len(loads15)} loads"
      f"{' (' + ', '.join(str(x) for x in close) + ')' if close else ''}, and above it everywhere. **Partly "
      "reproduced**: the saturation throughput agrees (Fig. 13), the latency below it does not. At zero "
      "load icnsim is one cycle above the model (L + n + 1 against L + n: it counts the cycle of creation, "
      f"the injection and the delivery channel). At {x0} the model's latency is L·(j_avg + w + source queue) + n "
      f"= 20·({report.derived(j_avg):.2f} + {report.derived(s0.total_wait):.2f} + {report.derived(q0):.2f}) + 8: it "
      "charges the sharing of a channel among lanes "
      "(j_avg) once, at the most congested stage. icnsim measures "
      f"{r0['network_latency']['mean']:.1f} cycles from injection to delivery, "
      f"{r0['network_latency']['mean'] - (PACKET + 8 + 1):.1f} more than at zero load: a worm that spans the "
      "network runs at the pace of the busiest channel it holds, and that is a different channel from hop to "
      "hop, so sharing delays it at every stage. The paper's own simulator shows lower latency than icnsim "
      "too (Fig. 17: 75.1 cycles at 50 % on the 6-fly, where icnsim measures more, below); what in it differs "
      "the paper does not say. Near saturation the model's latency diverges at its λmax "
      f"({report.derived(analytic.saturation_throughput(4, 8)):.3f}), icnsim's at the throughput of Fig. 13.\n")


def claim_15(report, plan, m):
    report.claim("15", "latency: the measurements are in close agreement with the model (eq. 8)", "close",
                 f"within 15 % at {len(m.close15)} of {len(plan.loads15)} loads", len(m.close15) == len(plan.loads15),
                 "the model charges lane sharing once, at the busiest stage; a worm pays it at every stage")


def spread_text(m):
    return "—" if math.isnan(m.spread16_low) else f"{100 * m.spread16_low:.0f} %"


def fig16_table(report, plan, m, rel):
    w = report.write
    w("## Fig. 16 — latency with 16 flits of storage per channel, 1 … 16 lanes\n")
    w(f"![Fig. 16]({rel}/fig16.svg)\n")
    w("| offered | " + " | ".join(f"{l} × {STORAGE // l}" for l in plan.lanes16) + " |\n"
      + "|---" * (len(plan.lanes16) + 1) + "|")
    for x in plan.loads16:
        w(f"| {x} | " + " | ".join(fmt_latency(m.fig16[l][x]) for l in plan.lanes16) + " |")


def claim_16(report, plan, m):
    ordered = [m.carried16[l] for l in plan.lanes16 if m.carried16[l] is not None]
    report.claim("16", "adding lanes (storage fixed) raises the load carried, with a small latency cost below saturation",
                 "rises; penalty up to 7 %", f"carried {', '.join(str(c) for c in ordered)}; "
                 f"{spread_text(m)} spread at {plan.loads16[0]}", m.rising16,
                 "" if not m.spread16_low > PENALTY else "penalty above 7 %: shorter lanes")


def fig16_notes(report, plan, m):
    report.write(f"\nThe paper: adding lanes has little effect on latency below saturation, raises the saturation "
                 "throughput, and with storage fixed costs a small latency penalty (up to 7 %) at mid to high load. "
                 f"icnsim: at {plan.loads16[0]} the latencies lie within {spread_text(m)} of each other, more "
                 "lanes (of fewer flits) slightly slower; the highest load each carries "
                 "rises with the lanes (" + ", ".join(f"{l} lane{'s' if l > 1 else ''}: {m.carried16[l]}"
                                                      for l in plan.lanes16) +
                 "; \"saturated\" once the accepted load falls below 97 % of the offered). "
                 f"**{'Agrees' if m.rising16 else 'Does not agree'}**, with a penalty "
                 "larger than the paper's 7 %, which the paper puts down to the shorter buffers of more lanes.\n")


def policy_table(report, first_column, rows):
    """Random against oldest-first, a row per (label, random's latency, oldest-first's latency)."""
    report.write(f"| {first_column} | random: mean / σ | oldest first: mean / σ | mean | σ |\n|---|---|---|---|---|")
    for (label, a, b), change, ratio in zip(rows, *policy_effect(rows)):
        report.write(f"| {label} | {a['mean']:.1f} / {a['stddev']:.1f} | {b['mean']:.1f} / {b['stddev']:.1f} | "
                     f"{100 * change:+.0f} % | ×{ratio:.2f} |")


def fig17_section(report, plan, m, rel):
    w, minimum6 = report.write, m.minimum6
    w("## Fig. 17 — oldest-first (deadline) against random channel scheduling, 2-ary 6-fly at 50 %\n")
    w(f"![Fig. 17]({rel}/fig17.svg)\n")
    w("| scheduling | crossbar inputs | mean latency | stddev | p99 | peaks (cycles) | at minimum latency |\n"
      "|---|---|---|---|---|---|---|")
    for (policy, crossbar), r in m.r17.items():
        width, counts = histogram(r)
        lo = peaks(counts, width, minimum6, minimum6 + 30)
        hi = peaks(counts, width, minimum6 + 30, 200)
        w(f"| {policy} | {crossbar} | {r['latency']['mean']:.1f} | {r['latency']['stddev']:.1f} | "
          f"{r['latency']['p99']:.0f} | {lo}, {hi} | {100 * at_minimum(counts, minimum6):.1f} % |")
    rnd, old = m.by_load17[FIG17_LOAD]
    w(f"\nThe paper: deadline scheduling lowers the mean from 75.1 to 62.2 cycles (−17 %), halves the standard "
      "deviation, and has a sharp peak at the minimum latency (24) and a broad one at 57; random has peaks at 44 "
      f"and 84. icnsim (minimum latency {minimum6} cycles, the paper's 24 plus the 3 cycles icnsim also counts): "
      f"mean {rnd['mean']:.1f} → {old['mean']:.1f} ({100 * (old['mean'] / rnd['mean'] - 1):+.0f} %), "
      f"standard deviation {rnd['stddev']:.1f} → {old['stddev']:.1f} (×{old['stddev'] / rnd['stddev']:.2f}). "
      + DEADLINE_NOTES + "\n")
    w("The paper does not say how many lanes Fig. 17's network has. Other shapes (lanes × flits, "
      "`per_lane` crossbar; one-flit lanes run as two slots, as in Fig. 13):\n")
    policy_table(report, "lanes", m.by_lanes17)
    w(f"\nThe lanes do not make up the difference: {lanes_range(m)}.\n")
    depth_section(report, m)
    paper_random = 75.1
    below = [x for x, (a, _) in m.by_load17.items() if a["mean"] <= paper_random]
    above = [x for x, (a, _) in m.by_load17.items() if a["mean"] > paper_random]
    w(f"The load: the paper's random scheduling has a mean of {paper_random} cycles; icnsim's "
      + (f"reaches that between {100 * max(below):.0f} % and {100 * min(above):.0f} % of capacity" if below and above else
         f"stays {'below' if below else 'above'} it at every load run") + ". The 4 × 4 lanes (`per_lane`) at other loads:\n")
    rows = [(x, *m.by_load17[x]) for x in sorted(m.by_load17)]
    policy_table(report, "offered (fraction of capacity)", rows)
    load_changes, load_ratios = policy_effect(rows)
    reached = min(load_changes) <= -0.17 and min(load_ratios) <= 0.5
    text = loads_range(m)
    w(f"\n{text[0].upper() + text[1:]}"
      + (": the lighter the load, the more the mean gains" if all(c1 < c2 for c1, c2 in zip(load_changes, load_changes[1:]))
         else "")
      + (", and at some load as much as the paper's." if reached else
         ", short of the paper's −17 % with σ halved at any of them.") + "\n")
    minimum_section(report, m)
    single_channel_section(report)


def minimum_section(report, m):
    channels = fly6_channels(report)
    w = report.write
    w(f"**The peak at the minimum.** The share of packets delivered at the minimum latency ({m.minimum6} cycles), "
      f"and beside it the chance that {channels} channels each busy a fraction `load` of the time are all free, "
      f"(1 − load)^{channels}:\n")
    free = {x: report.derived((1 - x) ** channels) for x in m.minimum17}  # every channel found free
    w("| offered (fraction of capacity) | random | oldest first | (1 − load)^" + f"{channels} |\n|---|---|---|---|")
    for x in sorted(m.minimum17):
        rnd, old = m.minimum17[x]
        w(f"| {x} | {100 * rnd:.2f} % | {100 * old:.2f} % | {100 * free[x]:.2f} % |")
    rnd, old = m.network17
    lightest = min(m.minimum17)
    ratios = [share / free[x] for x, pair in m.minimum17.items() for share in pair]
    w(f"\nOldest-first lets the older of two packets through undelayed where random slows both, so it keeps "
      f"{'more' if all(o > r for r, o in m.minimum17.values()) else 'about as many'} packets at the minimum; under "
      f"either the share is {min(ratios):.2f} to {max(ratios):.1f} times the chance that every channel is found free, "
      f"and falls steeply with the load ({100 * m.minimum17[lightest][1]:.1f} % at {lightest}, "
      f"{100 * m.minimum17[FIG17_LOAD][1]:.2f} % at {FIG17_LOAD} under oldest-first). A network whose channels carry "
      f"{100 * FIG17_LOAD:.0f} % of their capacity leaves few packets a free path whatever the scheduling, so the "
      "paper's sharp peak at the minimum at that load is not what a scheduling policy gives here; what in the "
      "paper's network or measurement makes it is not found. Measured from the head's entry into the network "
      f"instead of the packet's creation (the source queue left out), {change(*m.network17)} under oldest-first"
      + (": there the paper's gain appears.\n" if old["mean"] / rnd["mean"] - 1 <= -0.17 and
         old["stddev"] <= 0.5 * rnd["stddev"] else ": the source queue is not what hides the paper's gain either.\n"))


def depth_reaching(m, rule):
    """The depths (flits per lane) at which oldest-first's gain is within the claim's margins."""
    return [str(d) for d, a, b in m.by_depth17[rule]
            if b["mean"] < DEADLINE_MEAN * a["mean"] and b["stddev"] < DEADLINE_SPREAD * a["stddev"]]


def depth_range(m, rule):
    rows = m.by_depth17[rule]
    return f"{rows[0][0]} to {rows[-1][0]} flits {effect_range(*policy_effect(rows))}"


def depth_findings(m):
    """The depth sweep in words, for the section and the claim."""
    reaching = {rule: depth_reaching(m, rule) for rule in LANE_RULES}
    text = (f"with four lanes of {depth_range(m, 'when_empty')} under sec. III's lane rule (`when_empty`: a lane holds "
            f"one packet), and over the same depths {effect_range(*policy_effect(m.by_depth17['on_tail']))} when a deep "
            "lane may queue packets (`on_tail`)")
    within = [f"{' or '.join(d)} flits under `{rule}`" for rule, d in reaching.items() if d]
    return text + ("; within the claim's margins with lanes of " + " and ".join(within) if within else
                   "; at no depth within the claim's margins")


def depth_section(report, m):
    w = report.write
    w("Nor does it say how deep the lanes are. Four lanes (`per_lane`) of more flits each, at the paper's load, "
      "with the share of packets delivered at the minimum latency, under both rules for when a lane takes its next "
      "packet (Fig. 19):\n")
    w("| lanes | lane rule | random: mean / σ | oldest first: mean / σ | mean | σ | at minimum: random / oldest first |\n"
      "|---|---|---|---|---|---|---|")
    for rule in LANE_RULES:
        rows = m.by_depth17[rule]
        for (d, a, b), change, ratio, (ma, mb) in zip(rows, *policy_effect(rows), m.depth_minimum17[rule]):
            w(f"| 4 × {d} | {rule} | {a['mean']:.1f} / {a['stddev']:.1f} | {b['mean']:.1f} / {b['stddev']:.1f} | "
              f"{100 * change:+.0f} % | ×{ratio:.2f} | {100 * ma:.2f} % / {100 * mb:.2f} % |")
    text = depth_findings(m)
    w(f"\n{text[0].upper() + text[1:]}. From the shallowest lanes to the deepest, under " + "; under ".join(
        f"`{rule}` random scheduling's mean goes from {rows[0][1]['mean']:.1f} to {rows[-1][1]['mean']:.1f} cycles and "
        f"oldest-first's from {rows[0][2]['mean']:.1f} to {rows[-1][2]['mean']:.1f}"
        for rule, rows in m.by_depth17.items())
      + f". Past a whole packet ({PACKET} flits) sec. III's rule can add nothing, since its lane holds one packet; "
      "`on_tail` lets a lane hold several, and random scheduling shares a channel's flits among every packet in its "
      "lanes.\n")


def lanes_range(m):
    return f"over {len(m.by_lanes17)} lane shapes {effect_range(*policy_effect(m.by_lanes17))}"


def loads_range(m):
    rows = [(x, *m.by_load17[x]) for x in sorted(m.by_load17)]
    return f"from {min(m.by_load17)} to {max(m.by_load17)} of capacity {effect_range(*policy_effect(rows))}"


def claim_17(report, plan, m):
    rnd, old = m.by_load17[FIG17_LOAD]
    report.claim("17", "deadline (oldest-first) scheduling lowers mean latency 17 % and halves its standard deviation",
                 "75.1 → 62.2, σ halved", f"{rnd['mean']:.1f} → {old['mean']:.1f}, σ ×{old['stddev'] / rnd['stddev']:.2f}",
                 old["mean"] < DEADLINE_MEAN * rnd["mean"] and old["stddev"] < DEADLINE_SPREAD * rnd["stddev"],
                 f"not the lanes, which the paper does not give: {lanes_range(m)}; nor the load: {loads_range(m)}; nor "
                 f"the source queue: measured from the head's entry into the network {change(*m.network17)}; nor the "
                 "order in which headers get lanes: instead of the oldest packet, "
                 + ", ".join(f"{LANE_ORDER_NAMES[o]} {change(*m.allocation17[o])}" for o in OTHER_LANE_ORDERS)
                 + "; the crossbar organisation (`per_channel`) removes the effect "
                 "altogether. The paper's sharp peak at the minimum needs packets that find all "
                 f"{fly6_channels(report)} channels of their path free: "
                 f"{100 * m.minimum17[FIG17_LOAD][1]:.2f} % do at {100 * FIG17_LOAD:.0f} % of capacity (\"The peak at the minimum\"). "
                 f"The lanes' depth, which the paper does not give either, moves it most: {depth_findings(m)}. "
                 + one_channel_verdict(report, m))


def one_channel_verdict(report, m):
    mean, spread = single_channel_contrast(report, fly6_lanes())
    text = (f"One channel of {fly6_lanes()} lanes alone at that load gives the mean {100 * mean:+.0f} % and σ "
            f"×{spread:.2f} (\"One channel alone\")")
    if depth_reaching(m, "when_empty"):
        return text
    if spread > DEADLINE_SPREAD:
        return (text + ": the σ halved is more than scheduling one channel gives; under sec. III's lane rule what "
                "in the paper's network adds the rest is not found")
    return text + "; under sec. III's lane rule what else differs is not found"


def fly6_lanes():
    return yaml.safe_load((ROOT / FLY6).read_text())["router"]["virtual_channels"]


@functools.lru_cache(maxsize=None)
def one_channel(lanes):
    return single_channel.contrast(FIG17_LOAD, PACKET, lanes)


def single_channel_contrast(report, lanes):
    """Oldest-first against random on one channel alone at Fig. 17's load (scripts/single_channel.py):
    (mean change, σ ratio), computed from the set-up alone."""
    mean, spread = one_channel(lanes)
    return report.derived(mean - 1), report.derived(spread)


def single_channel_section(report):
    lanes = fly6_lanes()
    (mean, spread), (unlimited_mean, unlimited_spread) = (single_channel_contrast(report, n) for n in (lanes, None))
    report.write(f"**One channel alone.** How much can oldest-first gain where nothing of a network is in the way? "
                 f"One channel with {lanes} lanes at {100 * FIG17_LOAD:.0f} % of its capacity, {PACKET}-flit packets "
                 "arriving as a Poisson stream, one flit a cycle from the oldest packet or from one drawn at random "
                 f"(`scripts/single_channel.py`): the mean changes by {100 * mean:+.0f} % and σ by ×{spread:.2f}; with no limit "
                 f"on the packets sharing it, by {100 * unlimited_mean:+.0f} % and ×{unlimited_spread:.2f}. "
                 + ("A single channel does not halve σ at this load either: the paper's halving is more than "
                    "scheduling one channel gives." if min(spread, unlimited_spread) > DEADLINE_SPREAD else
                    "A single channel reaches the paper's contrast.") + "\n")


def fly6_channels(report):
    # A packet arrives at the minimum only if every channel it crosses is free when it gets there, each
    # carrying the offered load: its source's injection channel and one output of every stage (the
    # last one's the delivery channel).
    return report.derived(yaml.safe_load((ROOT / FLY6).read_text())["network"]["stages"] + 1)


def change(rnd, old):
    """Oldest-first's latency against random's, in words."""
    return f"the mean changes by {100 * (old['mean'] / rnd['mean'] - 1):+.0f} % and σ ×{old['stddev'] / rnd['stddev']:.2f}"


def fig18_section(report, plan, m, rel):
    w, minimum6 = report.write, m.minimum6
    w("## Fig. 18 — 10 % high-priority traffic scheduled by age\n")
    w(f"![Fig. 18]({rel}/fig18.svg)\n")
    w("| crossbar inputs | high-priority packets | mean latency | at minimum latency | all packets' mean |\n"
      "|---|---|---|---|---|")
    for crossbar, r in m.r18.items():
        _, counts = histogram(r, "high_priority")
        w(f"| {crossbar} | {r['high_priority']['latency']['count']:,} | {r['high_priority']['latency']['mean']:.1f} | "
          f"{100 * at_minimum(counts, minimum6):.1f} % | {r['latency']['mean']:.1f} |")
    rows = [(f"per_lane, {l} lanes × {d} flits", k) for (l, d), k in plan.k18_lanes.items()]
    rows.append(("per_lane, free lanes to the class first (`router.vc_allocation: priority`)", plan.k18_by_class))
    for label, k in rows:
        r = report.study.result(k)
        _, counts = histogram(r, "high_priority")
        w(f"| {label} | {r['high_priority']['latency']['count']:,} | "
          f"{r['high_priority']['latency']['mean']:.1f} | {100 * at_minimum(counts, minimum6):.1f} % | "
          f"{r['latency']['mean']:.1f} |")
    w(f"\nThe paper: \"80 % of the high-priority traffic is delivered with the minimum latency\". icnsim: "
      f"{100 * m.share18:.0f} % with the platform's four lanes of four flits, up to {100 * m.more_lanes18:.0f} % with more "
      f"lanes; with the high-priority traffic alone in the network (5 % of capacity) {100 * m.alone18:.0f} %. "
      + ("**Agrees.** " if m.share18 >= AT_MINIMUM else "**Partly reproduced.** ") + PRIORITY_NOTES + " "
      + by_class_note(report, plan, m) + "\n")


def by_class_note(report, plan, m):
    share = at_minimum(histogram(report.study.result(plan.k18_by_class), "high_priority")[1], m.minimum6)
    return (f"Lane assignment by class (free lanes to the high-priority class first, `router.vc_allocation: priority`) "
            f"gives {100 * share:.0f} % against {100 * m.share18:.0f} % by age alone"
            + (": the wait is for a lane to come free at all, which no allocation order shortens while standard "
               "packets hold every lane." if share - m.share18 < 0.05 else "."))


def claim_18(report, plan, m):
    report.claim("18", "80 % of the high-priority traffic is delivered with the minimum latency", "80 %",
                 f"{100 * m.share18:.0f} % (up to {100 * m.more_lanes18:.0f} % with more lanes)", m.share18 >= AT_MINIMUM,
                 "" if m.share18 >= AT_MINIMUM else "high-priority packets still wait for a free lane (below)")


def render(report, plan, m):
    runs = report.study
    plot_dir = report.figures
    if runs.perturb is None:  # a perturbed render is read for its text only (Report.figure)
        plots(plot_dir, m.fig13, m.fig14, m.fig15, m.fig16, m.fig17, m.fig18, m.minimum6)
    rel = plot_dir.name
    report.write(f"Runs of {plan.length[0]:,} cycles ({plan.length[1]:,} not measured), seed 1.\n")
    report.write(SET_UP.format(quick=QUICK_LENGTH))
    fig13_section(report, plan, m, rel)
    claim_13(report, plan, m)
    fig14_section(report, plan, m, rel)
    claim_14_far_greater(report, plan, m)
    claim_14_less_dependent(report, plan, m)
    fig15_section(report, plan, m, rel)
    claim_15(report, plan, m)
    fig16_table(report, plan, m, rel)
    claim_16(report, plan, m)
    fig16_notes(report, plan, m)
    fig17_section(report, plan, m, rel)
    claim_17(report, plan, m)
    fig18_section(report, plan, m, rel)
    claim_18(report, plan, m)
    fig19(report, runs.result, plan)
    peak = max(runs.result(k)["throughput"]["accepted_flits_per_node_cycle"] for rule in plan.k19.values()
               for k in rule.values())
    analytic_checks(report, plan.probe, peak, ", the mesh of Fig. 19 with its most lanes")


def percent_span(span):
    low, high = (f"{100 * v:.0f}" for v in span)
    return f"{low} %" if low == high else f"{low}–{high} %"


def fig19(report, R, plan):
    """Fig. 19 and sec. V-D's numbers: one lane saturates at 50 % of capacity, sixteen at 90 %, most of
    the gain comes with four, and more lanes raise latency below saturation by as much as 20 %."""
    k19, k19_saturation, lanes19, loads19 = plan.k19, plan.k19_saturation, plan.lanes19, plan.loads19
    w = report.write
    w("## Fig. 19 — lanes on a 16-ary 2-cube mesh, 32 flits of storage per channel\n")
    w(FIG19_NOTES)
    names = {"when_empty": "a lane takes its next packet once the tail has left it (sec. III)",
             "on_tail": "once the tail has entered it"}
    report.figure(plot.plot_curves([
        (names[rule], "offered traffic (fraction of capacity)", "mean latency (cycles)", True,
         {f"{l} lane{'s' if l > 1 else ''} × {MESH_STORAGE // l}": [(x, latency(R(k[(l, x)])) or math.nan)
                                                                   for x in loads19] for l in lanes19})
        for rule, k in k19.items()]), "fig19", "Fig. 19: latency against offered traffic, 1 to 16 lanes")
    top = {}
    for rule, k in k19.items():
        w(f"**{names[rule][0].upper() + names[rule][1:]}** (`router.vc_reallocation: {rule}`): mean latency (cycles)\n")
        w("| offered | " + " | ".join(f"{l} × {MESH_STORAGE // l}" for l in lanes19) + " |\n"
          + "|---" * (len(lanes19) + 1) + "|")
        for x in loads19:
            w(f"| {x} | " + " | ".join(fmt_latency(latency(R(k[(l, x)]))) for l in lanes19) + " |")
        # Saturation throughput: the most any offered load delivered, per lane count.
        top[rule] = {l: max(accepted(R(k[(l, x)])) for x in loads19) for l in lanes19}
        w("\nSaturation throughput (the most accepted at any offered load): "
          + ", ".join(f"{l} lane{'s' if l > 1 else ''} {top[rule][l]:.3f}" for l in lanes19) + ".\n")

    # Throughput as the paper measures it (sec. V-A): a saturation source at every node.
    sources = {l: accepted(R(k19_saturation[l])) for l in lanes19}
    w("With saturation sources, the paper's way of measuring throughput (sec. V-A; sec. III's lane rule): "
      + ", ".join(f"{l} lane{'s' if l > 1 else ''} {sources[l]:.3f}" for l in lanes19) + ".\n")

    # Who gets a free lane: the paper does not say; the other orders, under sec. III's lane rule.
    orders = {"oldest_first": (top["when_empty"], sources),
              **{o: ({l: max(accepted(R(plan.k19_allocation[o][(l, x)])) for x in loads19) for l in lanes19},
                     {l: accepted(R(plan.k19_allocation_saturation[o][l])) for l in lanes19}) for o in OTHER_LANE_ORDERS}}
    w("**Who gets a free lane.** Sec. III assigns lanes to packets but does not say which of several waiting "
      "packets gets one that comes free; icnsim's default gives it to the oldest packet (`router.vc_allocation: "
      "oldest_first`), a preference for age that the paper's random scheduling has nowhere else. Saturation "
      "throughput (Poisson sources, the most accepted at any offered load; with saturation sources after the "
      "slash) under sec. III's lane rule, by the order in which waiting headers take a free lane:\n")
    w("| lanes take | " + " | ".join(f"{l} × {MESH_STORAGE // l}" for l in lanes19) + " |\n"
      + "|---" * (len(lanes19) + 1) + "|")
    for o, (poisson_top, saturation_top) in orders.items():
        w(f"| {LANE_ORDER_NAMES[o]} (`{o}`) | "
          + " | ".join(f"{poisson_top[l]:.3f} / {saturation_top[l]:.3f}" for l in lanes19) + " |")
    one, most = lanes19[0], lanes19[-1]
    span = {l: (min(p[l] for p, _ in orders.values()), max(p[l] for p, _ in orders.values())) for l in (one, most)}
    source_loss = max(orders["oldest_first"][1][most] - s[most] for _, s in orders.values())
    w(f"\nWith Poisson sources the order moves one lane's saturation by {100 * (span[one][1] - span[one][0]):.1f} "
      f"points and {most} lanes' by {100 * (span[most][1] - span[most][0]):.1f}. With saturation sources, which keep "
      f"every injection lane full, {most} lanes lose up to {100 * source_loss:.1f} points without the preference for age: the sources "
      "then take lanes that packets already in the network wait for (docs/routing.md, \"Allocation order and "
      "fairness\").\n")

    k, t = k19["when_empty"], top["when_empty"]
    within = [o for o, (p, _) in orders.items()
              if abs(p[one] - 0.5) <= SATURATION_19 and abs(p[most] - 0.9) <= SATURATION_19]
    report.claim("19", "one lane saturates at 50 % of capacity, sixteen lanes at 90 %",
                 "50 % / 90 %", f"{100 * t[one]:.0f} % / {100 * t[most]:.0f} % "
                 f"({100 * top['on_tail'][one]:.0f} % / {100 * top['on_tail'][most]:.0f} % with on_tail)",
                 abs(t[one] - 0.5) <= SATURATION_19 and abs(t[most] - 0.9) <= SATURATION_19,
                 "sec. III's lane rule brings one lane from the on_tail figure down, not all the way; nor is it "
                 f"the throughput method: with the paper's saturation sources (sec. V-A) one lane carries "
                 f"{100 * sources[one]:.0f} %. The order in which waiting packets get a free lane, which the paper "
                 f"does not give, moves one lane over {percent_span(span[one])} and sixteen over {percent_span(span[most])} "
                 "(\"Who gets a free lane\"); "
                 + (f"within {100 * SATURATION_19:.0f} points of the paper's with lanes taken {' or '.join(LANE_ORDER_NAMES[o] for o in within)}"
                    if within else f"no order brings both within {100 * SATURATION_19:.0f} points of the paper's"))
    four = t.get(4, math.nan)
    report.claim("19", "most of the throughput gain is realised with four lanes", "most",
                 f"{100 * (four - t[one]) / (t[most] - t[one]):.0f} % of the gain from 1 to 16 lanes"
                 if t[most] > t[one] else "no gain", t[most] > t[one] and four - t[one] >= MOST_19 * (t[most] - t[one]))
    # Below one lane's saturation: the offered loads at which every lane count carries its load.
    below = [x for x in loads19 if x < t[one] and all(latency(R(k[(l, x)])) is not None for l in lanes19)]
    rise = max((max(latency(R(k[(l, x)])) for l in lanes19) / latency(R(k[(one, x)])) for x in below),
               default=math.nan)
    report.claim("19", "below one lane's saturation, more lanes raise latency by as much as 20 %", "up to 20 %",
                 f"up to {100 * (rise - 1):.0f} % (offered {', '.join(map(str, below))})" if below else "—",
                 bool(below) and rise <= 1 + LATENCY_RISE_19, "lanes share the channel flit by flit (Fig. 19 notes)")


FIG19_NOTES = """Sec. V-D: "With a single lane, the network saturates at 50 % capacity while with 16 lanes
throughputs of 90 % capacity are achievable. Most of the throughput gain is realized with four
lanes. Adding additional lanes yields diminishing returns and actually increases latency by as much
as 20 %." Set-up as for the flies (one time unit per hop, random channel scheduling, lanes as
crossbar inputs), dimension-order routing, Poisson sources, 20-flit packets. **When a lane takes its
next packet** decides the single lane here: sec. III deallocates a lane "when the last flit of a
message (the tail flit) leaves a node" — the lane is the buffer at the receiving node, so it holds
one packet at a time (`router.vc_reallocation: when_empty`; icnsim learns it from the returning
credits, a cycle later). Freed as soon as the tail has entered it (`on_tail`, the set-up of Figs.
13–18), a 32-flit lane queues a packet behind another and one lane carries far more. Both are shown;
the claims are judged on sec. III's rule.
"""


SET_UP = """## Set-up: the paper's simulator in icnsim's terms

| paper (sec. V) | icnsim |
|---|---|
| "A flit transfer between two nodes is assumed to take place in one time unit", moved synchronously | `router.routing_delay: 0`, `crossbar_delay: 0`, `link_delay: 1`: a header advances one switch per cycle |
| 20-flit packets, "uniformly distributed random packet destinations" | `packet_length: 20`, `pattern: uniform` (every node but the source) |
| "channel bandwidth was allocated randomly to lanes" | `router.arbitration: random` |
| the analysis has contention only for lanes and output channels (sec. IV); the switch with "separate inputs and multiplexed outputs" (Fig. 9c) | `router.crossbar_inputs: per_lane`: every lane bids for its output channel itself |
| "When the last flit of a message (the tail flit) leaves a node the lane assigned to that packet is deallocated" (sec. III) | Figs. 13–18: `router.vc_reallocation: on_tail`, a lane takes its next packet once the tail has entered it; Fig. 19 shows both rules and is judged on `when_empty` (one packet per lane), the closer reading. With one- and two-flit lanes the two differ by a credit's return; with deeper single lanes (Figs. 14, 16) `on_tail` lets packets queue in one lane, so those single-lane curves are upper bounds |
| which of several waiting packets gets a lane that comes free: not given | `router.vc_allocation: oldest_first`, icnsim's default; Figs. 17 and 19 also run the other orders (longest waiting, random) |
| a saturation source "injects a new packet into the network whenever a lane is available on its input channel" | `injection.process: saturation` with `network_interface.packets_in_progress` = lanes |
| latency: "a constant rate source with exponentially distributed interarrival times … from packet creation until the last flit … is accepted", source queueing included | `injection.process: exponential`, latency from creation to the tail's delivery |
| 30,000 flit times, the first 10,000 not measured | the same (`--quick`: {quick[0]:,} / {quick[1]:,}) |
| lanes of one flit (Figs. 13, 15) | **lanes of two slots**, see below |
| oldest-first and priority scheduling of every physical channel (sec. III-C) | the same policy on the injection channel too |

**One-flit lanes.** icnsim's routers use credit flow control over a link of one cycle: a slot
freed in cycle c is known upstream in cycle c + 1, so a lane of depth 1 carries a flit every other
cycle at best. Dally's synchronous simulator moves all granted flits at once, so a slot freed in a
step takes a new flit in the same step, and the analysis (t₀ = 1) has one-flit lanes stream at full
rate. An icnsim lane streams from two slots on; so the paper's one-flit lanes are run as two-slot
lanes, and deeper lanes as they are. Fig. 13 shows both, and a blocked packet of 20 flits spans the
whole 8-stage network either way (10 or 20 stages' worth of slots), so lanes are held as in the
paper.

**Crossbar organisation.** With `router.crossbar_inputs: per_channel` (icnsim's default, Fig. 9b:
one crossbar input per physical channel, one lane's flit offered per cycle, round-robin among the
lanes) two lanes of one input channel that want the two different outputs of a 2 × 2 switch cannot
both move, and the output channel's arbitration sees only the lane each input offers. Figs. 17 and
18 show both organisations; the others use `per_lane`, as `platforms/dally-2ary*fly.yaml` do.
"""

DEADLINE_NOTES = """With one crossbar input per channel (`per_channel`), the
input offers its lanes round-robin whatever their age, so the output channel ranks at most one flit per
input and oldest-first barely differs from random — the organisation matters as much as the policy. The
gap that stays to the paper's 75.1 and 62.2 is Fig. 15's: icnsim's latency is higher under both
policies, and with it the share of packets that meet no competitor at all, which makes the paper's
sharp peak at the minimum, is small."""

PRIORITY_NOTES = """Where a high-priority packet still waits: its flits win every channel
and the injection channel (`priority` schedules the source's lanes too), so it waits only for
another high-priority flit or for a free lane, and with four lanes all may be held by standard
packets. Alone in the network, the high-priority
traffic arrives at the minimum as often as the paper says; the lane rows above show the lane wait
shrinking as lanes are added. The paper does not say how many
lanes Fig. 18's network had, nor whether lane assignment favoured the class. Two mechanisms
would hide the priority altogether and are not icnsim's: a crossbar input per channel (the
`per_channel` row: the input offers its lanes round-robin, so the output channel never sees the
high-priority flit waiting behind another lane of its input), and credits returned one per cycle
(a high-priority lane's credits would queue behind the others')."""


if __name__ == "__main__":
    main()
