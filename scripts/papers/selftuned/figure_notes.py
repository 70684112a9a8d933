"""The self-tuned report's notes on the tuning rules' readings, the bursts, the static-threshold curves,
the VC splits and Figs. 6, 9 and 11, each a template filled from the measures (measures.py; no note reads a
run)."""
from papers.selftuned.tables import AVOIDANCE, BURST_PATTERNS, COMPLEMENT, RECOVERY, ROBUSTNESS, SWING_LOADS, \
    SWING_SAMPLES, TUNING_VARIANTS
from papers.selftuned.measures import ALO_NOT_ABOVE, DEEP_FROM, EARLY, NEAR_PEAK
from papers.selftuned.notes import GATHER_ENDS, GATHER_HOP, HISTORY, alo_long_text, buffer_product, cadence, \
    paper_latency, plateau_text, span, tuner_steps


def tuning_variant_notes(plan, m):
    res = m.variants
    just = [l for l in plan.variant_loads if l < DEEP_FROM]
    deep = [l for l in plan.variant_loads if l >= DEEP_FROM]
    sooner = ("Tune, last gather", "Tune, reset below 90 %")

    def range_of(loads):
        return span([res[(n, l, s)] for n in sooner for l in loads for s in plan.long_seeds], 0)

    medians = [m.variant_median[(n, l, s)] for n in sooner for l in just or plan.variant_loads for s in plan.long_seeds]
    where = "just past saturation" if just else f"at {plan.variant_loads[0]}"
    held = f"Tune holds {range_of(just or plan.variant_loads)} % {where}" + (f", {range_of(deep)} % deep in it" if deep and just else "")
    gains = sorted(((res[("Tune", l, s)] - res[("Tune, restart at the reset value", l, s)], l, s)
                    for l in plan.variant_loads for s in plan.long_seeds))
    (loss, l_loss, s_loss), (gain, l_gain, s_gain) = gains[0], gains[-1]
    if max(gain, -loss) < 0.05:
        restart = "the two restarts give the same throughput on every run"
    else:
        restart = (f"where it matters most, seed {s_gain} at {l_gain} holds {res[('Tune', l_gain, s_gain)]:.1f} % with the "
               f"restart at the initial threshold against {res[('Tune, restart at the reset value', l_gain, s_gain)]:.1f} % "
               "at the reset value" if gain > 0 else "the restart at the initial threshold gains nowhere")
        restart += (f", while seed {s_loss} at {l_loss} loses {-loss:.1f} points to it "
                f"({res[('Tune', l_loss, s_loss)]:.1f} % against {res[('Tune, restart at the reset value', l_loss, s_loss)]:.1f} %)"
                    if loss < 0 else ", and it costs no run anything")
    best_of = {l: max(TUNING_VARIANTS, key=lambda n: sum(res[(n, l, s)] for s in plan.long_seeds)) for l in plan.variant_loads}
    peak = m.fig4[RECOVERY][0]
    everywhere = [TUNING_VARIANTS[n] for n in TUNING_VARIANTS
                  if all(res[(n, l, s)] >= NEAR_PEAK * peak for l in plan.variant_loads for s in plan.long_seeds)]
    return f"""Three readings of the tuning rules that the paper leaves open. *The throughput a decision compares*:
"the throughput in a tuning period" (sec. 4.1) is read here as the flits delivered over the whole
tuning period; the sideband delivers a count every gather, and a decision could as well compare the
last one (`congestion_control.throughput_window: last_gather`). *How far below the maximum is
"significantly"* (sec. 4.2, the reset to min(Tmax, Nmax)): 75 % here (`reset_fraction`), 90 % in the
last column. Either makes the tuner act sooner — over one gather the swings of a network whose nodes
stop and start together show as drops more often, and a reset at 90 % fires on the noise of the
maximum — and so leans towards the over-throttling trap: {held}, the median threshold after warm-up
{span(medians, 0)} full buffers. *Where the search restarts* once the maximum is forgotten (sec. 4.2):
at the initial threshold, icnsim's default, or at the reset value min(Tmax, Nmax), the last column
(Fig. 6 notes say why it matters most on complement). On uniform traffic {restart}. The highest mean
over the seeds: {'; '.join(f'{TUNING_VARIANTS[n]} at {l}' for l, n in best_of.items())}; the paper's curve (near
the peak at every load, at least {100 * NEAR_PEAK:.0f} % of the base's {peak:.1f} %) on every seed:
{', '.join(everywhere) if everywhere else 'no reading'}.
"""
def robustness_notes(plan, m):
    def mean(n, load=None):
        values = [m.robust[(n, l, s)] for l in plan.variant_loads if load in (None, l)
                  for s in plan.long_seeds]
        return sum(values) / len(values)
    first, last = plan.variant_loads[0], plan.variant_loads[-1]
    just = [l for l in plan.variant_loads if l < DEEP_FROM] or [first]
    mid = just[-1]
    default = mean("Tune")
    change = {n: 100 * (mean(n) / default - 1) for n in ROBUSTNESS}
    return f"""The paper found its tuner robust (sec. 4.1): the tuning period anywhere from 32 to 192 cycles "did
not alter significantly", the steps anywhere from 1 % to 4 % of all buffers within 4 %. On icnsim
each of these moves the balance between the two traps of Fig. 4a/b. A longer period (192) averages
the swings of the synchronised network away, so drops are rare and the threshold creeps towards the
cliff ({mean('Tune, 192-cycle period', last):.0f} % at {last} against the default's {mean('Tune', last):.0f} %); a shorter
one (32) sees more swings as drops ({mean('Tune, 32-cycle period', mid):.0f} % at {mid} against {mean('Tune', mid):.0f} %). Equal
steps of 4 % climb to the cliff four times as fast ({mean('Tune, steps 4 % / 4 %', first):.0f} % at {first} against
{mean('Tune', first):.0f} %); equal steps of 1 % change the mean by {change['Tune, steps 1 % / 1 %']:+.0f} %. Over all loads the
largest change is {max(change.values(), key=abs):+.0f} % where the paper saw under 4 %. Where this sensitivity is large it is
itself the finding: on this network the tuner works in a narrow band of its parameters — icnsim's
defaults, the paper's, lie in it — where the paper reports a wide one. What the paper's network has
that widens the band is what remains open above (the plateau and the cliff; how synchronised its
sources are; Disha's rate). How the restart at the initial threshold changed these numbers: {HISTORY}.
"""


def burst_duration_notes(report, plan, m):
    lat9 = m.fig9d_latency
    shortest = min(plan.durations)
    tune_short = [lat9[(shortest, p, "Tune")] for p in (RECOVERY, AVOIDANCE)]
    ratio = {p: [lat9[(d, p, "Base")] / lat9[(d, p, "Tune")] for d in plan.durations] for p in (RECOVERY, AVOIDANCE)}
    paper = {p: report.derived(paper_latency(p, "Base") / paper_latency(p, "Tune")) for p in (RECOVERY, AVOIDANCE)}
    return f"""Fig. 8's durations are not in the text; what the text does give — the recovery network "goes into
deep saturation ... approximately between 20,000 and 21,000 cycles", drains "between 21,000 and
27,000" and spurts until 29,000, "long after the offered load is reduced" — reads like a burst of
about 1,000 cycles, where the shipped load has 5,000. With {shortest:,}-cycle bursts Tune's mean latency is
{tune_short[0]:,.0f} and {tune_short[1]:,.0f} cycles (recovery, avoidance) against the paper's {paper_latency(RECOVERY, 'Tune')} and {paper_latency(AVOIDANCE, 'Tune')},
since most packets then come from the low load; but Base and ALO move the same way, and the Base / Tune
ratio is {span(ratio[AVOIDANCE])} with avoidance (paper {paper[AVOIDANCE]:.1f}) and {span(ratio[RECOVERY])} with recovery (paper
{paper[RECOVERY]:.0f}) over the durations run. So the durations set the magnitudes, not the gaps: the gaps come
from the causes above (one adaptive VC with avoidance; ALO holding the uniform and complement bursts
with recovery). The shipped load keeps its 5,000-cycle bursts.
"""


def curve_notes(report, plan, m):
    full, occupied = m.base_peak_full, m.occupied
    buffers, _, _ = tuner_steps(report, m)
    plateau, shape = plateau_text(plan, m)
    collapses = "; ".join(f"at {load}: " + ", ".join(f"{fell} of {len(plan.long_seeds)} at {t}" for t, _, fell in rows if fell)
                          for load, rows in shape.items() if any(fell for *_, fell in rows))
    return f"""What the paper counts (sec. 3, 5.1): "the fraction of full virtual channel buffers", "3,072 buffers"
— {buffer_product(report, m.occupied_shape)}, the edge buffers, without the injection channel's; icnsim counts
those, holding all 8 flits. "Full" is a buffer holding 8 flits, not one holding any: at the base's
peak (0.02, {m.base_peak12:.0f} % of capacity, uncontrolled) the network holds about {full:,.0f} full edge buffers but
about {occupied:,.0f} VC buffers, edge and injection, that hold a flit (the entropy controller's valid-buffer
count, `--set congestion_control.type=entropy --set congestion_control.threshold=0`, which never
throttles), so counting occupied buffers a threshold of 250 ({report.derived(100 * 250 / buffers):.0f} %) would throttle
far below the peak, where the paper has it working "very well for random traffic" and 50
over-throttling — as the full count does here (Fig. 6).

**The threshold against throughput.** On uniform traffic a static threshold holds the full-buffer
count near it (below it on average: the count swings about it), so the table above is the paper's
Fig. 3 read off icnsim: {plateau or 'too few thresholds hold at this length to read its shape'}{'; the network tips into its collapsed state on more runs at the higher thresholds (' + collapses + ')' if collapses else ''}.
The paper's premise (sec. 4, Fig. 3) is that past the best threshold "there is a drop in achieved
throughput" the tuner can climb back from; where there is none to sense before the cliff, hill
climbing on throughput walks up the plateau until the network falls, and only then sees a drop —
the checkable cause of the creep above.
"""


def vc_notes(plan, m):
    loads = plan.loads4
    one, two = m.fig4[AVOIDANCE], m.fig4vc

    def at(vcs, name, load):
        return m.vc[(vcs, name, load)]
    past = {vcs: [l for l in loads if l > (one if vcs == 3 else two)[1]] or [loads[-1]] for vcs in (3, 4)}
    near = max(abs(at(vcs, "ALO", l) - at(vcs, "Base", l)) for vcs in (3, 4) for l in past[vcs])
    first, last = past[4][0], past[4][-1]
    early = at(4, "ALO, adaptive VCs", first) > at(4, "Base", first) + 5
    later = at(4, "ALO, adaptive VCs", last) < at(4, "ALO, adaptive VCs", first) - 5
    moves = [abs(at(3, "ALO, adaptive VCs", l) - at(3, "ALO", l)) for l in past[3]]
    shape = ("the paper's shape" if early and later else
             "not the paper's whole shape (" + ("no gain early" if not early else "no degradation later") + ")")
    first_text = (f"at {first}, just past saturation, ALO accepts {at(4, 'ALO, adaptive VCs', first):.1f} % where the base "
                  f"has fallen to {at(4, 'Base', first):.1f} % and ALO counting every VC to {at(4, 'ALO', first):.1f} %"
                  + (' — "improves performance in the early stages of congestion"' if early else ""))
    last_text = ("" if last == first else
                 f", and by {last} it is at {at(4, 'ALO, adaptive VCs', last):.1f} % (base {at(4, 'Base', last):.1f} %)"
                 + (' — "does exhibit severe performance degradation eventually"' if later else ""))
    peaks = (f"peaks at {two[0]:.0f} % (at {two[1]}) against {one[0]:.0f} % with one adaptive VC" if two[0] > one[0] + 2
             else f"peaks at {two[0]:.0f} % (at {two[1]}), as with one adaptive VC ({one[0]:.0f} %)")
    return f"""With two adaptive VCs the base {peaks}
and falls to {two[4]:.0f} % past saturation, while Tune keeps at least {two[2]:.0f} %: the lower peak and smaller
margin of the three-VC table come from the VC split a torus forces on the escape network, not from
the controllers. **ALO** as run here stays within {near:.1f} points of the base past saturation on both
splits: it counts every VC of a useful channel, the escape VCs included, so a free escape VC — one of
the dateline class the packet cannot even use — still lets a packet in. *Cause of the difference:
which VCs ALO counts, which the paper leaves open.* Counting only the adaptive VCs
(`congestion_control.vcs: adaptive`) gives {shape} with the two adaptive VCs: {first_text}{last_text}.
With one adaptive VC the same choice moves ALO by {span(moves)} points past saturation.
"""


def fig6_notes(plan, m):
    hi = max(plan.loads6)
    base = m.fig6_complement_base
    peak_load = max(base, key=base.get)
    u = m.fig6_uniform
    ratios = m.complement["ratios"]
    return f"""**The sources decide this figure** (as Fig. 4; how it read before: {HISTORY}). With Bernoulli sources
and unbounded queues every throttled packet still waits and is injected as soon as the estimate
falls, so a low threshold only delays packets and throughput is set by the network, not the
threshold; with attempt sources a throttled node loses its attempts, so a threshold that is too low
shows as lost throughput — the over-throttling the paper describes. On complement, packets cross
the bisection at the half-way dateline and saturate at a lower load (the base peaks at {peak_load}
packets/node/cycle of the loads run); the central arbiter makes the uncontrolled network collapse
past it, and the static thresholds hold most of that peak.

**Tune does not quite adapt to both patterns.** On uniform traffic, deep in saturation, it is held
low by throttling-driven drops: at {hi} it holds {u['Tune']:.1f} % against static 250's {u['static 250']:.1f} % (Fig.
4a/b, the over-throttling trap). On complement it holds {span([100 * r for r in ratios], 0)} % of what static 50 holds
(below, {len(plan.long_seeds)} seed{'s' if len(plan.long_seeds) > 1 else ''} per load).
"""


def complement_notes(report, plan, m):
    c = m.complement
    default, ratchet, load, mean, held_count = c["default"], c["ratchet"], c["curve_load"], c["curve"], c["held_count"]
    ts = plan.complement_thresholds
    _, increment, _ = tuner_steps(report, m)
    slopes = [(mean[a] - mean[b]) * increment / (b - a) for a, b in zip(ts, ts[1:]) if mean[b] < mean[a]]
    trace = m.swings[COMPLEMENT]
    best = max(mean, key=mean.get)
    reset_level = 0.75 * mean[best] * (1 + trace["above"] / 100)
    above = [t for t in ts if mean[t] >= reset_level]
    below = [t for t in ts if mean[t] < reset_level and t > best]
    where = (f"between the thresholds of {max(above)} and {min(below)}" if above and below else
             "below every threshold run" if not above else "above every threshold run")
    low = [t for t in ts if t <= 50]
    gather = c["hop_delay"]
    reset_pct = c["reset"]
    if sum(reset_pct) / len(reset_pct) < sum(default) / len(default) - 2:
        reading = (f"""Left at the reset value (the last column above), the collapsed network's
next period becomes the new maximum, its full-buffer count the new Nmax and the failed threshold the
new Tmax: the threshold ratchets up to {span(ratchet, 0)} full buffers and Tune holds {span(reset_pct)} % of
capacity. Restarting the search where sec. 4.1 begins it, at the initial threshold, the throttle
drains the knot and the tuner climbs again: {span(default)} % on every seed and load.""")
    else:
        reading = (f"""On these runs the two readings hold about the same: {span(reset_pct)} % of
capacity left at the reset value (the last column above, highest threshold {span(ratchet, 0)} full buffers),
{span(default)} % restarting where sec. 4.1 begins the search, at the initial threshold.""")
    thresholds_text = (f"a threshold of {low[0]} runs" if len(low) == 1 else " and ".join(str(t) for t in low) + " run")
    return f"""**Complement — where the search restarts (sec. 4.2).** After r = 5 resets to min(Tmax, Nmax) in a
row, "even the min(Tmax, Nmax) value is too high to prevent saturation, and we must recompute max
value ... restart the maximum-locating process". The paper does not say where the threshold stands
when the search restarts. {reading} icnsim restarts at the initial threshold
(`congestion_control.restart: initial`; `reset_value` is the other reading;
`tests/unit/congestion_control_test.cpp`); the trace that found it and what else the change moved:
{HISTORY}.

**What remains on complement: the creep down a gradual decline.** The static-threshold table is the
paper's Fig. 3 on complement: at {load}, {', '.join(f'{mean[t]:.0f} % at {t}' for t in ts)}. Where throughput falls, a
step of +{increment} full buffers costs at most about {max(slopes or [0]):.1f} points, against a tuning period's counting
noise of ±{trace['noise']:.0f} % (static 50, seed 1 at {SWING_LOADS[COMPLEMENT]}, {SWING_SAMPLES}-cycle samples), so Table 1's 25 % drop does
not fire on the way down, and the reset needs a period below 75 % of the best one (a high period,
{trace['above']:.0f} % above the mean), about {reset_level:.0f} % of capacity ({where}). Between
restarts the tuner therefore walks down the decline (its highest threshold after warm-up: claims
table), the creep the paper names in sec. 4.1 and its Fig. 6 shows Tune avoiding. The table also
shows why a count is a poor threshold on complement: a static threshold does not hold the count near
it — {thresholds_text} the network at {span([held_count[t] for t in low], 0)} full buffers on average. The
count swings between about {trace['low']:,.0f} and {trace['high']:,.0f} {cadence(trace)} (the same trace): it is a
gather or two old when it stops the sources (a gather crosses the sideband at {gather} cycles a hop), and
when the estimate falls all nodes release their waiting packet together. So Nmax, the count at the
best period, used as a threshold runs the network well above it.
"""


def fig9_notes(report, m):
    lat9 = m.fig9_latency
    order = {p: lat9[(p, "Tune")] < lat9[(p, "ALO")] <= ALO_NOT_ABOVE * lat9[(p, "Base")] for p in (RECOVERY, AVOIDANCE)}
    off = [100 * (lat9[(AVOIDANCE, n)] / paper_latency(AVOIDANCE, n) - 1) for n in ("Base", "ALO")]
    one, two = m.fig4[AVOIDANCE], m.fig4vc
    vc = m.fig9vc_latency
    interval = report.derived(1 / 15)
    alo_recovery = lat9[(RECOVERY, "ALO")] / paper_latency(RECOVERY, "ALO")
    return f"""*The sources.* The paper's nodes "try to generate a packet every 15 cycles"; with attempt sources
(`stimuli/selftuned-bursty.yaml`) the bursts offer the paper's {interval:.3f} packets/node/cycle and no queue grows
(how it read with queued sources: {HISTORY}). The ordering Tune < ALO ≤ Base holds
{'in both configurations' if all(order.values()) else 'with ' + ' and '.join(n for p, n in ((RECOVERY, 'recovery'), (AVOIDANCE, 'avoidance')) if order[p]) if any(order.values()) else 'in neither configuration'};
with avoidance Base and ALO are {off[0]:+.0f} % and {off[1]:+.0f} % from the paper's. Tune's latency there is
{100 * lat9[(AVOIDANCE, 'Tune')] / lat9[(AVOIDANCE, 'ALO')]:.0f} % of ALO's, where the paper's is a third: *cause: the avoidance network's VC split*,
as in Fig. 4c/d. With one adaptive VC the network peaks at {one[0]:.0f} % against {two[0]:.0f} % with two, and
Tune, which holds it just below saturation, holds it at a higher latency; with the paper's two adaptive VCs
(the rows "two adaptive VCs", one VC more than the paper) Tune's latency is {100 * vc['Tune'] / vc['ALO']:.0f} % of ALO's.
With recovery ALO's latency is {100 * alo_recovery:.0f} % of the paper's; where that comes from is taken apart below.
What the paper leaves open and may move the magnitudes: the durations of the phases (read from
Fig. 8, whose text gives only the rates) and the latency of packets still in the network when the
run ends (not counted here; the paper does not say).
"""


def fig9_alo_notes(m):
    per = m.fig9_bursts
    alo_lat = ", ".join(f"{b.replace('_', ' ')} {'—' if l is None else f'{l:,.0f}'}" for b, (_, l) in per["ALO"].items())
    tune_lat = ", ".join(f"{b.replace('_', ' ')} {'—' if l is None else f'{l:,.0f}'}" for b, (_, l) in per["Tune"].items())
    room, alo, base = ({p: m.alo_steady[(n, p)] for p in BURST_PATTERNS} for n in ("ALO, free = room", "ALO", "Base"))
    tipped = [f"{b.replace('_', ' ')} {per['ALO, free = room'][b][1]:,.0f} against {per['ALO'][b][1]:,.0f}"
              for b in ("uniform", "bit_complement") if b in per["ALO"] and None not in (per["ALO"][b][1], per["ALO, free = room"][b][1])]
    avoid = m.fig9_avoid_room_gap
    return f"""**ALO with recovery — what "free" means decides it.** The paper: "the ALO scheme and the base
scheme initially ramp up the throughput but throughput collapses soon thereafter". Taken burst by
burst (table above), the mean latency of icnsim's ALO as run by default is {alo_lat} cycles, Tune's
{tune_lat}; at steady load past saturation ALO holds {', '.join(f"{p.replace('_', ' ')} {alo[p]:.1f} %" for p in BURST_PATTERNS)}
(the base: {', '.join(f'{base[p]:.1f} %' for p in BURST_PATTERNS)}); on uniform traffic {alo_long_text(m)}
(Fig. 4a/b). For its mean of 2,571 cycles the paper's ALO must have lost the
uniform and complement bursts too. *Cause: what makes a VC "free", which sec. 5.1 leaves open.* By
default icnsim counts a VC free when no packet holds it (`congestion_control.free_vc: unallocated`);
counted free while its buffer has room for a flit (`free_vc: room`), a VC that a blocked packet holds
still lets packets in as long as that packet's flits do not fill it. ALO then holds, at steady load,
{', '.join(f"{p.replace('_', ' ')} {room[p]:.1f} %" for p in BURST_PATTERNS)} (the last column above;
`tests/scripts/test_selftuned_claims.py`){'; under the bursts its mean latency is ' + ', '.join(tipped) + ' cycles (burst table)' if tipped else ''}, and its
mean latency moves towards the base's (the ALO row with room in the table above), though not to the
paper's ALO ≈ Base. With avoidance the two readings differ by {avoid:.1f} points of throughput: a Duato
network's VCs free up through the escape channels either way. The paper's Fig. 9a fits the second
reading better where ALO loses what it held; its Fig. 4a, the recovery network at steady load, is
not described in words, so which reading its ALO had cannot be settled from the text.
"""


def fig11_notes(report, plan, m):
    meta = m.metapackets
    k, n = meta["radix"], meta["dimensions"]
    idle = report.derived(n * k * GATHER_HOP + GATHER_ENDS)
    link = meta["link_means"]
    means = m.gather_means
    rises = len(means) > 2 and max(means) > means[0] and max(means) > means[-1]
    seeds = plan.long_seeds
    loses = {name: [v for v in m.early[name] if v < EARLY * m.base_peak12] for name in plan.early_names}
    loss = {name: 100 * (1 - sum(v) / len(v) / m.base_peak12) for name, v in m.early.items()}
    no_tune, share = meta["no_tune_gap"], meta["link_share"]
    sharing, winning = plan.early_names

    def seeds_text(name):
        return (f"on {len(loses[name])} of {len(seeds)} seed{'s' if len(seeds) > 1 else ''}"
                + (f" ({span(loses[name])} % where it does)" if loses[name] else ""))
    return f"""**Gather time.** The paper's intermediate nodes modify the metapacket with a one-cycle adder "before
forwarding" (sec. 5.3), so it stays in the network: icnsim's passes through each router of its row —
routed, its value added in one cycle, sent on — and a hop costs routing + adder + crossbar + link =
{GATHER_HOP} cycles; a gather round both dimensions of the idle {k}-ary {n}-cube takes {n} · {k} · {GATHER_HOP} + {GATHER_ENDS} =
{idle} cycles (`tests/network/metapacket_test.cpp` checks the per-hop cost on 4- and 8-ary tori; the
earlier ejecting version: {HISTORY}). How gathers change with load depends on where the metapackets'
priority applies, which the paper leaves open. Its explanation of the shorter gathers past
saturation — "data-packets are blocked at saturation and thus metapackets see no contention for
physical links" — implies that below saturation they do contend for links. So by default the
metapackets' VC is served first by the arbiter and in VC allocation but takes turns with the data
VCs on each link, flit by flit. Gathers then {'lengthen towards the base' + chr(39) + 's peak and shorten past it, the paper' + chr(39) + 's shape' if rises else 'do not lengthen and shorten again with load as the paper' + chr(39) + 's do'}
(means {span(means, 0)} cycles, the claims table judges them against the paper's band). With priority on
the links too (`metapacket_priority: link`) they take {span(link, 0)} cycles at every load.

**Tune with metapackets.** The paper: metapackets make the network saturate at lighter loads, and
Tune acting on their stale information more so; metapackets are "not suitable" for the scheme. Past
saturation Tune on metapackets holds {m.meta_past:.1f} % against {m.sideband_past:.1f} % over the sideband (claims
table). At the base's peak (0.02, where the base delivers {m.base_peak12:.1f} %) Tune on metapackets loses
throughput (below {100 * EARLY:.0f} % of the base's) {seeds_text(sharing)} sharing the links and {seeds_text(winning)} winning them,
{loss[sharing]:.0f} % and {loss[winning]:.0f} % below the base on average: acting on the metapackets' older count it throttles a
network the base still carries. How the readings split before the search restarted at the initial
threshold: {HISTORY}. No tune is within {no_tune:.1f} points of the base at every load (the metapackets
take {share:.1f} % of the link traversals at 0.02), where the paper's No tune saturates somewhat earlier than
the base; its metapackets evidently cost the data a little more than icnsim's.
"""


FIG13_NOTES = """Paper (Appendix A): Tune holds throughput past saturation for these patterns too; its latency may
exceed the base's there, because the base's latency counts only its few delivered packets.
"""
