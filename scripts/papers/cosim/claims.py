"""The co-simulation report (programs on a core per node against synthetic traffic):
one function per claim with its margin named, and the report's order (render)."""
from papers.cosim.plan import FLAT, LIGHT, NEAR, PREDICTS, PROGRAMS, ROUTINGS, SAME, WIDTHS, WINDOW
from papers.cosim.measures import base, controllers_of, heaviest, light, network_name, networks, relative
from papers.cosim.sections import barrier_section, controllers_section, energy_section, per_barrier, programs_section, synthetic_section


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
