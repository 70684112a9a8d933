"""The realistic-loads paper (Ridruejo, Navaridas, Miguel-Alonso, Izu): IPR and LBR against the base
under burst-synchronized traffic (Fig. 2, b = 10 ... 10,000) and under trace-driven traffic (Fig. 3)
on its 64-node ring, normalised to the base, with 99 % confidence intervals over seeds.

In four parts, as scripts/papers/entropy.py: the plan (`plan_runs`), the measures (`measure`), the
tables and figures, and one function per claim with its margin named."""
import dataclasses
import math
import statistics
import subprocess
import sys

import plot
from icnsim_runs import ROOT
from tool_io import write_file
from papers import report_energy
from papers.report import analytic_checks, cycles, zero_load_probe

TITLE = "The realistic-loads paper on icnsim"
CITATION = ("Ridruejo, Navaridas, Miguel-Alonso, Izu, \"Evaluation of Congestion Control Mechanisms using "
            "Realistic Loads\" ([references](../references.md)), secs. III–V.")
FULL_LENGTH = (20000000, 0)  # burst and trace runs end when their schedule completes
QUICK_LENGTH = (20000000, 0)

RING, BURSTS = "platforms/ridruejo-ring64.yaml", "stimuli/burst-synchronized.yaml"
# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (99 %
# confidence intervals, NPB 2.4) and the plan's (a normalised time below GAIN counts as a gain).
STATED_NUMBERS = [99, 2.4, 0.97, *report_energy.STATED_NUMBERS]
CONTROLLERS = {"Base": ["congestion_control.type=none"],
               "IPR": ["congestion_control.type=ipr", "congestion_control.probability=1"],
               "LBR": ["congestion_control.type=lbr", "congestion_control.reserved_packets=3"]}
# Sec. V's patterns on 64 nodes; HR sends 25 % of the traffic to nodes 0-7.
PATTERNS = {"BC": ["stimulus.pattern.type=bit_complement"], "BR": ["stimulus.pattern.type=bit_reversal"],
            "PS": ["stimulus.pattern.type=perfect_shuffle"], "TR": ["stimulus.pattern.type=transpose"],
            "TO": ["stimulus.pattern.type=tornado"], "UN": ["stimulus.pattern.type=uniform"],
            "HR": ["stimulus.pattern.type=hot_region", "stimulus.pattern.fraction=0.25",
                   "stimulus.pattern.first=0", "stimulus.pattern.last=7"]}
# Kernels standing in for the NPB traces (scripts/make-trace; NPB traces are not available here):
# kernel -> make-trace arguments. 16-flit messages, the paper's packets.
KERNELS = {"alltoall": ["--iterations", "3"], "cg": ["--iterations", "20", "--compute", "50"],
           "stencil": ["--iterations", "30", "--compute", "50"], "tree": ["--iterations", "30"],
           "ring": ["--iterations", "60"]}


def burst_time(result):
    """Mean cycles to consume a burst, or NaN if the run did not complete."""
    if result["status"]["state"] != "completed" or result["schedule"].get("completion_cycles") is None:
        return math.nan
    return result["schedule"]["phase_durations"][0]["mean_cycles"]


def completion(result):
    if result["status"]["state"] != "completed" or result["schedule"].get("completion_cycles") is None:
        return math.nan
    return result["schedule"]["completion_cycles"]


def normalised(values, base):
    """Each seed's value over the mean of the base's: the paper's normalisation to the Base case."""
    reference = statistics.fmean(base)
    return [v / reference for v in values]


def make_traces(report, kernels):
    """Writes the kernels' 64-node traces and their stimuli beside the study's runs."""
    folder = report.study.cache.folder.parent / "traces"
    folder.mkdir(parents=True, exist_ok=True)
    stimuli = {}
    for kernel in kernels:
        arguments = list(KERNELS[kernel])
        if report.quick:  # --quick (CI): a quarter of the iterations, in a trace of its own name
            at = arguments.index("--iterations") + 1
            arguments[at] = str(max(1, int(arguments[at]) // 4))
        trace = folder / f"{kernel}-64{'-quick' if report.quick else ''}.trace"
        if not trace.exists():
            subprocess.run([sys.executable, str(ROOT / "scripts" / "make-trace"), kernel, "--nodes", "64", "--size", "16",
                            *arguments, "-o", str(trace)], check=True)
        stimulus = trace.with_suffix(".yaml")
        write_file(stimulus, f"name: trace-{kernel}-64\ndescription: scripts/make-trace {kernel} on 64 nodes\n"
                             f"trace: {trace.name}\n")
        stimuli[kernel] = str(stimulus)
    return stimuli


ROUTER_MATTERS = ("how much the base congests depends on the router, which the paper leaves to its simulator: see "
                  "\"What the rows depend on\" below")

# What the paper leaves to its simulator, INSEE (its ref. [15]), and the platform takes from it:
# a link carries one packet at a time, each input VC is its own crossbar input, and IPR serves the
# in-transit requests for an output VC first. Each alternative alone, then icnsim's router before
# issue 31 (all three), and, since the paper does not say how many headers INSEE routes at once, one
# routing unit per router: setting -> (its router keys, which apply to every controller; its IPR keys).
SETTINGS = {
    "the platform (INSEE's)": ([], []),
    "links shared flit by flit": (["router.link_allocation=flit"], []),
    "one crossbar input per physical channel": (["router.crossbar_inputs=per_channel"], []),
    "IPR: competition holds_or_requests": ([], ["congestion_control.competition=holds_or_requests"]),
    "all three (icnsim before)": (["router.link_allocation=flit", "router.crossbar_inputs=per_channel"],
                                  ["congestion_control.competition=holds_or_requests"]),
    "one routing unit per router (central)": (["router.header_arbiter=central"], []),
}


# The plan: every run of the report, by what it measures.

@dataclasses.dataclass
class Plan:
    sizes: dict              # burst size b -> (seeds, bursts per run): Fig. 2
    patterns: list
    bursts: dict             # (controller, pattern, b, seed) -> run
    kernels: list            # Fig. 3
    trace_seeds: int
    traces: dict             # (controller, kernel, seed) -> run
    router_sizes: dict       # b -> (seeds, bursts per run) of the router comparison (its own, smaller)
    alternatives: dict       # (setting, controller, pattern or kernel, b or None, seed) -> run, on another router
    probe: str               # a lightly loaded run, for the analytical check


def plan_runs(report):
    study, quick = report.study, report.quick
    # Burst sizes with the seeds and bursts per run each can afford (a burst of 10,000 packets per
    # node takes the base over a million cycles on this ring).
    sizes = {10: (2, 2), 100: (2, 1)} if quick else {10: (10, 10), 100: (10, 3), 1000: (3, 1), 10000: (1, 1)}
    patterns = ["UN", "TR", "BC"] if quick else list(PATTERNS)
    bursts = {(c, p, b, s): study.submit(RING, BURSTS, [*CONTROLLERS[c], *PATTERNS[p], f"stimulus.injection.packets={b}",
                                                        f"stimulus.repeat={repeat}", f"simulation.seed={s}",
                                                        "simulation.sample_interval=10000"])
              for c in CONTROLLERS for p in patterns for b, (seeds, repeat) in sizes.items()
              for s in range(1, seeds + 1)}
    kernels = ["alltoall", "cg"] if quick else list(KERNELS)
    trace_seeds = 2 if quick else 10
    stimuli = make_traces(report, kernels)
    traces = {(c, k, s): study.submit(RING, stimuli[k], [*CONTROLLERS[c], f"simulation.seed={s}",
                                                          "simulation.sample_interval=10000"])
              for c in CONTROLLERS for k in kernels for s in range(1, trace_seeds + 1)}
    # Fig. 2 at b = 10 and 1,000 and Fig. 3 under each of SETTINGS, each against the base on the same
    # router; the platform's own runs are the report's.
    router_sizes = {10: (2, 2), 100: (2, 1)} if quick else {10: (10, 10), 1000: (3, 1)}
    alternatives = {}
    for name, (router, ipr) in SETTINGS.items():
        if not router and not ipr:
            continue
        for c in CONTROLLERS:
            if c != "IPR" and not router:
                continue  # the base and LBR are the platform's own runs
            own = [*router, *(ipr if c == "IPR" else [])]
            for b, (seeds, repeat) in router_sizes.items():
                for p in patterns:
                    for s in range(1, seeds + 1):
                        alternatives[(name, c, p, b, s)] = study.submit(
                            RING, BURSTS, [*CONTROLLERS[c], *PATTERNS[p], *own, f"stimulus.injection.packets={b}",
                                           f"stimulus.repeat={repeat}", f"simulation.seed={s}"])
            for k in kernels:
                for s in range(1, trace_seeds + 1):
                    alternatives[(name, c, k, None, s)] = study.submit(RING, stimuli[k], [*CONTROLLERS[c], *own,
                                                                                          f"simulation.seed={s}"])
    probe = zero_load_probe(study, RING)
    return Plan(sizes, patterns, bursts, kernels, trace_seeds, traces, router_sizes, alternatives, probe)


# The measures: the numbers the report shows, from the runs.

@dataclasses.dataclass
class Measures:
    fig2: dict               # (controller, pattern, b) -> (time per burst normalised to the base, mean cycles)
    fig2_seeds: list         # every seed's time per burst, for the figure
    fig3: dict               # (controller, kernel) -> (completion time normalised to the base, mean cycles)
    fig3_seeds: list
    largest_burst: float     # the base's mean cycles per burst at the largest b (NaN if none completed)
    by_router: dict          # setting -> (worst IPR / Base at b = 10, worst LBR / Base, patterns helped at the
                             # router comparison's largest b, largest |LBR − IPR| on the traces)


def measure(report, plan):
    study = report.study
    def values(runs, measure, c, *key):
        return [measure(study.result(run)) for (cc, *rest), run in runs.items() if cc == c and tuple(rest[:-1]) == key]

    fig2, fig2_seeds = {}, []
    for b in plan.sizes:
        for p in plan.patterns:
            base = values(plan.bursts, burst_time, "Base", p, b)
            for c in CONTROLLERS:
                mine = values(plan.bursts, burst_time, c, p, b)
                fig2[(c, p, b)] = (statistics.fmean(normalised(mine, base)), statistics.fmean(mine))
                fig2_seeds += [{"controller": c, "case": f"{p}, b={b}", "time": v} for v in mine]
    fig3, fig3_seeds = {}, []
    for k in plan.kernels:
        base = values(plan.traces, completion, "Base", k)
        for c in CONTROLLERS:
            mine = values(plan.traces, completion, c, k)
            fig3[(c, k)] = (statistics.fmean(normalised(mine, base)), statistics.fmean(mine))
            fig3_seeds += [{"controller": c, "kernel": k, "time": v} for v in mine]
    largest = max(plan.sizes)
    taken = [burst_time(study.result(run)) for (c, _, b, _), run in plan.bursts.items() if c == "Base" and b == largest]
    largest_burst = sum(taken) / len(taken)

    def results(name, c, key, b):
        """Controller c's results on a pattern at burst size b, or on a kernel (b None)."""
        if c != "IPR" and not SETTINGS[name][0]:
            name = "the platform (INSEE's)"
        if name == "the platform (INSEE's)":
            if b is None:
                return [study.result(r) for (cc, k, _), r in plan.traces.items() if (cc, k) == (c, key)]
            return [study.result(r) for (cc, p, bb, s), r in plan.bursts.items()
                    if (cc, p, bb) == (c, key, b) and s <= plan.router_sizes[b][0]]
        return [study.result(r) for (n, cc, k, bb, _), r in plan.alternatives.items() if (n, cc, k, bb) == (name, c, key, b)]

    def ratio(name, c, key, b):
        measure = completion if b is None else burst_time
        base = [measure(r) for r in results(name, "Base", key, b)]
        return statistics.fmean(normalised([measure(r) for r in results(name, c, key, b)], base))

    large = max(plan.router_sizes)
    by_router = {}
    for name in SETTINGS:
        by_router[name] = (max(ratio(name, "IPR", p, 10) for p in plan.patterns),
                           max(ratio(name, "LBR", p, 10) for p in plan.patterns),
                           [p for p in plan.patterns
                            if p != "BC" and min(ratio(name, c, p, large) for c in ("IPR", "LBR")) < GAIN],
                           max(abs(ratio(name, "LBR", k, None) - ratio(name, "IPR", k, None)) for k in plan.kernels))
    return Measures(fig2, fig2_seeds, fig3, fig3_seeds, largest_burst, by_router)


# The tables and figures.

def bursts_section(report, plan, m):
    report.write("## Fig. 2 — burst-synchronized traffic\n")
    report.write("Each node injects b packets as fast as the network takes them; the next burst starts when every "
                 "packet of the last one, network-wide, is consumed. Time to consume a burst, normalised to the "
                 "base (mean over seeds, 99 % confidence interval). Seeds × bursts per run: " +
                 ", ".join(f"b = {b:,}: {s} × {r}" for b, (s, r) in plan.sizes.items()) + ".\n")
    figure = plot.plot_bars(m.fig2_seeds, "time", "controller", "case", "Base", "time to consume a burst, normalised to Base")
    report.figure(figure, "fig2", "Fig. 2: time per burst normalised to the base")
    report.write("| b | pattern | Base (cycles per burst) | IPR / Base | LBR / Base |\n|---|---|---|---|---|")
    for b in plan.sizes:
        for p in plan.patterns:
            report.write(f"| {b:,} | {p} | {cycles(m.fig2[('Base', p, b)][1])} | {m.fig2[('IPR', p, b)][0]:.3f} | "
                         f"{m.fig2[('LBR', p, b)][0]:.3f} |")
    report.write("")


def traces_section(report, plan, m):
    report.write("## Fig. 3 — trace-driven traffic\n")
    report.write("The NPB traces of the paper are not available; generated kernels stand in for them "
                 "(`scripts/make-trace`, 64 nodes, 16-flit messages; docs/stimuli.md), replayed as fast as "
                 "causality allows (a node's sends after a receive wait for it), as in the paper. Completion time "
                 f"normalised to the base, {plan.trace_seeds} seeds.\n")
    report.figure(plot.plot_bars(m.fig3_seeds, "time", "controller", "kernel", "Base", "completion time, normalised to Base"),
                  "fig3", "Fig. 3: trace completion time normalised to the base")
    report.write("| kernel | Base (cycles) | IPR / Base | LBR / Base |\n|---|---|---|---|")
    for k in plan.kernels:
        report.write(f"| {k} | {cycles(m.fig3[('Base', k)][1])} | {m.fig3[('IPR', k)][0]:.3f} | "
                     f"{m.fig3[('LBR', k)][0]:.3f} |")
    report.write("")


def router_section(report, plan, m):
    largest = max(plan.sizes)
    platform_only = ("" if largest in plan.router_sizes else
                     f" The b = {largest:,} rows of the tables above are run on the platform only (a burst takes "
                     f"the base {cycles(m.largest_burst)} cycles on average).")
    report.write("## What the rows depend on: the router the paper leaves to its simulator\n")
    report.write("The paper does not describe its routers beyond sec. IV; they are those of its simulator, INSEE (its "
                 "ref. [15]), which moves a link's phits packet by packet, pulls each output's phits from the input "
                 "VC queue that holds it (a crossbar input per VC) and, under IPR, serves the in-transit requests for "
                 "an output VC before the injection ports'. The platform does the same (`router.link_allocation: "
                 "packet`, `router.crossbar_inputs: per_lane`, IPR's `competition: requests`). How many headers "
                 "INSEE routes at once the paper does not say: the platform routes every input VC's header in "
                 "parallel (`router.header_arbiter: parallel`), and the last row gives each router one routing "
                 "unit that takes one header per cycle (`central`). Below, each "
                 "alternative alone and the first three together (icnsim's router before issue 31), each normalised "
                 "to the base on the same router. " +
                 ", ".join(f"b = {b:,}: {s} seeds × {r} bursts" for b, (s, r) in plan.router_sizes.items()) +
                 f"; traces: {plan.trace_seeds} seeds." + platform_only + "\n")
    report.write("| router | worst IPR / Base, b = 10 | worst LBR / Base, b = 10 | patterns with IPR or LBR below "
                 f"{GAIN}, b = {max(plan.router_sizes):,} | largest \\|LBR − IPR\\|, traces |\n|---|---|---|---|---|")
    others = len([p for p in plan.patterns if p != "BC"])
    for name, (ipr, lbr, helped, spread) in m.by_router.items():
        report.write(f"| {name} | {ipr:.3f} | {lbr:.3f} | {len(helped)} of {others} "
                     f"({', '.join(helped) or 'none'}) | {spread:.3f} |")
    report.write("")


# The claims, one function each, with the margin it is judged by.

SLIGHT_HARM = 1.03   # the paper's "at most about 1 % slower", with the seeds' spread
GAIN = 0.97          # a normalised time below this counts as a gain
GROWING = 0.005      # the larger b counts as at least as good within this
ABOUT_ONE = 0.03     # "about 1", "very similarly": within this of 1, or of each other
NEGLIGIBLE = 0.04    # the paper's "at most about 4 %" between IPR and LBR on traces


def claim_small_bursts(report, plan, m):
    small = min(plan.sizes)
    harm = max(max(m.fig2[(c, p, small)][0] for c in ("IPR", "LBR")) for p in plan.patterns)
    report.claim("2", f"b = {small}: congestion control is ineffective or slightly harmful (at most about 1 % slower)",
                 "≤ about 1.01", f"worst {harm:.3f}", harm <= SLIGHT_HARM)


def claim_large_bursts(report, plan, m):
    large = max(plan.sizes)
    gain = {p: min(m.fig2[(c, p, large)][0] for c in ("IPR", "LBR")) for p in plan.patterns}
    helped = [p for p in plan.patterns if p != "BC" and gain[p] < GAIN]
    others = [p for p in plan.patterns if p != "BC"]
    report.claim("2", f"b = {large:,}: congestion control is beneficial for most patterns", "below 1 for most",
                 f"below {GAIN} on {len(helped)} of {len(others)} ({', '.join(helped) or 'none'})",
                 len(helped) > len(others) / 2,
                 "" if len(helped) > len(others) / 2 else ROUTER_MATTERS)


def claim_growing(report, plan, m):
    small, large = min(plan.sizes), max(plan.sizes)
    trend = [p for p in plan.patterns if min(m.fig2[(c, p, large)][0] for c in ("IPR", "LBR"))
             <= min(m.fig2[(c, p, small)][0] for c in ("IPR", "LBR")) + GROWING]
    report.claim("2", "improvements grow with b", "growing", f"larger b at least as good on {len(trend)} of "
                 f"{len(plan.patterns)} patterns", len(trend) >= len(plan.patterns) - 1,
                 "" if len(trend) >= len(plan.patterns) - 1 else ROUTER_MATTERS)


def claim_bit_complement(report, plan, m):
    if "BC" not in plan.patterns:
        return
    bc = [m.fig2[(c, "BC", b)][0] for c in ("IPR", "LBR") for b in plan.sizes]
    report.claim("2", "BC: neither benefit nor harm (two bottleneck links at 100 %)", "about 1",
                 f"{min(bc):.3f} … {max(bc):.3f}", all(abs(v - 1) <= ABOUT_ONE for v in bc))


def claim_similar(report, plan, m):
    lbr_vs_ipr = statistics.fmean(m.fig2[("LBR", p, b)][0] - m.fig2[("IPR", p, b)][0]
                                  for p in plan.patterns for b in plan.sizes)
    report.claim("2", "IPR and LBR perform very similarly, LBR slightly better on average", "LBR − IPR slightly < 0",
                 f"mean LBR − IPR {lbr_vs_ipr:+.3f}", abs(lbr_vs_ipr) <= ABOUT_ONE)


def claim_traces_similar(report, plan, m):
    spread = max(abs(m.fig3[("LBR", k)][0] - m.fig3[("IPR", k)][0]) for k in plan.kernels)
    report.claim("3", "with traces, IPR and LBR differ negligibly (at most about 4 %)", "≤ 0.04",
                 f"largest |LBR − IPR| {spread:.3f}", spread <= NEGLIGIBLE)


def claim_heavy(report, plan, m):
    heavy = m.fig3[("LBR", "alltoall")][0] if "alltoall" in plan.kernels else math.nan
    report.claim("3", "communication-heavy applications gain from congestion control (BT, IS, LU, MG, SP: 6–21 %); "
                 "here the saturating all-to-all", "0.79–0.94", f"{heavy:.3f}", heavy < GAIN,
                 "" if heavy < GAIN else "the generated all-to-all is not the NPB kernels' traffic")


def energy_section(report, plan):
    """The controllers' cost in router events on Fig. 3's traces (seed 1): no DSENT row prices the ring."""
    result = report.study.result
    report.write("## What the controllers cost in router events (Fig. 3's traces)\n")
    report.write(report_energy.unpriced("virtual cut-through queues of 64 flits and one crossbar input per VC; the "
                                        f"table's VCs hold at most {report.derived(report_energy.deepest_row())} flits, behind one "
                                        "crossbar input per port") + " Seed 1:\n")
    report_energy.counts_table(report, ["kernel", "controller"], [
        ([k, c], result(plan.traces[(c, k, 1)])) for k in plan.kernels for c in CONTROLLERS])


def render(report, plan, m):
    analytic_checks(report, plan.probe)
    bursts_section(report, plan, m)
    claim_small_bursts(report, plan, m)
    claim_large_bursts(report, plan, m)
    claim_growing(report, plan, m)
    claim_bit_complement(report, plan, m)
    claim_similar(report, plan, m)
    traces_section(report, plan, m)
    claim_traces_similar(report, plan, m)
    router_section(report, plan, m)
    claim_heavy(report, plan, m)
    energy_section(report, plan)
    report.write(NOTES)


NOTES = """## Set-up (sec. IV) and where icnsim differs

| paper | icnsim |
|---|---|
| 64-node ring, virtual cut-through, 1 escape VC under bubble flow control + 2 adaptive VCs, queues of 4 packets of 16 phits | `platforms/ridruejo-ring64.yaml` |
| two pre-routed injection ports, I+ and I− | `injection_channels: 2`, `injection_dispatch: by_direction` |
| IPR with P = 1, LBR with B = 3 | `congestion_control.type: ipr` (`probability: 1`), `lbr` (`reserved_packets: 3`) |
| 10 runs per point, 99 % confidence intervals, normalised to the base | the seeds the report names; intervals over them where there are two or more |
| NPB 2.4 class A traces on 64 processes, replayed as fast as causality allows | generated kernels (the NPB traces are not available), replayed the same way |
"""
