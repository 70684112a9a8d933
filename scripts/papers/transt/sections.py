"""The Trans-t report's tables and figures, figure by figure."""
import plot
from papers import report_energy
from papers.measures import mean_latency
from papers.report import cycles
from papers.transt.measures import CARRIED, accepted_flits, curve, fraction_lost, peak
from papers.transt.plan import BURSTS, BURST_RATES, CUBE16_2, CUBE16_3, CUBE8, ENERGY_ROWS, NAMES, ROUTER_PORTS


def table(report, runs, names, loads):
    lines = ["| offered (flits/node/cycle) | " + " | ".join(f"{n}: accepted / latency" for n in names) + " |",
             "|---" * (len(names) + 1) + "|"]
    for load in loads:
        cells = []
        for n in names:
            r = report.study.result(runs[(n, load)])
            cells.append(r["status"]["state"] if r["status"]["state"] != "completed"
                         else f"{accepted_flits(r):.3f} / {cycles(mean_latency(r))}")
        lines.append(f"| {load} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def fig3_section(report, plan):
    report.write("## Fig. 3 — the threshold u1 (8-ary 3-cube, 3 VCs)\n")
    labels = [f"u1 = {u}" for u in plan.u1s]
    report.figure(plot.plot_curves([(p.replace("_", " "), "accepted traffic (flits/node/cycle)", "latency (cycles)",
                                     True, {n: curve(report, plan.fig3[p], n, plan.loads8) for n in labels})
                                    for p in plan.fig3]), "fig3", "Fig. 3: latency against accepted traffic for u1")
    for p in plan.fig3:
        report.write(f"**{p.replace('_', ' ')}**\n")
        report.write(table(report, plan.fig3[p], labels, plan.loads8))


def figs4_6_section(report, plan):
    report.write("## Figs. 4–6 — No-Lim, Self-Tuned and Trans-t on the 8-ary 3-cube (u1 = 4)\n")
    report.write("Fig. 4 is uniform traffic; the captions of Figs. 5 and 6 do not name their patterns, so icnsim "
                 "runs every pattern sec. 4.1 names.\n")
    report.figure(plot.plot_curves([(p.replace("_", " "), "accepted traffic (flits/node/cycle)", "latency (cycles)",
                                     True, {n: curve(report, plan.figs4_6[p], n, plan.loads8) for n in NAMES})
                                    for p in plan.patterns], columns=min(3, len(plan.patterns))),
                  "fig4-6", "Figs. 4-6: latency against accepted traffic")
    for p in plan.patterns:
        report.write(f"**{p.replace('_', ' ')}**\n")
        report.write(table(report, plan.figs4_6[p], NAMES, plan.loads8))


def fig7_section(report, plan):
    report.write("## Fig. 7 — the 16-ary 3-cube (4,096 nodes, u1 = 2.25)\n")
    report.write(f"Runs of {plan.length16[0]:,} cycles ({plan.length16[1]:,} warm-up): a 4,096-node run costs about 16 "
                 "times a 256-node one.\n")
    report.figure(plot.plot_curves([("uniform", "accepted traffic (flits/node/cycle)", "latency (cycles)", True,
                                     {n: curve(report, plan.fig7, n, plan.loads16) for n in NAMES})]),
                  "fig7", "Fig. 7: 16-ary 3-cube")
    report.write(table(report, plan.fig7, NAMES, plan.loads16))


def fig8_section(report, plan, m):
    result = report.study.result
    report.write("## Fig. 8 — bursty load, 16-ary 2-cube (u1 = 2.5)\n")
    runs8 = {n: result(plan.fig8[n]) for n in NAMES}
    report.write(f"{round(BURSTS[0][1] * plan.scale):,} messages at {BURST_RATES[0]} flits/node/cycle, then "
                 f"{round(BURSTS[1][1] * plan.scale):,} at {BURST_RATES[1]}, twice; the run goes on until every message "
                 "is delivered.\n")
    report.write("| | " + " | ".join(NAMES) + " |\n|---|---|---|---|")
    report.write("| total delivery time (cycles) | " + " | ".join(cycles(m.done[n]) for n in NAMES) + " |")
    report.write("| mean latency (cycles) | " + " | ".join(cycles(mean_latency(runs8[n])) for n in NAMES) + " |\n")
    series = {n: list(zip(runs8[n]["time_series"]["cycle"], runs8[n]["time_series"]["accepted"])) for n in NAMES}
    report.figure(plot.plot_curves([("accepted traffic over time", "cycle", "accepted (flits/node/cycle)", False,
                                     series)]), "fig8", "Fig. 8: accepted traffic over time under the bursty load")
    report.write(f"Generating every message at the phases' rates takes {cycles(report.derived(m.generation))} cycles "
                 "(mean inter-arrival times); a network that keeps up with the load finishes just after that.\n")
    report.write(f"No-Lim on this network under a steady exponential load ({plan.length[0]:,} cycles): "
                 + ", ".join(f"{l} offered → {accepted_flits(result(plan.saturation8[('No-Lim', l)])):.3f} accepted"
                             for l in plan.loads8b) + f"; it saturates at about {m.nolim_top:.3f} flits/node/cycle.\n")
    # What lets bursts congest a network: their rate against its saturation point, by raising the
    # bursts' rate on the platforms' network and by lowering its saturation point (shallower buffers).
    report.write("### What lets the bursts congest the network\n")
    report.write(f"The same bursty load with the high phases' rate raised (the low phases stay at {BURST_RATES[1]}; the "
                 "message counts are the paper's), on the platforms' network (total delivery time, cycles):\n")
    report.write("| high phases' rate | " + " | ".join(NAMES) + " | Trans-t / No-Lim |\n|---|---|---|---|---|")
    for r, times in m.rate_times.items():
        report.write(f"| {r} | " + " | ".join(cycles(times[n]) if times[n] else "not finished" for n in NAMES)
                     + (f" | {m.rate_ratio[r]:.2f} |" if r in m.rate_ratio else " | – |"))
    report.write("")
    report.write("No-Lim's saturation point on this network (the highest accepted load over a steady sweep, "
                 f"{plan.length[0]:,} cycles) at each buffer depth, beside Fig. 8's delivery time with Trans-t over "
                 "No-Lim's at the paper's rates:\n")
    report.write("| flits per VC | No-Lim saturates at | No-Lim past it | Fig. 8: Trans-t / No-Lim |\n|---|---|---|---|")
    for d in sorted(m.depth_top):
        report.write(f"| {d} | {m.depth_top[d]:.3f} | {m.fallen[d]:.3f} at {m.beyond[d][0]} offered | "
                     + (f"{m.fig8_ratio[d]:.2f}" if d in m.fig8_ratio else "–") + " |")
    report.write("")
    deeper_fall = all(m.kept[a] < m.kept[b] for a, b in zip(sorted(m.kept), sorted(m.kept)[1:]))
    report.write(f"Trans-t's delivery time over No-Lim's: {rates_text(plan, m)} with the bursts above the platforms' "
                 f"highest carried load ({m.nolim_top:.3f}, where No-Lim keeps {100 * m.kept[8]:.0f} % of it past "
                 f"saturation); {depths_text(m)} at the paper's rates. "
                 + ("Shallower buffers both lower the saturation point and deepen the fall past it, and the "
                    "bursts' backlog grows with both: exceeding the saturation point alone, as the faster bursts "
                    "do, saves Trans-t far less.\n" if deeper_fall else
                    "The fall past saturation does not deepen steadily with shallower buffers here.\n"))


def rates_text(plan, m):
    return ", ".join(f"{m.rate_ratio[r]:.2f} at {r}" for r in plan.rates8 if r in m.rate_ratio)


def depths_text(m):
    return ", ".join(f"{m.fig8_ratio[d]:.2f} with {d}-flit buffers (No-Lim saturates at {m.depth_top[d]:.3f} and "
                     f"keeps {100 * m.kept[d]:.0f} % of it past saturation)"
                     for d in sorted(m.depth_top) if d < 8 and d in m.fig8_ratio)


def depth_section(report, plan, m):
    result = report.study.result
    report.write("## The buffer depth the paper does not give\n")
    report.write("Sec. 4.1 gives no buffer size; the platforms assume 8 flits per VC. Uniform traffic on the 8-ary "
                 f"3-cube ({plan.length[0]:,} cycles) and Fig. 8's bursty load at each depth (flits per VC):\n")
    report.write("| depth | No-Lim: peak / at 1.0 | Trans-t: peak / at 1.0 | Fig. 8, No-Lim | Fig. 8, Trans-t | "
                 "Trans-t / No-Lim |\n|---|---|---|---|---|---|")
    ratios = []
    for d in plan.depths:
        cells = []
        for n in ("No-Lim", "Trans-t"):
            cells.append(f"{peak(report, plan.by_depth[d], n, plan.loads_depth):.3f} / "
                         f"{accepted_flits(result(plan.by_depth[d][(n, plan.loads_depth[-1])])):.3f}")
        times = {n: result(plan.fig8_depth[(d, n)])["schedule"].get("completion_cycles") for n in ("No-Lim", "Trans-t")}
        cells += [cycles(times[n]) if times[n] else result(plan.fig8_depth[(d, n)])["status"]["state"] for n in times]
        if all(times.values()):
            ratios.append(times["Trans-t"] / times["No-Lim"])
            cells.append(f"{times['Trans-t'] / times['No-Lim']:.2f}")
        else:
            cells.append("–")
        report.write(f"| {d} | " + " | ".join(cells) + " |")
    report.write("")
    depth_range = (f"from {min(plan.depths)} to {max(plan.depths)} flits per VC No-Lim loses "
                   f"{100 * min(m.depth_loss.values()):.0f}–{100 * max(m.depth_loss.values()):.0f} % of its peak at "
                   f"{plan.loads_depth[-1]}" + (f", and Fig. 8's delivery time with Trans-t is {min(ratios):.2f}–"
                                                f"{max(ratios):.2f} of No-Lim's" if ratios else ""))
    report.write(f"Over the depths swept, {depth_range}.\n")


def unit_section(report, plan, m):
    result = report.study.result
    loads8 = plan.loads8
    report.write("## The routing unit the paper does not specify\n")
    report.write("Sec. 4.1: \"Each node has a router, a crossbar switch and several physical channels. Routing time, "
                 "transmission time across the crossbar and across a channel are all assumed to be equal to one clock "
                 "cycle.\" How many headers a router routes at once the paper does not say. The Trans-t group "
                 "describes its simulator's router with one routing control unit that routes one message header at a "
                 "time, given to the waiting headers round-robin: the platforms' router (`router.header_arbiter: "
                 "central`; a header refused an output channel asks again in its turn). The alternative routes the "
                 "header of every input VC in parallel (`parallel`). Both on the 8-ary 3-cube (accepted "
                 f"flits/node/cycle: peak / at {loads8[-1]}, and what is lost):\n")
    report.write("| pattern | No-Lim, one per router (platforms) | No-Lim, per input VC | Trans-t, one per router "
                 "(platforms) | Trans-t, per input VC |\n|---|---|---|---|---|")

    def peak_and_last(runs, name):
        return (f"{peak(report, runs, name, loads8):.3f} / {accepted_flits(result(runs[(name, loads8[-1])])):.3f} "
                f"({100 * fraction_lost(report, runs, name, loads8):.0f} %)")
    for p in plan.patterns:
        report.write(f"| {p.replace('_', ' ')} | " + " | ".join(
            peak_and_last(runs, n) for n in ("No-Lim", "Trans-t") for runs in (plan.figs4_6[p], plan.by_parallel[p]))
            + " |")
    four = accepted_flits(result(plan.figs4_6["uniform"][("No-Lim", loads8[-1])]))
    one = accepted_flits(result(plan.one_injection[("No-Lim", loads8[-1])]))
    report.write("")
    report.write(f"What makes the uncontrolled network fall with one unit: with one injection channel per node "
                 f"instead of four, No-Lim accepts {one:.3f} at {loads8[-1]} on uniform traffic (with four: "
                 f"{four:.3f}). Past saturation every injection channel holds a header that asks the unit each "
                 "turn, and each refused request is a cycle in which no header is routed, so in-transit headers "
                 "wait longer for their turn as the load rises; Trans-t closes injection channels, and holds its "
                 "peak. Routed in parallel, an in-transit header never waits behind an injected one.\n")
    report.write("Fig. 8's bursty load with every input VC's header routed in parallel (total delivery time, cycles):\n")
    report.write("| | " + " | ".join(NAMES) + " |\n|---|---|---|---|")
    report.write("| total delivery time | " + " | ".join(
        cycles(m.done_parallel[n]) if m.done_parallel[n] else result(plan.fig8_parallel[n])["status"]["state"]
        for n in NAMES) + " |")
    report.write("| mean latency (cycles) | " + " | ".join(cycles(mean_latency(result(plan.fig8_parallel[n])))
                                                       for n in NAMES) + " |\n")
    report.write("No-Lim on this network under a steady exponential load with every input VC's header routed in "
                 "parallel: " + ", ".join(
                     f"{l} offered → {accepted_flits(result(plan.saturation8_parallel[('No-Lim', l)])):.3f} accepted"
                     for l in plan.loads8b) + ".\n")
    if all(m.done_parallel.values()) and all(m.done.values()):
        report.write(f"Trans-t / No-Lim: {m.done['Trans-t'] / m.done['No-Lim']:.2f} with one unit per router (Fig. 8 "
                     f"above), {m.done_parallel['Trans-t'] / m.done_parallel['No-Lim']:.2f} with every input VC's "
                     "header routed in parallel.\n")


def energy_section(report, plan, m):
    """What throttling saves or costs in energy, and how much of the clogged network's energy is leakage."""
    result = report.study.result
    rows8, rows2, rows16 = ENERGY_ROWS[CUBE8], ENERGY_ROWS[CUBE16_2], ENERGY_ROWS[CUBE16_3]

    def row_text(rows):
        return " and ".join(f"{report.derived(r[0])} ports" for r in rows)
    report.write("## Energy (45 and 22 nm)\n")
    report.write(report_energy.what_is_priced() + "\n")
    report.write("The routers have the network ports and the 4 injection channels: "
                 f"{report.derived(ROUTER_PORTS[CUBE8])} ports on the 3-cubes, {report.derived(ROUTER_PORTS[CUBE16_2])} "
                 f"on the 16-ary 2-cube. The table has rows for {row_text(rows8)} and for {row_text(rows2)} "
                 "(3 VCs, 8 flits per VC, 128-bit flits), not for these: every figure below is the range over the "
                 "two rows beside the router's shape.\n")
    loads, last = plan.loads8, plan.loads8[-1]
    nolim = plan.figs4_6["uniform"]
    carried = [l for l in loads if accepted_flits(result(nolim[("No-Lim", l)])) >= CARRIED * l]
    below = max(carried) if carried else loads[0]
    report.write(f"**Uniform traffic, 8-ary 3-cube** (Fig. 4), at {below} flits/node/cycle (the highest load No-Lim "
                 f"carries) and at {last}, past saturation, on both routers:\n")
    routers = (("one unit", plan.figs4_6["uniform"]), ("per input VC", plan.by_parallel["uniform"]))
    report_energy.table(report, ["offered", "controller", "router", "accepted"], [
        ([str(load), n, router, f"{accepted_flits(result(runs[(n, load)])):.3f}"], result(runs[(n, load)]), rows8)
        for load in (below, last) for n in NAMES for router, runs in routers if (n, load) in runs])
    n_last, n_below = result(nolim[("No-Lim", last)]), result(nolim[("No-Lim", below)])
    report.write(f"Past saturation ({last} offered, one unit per router) Trans-t spends "
                 f"{report_energy.saving(result(nolim[('Trans-t', last)]), n_last, rows8, 'No-Lim')}. In the clogged "
                 "uncontrolled network there leakage is "
                 f"{report_energy.leakage_text((n_last, rows8), (n_below, rows8), below)}: its routers leak every "
                 "cycle whether or not a flit moves, and past saturation fewer flits move.\n")
    report.write("**Fig. 8's bursty load, 16-ary 2-cube**: the energy of delivering every message (the whole run, "
                 "from the first message to the last delivery), 45 nm:\n")
    report.write("| router | " + " | ".join(f"{n}: µJ / leakage's share" for n in NAMES)
                 + " | Trans-t / No-Lim |\n|---|---|---|---|---|")
    for router, runs in (("one unit", plan.fig8), ("per input VC", plan.fig8_parallel)):
        totals = {n: report_energy.total(result(runs[n]), rows2) for n in NAMES}
        leaks = {n: report_energy.leakage_share(result(runs[n]), rows2) for n in NAMES}
        done = {n: result(runs[n])["schedule"].get("completion_cycles") for n in NAMES}
        report.write(f"| {router} | " + " | ".join(
            f"{report_energy.span(totals[n], 0, 1e-6)} / {report_energy.span(leaks[n], 0, 100)} %" if done[n]
            else "not finished" for n in NAMES)
            + (f" | {report_energy.ratio(result(runs['Trans-t']), result(runs['No-Lim']), rows2):.2f} |"
               if done["Trans-t"] and done["No-Lim"] else " | – |"))
    report.write("")
    report.write(f"**Fig. 7, 16-ary 3-cube**, at {plan.loads16[-1]} offered:\n")
    report_energy.table(report, ["controller", "accepted"], [
        ([n, f"{accepted_flits(result(plan.fig7[(n, plan.loads16[-1])])):.3f}"], result(plan.fig7[(n, plan.loads16[-1])]),
         rows16) for n in NAMES])
