"""The self-tuned report's notes, each function a template filled from the measures (measures.py; no note
reads a run): the set-up's and the activity's texts, what they share, Fig. 4 and the runs at the paper's
length."""
from papers import report_energy
from papers.selftuned.tables import FIG9_PAPER, FULL_LENGTH, QUICK_LENGTH, SWING_LOADS, SWING_SAMPLES
from papers.selftuned.measures import DEEP_FROM, EARLY, NEAR_PEAK


ACTIVITY_NOTES = """The paper reports no energy; an architect weighing a controller asks what its throughput costs.
Per flit delivered in the measurement window, the events an energy model multiplies by its
coefficients (`power:`, docs/energy.md; the table stays in events, which hold for any technology,
and `energy.preset` prices them in joules for a router and a technology — the main job does so for
these two networks, README): buffer writes and link traversals (a delivered flit
costs one per router and one per link on its path; more means work on flits that are not
delivered in the window, such as Disha's recovery VC), VC allocation requests, flits on Disha's
recovery VC, the sideband's bit-hops (Tune's own wires; ALO and the base have none), the
router-cycles in which a router holds a flit (what a clock-gated router pays for), and all
router-cycles — every router for every cycle of the window — over the flits delivered: what
per-cycle energy (clock and leakage) comes to per flit, which is where a collapsed network pays.

"""
SET_UP = """## Set-up (sec. 5.1) and where icnsim follows it

| paper | icnsim |
|---|---|
| 16-ary 2-cube, full-duplex links, one injection and one delivery channel | `selftuned-*` platforms |
| 3 VCs per physical channel, 8-flit edge buffers, 16-flit packets | same |
| "the router's arbiter is a central resource which only one packet can use at a time … one cycle routing delay per packet header … demand-slotted round-robin" | `router.header_arbiter: central` (one header routed and allocated per router per cycle, round-robin over requesting input VCs) |
| one cycle per flit through the crossbar, one per link | same |
| recovery: Disha, 8-cycle time-out | TFAR + `deadlock.recovery: disha`, timeout 8 |
| avoidance: Duato, "one escape virtual channel using oblivious dimension-order routing" | Duato with a dimension-order escape network; on a torus it needs two dateline classes, so 2 escape VCs + 1 adaptive (see Fig. 4c/d) |
| the global count: "full virtual channel buffers", "3,072 buffers" (sec. 3, 5.1: {buffer_product}) | edge buffers — the network channels' routing VCs — holding all 8 flits; the injection channels' buffers and Disha's VC are not counted |
| "each node generating 16 flit packets at the same fixed rate", a "packet regeneration interval", nodes that "try" to generate | `stimuli/selftuned-uniform.yaml`: periodic attempts (`source.model: attempts`, one waiting packet per node) |
| after r = 5 resets in a row, "reset max to zero and restart the maximum-locating process" (sec. 4.2), which begins "with an initial value ... (e.g., 1 percent of all buffers)" (sec. 4.1) | the threshold goes back to the initial 1 % (`congestion_control.restart: initial`; the other reading, the reset value, is run beside it: Fig. 6) |
| 60,000 cycles, the first 10,000 ignored | same (`--quick`: {quick[0]:,} / {quick[1]:,}) |
"""
# The notes: the report's prose, each function a template filled from the measures. How icnsim came
# to follow the paper, with the numbers older versions gave, is in docs/results/selftuned-history.md.

HISTORY = "[history](selftuned-history.md)"
GATHER_HOP = 4      # cycles per hop of a metapacket: routing + adder + crossbar + link (sec. 5.3)
GATHER_ENDS = 11    # cycles of a gather round outside its hops (tests/network/metapacket_test.cpp)
# The paper's values and the plan's constants the prose states (scripts/papers/report_numbers.py):
# Fig. 9's latencies and their ratios (2,838 / 161 and 520 / 163), the end of its spurts (29,000);
# Table 1's drop of 25 %; sec. 4.1's 4 %; Fig. 11's 130-160 and 300 cycles; the paper's length; the
# gather model's per-hop and end cycles; the plan's loads of the traces and a packet every 15 cycles;
# the claims' margins as percentages; the quick length (the set-up names it); the bursts' 15,000-cycle grid.
STATED_NUMBERS = [2838, 2571, 161, 520, 509, 163, 18, 3.2, 29000, 25, 4, 130, 160, 300, *FULL_LENGTH, *QUICK_LENGTH,
                  15000, GATHER_HOP, GATHER_ENDS, DEEP_FROM, *SWING_LOADS.values(), 15, 100 * NEAR_PEAK, 100 * EARLY,
                  *report_energy.STATED_NUMBERS]


def paper_latency(network, name):
    """Fig. 9's mean latency in the paper (FIG9_PAPER) on NETWORK for controller NAME."""
    return int(FIG9_PAPER[network][("Base", "ALO", "Tune").index(name)].replace(",", ""))


def span(values, digits=1):
    """'a–b' of VALUES at DIGITS decimals, or 'a' where both read the same."""
    lo, hi = f"{min(values):,.{digits}f}", f"{max(values):,.{digits}f}"
    return lo if lo == hi else f"{lo}–{hi}"


def tuner_steps(report, m):
    """The self-tuned controller's buffers (the paper's 3,072 edge buffers), increment and decrement."""
    return tuple(report.derived(v) for v in m.steps)


def cadence(trace):
    """How often the count rises through its mean, in words: the sampled axis is too coarse for a number
    that changes with the data."""
    return "every few hundred cycles" if trace["every"] < 1000 else "every few thousand cycles"


def buffer_product(report, shape):
    """'256 nodes × 4 channels × 3 VCs': the edge buffers of a network of SHAPE (measures.network_shape)."""
    nodes, channels, vcs = shape
    return f"{report.derived(nodes)} nodes × {report.derived(channels)} channels × {vcs} VCs"


def fall_text(fall, load, seed):
    return (f"seed {seed} at {load} falls at cycle {fall['cycle'] + 1:,} and "
            + (f"climbs out after {fall['collapsed']:,} cycles collapsed" if fall["climbs_out"] else "stays down"))


def sources_notes():
    return f"""**The sources.** The paper's nodes *try* to generate a packet at a fixed interval (sec. 5.2.3, 5.2.4);
a node that still holds one does not queue another. icnsim's attempt sources (`source.model:
attempts`) do the same: a throttled node loses attempts instead of queueing packets, so Tune's latency
stays near the peak's and the offered load can exceed what a node injects (with Bernoulli sources into
unbounded queues Tune's latency grew into thousands of cycles: {HISTORY}).

"""


def alo_long_text(m):
    """ALO past saturation at the paper's length, over its loads and seeds, in words."""
    held, runs = m.long["alo_held"], m.long["alo_runs"]
    fell = runs - len(held)
    if not fell:
        return f"ALO holds {span(held, 0)} % of capacity on every seed and load at the paper's length"
    return (f"ALO collapses on {fell} of {runs} runs at the paper's length"
            + (f" and holds {span(held, 0)} % of capacity on the others" if held else ""))


def fig4_recovery_notes(m):
    alo_text = alo_long_text(m) + " (table below)"
    room, default, base = (m.alo_steady[(n, "uniform")] for n in ("ALO, free = room", "ALO", "Base"))
    return sources_notes() + f"""**ALO — the text makes no claim here.** The paper's sentence that ALO "does exhibit severe
performance degradation eventually" is about "the deadlock avoidance case" (sec. 5.2.1; see Fig.
4c/d below, where which VCs ALO counts decides it); the recovery curve of Fig. 4a cannot be read from
the text. Here, past saturation, {alo_text}. Under the bursts of Fig. 9 the paper's ALO does collapse
with recovery. TFAR has no escape VCs, so which VCs ALO counts makes no difference on this network;
what does is what makes a VC "free", which the paper leaves open: counted free while its buffer has
room rather than while no packet holds it, ALO holds {room:.1f} % of uniform traffic at steady load
past saturation, against {default:.1f} % counted free while unallocated and the base's {base:.1f} %
(Fig. 9 notes).
"""


def fig4_avoidance_notes():
    return f"""icnsim follows the paper on the two modelling choices that decide this figure: **the router** — the
paper's single demand-slotted arbiter per router serialises header routing, where a router that
allocates every header in parallel keeps a saturated network moving more headers per cycle, so its
base degrades less and Tune's margin over it shrinks — and **the sources** (attempts, as in 4a/b);
both were found by what they changed ({HISTORY}). One difference stays open: the paper's Duato
network has *one* escape VC and two adaptive ones; on a torus a dimension-order escape network needs
two dateline classes to be deadlock-free, so icnsim's has two escape VCs and *one* adaptive, and its
peak is lower than with two adaptive VCs. How that choice moves the results is shown by the table
below, run with two adaptive VCs.
"""


def plateau_text(plan, m):
    """Whether throughput falls past the best static threshold before the network tips, in words."""
    shape = m.curve
    rises, falls = [], False
    for load, rows in shape.items():
        held = [(t, m) for t, m, fell in rows if m is not None and not fell]
        if len(held) > 1:
            rises.append(held[-1][1] - held[0][1])
            falls |= any(b < a - 0.5 for (_, a), (_, b) in zip(held, held[1:]))
    if not rises:
        return "", shape
    first = plan.curve_thresholds[0]
    text = ("throughput does not fall past the best threshold, it rises a little until the network tips — the "
            "paper's Fig. 3, a peak and then a decline, is a plateau and then a cliff here"
            if not falls else "throughput falls past the best threshold before the network tips, as in the paper's Fig. 3")
    return (f"{text} (from {first} full buffers to the highest threshold at which no run collapses throughput "
            f"changes by {span(rises)} points)"), shape


def long_notes(report, plan, m):
    tune, static, fell = m.long["tune"], m.long["static"], m.long["falls"]
    deep = [l for l in plan.variant_loads if l >= DEEP_FROM]
    just = [l for l in plan.variant_loads if l < DEEP_FROM]
    buffers, increment, decrement = tuner_steps(report, m)
    out = [f"**Tune at the paper's length, {len(plan.long_seeds)} seed{'s' if len(plan.long_seeds) > 1 else ''}.** "
           f"Counting the paper's {buffers:,} edge buffers (set-up above), "]
    if deep:
        falls_deep = [(l, s) for l in deep for s in plan.long_seeds if (l, s) in fell]
        out.append("Tune keeps the recovery network out of its collapsed state deep in saturation "
                   + ("on every seed" if not falls_deep else f"on all but {len(falls_deep)} of {len(deep) * len(plan.long_seeds)} runs")
                   + f", at {span([tune[(l, s)] for l in deep for s in plan.long_seeds], 0)} % of capacity against "
                   f"static 250's {span([static[(l, s)] for l in deep for s in plan.long_seeds if (l, s) in static], 0)} %; ")
    falls = [(l, s) for l in just for s in plan.long_seeds if (l, s) in fell]
    if just:
        out.append("just past saturation " + ("no run falls." if not falls else
                   "; ".join(fall_text(fell[k], *k) for k in falls) + f" ({len(falls)} of {len(just) * len(plan.long_seeds)} runs)."))
    out.append(""" Two failure modes, one on each side of the best threshold, and the paper names both (sec. 4.1:
"creeps into saturation"; sec. 4, Fig. 3: "too low a value ... over throttling"):

""")
    plateau, _ = plateau_text(plan, m)
    trace = m.swings["uniform"]
    if falls:
        before = [fell[k]["threshold_before"] for k in falls]
        out.append(f"*The creep, just past saturation.* On the runs that fall, the threshold has climbed to "
                   f"{span(before, 0)} full buffers before the fall while throughput held, and then the network tips "
                   "all at once. ")
    else:
        out.append("*The creep, just past saturation*, does not show on this report's runs. ")
    if plateau:
        out.append(f"The static thresholds below (\"Throughput against a static threshold\") show why the tuner cannot "
                   f"see it coming: on this network {plateau}. ")
    out.append(f"""Table 1's 25 % drop and sec. 4.2's reset below the maximum both need throughput to fall
*before* the collapse, and a tuning period's throughput is only known to about ±{trace['noise']:.0f} % (the
counting noise of the ~{trace['packets']:,.0f} packets a {trace['period']}-cycle period delivers, deep in saturation;
the highest period of that trace lies {trace['above']:.0f} % above its mean).""")
    knot = m.long["knot"]
    if knot:
        out.append(f""" Once tipped, the network is a knot (seed {knot['seed']} at {knot['load']} with the search restarting at the
reset value, its last {knot['samples'] * knot['interval']:,} cycles in {knot['interval']:,}-cycle samples):
{span(knot['packets'], 0)} packets in {span(knot['full'], 0)} full edge buffers, delivering {span(knot['accepted'], 0)} %
of capacity, while the reset holds the threshold at {span(knot['threshold'], 0)} and
{knot['throttled']:.0f} % of the nodes are throttled at a sample on average. Whenever the extrapolated estimate dips below the threshold the nodes
release their waiting packets together and refill the knot, which drains only through Disha's one
recovery at a time; with the sources stopped it drains through recoveries until it breaks and then
all at once — the paper's Fig. 9a shape (sec. 5.2.4; the burst table of Fig. 9 below).""")
    out.append("\n\n*Over-throttling, deep in saturation.* ")
    if deep:
        highest = [m.long["highest"][(l, s)] for l in deep for s in plan.long_seeds]
        out.append(f"At {' and '.join(str(l) for l in deep)} the threshold stays low (at most {span(highest, 0)} after "
                   "warm-up). ")
    out.append(f"""All nodes see the same estimate and stop and start together, so the full-buffer count
swings between about {trace['low']:,.0f} and {trace['high']:,.0f} {cadence(trace)} (Tune, seed 1 at {SWING_LOADS['uniform']},
{SWING_SAMPLES}-cycle samples; 10th and 90th percentiles) and throughput with it ({trace['accepted_low']:.2f}–{trace['accepted_high']:.2f}
flits/node/cycle per {SWING_SAMPLES} cycles); a tuning period that falls in a trough reads as a 25 % drop
and costs {decrement}, {decrement / increment:.0f} times what a good period gains ({increment}), so the threshold is held low.

""")
    means = {l: sum(tune[(l, s)] for s in plan.long_seeds) / len(plan.long_seeds) for l in plan.variant_loads}
    out.append(f"""Which trap a run lands in depends on the load and the seed: Tune's mean over the seeds is
{' / '.join(f'{means[l]:.0f}' for l in plan.variant_loads)} % at {' / '.join(str(l) for l in plan.variant_loads)}. The
readings the paper leaves open (next table) move the balance and remove neither. Not found: what keeps
the paper's tuner between the two on every load of its Fig. 4a (one run per load); what it leaves open
and may decide it is how synchronised its throttled sources are and how fast its Disha recovers.
What the count of full buffers, Table 1's "throttling" and the order of sources and interfaces within
a cycle each changed on the way: {HISTORY}.
""")
    return "".join(out)
