"""Software on the network: the RISC-V programs of software/programs/ on a core per node (docs/cores.md),
each under every congestion controller, two routings and two flit widths, the central barrier against
the tree, the stencil and the barriers as the network grows, and the programs beside synthetic traffic
of the same volume — where a program's answer differs from what a synthetic curve predicts, and why.

Not a paper's reproduction: its claims are what an architect expects from queueing theory and from the
controllers' papers, each judged by the runs. In four parts, as scripts/papers/dragonfly.py: the plan
(`plan_runs`), the measures (`measure`), the tables and figures, and the claims with their margins."""
import dataclasses
import math

import plot
from icnsim_runs import BUILD
from papers import report_energy
from papers.measures import mean_latency, throttled_share
from papers.report import cycles
from tool_io import ToolError

TITLE = "Programs on the network: what routing and congestion control do to software's run time"
CITATION = ("icnsim's RISC-V cores (docs/cores.md) running the programs of `software/programs/`, on the "
            "congestion controllers of the self-tuned, Trans-t, entropy and ring papers and ALO "
            "([references](../references.md)).")
FULL_LENGTH = (20000, 2000)   # the synthetic runs (cycles, warm-up); a program runs until its last core halts
QUICK_LENGTH = (6000, 1000)

PLATFORM = "platforms/cores-8x8.yaml"
# Three VCs under both routings: Duato's protocol on a torus needs two escape classes and an adaptive VC,
# and dimension-order routing gets the same buffers so that the routings, not the VC counts, differ.
VCS = 3
ROUTINGS = {"DOR": ["routing.type=dimension_order", f"router.virtual_channels={VCS}"],
            "Duato": ["routing.type=duato", f"router.virtual_channels={VCS}"]}
# The ring paper's LBR restricts injection into the adaptive VCs beside bubble escape VCs under virtual
# cut-through: it runs on that network only (32-flit buffers hold two of the longest messages), beside none
# and IPR there.
BUBBLE = ["routing.type=bubble", "router.switching=virtual_cut_through", "router.buffer_depth=32",
          f"router.virtual_channels={VCS}"]
# Parameters no paper gives for an 8×8 torus are swept: Trans-t's Table 1 has no u1 for it, the
# static threshold is the self-tuned paper's foil at both of its Fig. 6 values.
CONTROLLERS = {"none": ["congestion_control.type=none"],
               "self-tuned": ["congestion_control.type=self_tuned"],
               "ALO": ["congestion_control.type=alo"],
               "static 50": ["congestion_control.type=static_threshold", "congestion_control.threshold=50"],
               "static 250": ["congestion_control.type=static_threshold", "congestion_control.threshold=250"],
               "entropy": ["congestion_control.type=entropy"],
               "IPR": ["congestion_control.type=ipr"],
               "Trans-t u1=2": ["congestion_control.type=trans_t", "congestion_control.u1=2"],
               "Trans-t u1=4": ["congestion_control.type=trans_t", "congestion_control.u1=4"]}
QUICK_CONTROLLERS = ["none", "self-tuned", "entropy", "Trans-t u1=2"]
BUBBLE_CONTROLLERS = {"none": ["congestion_control.type=none"], "IPR": ["congestion_control.type=ipr"],
                      "LBR": ["congestion_control.type=lbr"]}
QUICK_BUBBLE = ["none", "LBR"]
# name -> (program, its arguments in full, at --quick)
PROGRAMS = {"reduce": ("reduce", "4096", "512"),
            "token ring": ("token_ring", "10", "2"),
            "transpose": ("transpose", "4", "2"),
            "stencil": ("stencil", "16 10", "8 2"),
            "gups": ("gups", "4096 1024", "512 256"),
            "alltoall": ("alltoall", "256 2", "64 1"),
            "barrier, central": ("barrier", "0 20", "0 4"),
            "barrier, tree": ("barrier", "1 20", "1 4")}
BARRIERS = {"barrier, central": 0, "barrier, tree": 1}
RADICES, QUICK_RADICES = [4, 8, 16], [4, 8]
# Two widths of the same network: the platform's 16-byte flits, and 4-byte ones (a 32-bit network, where a
# message's words each take a flit): the narrow one is where the programs come nearest to saturating it.
# Each priced by DSENT's row of its own width (a 5-port router with 3 VCs of 8 flits).
WIDTHS = {"16-byte flits": ["tlm.flit_bytes=16", "energy.flit_bits=128", "energy.preset=dsent_45nm"],
          "4-byte flits": ["tlm.flit_bytes=4", "energy.flit_bits=32", "energy.preset=dsent_45nm"]}
WIDE = "16-byte flits"

# The claims' margins (scripts/papers/report_numbers.py: numbers the report states): a run time within
# SAME of another's is the same; a program offering less than LIGHT of the network's capacity is light;
# a synthetic latency within PREDICTS of the program's predicts it; weak scaling holds within FLAT.
SAME, LIGHT, PREDICTS, FLAT = 0.01, 0.05, 0.25, 0.10
NEAR = 0.75  # a program's traffic is nearer than uniform below this share of its twin's mean hops
WINDOW = 1000  # cycles per time-series sample (simulation.sample_period's default)
STATED_NUMBERS = [SAME, LIGHT, PREDICTS, FLAT, NEAR, 90, 100 * SAME, 100 * LIGHT, 100 * PREDICTS, 100 * FLAT, WINDOW,
                  VCS, 32, 8, 16, 50, 250, 2, 4, 4096, 10, 1024, 256, 20, 0, 1, 64, 512,
                  *RADICES, *[r * r for r in RADICES], *report_energy.STATED_NUMBERS]


def elf(program):
    path = BUILD / "software" / f"{program}.elf"
    if not path.exists():
        raise ToolError(f"reproduce cosim: {path}: the program is not built (allowed: a build with the RISC-V "
                        "cross-compiler, which scripts/setup installs)")
    return str(path)


# The plan: every run of the report, by what it measures.

@dataclasses.dataclass
class Plan:
    controllers: list   # names of CONTROLLERS run
    bubble: list        # names of BUBBLE_CONTROLLERS run
    radices: list
    programs: dict      # (program, width, routing, controller) -> run; routing "bubble" for BUBBLE (16-byte flits)
    scaling: dict       # ("stencil", radix) or (barrier, radix, how many) -> run (none, DOR)
    barriers: int       # the barrier runs' shorter count (the longer one is twice it)
    synthetic: dict     # key of programs -> the uniform run of that program's volume
    shapes: dict        # (program, width, routing) -> (flits/node/cycle, packet length) its synthetic twins were given
    one_cycle_hops: dict  # (program, controller) -> the program (16-byte flits, DOR) on routers of one-cycle hops


def program_run(study, name, quick, settings, arguments=None):
    program, full, reduced = PROGRAMS[name]
    arguments = arguments or (reduced if quick else full)
    return study.submit(PLATFORM, elf(program), [f"software.arguments={arguments}", *settings], length=False)


def barrier_count(quick):
    return int(PROGRAMS["barrier, central"][2 if quick else 1].split()[1])


def plan_runs(report):
    study, quick = report.study, report.quick
    controllers = QUICK_CONTROLLERS if quick else list(CONTROLLERS)
    bubble = QUICK_BUBBLE if quick else list(BUBBLE_CONTROLLERS)
    radices = QUICK_RADICES if quick else RADICES
    programs = {}
    for name in PROGRAMS:
        for w, width in WIDTHS.items():
            for r, routing in ROUTINGS.items():
                for c in controllers:
                    programs[(name, w, r, c)] = program_run(study, name, quick, [*width, *routing, *CONTROLLERS[c]])
        for c in bubble:  # 32-flit buffers: no DSENT row prices them
            programs[(name, WIDE, "bubble", c)] = program_run(study, name, quick, [*BUBBLE, *BUBBLE_CONTROLLERS[c]])
    # A barrier's cost is the difference between runs of n and 2n barriers, over n: start-up and the
    # final check cancel out.
    grown = [f"network.radix={k}" for k in radices]
    uncontrolled = [*WIDTHS[WIDE], *ROUTINGS["DOR"], *CONTROLLERS["none"]]
    n = barrier_count(quick)
    scaling = {("stencil", k): program_run(study, "stencil", quick, [size, *uncontrolled])
               for k, size in zip(radices, grown)}
    for name, kind in BARRIERS.items():
        for count in (n, 2 * n):
            for k, size in zip(radices, grown):
                scaling[(name, k, count)] = program_run(study, name, quick, [size, *uncontrolled], f"{kind} {count}")
    # Each program's synthetic twin: uniform traffic of its volume (flits/node/cycle over its whole run)
    # in packets of its mean length, on the same network and controller. Planned from the programs' own
    # results as they ran (never a perturbed render's), so that every render asks for the same runs.
    study.execute()
    shapes = {}
    for (name, w, r, c), run in programs.items():
        if c == "none":  # the network's longest packet differs between the routings' buffers
            result = study.unperturbed_result(run)
            length = max(1, round(sum(result["per_node"]["delivered_flits"]) / max(1, result["packets"]["delivered"])))
            shapes[(name, w, r)] = (float(f"{result['throughput']['accepted_flits_per_node_cycle']:.3g}"), length)
    synthetic = {}
    for (name, w, r, c), _ in programs.items():
        rate, length = shapes[(name, w, r)]
        # The width is in the twin's packet length (tlm.flit_bytes sizes only a core's packets).
        settings = [*(BUBBLE if r == "bubble" else ROUTINGS[r]),
                    *(BUBBLE_CONTROLLERS[c] if r == "bubble" else CONTROLLERS[c]), "processor.type=generator",
                    "stimulus.pattern.type=uniform", "stimulus.injection.unit=flits",
                    f"stimulus.injection.rate={rate}", f"stimulus.packet_length={length}"]
        synthetic[(name, w, r, c)] = study.submit(PLATFORM, "stimuli/uniform.yaml", settings)
    # Entropy's thresholds are its paper's, for routers whose flits move every cycle
    # (platforms/entropy-32x32.yaml: no routing or crossbar delay): the programs again on such routers.
    one_cycle_hops = {(name, c): program_run(study, name, quick, [
        *WIDTHS[WIDE], *ROUTINGS["DOR"], *CONTROLLERS[c], "router.routing_delay=0", "router.crossbar_delay=0"])
        for name in PROGRAMS for c in ("none", "entropy")} if "entropy" in controllers else {}
    return Plan(controllers, bubble, radices, programs, scaling, n, synthetic, shapes, one_cycle_hops)


# The measures: the numbers the report shows, from the runs.

@dataclasses.dataclass
class Program:
    passed: bool
    cycles: float        # the program's time (its last core's halt), NaN if it did not finish
    instructions: float
    stalled: float       # share of the cores' cycles spent waiting on the network
    load: float          # accepted flits/node/cycle over the run
    peak: float          # the highest WINDOW-cycle sample of it
    latency: float       # mean packet latency, creation to delivery (cycles)
    hops: float
    packets: float
    throttled: float     # share of node-cycles throttled


def program_measures(result):
    finished = result["status"]["state"] == "completed" and result["program"]["cycles"] is not None
    p = result["program"]
    nodes = len(result["cores"]["exit_status"])
    series = [x for x in result["time_series"]["accepted"] if x is not None]
    return Program(bool(p["passed"]) and finished, p["cycles"] if finished else math.nan, p["instructions"],
                   p["stall_cycles"] / (nodes * p["cycles"]) if finished and p["cycles"] else math.nan,
                   result["throughput"]["accepted_flits_per_node_cycle"], max(series, default=math.nan),
                   result["latency"]["mean"] if result["latency"]["mean"] is not None else math.nan,
                   result["mean_hops"] if result["mean_hops"] is not None else math.nan,
                   result["packets"]["delivered"], throttled_share(result))


@dataclasses.dataclass
class Measures:
    nodes: int
    capacity: float      # uniform capacity of the 8×8 torus, flits/node/cycle
    programs: dict       # key of Plan.programs -> Program
    scaling: dict        # key of Plan.scaling -> Program
    synthetic: dict      # key of Plan.synthetic -> mean latency (cycles)
    synthetic_hops: dict  # (program, width) -> mean hops of its synthetic twin (DOR, none)
    energy: dict         # key of Plan.programs -> (total pJ 45 nm, 22 nm, leakage share), priced runs
    one_cycle_hops: dict   # key of Plan.one_cycle_hops -> Program


def measure(report, plan):
    study = report.study
    base = study.result(plan.programs[("reduce", WIDE, "DOR", "none")])
    programs = {k: program_measures(study.result(run)) for k, run in plan.programs.items()}
    scaling = {k: program_measures(study.result(run)) for k, run in plan.scaling.items()}
    synthetic = {k: mean_latency(study.result(run)) for k, run in plan.synthetic.items()}
    one_cycle_hops = {k: program_measures(study.result(run)) for k, run in plan.one_cycle_hops.items()}
    synthetic_hops = {(name, w): study.result(plan.synthetic[(name, w, "DOR", "none")])["mean_hops"]
                      for name in PROGRAMS for w in WIDTHS}
    energy = {}
    for k, run in plan.programs.items():
        if k[2] == "bubble":
            continue
        r = study.result(run)
        rows = report_energy.own_row(r)
        energy[k] = (report_energy.total(r, rows)[0], report_energy.total(r, rows, "dsent_22nm")[0],
                     report_energy.leakage_share(r, rows)[0])
    return Measures(report.derived(len(base["cores"]["exit_status"])),
                    report.derived(base["network"]["uniform_capacity_flits_per_node_cycle"]),
                    programs, scaling, synthetic, synthetic_hops, energy, one_cycle_hops)


def relative(m, name, width, routing, controller):
    """The program's time under CONTROLLER over its time uncontrolled, on the same network."""
    return m.programs[(name, width, routing, controller)].cycles / m.programs[(name, width, routing, "none")].cycles


def base(m, name, width=WIDE):
    return m.programs[(name, width, "DOR", "none")]


def light(m, name, width):
    """Light: its busiest WINDOW cycles stay under LIGHT of the capacity (queues build in bursts, not on
    average)."""
    return base(m, name, width).peak < LIGHT * m.capacity


def heaviest(m):
    """The program and width whose busiest WINDOW cycles load the network most."""
    return max(((n, w) for n in PROGRAMS for w in WIDTHS), key=lambda k: base(m, *k).peak)


def networks():
    """(width, routing) of the controller comparison, then the bubble network's."""
    return [(w, r) for w in WIDTHS for r in ROUTINGS] + [(WIDE, "bubble")]


def controllers_of(plan, routing):
    return plan.bubble if routing == "bubble" else plan.controllers


def network_name(width, routing):
    return f"{width}, {'bubble, VCT' if routing == 'bubble' else routing}"


# The tables and figures.

def programs_section(report, plan, m):
    report.write("## The programs and the traffic they make\n")
    report.write(f"{m.nodes} rv32imac cores on an 8×8 torus (`{PLATFORM}`), one instruction per cycle, {VCS} VCs "
                 "of 8 flits, dimension-order routing and no congestion control, on the platform's 16-byte flits and "
                 "on 4-byte ones; each program with the arguments below. Its load is the flits delivered per node "
                 f"and cycle over its whole run; its peak the busiest {WINDOW}-cycle sample of it; stalled the share "
                 f"of the cores' cycles spent waiting on the network. The torus carries {m.capacity:.2f} "
                 "flits/node/cycle of uniform traffic (its bisection).\n")
    report.write("| program | arguments | flits | cycles | instructions | stalled | load (flits/node/cycle) | peak "
                 "| mean latency (cycles) | mean hops | packets |\n|---|---|---|---|---|---|---|---|---|---|---|")
    for name, (_, full, reduced) in PROGRAMS.items():
        for w in WIDTHS:
            p = base(m, name, w)
            report.write(f"| {name} | {reduced if report.quick else full} | {w.split()[0]} | {cycles(p.cycles)} | "
                         f"{p.instructions:,.0f} | {100 * p.stalled:.1f} % | {decimal(p.load)} | {decimal(p.peak)} | "
                         f"{p.latency:.1f} | {p.hops:.2f} | {p.packets:,.0f} |")
    name, w = heaviest(m)
    h = base(m, name, w)
    report.write(f"\nAt one instruction per cycle the cores, not the network, set most programs' pace. {name} with "
                 f"{w} loads the network most: {h.load:.3f} flits/node/cycle over its run, "
                 f"{h.peak:.3f} ({100 * h.peak / m.capacity:.0f} % of capacity) in its busiest {WINDOW} cycles. "
                 "A core that touches each word it sends or receives spends a few instructions on it, while a "
                 "16-byte flit carries four: only where many nodes send at once, or the flits are narrow, do queues "
                 "form.\n")


def controllers_section(report, plan, m):
    report.write("## Each program under every controller and two routings\n")
    report.write("The program's time under each controller over its time with none on the same network (1.000: "
                 "the same; below: faster); the last rows give the uncontrolled times in cycles. Self-tuned and the "
                 "static thresholds gather a network-wide count over the sideband; ALO and Trans-t judge each "
                 "router's channels; entropy reads the entropy circuit; IPR gives in-transit packets priority "
                 "(docs/congestion-control.md). Trans-t's u1 and the static threshold are swept: no paper gives "
                 "them for this network.\n")
    names = list(PROGRAMS)
    report.write("| network | controller | " + " | ".join(names) + " |\n|---|---|" + "---|" * len(names))
    for w, r in networks():
        for c in controllers_of(plan, r)[1:]:
            report.write(f"| {network_name(w, r)} | {c} | " +
                         " | ".join(f"{relative(m, n, w, r, c):.3f}" for n in names) + " |")
    for w, r in networks():
        report.write(f"| {network_name(w, r)} | none (cycles) | " +
                     " | ".join(cycles(m.programs[(n, w, r, 'none')].cycles) for n in names) + " |")
    report.write("")
    report.figure(controller_bars(plan, m), "controllers",
                  "Each program's run time under each controller, normalised to none on the same network")
    keys = [(n, w, r, c) for n in names for w, r in networks() for c in controllers_of(plan, r)[1:]]
    worst, best = max(keys, key=lambda k: relative(m, *k)), min(keys, key=lambda k: relative(m, *k))
    report.write(f"The largest slowdown a controller causes: {worst[3]} on {worst[0]} ({network_name(*worst[1:3])}), "
                 f"{relative(m, *worst):.3f} of none's time, throttling its nodes "
                 f"{100 * m.programs[worst].throttled:.1f} % of the time; the largest gain: {best[3]} on {best[0]} "
                 f"({network_name(*best[1:3])}), {relative(m, *best):.3f}. Duato's adaptive routing against dimension "
                 "order, uncontrolled, 4-byte flits: " + ", ".join(
                     f"{n} {m.programs[(n, '4-byte flits', 'Duato', 'none')].cycles / base(m, n, '4-byte flits').cycles:.3f}"
                     for n in names) + ".\n")
    if "entropy" not in plan.controllers:
        return
    report.write("Entropy's thresholds are its paper's (throttle while fewer than 90 % of the buffers holding a "
                 "flit moved it), for routers whose flits move every cycle (`platforms/entropy-32x32.yaml`: no "
                 "routing or crossbar delay); here a flit waits a cycle in each buffer for its route. Each "
                 "program under entropy, 16-byte flits and DOR, on this platform's routers and on routers of "
                 "one-cycle hops (its time over none's on the same routers, and the share of node-cycles "
                 "throttled):\n")
    report.write("| routers | " + " | ".join(names) + " |\n|---|" + "---|" * len(names))
    report.write("| the platform's | " + " | ".join(
        f"{relative(m, n, WIDE, 'DOR', 'entropy'):.3f}, {100 * m.programs[(n, WIDE, 'DOR', 'entropy')].throttled:.1f} %"
        for n in names) + " |")
    report.write("| one-cycle hops | " + " | ".join(
        f"{m.one_cycle_hops[(n, 'entropy')].cycles / m.one_cycle_hops[(n, 'none')].cycles:.3f}, "
        f"{100 * m.one_cycle_hops[(n, 'entropy')].throttled:.1f} %" for n in names) + " |\n")


def controller_bars(plan, m):
    """One panel per network: a group of bars per program, one bar per controller, each its time over none's."""
    names, panels = list(PROGRAMS), [(w, r) for w in WIDTHS for r in ROUTINGS]
    figure, axes = plot.plt.subplots(len(panels), 1, figsize=(12, 3.2 * len(panels)), squeeze=False)
    controllers = plan.controllers[1:]
    width = 0.8 / len(controllers)
    for ax, (w, r) in zip(axes.flat, panels):
        for j, c in enumerate(controllers):
            ax.bar([i + j * width for i in range(len(names))], [relative(m, n, w, r, c) for n in names], width, label=c)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_xticks([i + width * (len(controllers) - 1) / 2 for i in range(len(names))], names, fontsize=8)
        ax.set_ylabel("run time, normalised to none")
        ax.set_title(network_name(w, r), fontsize=10)
        ax.grid(True, axis="y", alpha=0.3)
        ax.legend(fontsize=7, ncol=4)
    figure.tight_layout()
    return figure


def per_barrier(plan, m, name, k):
    n = plan.barriers
    return (m.scaling[(name, k, 2 * n)].cycles - m.scaling[(name, k, n)].cycles) / n


def barrier_section(report, plan, m):
    report.write("## Barriers and the stencil as the network grows\n")
    report.write("Dimension-order routing, no congestion control, the same arguments on every size: the "
                 "stencil's block per node is fixed (weak scaling). The central barrier sends 2(N − 1) messages "
                 "through node 0; the dissemination tree ⌈log2 N⌉ rounds of one message per node. A barrier's "
                 f"cycles are the difference between runs of {plan.barriers} and {2 * plan.barriers} barriers, over "
                 f"{plan.barriers}: the programs' start-up and checks cancel out.\n")
    report.write("| nodes | stencil (cycles) | central barrier (cycles per barrier) | tree barrier (cycles per "
                 "barrier) | central / tree |\n|---|---|---|---|---|")
    for k in plan.radices:
        c, t = (per_barrier(plan, m, n, k) for n in BARRIERS)
        report.write(f"| {report.derived(k * k)} | {cycles(m.scaling[('stencil', k)].cycles)} | {cycles(c)} | "
                     f"{cycles(t)} | {c / t:.2f} |")
    report.write("")
    panels = [("the stencil", "nodes", "cycles", False,
               {"stencil": [(k * k, m.scaling[("stencil", k)].cycles) for k in plan.radices]}),
              ("a barrier", "nodes", "cycles per barrier", True,
               {n: [(k * k, per_barrier(plan, m, n, k)) for k in plan.radices] for n in BARRIERS})]
    report.figure(plot.plot_curves(panels), "scaling", "The stencil's time and a barrier's, against the nodes")


def synthetic_section(report, plan, m):
    report.write("## The programs against synthetic traffic of the same volume\n")
    report.write("Each program's synthetic twin is what a load-latency study would run: uniform random "
                 "destinations, Bernoulli injection of the program's volume (its load above), in packets of "
                 "its mean length, on the same network, routing and controller. Where the twin's latency is "
                 "far from the program's, a synthetic curve does not predict the program. The spreads are the "
                 "largest over the smallest value across both routings and every controller, less one.\n")
    report.write("| program | flits | load, packet length | program's latency | twin's latency | twin / program "
                 "| program's hops | twin's hops | spread: program's time | twin's latency |\n"
                 "|---|---|---|---|---|---|---|---|---|---|")
    for name in PROGRAMS:
        for w in WIDTHS:
            rate, length = plan.shapes[(name, w, "DOR")]
            p, twin = base(m, name, w), m.synthetic[(name, w, "DOR", "none")]
            spread_p = spread([m.programs[(name, w, r, c)].cycles for r in ROUTINGS for c in plan.controllers])
            spread_s = spread([m.synthetic[(name, w, r, c)] for r in ROUTINGS for c in plan.controllers])
            # The twin's rate is the plan's (from the program's run as it ran): derived, not measured here.
            report.write(f"| {name} | {w.split()[0]} | {decimal(report.derived(rate))}, {length} | {p.latency:.1f} | "
                         f"{twin:.1f} | {twin / p.latency:.3g} | {p.hops:.2f} | {m.synthetic_hops[(name, w)]:.2f} | "
                         f"{100 * spread_p:.1f} % | {100 * spread_s:.1f} % |")
    report.write("")
    name, w = heaviest(m)
    run = report.study.result(plan.programs[(name, w, "DOR", "none")])
    twin = report.study.result(plan.synthetic[(name, w, "DOR", "none")])
    panels = [(f"{name}, {w}, and its synthetic twin (DOR, none)", "cycle", "accepted (flits/node/cycle)", False,
               {name: list(zip(run["time_series"]["cycle"], run["time_series"]["accepted"])),
                "synthetic twin": list(zip(twin["time_series"]["cycle"], twin["time_series"]["accepted"]))})]
    report.figure(plot.plot_curves(panels), "bursts", f"The load {name} offers over its run, against its twin's")


def decimal(value):
    """VALUE to three significant digits, never in exponent form (0.0000589, 0.0381, 0.608)."""
    if not value or math.isnan(value):
        return f"{value}"
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return f"{value:.{digits}f}"


def spread(values):
    values = [v for v in values if not math.isnan(v)]
    return max(values) / min(values) - 1 if values else math.nan


def energy_section(report, plan, m):
    report.write("## Energy of the network per program run\n")
    report.write(report_energy.what_is_priced() + " The cores' own energy is not modelled: these are the "
                 "network's joules over each program's run, each width priced by its own row. Leakage dominates "
                 "wherever the network idles, so a program's network energy follows its run time.\n")
    report.write("| program | flits | µJ, 45 nm | µJ, 22 nm | leakage's share, 45 nm | most and least, controllers "
                 "against none (DOR, 45 nm) |\n|---|---|---|---|---|---|")
    for name in PROGRAMS:
        for w in WIDTHS:
            e45, e22, leak = m.energy[(name, w, "DOR", "none")]
            ratios = {c: m.energy[(name, w, "DOR", c)][0] / e45 for c in plan.controllers[1:]}
            most, least = max(ratios, key=ratios.get), min(ratios, key=ratios.get)
            extremes = (f"all {ratios[most]:.3f}" if f"{ratios[most]:.3f}" == f"{ratios[least]:.3f}" else
                        f"{most} {ratios[most]:.3f}, {least} {ratios[least]:.3f}")
            report.write(f"| {name} | {w.split()[0]} | {e45 * 1e-6:,.2f} | {e22 * 1e-6:,.2f} | {100 * leak:.0f} % | "
                         f"{extremes} |")
    report.write("")


# The claims, each judged from the runs.

def claims(report, plan, m):
    runs = list(m.programs.values()) + list(m.scaling.values())
    right = sum(p.passed for p in runs)
    report.claim("answers", "every program's answer is right under every controller, routing, width and size",
                 "all runs", f"{right} of {report.derived(len(runs))}", right == len(runs),
                 "a program found its answer wrong or did not finish: a model error to find")
    light_ones = [(n, w) for n in PROGRAMS for w in WIDTHS if light(m, n, w)]
    moved = max((abs(relative(m, n, w, r, c) - 1), n, w, r, c) for n, w in light_ones
                for r in ROUTINGS for c in plan.controllers)
    report.claim("controllers", f"far below saturation (its busiest {WINDOW} cycles under {100 * LIGHT:.0f} % of "
                 f"capacity) no controller changes a program's time by {100 * SAME:.0f} % (queues are short, so "
                 "throttling never has cause)",
                 f"{len(light_ones)} light programs and widths",
                 f"largest change {100 * moved[0]:.2f} % ({moved[4]}, {network_name(*moved[2:4])}, {moved[1]})",
                 moved[0] < SAME,
                 f"{moved[4]} throttled {moved[1]}'s nodes {100 * m.programs[moved[1:]].throttled:.1f} % of node-cycles")
    name, w = heaviest(m)
    h = base(m, name, w)
    slower = [(relative(m, name, w, r, c), r, c) for r in ROUTINGS for c in plan.controllers[1:]
              if relative(m, name, w, r, c) > 1 + SAME]
    report.claim("controllers", f"throttling does not lengthen the program that loads the network most ({name}, {w}): "
                 "the controllers' papers hold throughput at its peak past saturation",
                 f"every controller ≤ none + {100 * SAME:.0f} %",
                 "; ".join(f"{c} ({r}) {t:.3f}" for t, r, c in slower) or "none slower", not slower,
                 "; ".join(f"{c} ({r}) " + (f"throttled {100 * m.programs[(name, w, r, c)].throttled:.1f} % of node-cycles"
                                            if m.programs[(name, w, r, c)].throttled >= 0.0005 else
                                            "throttles nothing: it gives in-transit packets priority")
                           for _, r, c in slower) + f", in bursts of {h.peak:.2f} flits/node/cycle; its cores wait on "
                 f"the network {100 * h.stalled:.1f} % of their cycles uncontrolled")
    d = m.programs[(name, w, "Duato", "none")].cycles / h.cycles
    report.claim("routing", f"adaptive routing (Duato) runs {name} ({w}) faster than dimension order",
                 "faster", f"{d:.3f} of DOR's time", d < 1,
                 f"its cores wait on the network {100 * h.stalled:.1f} % of their cycles (DOR): the rest of the run "
                 "no routing changes")
    ratios = [per_barrier(plan, m, "barrier, central", k) / per_barrier(plan, m, "barrier, tree", k) for k in plan.radices]
    report.claim("barriers", "the tree barrier beats the central one at every size, by more as the network grows "
                 "(2(N − 1) messages through one node against ⌈log2 N⌉ rounds)", "central / tree rising",
                 ", ".join(f"{x:.2f}" for x in ratios), all(x > 1 for x in ratios) and ratios == sorted(ratios),
                 "central / tree by size, above")
    growth = m.scaling[("stencil", plan.radices[-1])].cycles / m.scaling[("stencil", plan.radices[0])].cycles
    report.claim("stencil", f"weak scaling: with a fixed block per node and neighbour halos the stencil's time "
                 f"stays within {100 * FLAT:.0f} % from {plan.radices[0] ** 2} to {plan.radices[-1] ** 2} nodes",
                 f"≤ {1 + FLAT:.2f}", f"{growth:.3f}", growth <= 1 + FLAT,
                 f"{plan.radices[-1] ** 2} nodes take {growth:.3f} times as long")
    pairs = [(n, w) for n in PROGRAMS for w in WIDTHS]
    off = [(n, w) for n, w in pairs if abs(m.synthetic[(n, w, "DOR", "none")] / base(m, n, w).latency - 1) > PREDICTS]
    report.claim("synthetic", f"uniform synthetic traffic of a program's volume predicts its mean packet latency within "
                 f"{100 * PREDICTS:.0f} %", f"{len(pairs)} of {len(pairs)} programs and widths",
                 f"{len(pairs) - len(off)} of {len(pairs)}", not off,
                 synthetic_causes(m, off))


def synthetic_causes(m, off):
    """Why the twins miss, measured: traffic nearer than uniform (under NEAR of the twin's hops), or queues
    in bursts the average load does not build (the rest)."""
    near = [(n, w) for n, w in off if base(m, n, w).hops < NEAR * m.synthetic_hops[(n, w)]]
    bursty = [k for k in off if k not in near]
    causes = []
    if near:
        hops = [base(m, *k).hops for k in near]
        causes.append(f"{', '.join(sorted({n for n, _ in near}, key=list(PROGRAMS).index))} send to near nodes: "
                      f"{min(hops):.2f}–{max(hops):.2f} hops against the twins' "
                      f"{min(m.synthetic_hops[k] for k in near):.2f}–{max(m.synthetic_hops[k] for k in near):.2f}, "
                      "so the twin's latency is longer")
    if bursty:
        causes.append("; ".join(f"{n} ({w.split()[0]}) queues in bursts: its busiest {WINDOW} cycles carry "
                                f"{base(m, n, w).peak / base(m, n, w).load:.0f}× its mean load, and its latency is "
                                f"{base(m, n, w).latency / m.synthetic[(n, w, 'DOR', 'none')]:.1f}× the twin's"
                                for n, w in bursty))
    return "; ".join(causes)


def summary_section(report, plan, m):
    """The answers first, each from the runs."""
    name, w = heaviest(m)
    keys = [(n, w_, r, c) for n in PROGRAMS for w_, r in networks() for c in controllers_of(plan, r)[1:]]
    unmoved = [k for k in keys if abs(relative(m, *k) - 1) < SAME]
    best = min(((name, w, r, c) for r in ROUTINGS for c in plan.controllers[1:]), key=lambda k: relative(m, *k))
    report.write("## What the runs say\n")
    report.write(f"* **The cores set the pace, not the network.** At one instruction per cycle no program loads the "
                 f"torus past {100 * base(m, name, w).peak / m.capacity:.0f} % of its capacity even in its busiest "
                 f"{WINDOW} cycles ({name}, {w}), and {len(unmoved)} of {report.derived(len(keys))} program, network "
                 f"and controller runs take within {100 * SAME:.0f} % of the uncontrolled time.")
    report.write(f"* **Where queues form.** On {name} "
                 f"with {w} the best controller, {best[3]} ({best[2]}), runs it in {relative(m, *best):.3f} of "
                 f"none's time; entropy, with its paper's thresholds, in "
                 f"{relative(m, name, w, 'DOR', 'entropy'):.3f} (DOR), and it slows light programs too (below)."
                 if "entropy" in plan.controllers else
                 f"with {w} the best controller, {best[3]} ({best[2]}), runs it in {relative(m, *best):.3f} of "
                 "none's time.")
    ratios = [per_barrier(plan, m, "barrier, central", k) / per_barrier(plan, m, "barrier, tree", k) for k in plan.radices]
    report.write(f"* **Software structure matters more than congestion control**: the tree barrier is "
                 f"{ratios[0]:.1f}× as fast as the central one on {plan.radices[0] ** 2} nodes and {ratios[-1]:.1f}× "
                 f"on {plan.radices[-1] ** 2}.")
    report.write("* **A synthetic twin of the same volume misjudges the programs' latency** both ways: nearer "
                 "traffic than uniform makes the twin too slow, bursts make it too fast (the last section).\n")


def render(report, plan, m):
    summary_section(report, plan, m)
    programs_section(report, plan, m)
    controllers_section(report, plan, m)
    synthetic_section(report, plan, m)
    barrier_section(report, plan, m)
    energy_section(report, plan, m)
    claims(report, plan, m)
