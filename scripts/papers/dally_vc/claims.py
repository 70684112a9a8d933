"""The virtual-channel report's tables, figures and claims, figure by figure (Fig. 19 its own function),
and its render."""
import functools
import math

import yaml

import analytic
import plot
import single_channel
from icnsim_runs import ROOT
from papers.report import analytic_checks
from papers.dally_vc.energy_section import energy_section
from papers.dally_vc.tables import FIG17_LOAD, FLY6, LANES, LANE_ORDER_NAMES, LANE_RULES, MESH_STORAGE, \
    OTHER_LANE_ORDERS, PACKET, QUICK_LENGTH, STORAGE, at_minimum, fmt_latency, histogram, peaks, plots
from papers.measures import accepted_fraction, mean_latency_below_saturation, missing
from papers.dally_vc.measures import AT_MINIMUM, CLOSE_THROUGHPUT, DEADLINE_MEAN, DEADLINE_SPREAD, FAR_GREATER, \
    LATENCY_RISE_19, MOST_19, PENALTY, SATURATION_19, effect_range, policy_effect
from papers.dally_vc.notes import DEADLINE_NOTES, PRIORITY_NOTES, SET_UP


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
          + f" | {accepted_fraction(report.study.result(plan.k14_literal[n])):.3f} |")
    agrees = min(gain.values()) >= FAR_GREATER and m.spread16 < m.spread1
    w("\nThe paper: \"given a fixed amount of storage, adding lanes gives a far greater throughput improvement "
      "than does increasing the total amount of buffering with a single lane\", and (sec. IV, VI) lanes make "
      "throughput depend much less on the number of stages. icnsim: 16 lanes carry "
      + ", ".join(f"{gain[n]:.1f}×" for n in stages14) + " what one 16-flit lane carries (n = "
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
        diff = "—" if missing(s) or not math.isfinite(model) else f"{s - model:+.1f}"
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
    ordered = [m.carried16[l] for l in plan.lanes16 if not missing(m.carried16[l])]
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
      "`per_vc` crossbar; one-flit lanes run as two slots, as in Fig. 13):\n")
    policy_table(report, "lanes", m.by_lanes17)
    w(f"\nThe lanes do not make up the difference: {lanes_range(m)}.\n")
    depth_section(report, m)
    paper_random = 75.1
    below = [x for x, (a, _) in m.by_load17.items() if a["mean"] <= paper_random]
    above = [x for x, (a, _) in m.by_load17.items() if a["mean"] > paper_random]
    w(f"The load: the paper's random scheduling has a mean of {paper_random} cycles; icnsim's "
      + (f"reaches that between {100 * max(below):.0f} % and {100 * min(above):.0f} % of capacity" if below and above else
         f"stays {'below' if below else 'above'} it at every load run") + ". The 4 × 4 lanes (`per_vc`) at other loads:\n")
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
    w("Nor does it say how deep the lanes are. Four lanes (`per_vc`) of more flits each, at the paper's load, "
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
    rows = [(f"per_vc, {l} lanes × {d} flits", k) for (l, d), k in plan.k18_lanes.items()]
    rows.append(("per_vc, free lanes to the class first (`router.vc_allocation: priority`)", plan.k18_by_class))
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
    energy_section(report, plan)


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
         {f"{l} lane{'s' if l > 1 else ''} × {MESH_STORAGE // l}": [(x, mean_latency_below_saturation(R(k[(l, x)])))
                                                                   for x in loads19] for l in lanes19})
        for rule, k in k19.items()]), "fig19", "Fig. 19: latency against offered traffic, 1 to 16 lanes")
    top = {}
    for rule, k in k19.items():
        w(f"**{names[rule][0].upper() + names[rule][1:]}** (`router.vc_reallocation: {rule}`): mean latency (cycles)\n")
        w("| offered | " + " | ".join(f"{l} × {MESH_STORAGE // l}" for l in lanes19) + " |\n"
          + "|---" * (len(lanes19) + 1) + "|")
        for x in loads19:
            w(f"| {x} | " + " | ".join(fmt_latency(mean_latency_below_saturation(R(k[(l, x)]))) for l in lanes19) + " |")
        # Saturation throughput: the most any offered load delivered, per lane count.
        top[rule] = {l: max(accepted_fraction(R(k[(l, x)])) for x in loads19) for l in lanes19}
        w("\nSaturation throughput (the most accepted at any offered load): "
          + ", ".join(f"{l} lane{'s' if l > 1 else ''} {top[rule][l]:.3f}" for l in lanes19) + ".\n")

    # Throughput as the paper measures it (sec. V-A): a saturation source at every node.
    sources = {l: accepted_fraction(R(k19_saturation[l])) for l in lanes19}
    w("With saturation sources, the paper's way of measuring throughput (sec. V-A; sec. III's lane rule): "
      + ", ".join(f"{l} lane{'s' if l > 1 else ''} {sources[l]:.3f}" for l in lanes19) + ".\n")

    # Who gets a free lane: the paper does not say; the other orders, under sec. III's lane rule.
    orders = {"oldest_first": (top["when_empty"], sources),
              **{o: ({l: max(accepted_fraction(R(plan.k19_allocation[o][(l, x)])) for x in loads19) for l in lanes19},
                     {l: accepted_fraction(R(plan.k19_allocation_saturation[o][l])) for l in lanes19}) for o in OTHER_LANE_ORDERS}}
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
    below = [x for x in loads19 if x < t[one] and all(not missing(mean_latency_below_saturation(R(k[(l, x)]))) for l in lanes19)]
    rise = max((max(mean_latency_below_saturation(R(k[(l, x)])) for l in lanes19) / mean_latency_below_saturation(R(k[(one, x)])) for x in below),
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
