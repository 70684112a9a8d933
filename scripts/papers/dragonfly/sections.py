"""The dragonfly report (Kim et al. 2008, Jiang et al. 2009, throttling on dragonflies and fat trees):
its tables, figures and notes."""
import math

import plot
from papers import report_energy
from papers.measures import accepted_flits
from papers.report import cycles
from papers.dragonfly.plan import CONTROLLERS, CONTROL_LOADS, DELIVERED, MARGIN, MORE_VCS, PATTERNS, ROUTINGS, VCS


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


NOTES = """## Set-up and where icnsim differs

| the papers | icnsim |
|---|---|
| the 1K-node balanced dragonfly, p = 4, a = 8, h = 4, all-to-all groups (Kim et al. sec. 4.1) | `platforms/dragonfly-1056.yaml` (33 groups); the reduced scale runs the 72-node p = 2, a = 4, h = 2 |
| UGAL-G's global queue information, known at once | `routing.type: ugal_global` reads every router's queues through the fabric (docs/routing.md) |
| the VCs and buffers of the papers' routers are not given | 8 VCs of 8 flits for every routing, and the full-load runs again with 16: a claim on them agrees only if it holds at both |
| the controllers were designed for tori | the self-tuned sideband along a spanning tree; Trans-t's u1 at two values (its Table 1 has none for these networks) |
"""
