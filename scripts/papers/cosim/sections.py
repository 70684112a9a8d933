"""The co-simulation report (programs on a core per node against synthetic traffic):
its tables, figures and notes."""
import math

import plot
from papers import report_energy
from papers.report import cycles
from papers.cosim.plan import BARRIERS, PLATFORM, PROGRAMS, ROUTINGS, VCS, WIDE, WIDTHS, WINDOW
from papers.cosim.measures import base, controllers_of, heaviest, network_name, networks, relative


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
