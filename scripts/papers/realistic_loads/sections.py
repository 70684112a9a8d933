"""The realistic-loads report (Ridruejo, Navaridas, Miguel-Alonso, Izu): its tables, figures and notes."""
import plot
from papers.report import cycles
from papers.realistic_loads.plan import GAIN


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
                 "packet`, `router.crossbar_inputs: per_vc`, IPR's `competition: requests`). How many headers "
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


NOTES = """## Set-up (sec. IV) and where icnsim differs

| paper | icnsim |
|---|---|
| 64-node ring, virtual cut-through, 1 escape VC under bubble flow control + 2 adaptive VCs, queues of 4 packets of 16 phits | `platforms/ridruejo-ring64.yaml` |
| two pre-routed injection ports, I+ and I− | `injection_channels: 2`, `injection_dispatch: by_direction` |
| IPR with P = 1, LBR with B = 3 | `congestion_control.type: ipr` (`probability: 1`), `lbr` (`reserved_packets: 3`) |
| 10 runs per point, 99 % confidence intervals, normalised to the base | the seeds the report names; intervals over them where there are two or more |
| NPB 2.4 class A traces on 64 processes, replayed as fast as causality allows | generated kernels (the NPB traces are not available), replayed the same way |
"""
