"""The self-tuned report's tables, figures and claims, figure by figure, and its render."""
import plot
from papers.report import analytic_checks
from papers.selftuned.energy_section import energy_section
from papers.selftuned.tables import AVOIDANCE, FIG9_PAPER, QUICK_LENGTH, RECOVERY, accepted_fraction, activity, \
    activity_table, burst_duration_table, burst_table, cell, complement_curve_table, complement_table, lat, \
    load_curves, load_panels, long_table, pattern_table, pct, robustness, table, threshold_after_warmup, \
    threshold_curve_table, tuning_variant_table
from papers.selftuned.measures import ADAPTS, ALO_NOT_ABOVE, COLLAPSED, EARLY, FAR_BELOW, GATHER, HOLDS, NEAR_PEAK, \
    OVER_THROTTLES, STALE
from papers.selftuned.notes import ACTIVITY_NOTES, SET_UP, buffer_product, fig4_avoidance_notes, fig4_recovery_notes, \
    long_notes
from papers.selftuned.figure_notes import FIG13_NOTES, burst_duration_notes, complement_notes, curve_notes, \
    fig11_notes, fig6_notes, fig9_alo_notes, fig9_notes, robustness_notes, tuning_variant_notes, vc_notes


# The tables, figures and claims, figure by figure.

NETWORKS = ((RECOVERY, "4a/b — deadlock recovery (TFAR + Disha)"), (AVOIDANCE, "4c/d — deadlock avoidance (Duato)"))


def fig4_section(report, plan, m):
    runs, w, loads4 = report.study, report.write, plan.loads4
    report.figure(plot.plot_curves(load_panels(runs, plan.fig4[RECOVERY], ["Base", "ALO", "Tune"], loads4, "recovery")
                                   + load_panels(runs, plan.fig4[AVOIDANCE], ["Base", "ALO", "Tune"], loads4, "avoidance"),
                                   columns=2), "fig4", "Fig. 4: throughput and latency against offered load")
    for p, title in NETWORKS:
        peak, peak_load, tune_past, tune_worst, base_past = m.fig4[p]
        w(f"## Fig. {title}, uniform traffic\n")
        w(table(runs, plan.fig4[p], loads4, ["Base", "ALO", "Tune"]) + "\n")
        collapsed = base_past < COLLAPSED * peak
        verdict = ("reproduced" if collapsed and tune_past >= NEAR_PEAK * peak
                   else f"partly: Tune falls to {tune_past:.1f} % at {tune_worst}" if collapsed else "not reproduced")
        claim_4_collapse(report, plan, m, p, title)
        claim_4_tune_holds(report, plan, m, p, title)
        w(f"Base peaks at {peak:.1f} % (at {peak_load}) and falls to {base_past:.1f} % past saturation; Tune keeps "
          f"at least {tune_past:.1f} % ({100 * tune_past / peak:.0f} % of the base peak, least at {tune_worst}) at "
          f"every load past the base's peak. **Verdict: {verdict}** (paper: the base collapses, Tune stays near "
          "the peak with latency near the peak's).\n")
        w(fig4_recovery_notes(m) if p == RECOVERY else fig4_avoidance_notes())
        if p == RECOVERY:
            w(long_table(runs, plan.long_runs))
            w(long_notes(report, plan, m))
            w(tuning_variant_table(runs, plan.variant_runs, plan.variant_loads, plan.long_seeds))
            w(tuning_variant_notes(plan, m))
            w(threshold_curve_table(runs, plan.curve_runs, plan.curve_thresholds, plan.curve_loads, plan.long_seeds))
            w(curve_notes(report, plan, m))
            w(robustness(report, runs, plan.robust_runs, plan.variant_loads, plan.long_seeds))
            w(robustness_notes(plan, m))
        else:
            w("**The same with the paper's two adaptive VCs** (`router.virtual_channels=4`: two dateline escape "
              "classes and two adaptive VCs, one VC more than the paper):\n")
            w(table(runs, plan.fig4vc, loads4, ["Base", "ALO", "Tune"]) + "\n")
            peak4, peak4_load, tune4, _, base4 = m.fig4vc
            w(f"Base peaks at {peak4:.1f} % (at {peak4_load}) and falls to {base4:.1f} %; Tune keeps at least "
              f"{tune4:.1f} % ({100 * tune4 / peak4:.0f} % of the base peak) at every load past that.\n")
            w(vc_notes(plan, m))


def claim_4_collapse(report, plan, m, p, title):
    peak, peak_load, _, _, base_past = m.fig4[p]
    name = "recovery" if p == RECOVERY else "avoidance"
    report.claim(title.split(" ")[0], f"{name}: the base collapses past saturation", "collapses",
                 f"peak {peak:.1f} % at {peak_load}, then {base_past:.1f} %", base_past < COLLAPSED * peak)


def claim_4_tune_holds(report, plan, m, p, title):
    peak, _, tune_past, tune_worst, _ = m.fig4[p]
    name = "recovery" if p == RECOVERY else "avoidance"
    report.claim(title.split(" ")[0], f"{name}: Tune stays near the base's peak past saturation", "near the peak",
                 f"at least {tune_past:.1f} % ({100 * tune_past / peak:.0f} % of the peak, least at {tune_worst})",
                 tune_past >= NEAR_PEAK * peak, "" if tune_past >= NEAR_PEAK * peak else
                 "the threshold creeps into saturation on some runs (below)" if p == RECOVERY else
                 "escape VCs: two dateline classes, one adaptive VC (below)")


def fig6_section(report, plan, m):
    runs, w, loads6 = report.study, report.write, plan.loads6
    w("## Fig. 6 — static thresholds against tuning (recovery)\n")
    names6 = ["Base", "static 50", "static 250", "Tune"]
    report.figure(plot.plot_curves([(pattern.replace("_", " "), "offered load (packets/node/cycle)",
                                     "accepted (fraction of capacity)", False,
                                     load_curves(runs, plan.fig6[pattern], names6, loads6, accepted_fraction))
                                    for pattern in ("uniform", "bit_complement")]),
                  "fig6", "Fig. 6: static thresholds and Tune")
    for pattern in ("uniform", "bit_complement"):
        w(f"**{pattern}**\n")
        w(table(runs, plan.fig6[pattern], loads6, names6) + "\n")
    claim_6_over_throttles(report, plan, m)
    claim_6_complement(report, plan, m)
    claim_6_adapts(report, plan, m)
    u, c = m.fig6_uniform, m.fig6_complement
    w(f"At {max(loads6)} packets/node/cycle: uniform — 50: {u['static 50']:.1f} %, 250: {u['static 250']:.1f} %, "
      f"Tune {u['Tune']:.1f} %; complement — 50: {c['static 50']:.1f} %, 250: {c['static 250']:.1f} %, "
      f"Tune {c['Tune']:.1f} %. Paper: 250 works for uniform and fails on complement, 50 works for complement "
      "and over-throttles uniform, Tune adapts to both. "
      f"**Verdict: 50 over-throttles uniform — {'yes' if over_throttles(m) else 'no'}; "
      f"250 is the worst on complement — {'yes' if complement_worst(m) else 'no'}.**\n")
    w(fig6_notes(plan, m))
    w(complement_table(runs, plan.complement_runs, plan.complement_loads, plan.long_seeds))
    w(complement_curve_table(runs, plan.complement_curve, plan.complement_thresholds, plan.complement_curve_loads,
                             plan.long_seeds))
    w(complement_notes(report, plan, m))


def over_throttles(m):
    return m.fig6_uniform["static 50"] < OVER_THROTTLES * m.fig6_uniform["static 250"]


def complement_worst(m):
    c = m.fig6_complement
    return c["static 250"] < min(c["static 50"], c["Tune"])


def claim_6_over_throttles(report, plan, m):
    u = m.fig6_uniform
    report.claim("6", "uniform: a static threshold of 50 over-throttles (below 250)", "50 < 250",
                 f"at {max(plan.loads6)}: 50 {u['static 50']:.1f} %, 250 {u['static 250']:.1f} %", over_throttles(m))


def claim_6_complement(report, plan, m):
    c = m.fig6_complement
    report.claim("6", "bit complement: 250 fails where 50 and Tune hold", "250 the worst",
                 f"at {max(plan.loads6)}: 250 {c['static 250']:.1f} %, 50 {c['static 50']:.1f} %, Tune {c['Tune']:.1f} %",
                 complement_worst(m))


def claim_6_adapts(report, plan, m):
    report.claim("6", "Tune adapts to both patterns", "near the better static threshold on each",
                 "; ".join(f"{pattern.replace('_', ' ')}: least {tune:.1f} % against {best_static:.1f} % (at {load})"
                           for pattern, (_, load, tune, best_static) in m.fig6_adapt.items()),
                 all(ratio >= ADAPTS for ratio, *_ in m.fig6_adapt.values()),
                 "uniform: throttling-driven drops hold the threshold low deep in saturation; complement: between "
                 "restarts the tuner walks down a gradual decline its rules cannot sense, its threshold reaching "
                 + ", ".join(f"{t:.0f} at {load}" for load, t in m.fig6_creep.items())
                 + " full buffers where 50 holds the peak (Fig. 4a/b and Fig. 6 notes)")


def fig7_section(report, plan, m):
    runs, w = report.study, report.write
    w("## Fig. 7 — self-tuning at work\n")
    high = plan.loads4[-1]
    example = [(RECOVERY, "Tune", high), (RECOVERY, "Base", high)]
    series = {f"{n}, {high}": runs.result(plan.fig4[p][(n, l)])["time_series"] for p, n, l in example}
    report.figure(plot.plot_curves([
        ("threshold (full buffers)", "cycle", "threshold", False,
         {name: list(zip(ts["cycle"], ts.get("controller.threshold", []))) for name, ts in series.items()
          if "controller.threshold" in ts}),
        ("throughput", "cycle", "accepted (flits/node/cycle)", False,
         {name: list(zip(ts["cycle"], ts["accepted"])) for name, ts in series.items()})]),
        "fig7", "Fig. 7: the threshold and throughput over time")
    thresholds = threshold_after_warmup(runs.result(plan.fig4[RECOVERY][("Tune", high)]), plan.length[1])
    w(f"Tune on the recovery network at {high} packets/node/cycle (deep saturation), 1,000-cycle samples: the "
      f"threshold moves between {min(thresholds):.0f} and {max(thresholds):.0f} full buffers after warm-up while "
      "throughput stays near the peak; the base, at the same load, collapses. The paper's Fig. 7: the threshold "
      "rises while throughput grows, drops when throughput falls by 25 % in a tuning period, and hovers.\n"
      if thresholds else "No threshold samples in this run.\n")




def fig9_section(report, plan, m):
    runs, w = report.study, report.write
    w("## Fig. 9 — bursty load (Fig. 8), all cycles measured\n")
    report.figure(plot.plot_curves([(name, "cycle", "accepted (flits/node/cycle)", False,
                                     {n: list(zip(runs.result(plan.fig9[p][n])["time_series"]["cycle"],
                                                  runs.result(plan.fig9[p][n])["time_series"]["accepted"]))
                                      for n in ("Base", "ALO", "Tune")})
                                    for p, name in ((RECOVERY, "recovery"), (AVOIDANCE, "avoidance"))]),
                  "fig9", "Fig. 9: throughput over time under the bursty load")
    w("| | Base | ALO | Tune |\n|---|---|---|---|")
    for p, name in ((RECOVERY, "recovery"), (AVOIDANCE, "avoidance")):
        r = {n: runs.result(plan.fig9[p][n]) for n in ("Base", "ALO", "Tune")}
        w(f"| {name}: paper mean latency | " + " | ".join(FIG9_PAPER[p]) + " |")
        w(f"| {name}: icnsim mean latency | " + " | ".join(lat(r[n]) for n in ("Base", "ALO", "Tune")) + " |")
        w(f"| {name}: icnsim accepted | " + " | ".join(f"{pct(r[n]):.1f} %" for n in ("Base", "ALO", "Tune")) + " |")
        room = runs.result(plan.fig9[p]["ALO, free = room"])
        w(f"| {name}: icnsim ALO counting a VC with room as free: mean latency / accepted | | {lat(room)} / "
          f"{pct(room):.1f} % | |")
        if p == AVOIDANCE:
            v = {n: runs.result(plan.fig9vc[n]) for n in ("Base", "ALO", "Tune")}
            w("| avoidance, two adaptive VCs: icnsim mean latency | "
              + " | ".join(lat(v[n]) for n in ("Base", "ALO", "Tune")) + " |")
            w("| avoidance, two adaptive VCs: icnsim accepted | "
              + " | ".join(f"{pct(v[n]):.1f} %" for n in ("Base", "ALO", "Tune")) + " |")
        claim_9(report, plan, m, p, name)
    w("")
    w(fig9_notes(report, m))
    w("**Burst by burst, recovery** (packets delivered from a burst's start to the next burst's):\n")
    w(burst_table(runs, plan.fig9[RECOVERY], ["Base", "ALO", "Tune", "ALO, free = room"]))
    w("**The bursts' patterns at steady load, recovery** (0.04 packets/node/cycle, past saturation on every "
      "pattern; Disha recoveries per 1,000 cycles):\n")
    w(pattern_table(runs, plan.alo_patterns, ["Base", "ALO", "Tune", "ALO, free = room"]))
    w(fig9_alo_notes(m))
    w(burst_duration_table(runs, plan.fig9d, plan.durations))
    w(burst_duration_notes(report, plan, m))


def claim_9(report, plan, m, p, name):
    runs = report.study
    names = ("Base", "ALO", "Tune")
    latency = {n: m.fig9_latency[(p, n)] for n in names}
    if p == RECOVERY:
        room = runs.result(plan.fig9[p]["ALO, free = room"])
        why = ("ALO counting a VC free while unallocated holds the uniform and complement bursts, which the paper's "
               f"ALO did not; counting it free while its buffer has room (the paper leaves 'free' open), ALO "
               f"{lat(room)} (Fig. 9 notes)")
    else:
        v = {n: runs.result(plan.fig9vc[n]) for n in names}
        mv = m.fig9vc_latency
        why = ("one adaptive VC (the torus's two dateline escape classes take two): with the paper's two adaptive "
               f"VCs {' / '.join(lat(v[n]) for n in names)}, Tune "
               f"{'below' if mv['Tune'] < FAR_BELOW * mv['ALO'] else 'still above'} half of ALO's (Fig. 9 notes)")
    report.claim("9", f"{name}: Tune's mean latency far below ALO's and the base's (ALO ≤ Base)",
                 " / ".join(FIG9_PAPER[p]), " / ".join(lat(runs.result(plan.fig9[p][n])) for n in names),
                 latency["Tune"] < FAR_BELOW * latency["ALO"] and latency["ALO"] <= ALO_NOT_ABOVE * latency["Base"], why)


def fig11_section(report, plan, m):
    runs, w, loads11 = report.study, report.write, plan.loads11
    w("## Figs. 11 and 12 — metapackets instead of the sideband (recovery, uniform)\n")

    def gather(name, load):
        g = runs.result(plan.fig11[(name, load)]).get("metapackets", {})
        return f"{g['mean_cycles']:.0f} / {g['min_cycles']:.0f} / {g['max_cycles']:.0f}" if g else "—"

    names12 = ["Base", "No tune (metapackets)", "Tune (metapackets)", "Tune (metapackets, link priority)"]
    report.figure(plot.plot_curves([("throughput", "offered load (packets/node/cycle)", "accepted (fraction of capacity)",
                                     False, load_curves(runs, plan.fig11, names12, loads11, accepted_fraction))]),
                  "fig12", "Fig. 12: metapackets and tuning")
    w("Gather mean / min / max (cycles) with No tune, and accepted throughput / mean latency. The metapackets' VC "
      "shares the links with data (`metapacket_priority: allocation`, the default) or always wins them (`link`).\n")
    w("| packets/node/cycle | gather | gather (link) | Base | No tune | Tune (metapackets) | Tune (link) |\n"
      "|---|---|---|---|---|---|---|")
    for load in loads11:
        w(f"| {load} | {gather('No tune (metapackets)', load)} | {gather('No tune (metapackets, link priority)', load)} | "
          + " | ".join(cell(runs.result(plan.fig11[(n, load)]))
                       for n in ("Base", "No tune (metapackets)", "Tune (metapackets)", "Tune (metapackets, link priority)"))
          + " |")
    w("")
    claim_11(report, plan, m)
    seeds = plan.long_seeds
    w(f"**At the base's peak, {len(seeds)} seed{'s' if len(seeds) > 1 else ''}** (0.02 packets/node/cycle, "
      f"{runs.result(plan.early_runs[(plan.early_names[0], 0.02, seeds[0])])['window']['cycles']:,} cycles; the base "
      f"delivers {m.base_peak12:.1f} %):\n")
    w("| seed | Tune (metapackets) | Tune (link) |\n|---|---|---|")
    for i, seed in enumerate(seeds):
        w(f"| {seed} | " + " | ".join(f"{m.early[n][i]:.1f} %" for n in plan.early_names) + " |")
    w("")
    claim_12_early(report, plan, m)
    claim_12_stale(report, plan, m)
    w(fig11_notes(report, plan, m))


def claim_11(report, plan, m):
    means, longest = m.gather_means, m.gather_longest
    low, high, most = GATHER
    report.claim("11", "a gather takes 130–160 cycles on average, under 300 at most", "130–160, max < 300",
                 f"{min(means):.0f}–{max(means):.0f}, max {longest:.0f}" if means else "—",
                 bool(means) and min(means) >= low and max(means) <= high and longest < most)


def claim_12_early(report, plan, m):
    spread = {n: f"{min(v):.1f}–{max(v):.1f} % (mean {sum(v) / len(v):.1f})" for n, v in m.early.items()}
    sharing = m.early["Tune (metapackets)"]
    names = plan.early_names
    report.claim("12", "Tune with metapackets saturates at lighter loads than the base", "below the base's saturation",
                 f"at 0.02 (the base's peak, {m.base_peak12:.1f} %), {len(plan.long_seeds)} seeds: {spread[names[0]]} "
                 f"sharing the links, {spread[names[1]]} winning them",
                 sum(sharing) / len(sharing) < EARLY * m.base_peak12,
                 "Tune on metapackets follows the base to its peak on most seeds (Figs. 11 and 12 notes)")


def claim_12_stale(report, plan, m):
    report.claim("12", "metapackets are not suitable: Tune acting on their stale information holds less past saturation "
                 "than over the sideband", "less", f"at 0.03: {m.meta_past:.1f} % against {m.sideband_past:.1f} %",
                 m.meta_past < STALE * m.sideband_past)


def fig13_section(report, plan, m):
    runs, w = report.study, report.write
    w("## Figs. 13 and 14 (Appendix A) — bit-reversal and perfect-shuffle\n")
    for (pattern, p), k in plan.fig13.items():
        w(f"**{pattern}, {'recovery' if p == RECOVERY else 'avoidance'}**\n")
        w(table(runs, k, plan.loads13, ["Base", "Tune"]) + "\n")
        claim_13_14(report, plan, m, pattern, p)
    w(FIG13_NOTES)


def claim_13_14(report, plan, m, pattern, p):
    tune, base = m.fig13[(pattern, p)]
    report.claim("13/14", f"{pattern.replace('_', ' ')}, {'recovery' if p == RECOVERY else 'avoidance'}: Tune holds "
                 "throughput past saturation", "at least the base's",
                 f"at {plan.loads13[-1]}: Tune {tune:.1f} %, base {base:.1f} %", tune >= HOLDS * base)


def activity_section(report, plan, m):
    runs, w, loads4 = report.study, report.write, plan.loads4
    w("## Activity past saturation — what throttling saves and costs, in events\n")
    w(ACTIVITY_NOTES)
    for p in (RECOVERY, AVOIDANCE):
        w(f"**{'Recovery' if p == RECOVERY else 'Avoidance'}, uniform** (the Fig. 4 runs):\n")
        w(activity_table(runs, plan.fig4[p], ["Base", "ALO", "Tune"], [l for l in loads4 if l >= 0.03]))
    base, tune = (activity(runs.result(plan.fig4[RECOVERY][(n, loads4[-1])])) for n in ("Base", "Tune"))
    w(f"At {loads4[-1]} on the recovery network the base spends {base['router_cycles']:,.0f} router-cycles per delivered "
      f"flit against Tune's {tune['router_cycles']:,.1f} — what per-cycle costs (clock, leakage) come to per flit — and "
      f"{base['busy']:.2f} of them with flits in the router against Tune's {tune['busy']:.2f}; the sideband costs "
      f"Tune {tune['sideband_bits']:.2f} bit-hops per delivered flit.\n")


def render(report, plan, m):
    runs = report.study
    w = report.write
    w(f"Runs of {plan.length[0]:,} cycles ({plan.length[1]:,} warm-up) unless noted, seed 1. Cells are accepted "
      "throughput in % of the uniform capacity (0.5 flits/node/cycle) / mean latency in cycles from generation (— when "
      "no packet generated in the window was delivered).\n")
    w(SET_UP.format(quick=QUICK_LENGTH, buffer_product=buffer_product(report, m.probe_shape)))
    peak = max(runs.result(plan.fig4[RECOVERY][("Base", l)])["throughput"]["accepted_flits_per_node_cycle"]
               for l in plan.loads4)
    analytic_checks(report, plan.probe, peak, ", the base on the recovery network, Fig. 4a")
    fig4_section(report, plan, m)
    fig6_section(report, plan, m)
    fig7_section(report, plan, m)
    fig9_section(report, plan, m)
    fig11_section(report, plan, m)
    fig13_section(report, plan, m)
    activity_section(report, plan, m)
    energy_section(report, plan, m)
