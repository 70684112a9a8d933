"""A what-if report on the networks built this decade: the dragonfly of Kim, Dally, Scott and Abts (ISCA
2008) under minimal, Valiant, UGAL-L, UGAL-G and PAR routing (Jiang, Kim, Dally, ISCA 2009), the papers'
claims first; then the congestion controllers of the self-tuned and Trans-t papers on the dragonfly and a
fat tree: does throttling help there, where, and at what latency cost.

In four parts, as scripts/papers/entropy.py: the plan (`plan_runs`), the measures (`measure`), the tables
and figures, and one function per claim with the margin it is judged by."""
import dataclasses
import math

import plot
from papers import report_energy
from papers.measures import accepted_flits, mean_latency, throttled_share
from papers.report import cycles

TITLE = "Dragonflies and fat trees on icnsim: non-minimal routing and source throttling"
CITATION = ("Kim, Dally, Scott, Abts, \"Technology-Driven, Highly-Scalable Dragonfly Topology\", ISCA 2008, "
            "sec. 4; Jiang, Kim, Dally, \"Indirect Adaptive Routing on Large Scale Interconnection Networks\", "
            "ISCA 2009, sec. 3; the congestion controllers of the self-tuned and Trans-t papers "
            "([references](../references.md)).")
FULL_LENGTH = (12000, 3000)
QUICK_LENGTH = (4000, 1000)

# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the plan's margins
# (a ratio within MARGIN counts as "close", HALF ± HALF_BAND as "about half", a latency LATE times
# another's as "far longer", a load DELIVERED in that share as below saturation).
MARGIN, HALF, HALF_BAND, LATE = 0.85, 0.5, 0.15, 1.3
DELIVERED = 0.95  # a load is below saturation where at least this share of it is delivered
STATED_NUMBERS = [MARGIN, HALF, HALF_BAND, LATE, DELIVERED, 15, 2, 4, 8, 33, 1056, 512, 72, 64,
                  *report_energy.STATED_NUMBERS]

ROUTINGS = {"MIN": "minimal", "VAL": "valiant", "UGAL-L": "ugal_local", "UGAL-G": "ugal_global", "PAR": "par"}
# Eight VCs: minimal in halves, Valiant and UGAL in thirds (2, 3, 3), PAR in quarters. The papers do not
# give theirs: the full-load runs are repeated with MORE_VCS, and the claims show the range.
VCS, MORE_VCS = 8, 16
PATTERNS = {"uniform": "uniform", "group shift": "group_shift"}
LOADS = {"uniform": [0.1, 0.3, 0.5, 0.7, 1.0], "group shift": [0.05, 0.1, 0.2, 0.3, 0.4, 1.0]}
QUICK_LOADS = {"uniform": [0.1, 0.5, 1.0], "group shift": [0.05, 0.3, 1.0]}
CONTROLLERS = {"none": ["congestion_control.type=none"],
               "self-tuned": ["congestion_control.type=self_tuned"],
               "ALO": ["congestion_control.type=alo"],
               # Trans-t's Table 1 has no u1 for these networks: two values, never the one that agrees.
               "Trans-t u1=2": ["congestion_control.type=trans_t", "congestion_control.u1=2"],
               "Trans-t u1=4": ["congestion_control.type=trans_t", "congestion_control.u1=4"]}
CONTROL_LOADS = [0.2, 0.5, 1.0]
# Energy (docs/energy.md): both dragonflies' routers have DSENT rows of their own (7 or 15 ports, 8 VCs of
# 8 flits). The fat tree's leaves and spines differ in ports, which no one row prices: its runs are not
# priced.
PRICED = ["energy.preset=dsent_45nm"]
FAT_TREE_PATTERNS = {"uniform": "uniform", "random permutation": "random_permutation"}


def dragonfly(quick):
    """The network: the 72-node balanced dragonfly (p = 2, a = 4, h = 2, 9 groups) at reduced scale, the
    paper's 1,056-node one (p = 4, a = 8, h = 4, 33 groups) in full."""
    if quick:
        return "platforms/dragonfly.yaml", ["network.groups=9"]
    return "platforms/dragonfly-1056.yaml", []


def fat_tree(quick):
    return "platforms/fat-tree.yaml", [] if quick else ["network.radix=8"]  # 64 or 512 nodes, 3 levels


# The plan: every run of the report, by what it measures.

@dataclasses.dataclass
class Plan:
    loads: dict        # pattern -> offered loads (flits/node/cycle)
    routing: dict      # (routing, pattern, load) -> run
    more_vcs: dict     # (routing, pattern) -> run at full load with MORE_VCS
    control: dict      # (network, routing, pattern, controller, load) -> run


def plan_runs(report):
    study, quick = report.study, report.quick
    platform, shape = dragonfly(quick)
    loads = QUICK_LOADS if quick else LOADS
    common = [*shape, f"router.virtual_channels={VCS}", "stimulus.packet_length=8", "stimulus.injection.unit=flits"]
    routing = {(r, p, load): study.submit(platform, "stimuli/uniform.yaml", [
        *common, f"routing.type={ROUTINGS[r]}", f"stimulus.pattern.type={PATTERNS[p]}",
        f"stimulus.injection.rate={load}", *PRICED]) for r in ROUTINGS for p in PATTERNS for load in loads[p]}
    more_vcs = {(r, p): study.submit(platform, "stimuli/uniform.yaml", [
        *common, f"router.virtual_channels={MORE_VCS}", f"routing.type={ROUTINGS[r]}",
        f"stimulus.pattern.type={PATTERNS[p]}", "stimulus.injection.rate=1.0"]) for r in ROUTINGS for p in PATTERNS}
    control = {}
    for r in ("MIN", "UGAL-L"):
        for p in PATTERNS:
            for c, settings in CONTROLLERS.items():
                for load in CONTROL_LOADS:
                    control[("dragonfly", r, p, c, load)] = study.submit(platform, "stimuli/uniform.yaml", [
                        *common, f"routing.type={ROUTINGS[r]}", f"stimulus.pattern.type={PATTERNS[p]}",
                        f"stimulus.injection.rate={load}", *settings, *PRICED])
    tree, tree_shape = fat_tree(quick)
    for p, pattern in FAT_TREE_PATTERNS.items():
        for c, settings in CONTROLLERS.items():
            for load in CONTROL_LOADS:
                control[("fat tree", "NCA", p, c, load)] = study.submit(tree, "stimuli/uniform.yaml", [
                    *tree_shape, "stimulus.packet_length=8", "stimulus.injection.unit=flits",
                    f"stimulus.pattern.type={pattern}", f"stimulus.injection.rate={load}", *settings])
    return Plan(loads, routing, more_vcs, control)


# The measures: the numbers the report shows, from the runs.

@dataclasses.dataclass
class Measures:
    shape: dict          # p, a, h, g, nodes, capacity of the dragonfly
    saturation: dict     # (routing, pattern) -> accepted at full load (flits/node/cycle)
    more_vcs: dict       # (routing, pattern) -> the same with MORE_VCS
    latency: dict        # (routing, pattern, load) -> mean latency (cycles)
    curves: dict         # (routing, pattern, load) -> accepted
    control: dict        # key of Plan.control -> (accepted, latency, throttled fraction)
    tree_nodes: int
    below: float         # group shift: the highest planned load below UGAL-G's saturation


def measure(report, plan):
    study = report.study
    any_run = next(iter(plan.routing.values()))
    config = study.configuration(any_run)
    network = config["network"]
    p, a, h = network["terminals_per_router"], network["routers_per_group"], network["global_per_router"]
    g = network["groups"] or a * h + 1
    shape = {"p": p, "a": a, "h": h, "g": g, "nodes": p * a * g,
             "shift bound": report.derived(1 / (a * p)),
             "capacity": study.result(any_run)["network"]["uniform_capacity_flits_per_node_cycle"]}
    saturation = {(r, pat): accepted_flits(study.result(run)) for (r, pat, load), run in plan.routing.items() if load == 1.0}
    more_vcs = {k: accepted_flits(study.result(run)) for k, run in plan.more_vcs.items()}
    lat = {k: mean_latency(study.result(run)) for k, run in plan.routing.items()}
    curves = {k: accepted_flits(study.result(run)) for k, run in plan.routing.items()}
    control = {k: (accepted_flits(study.result(run)), mean_latency(study.result(run)), throttled_share(study.result(run)))
               for k, run in plan.control.items()}
    tree_run = next(run for k, run in plan.control.items() if k[0] == "fat tree")
    tree_nodes = study.result(tree_run)["network"]["nodes"]
    # UGAL-L's late view is judged where UGAL-G still delivers what is offered: past that both saturate.
    below = max([x for x in plan.loads["group shift"] if x < 1.0 and curves[("UGAL-G", "group shift", x)] >= DELIVERED * x]
                or [min(plan.loads["group shift"])])
    return Measures(shape, saturation, more_vcs, lat, curves, control, tree_nodes, below)


# The tables and figures.

def routing_section(report, plan, m):
    s = m.shape
    report.write("## Routing on the dragonfly (Kim et al. sec. 4; Jiang et al. sec. 3)\n")
    report.write(f"The dragonfly p = {s['p']}, a = {s['a']}, h = {s['h']}, {s['g']} groups ({s['nodes']} nodes), "
                 f"{VCS} VCs of 8 flits, 8-flit packets; each routing's VC classes split the VCs (docs/routing.md). "
                 f"Group shift sends every node of group i to a random node of group i + 1: minimal routing has one "
                 f"global channel for a group's {report.derived(s['a'] * s['p'])} nodes, 1/(a·p) = {s['shift bound']:.3f} "
                 "flits/node/cycle.\n")
    panels = []
    for pat in PATTERNS:
        panels.append((pat, "offered load (flits/node/cycle)", "accepted (flits/node/cycle)", False,
                       {r: [(load, m.curves[(r, pat, load)]) for load in plan.loads[pat]] for r in ROUTINGS}))
    for pat in PATTERNS:
        panels.append((pat, "offered load (flits/node/cycle)", "mean latency (cycles)", True,
                       {r: [(load, m.latency[(r, pat, load)]) for load in plan.loads[pat]] for r in ROUTINGS}))
    report.figure(plot.plot_curves(panels, columns=2), "routing",
                  "Accepted traffic and latency against offered load, each routing, uniform and group shift")
    report.write(f"| routing | uniform: accepted at full load, {VCS} / {MORE_VCS} VCs | group shift: accepted at full "
                 f"load, {VCS} / {MORE_VCS} VCs | group shift: latency at {m.below} (cycles) |\n|---|---|---|---|")
    for r in ROUTINGS:
        report.write(f"| {r} | {m.saturation[(r, 'uniform')]:.3f} / {m.more_vcs[(r, 'uniform')]:.3f} | "
                     f"{m.saturation[(r, 'group shift')]:.3f} / {m.more_vcs[(r, 'group shift')]:.3f} | "
                     f"{cycles(m.latency.get((r, 'group shift', m.below), math.nan))} |")
    report.write("")


def control_section(report, plan, m):
    report.write("## The papers' controllers on the dragonfly and a fat tree\n")
    report.write(f"Self-tuned throttling gathers its counters over a sideband laid along a spanning tree of the "
                 f"routers (docs/congestion-control.md); ALO and Trans-t judge each router's own channels. The fat "
                 f"tree is a 3-level k-ary n-tree of {m.tree_nodes} nodes with least-loaded up ports. Accepted "
                 "traffic (flits/node/cycle), mean latency (cycles) and the share of cycles a node was throttled, "
                 f"at offered loads {', '.join(str(x) for x in CONTROL_LOADS)}.\n")
    keys = sorted({k[:3] for k in plan.control}, key=lambda k: (k[0] != "dragonfly", k[1], k[2]))
    report.write("| network, routing, pattern | controller | " +
                 " | ".join(f"at {x}: accepted, latency, throttled" for x in CONTROL_LOADS) + " |")
    report.write("|---|---|" + "---|" * len(CONTROL_LOADS))
    for key in keys:
        for c in CONTROLLERS:
            cells = []
            for x in CONTROL_LOADS:
                acc, lat, thr = m.control[(*key, c, x)]
                cells.append(f"{acc:.3f}, {cycles(lat)}, {100 * thr:.0f} %")
            report.write(f"| {key[0]}, {key[1]}, {key[2]} | {c} | " + " | ".join(cells) + " |")
    report.write("")
    # The answer, computed: where a controller raises the accepted traffic at full load over none by more
    # than 1 - MARGIN, and what its latency costs below saturation.
    helped = []
    for key in keys:
        base = m.control[(*key, "none", 1.0)][0]
        for c in CONTROLLERS:
            if c == "none":
                continue
            gain = m.control[(*key, c, 1.0)][0] / base - 1 if base else math.nan
            if gain > 1 - MARGIN:
                helped.append(f"{c} on {key[0]}, {key[1]}, {key[2]} (+{100 * gain:.0f} %)")
    # The latency cost where the uncontrolled network is below saturation at the lowest load.
    low = CONTROL_LOADS[0]
    calm = [key for key in keys if m.control[(*key, "none", low)][0] >= DELIVERED * low]
    costs = [m.control[(*key, c, low)][1] / m.control[(*key, "none", low)][1]
             for key in calm for c in CONTROLLERS if c != "none"]
    costs = [x for x in costs if not math.isnan(x)] or [math.nan]
    # Past saturation, uncontrolled: how much of its best the network keeps at full load.
    kept = min(m.control[(*key, "none", 1.0)][0] / max(m.control[(*key, "none", x)][0] for x in CONTROL_LOADS)
               for key in keys)
    report.write("Does throttling help here? " + (
        "At full load it raises the accepted traffic where " + "; ".join(helped) + "."
        if helped else f"Nowhere does a controller raise the accepted traffic at full load by more than "
                       f"{100 * (1 - MARGIN):.0f} %: uncontrolled, every case here keeps at least {kept:.0%} of its "
                       "best accepted traffic at full load — no collapse past saturation for throttling to prevent, "
                       "as there is on the tori of the self-tuned and Trans-t papers.") +
        f" Where the uncontrolled network is below saturation at {low} ({len(calm)} of the {len(keys)} cases) the "
        f"controllers' latency is {min(costs):.2f}–{max(costs):.2f} times its own.\n")


def energy_section(report, plan):
    """Joules at full load: what non-minimal routing costs per flit, and what throttling saves or costs."""
    result = report.study.result
    report.write("## Energy at full load (45 and 22 nm)\n")
    report.write(report_energy.what_is_priced() + " The dragonfly's routers have rows of their own; the fat "
                 "tree's leaves and spines differ in ports, and no one row prices them: its runs are not priced.\n")
    full = {(r, p): result(plan.routing[(r, p, plan.loads[p][-1])]) for r in ROUTINGS for p in PATTERNS}
    report.write("**Each routing at full load** (1.0 offered):\n")
    report_energy.table(report, ["pattern", "routing", "accepted"], [
        ([p, r, f"{accepted_flits(full[(r, p)]):.3f}"], full[(r, p)], report_energy.own_row(full[(r, p)]))
        for p in PATTERNS for r in ROUTINGS])
    keys = sorted({k[:3] for k in plan.control if k[0] == "dragonfly"}, key=lambda k: (k[1], k[2]))
    last = CONTROL_LOADS[-1]
    report.write(f"**The controllers on the dragonfly at full load** ({last} offered):\n")
    report_energy.table(report, ["routing, pattern", "controller", "accepted"], [
        ([f"{key[1]}, {key[2]}", c, f"{accepted_flits(result(plan.control[(*key, c, last)])):.3f}"],
         result(plan.control[(*key, c, last)]), report_energy.own_row(result(plan.control[(*key, c, last)])))
        for key in keys for c in CONTROLLERS])
    savings = []
    for key in keys:
        base = result(plan.control[(*key, "none", last)])
        rows = report_energy.own_row(base)
        spent = {c: report_energy.per_flit(result(plan.control[(*key, c, last)]), rows)[0] for c in CONTROLLERS}
        best = min((c for c in CONTROLLERS if c != "none"), key=spent.get)
        if spent[best] >= spent["none"] * (1 - SAME_ENERGY):  # a tie is no saving: say so, name no winner
            savings.append(f"{key[1]}, {key[2]}: no controller spends less than none "
                           f"({spent['none']:,.0f} pJ per delivered flit, 45 nm; the same within half a percent)")
            continue
        savings.append(f"{key[1]}, {key[2]}: {best}, "
                       + report_energy.saving(result(plan.control[(*key, best, last)]), base, rows, "none"))
    report.write("The controller that spends least per delivered flit at full load, against none: "
                 + "; ".join(savings) + ".\n")


SAME_ENERGY = 0.005  # energies per flit within half a percent of each other are the same here


# The claims, one function each.

def claim_uniform_close(report, m):
    minimal = m.saturation[("MIN", "uniform")]
    worst = min(m.saturation[(r, "uniform")] for r in ("UGAL-L", "UGAL-G"))
    report.claim("Kim sec. 4.2", "under uniform random traffic minimal routing and UGAL come close to each other",
                 "UGAL ≈ MIN", f"UGAL {worst:.3f} vs MIN {minimal:.3f} ({worst / minimal:.0%})",
                 worst >= MARGIN * minimal, "UGAL's detours under uniform traffic: the decision weighs queues "
                 "that lanes shared with detoured packets fill")


def claim_uniform_valiant(report, m):
    share = m.saturation[("VAL", "uniform")] / m.shape["capacity"]
    report.claim("Kim sec. 4.2", "Valiant saturates near half of the network's capacity under uniform traffic: every "
                 "packet crosses two global channels", "about half",
                 f"{m.saturation[('VAL', 'uniform')]:.3f} flits/node/cycle, {share:.0%} of capacity "
                 f"(MIN {m.saturation[('MIN', 'uniform')]:.3f})", abs(share - HALF) <= HALF_BAND,
                 "the local channels and lanes, not the global ones, set Valiant's limit here")


def claim_shift_minimal(report, m):
    bound = m.shape["shift bound"]
    got = m.saturation[("MIN", "group shift")]
    report.claim("Kim sec. 4.2", "under group shift minimal routing collapses to a small fraction: one global "
                 "channel per group", "1/(a·p)", f"{got:.3f} ({got / bound:.0%} of 1/(a·p))",
                 MARGIN * bound <= got <= bound * (2 - MARGIN),
                 "the channel idles while a lane's next header is routed (docs/design.md)")


def claim_shift_half(report, m):
    # Judged at both lane counts: the papers give none, and a claim must not rest on the one that agrees.
    for r in ("VAL", "UGAL-G"):
        got, more = m.saturation[(r, "group shift")], m.more_vcs[(r, "group shift")]
        report.claim("Kim sec. 4.2", f"under group shift {r} holds about half of the network's capacity",
                     "about half", f"{got:.3f} flits/node/cycle with {VCS} VCs, {more:.3f} with {MORE_VCS}",
                     min(got, more) >= HALF - HALF_BAND,
                     f"lanes: {'it holds with ' + str(MORE_VCS) + ' VCs, not with ' + str(VCS) if more >= HALF - HALF_BAND else 'short at both'}"
                     " — UGAL-G sees the global channels' queues but not the local channels before them, and its "
                     "minimal packets queue in lanes shared with detoured ones (docs/design.md)")


def claim_ugal_local_late(report, m):
    local, global_ = (m.latency.get((r, "group shift", m.below), math.nan) for r in ("UGAL-L", "UGAL-G"))
    report.claim("Kim sec. 4.2", "UGAL-L falls short of UGAL-G under group shift: its local queues see the global "
                 "channel's congestion late", "UGAL-L latency ≫ UGAL-G",
                 f"{cycles(local)} vs {cycles(global_)} cycles at {m.below}, below UGAL-G's saturation",
                 local >= LATE * global_,
                 "at this load UGAL-L's source routers already see the congestion")


def claim_par_narrows(report, m):
    local, global_, par = (m.latency.get((r, "group shift", m.below), math.nan) for r in ("UGAL-L", "UGAL-G", "PAR"))
    report.claim("Jiang sec. 3", "PAR narrows UGAL-L's shortfall: it decides again at the router that holds the "
                 "global channel", "PAR ≈ UGAL-G", f"PAR {cycles(par)}, UGAL-L {cycles(local)}, UGAL-G {cycles(global_)}",
                 par - global_ < HALF * (local - global_),
                 "PAR's fourth VC class leaves fewer lanes per class")


def render(report, plan, m):
    routing_section(report, plan, m)
    claim_uniform_close(report, m)
    claim_uniform_valiant(report, m)
    claim_shift_minimal(report, m)
    claim_shift_half(report, m)
    claim_ugal_local_late(report, m)
    claim_par_narrows(report, m)
    control_section(report, plan, m)
    energy_section(report, plan)
    report.write(NOTES)


NOTES = """## Set-up and where icnsim differs

| the papers | icnsim |
|---|---|
| the 1K-node balanced dragonfly, p = 4, a = 8, h = 4, all-to-all groups (Kim et al. sec. 4.1) | `platforms/dragonfly-1056.yaml` (33 groups); the reduced scale runs the 72-node p = 2, a = 4, h = 2 |
| UGAL-G's global queue information, known at once | `routing.type: ugal_global` reads every router's queues through the fabric (docs/routing.md) |
| the VCs and buffers of the papers' routers are not given | 8 VCs of 8 flits for every routing, and the full-load runs again with 16: a claim on them agrees only if it holds at both |
| the controllers were designed for tori | the self-tuned sideband along a spanning tree; Trans-t's u1 at two values (its Table 1 has none for these networks) |
"""
