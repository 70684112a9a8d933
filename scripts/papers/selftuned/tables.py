"""The self-tuned report's set-up (platforms, controllers, lengths, the paper's figures) and its tables
and load curves, read from runs."""
from papers.measures import accepted_fraction, mean_latency  # noqa: F401 (the report's modules read them here)

CAPACITY = 0.5  # uniform-traffic capacity of a 16-ary 2-cube torus, flits/node/cycle (4 / k)
RECOVERY, AVOIDANCE = "platforms/selftuned-recovery.yaml", "platforms/selftuned-avoidance.yaml"
STEADY, BURSTY = "stimuli/selftuned-uniform.yaml", "stimuli/selftuned-bursty.yaml"
BURST_PATTERNS = ("uniform", "bit_reversal", "perfect_shuffle", "bit_complement")  # Fig. 8's bursts, in order
CONTROLLERS = {"Base": ["congestion_control.type=none"], "ALO": ["congestion_control.type=alo"],
               "ALO, free = room": ["congestion_control.type=alo", "congestion_control.free_vc=room"],
               "ALO, adaptive VCs": ["congestion_control.type=alo", "congestion_control.vcs=adaptive"],
               "Tune": ["congestion_control.type=self_tuned"],
               "Tune, last gather": ["congestion_control.type=self_tuned", "congestion_control.throughput_window=last_gather"],
               "Tune, reset below 90 %": ["congestion_control.type=self_tuned", "congestion_control.reset_fraction=0.9"],
               "Tune, restart at the reset value": ["congestion_control.type=self_tuned",
                                                    "congestion_control.restart=reset_value"],
               "Tune, 32-cycle period": ["congestion_control.type=self_tuned", "congestion_control.tuning_period=32"],
               "Tune, 192-cycle period": ["congestion_control.type=self_tuned", "congestion_control.tuning_period=192"],
               "Tune, steps 1 % / 1 %": ["congestion_control.type=self_tuned", "congestion_control.decrement_percent=1"],
               "Tune, steps 4 % / 4 %": ["congestion_control.type=self_tuned", "congestion_control.increment_percent=4"],
               "static 50": ["congestion_control.type=static_threshold", "congestion_control.threshold=50"],
               "static 250": ["congestion_control.type=static_threshold", "congestion_control.threshold=250"],
               "No tune (metapackets)": ["congestion_control.type=self_tuned", "congestion_control.distribution=metapackets",
                                         "congestion_control.throttle=false"],
               "Tune (metapackets)": ["congestion_control.type=self_tuned", "congestion_control.distribution=metapackets"],
               "No tune (metapackets, link priority)": [
                   "congestion_control.type=self_tuned", "congestion_control.distribution=metapackets",
                   "congestion_control.throttle=false", "congestion_control.metapacket_priority=link"],
               "Tune (metapackets, link priority)": [
                   "congestion_control.type=self_tuned", "congestion_control.distribution=metapackets",
                   "congestion_control.metapacket_priority=link"]}


def pct(r):
    return 100 * r["throughput"]["accepted_normalised"]


def lat(r):
    m = r["latency"]["mean"]
    return "—" if m is None else f"{m:,.0f}"


def cell(r):
    if r["status"]["state"] != "completed":
        return f"{r['status']['state']}"
    return f"{pct(r):.1f} % / {lat(r)}"


def table(runs, keys, loads, names):
    lines = ["| packets/node/cycle | " + " | ".join(f"{n}: accepted / latency" for n in names) + " |",
             "|---" * (len(names) + 1) + "|"]
    for load in loads:
        lines.append(f"| {load} | " + " | ".join(cell(runs.result(keys[(n, load)])) for n in names) + " |")
    return "\n".join(lines)


def sweep(runs, platform, names, loads, extra=()):
    return {(n, load): runs.submit(platform, STEADY, [*CONTROLLERS[n], f"stimulus.injection.rate={load}", *extra])
            for n in names for load in loads}


def seeded(runs, settings, loads, seeds, quick):
    """Recovery-network runs at steady load, one per (name, load, seed); `settings` maps a name to its
    settings. At the paper's length whatever the report's (--quick: the quick length)."""
    return {(n, load, seed): runs.submit(RECOVERY, STEADY, [*extra, f"stimulus.injection.rate={load}",
                                                          f"simulation.seed={seed}"], length=quick)
            for n, extra in settings.items() for load in loads for seed in seeds}


# Past saturation at the paper's length on several seeds: whether a controller keeps the recovery
# network out of its collapsed state, and if not when it falls in. Static 250 is the control: a
# fixed threshold that never creeps.
LONG_NAMES, LONG_LOADS, LONG_SEEDS, LONG_CYCLES = ("ALO", "Tune", "static 250"), (0.03, 0.04, 0.05), (1, 2, 3, 4), 60000


def collapse_cycle(r):
    """First 1,000-cycle sample after warm-up whose accepted load is below a quarter of capacity."""
    ts, warmup = r["time_series"], r["window"]["warmup"]
    for cycle, accepted in zip(ts["cycle"], ts["accepted"]):
        if cycle >= warmup and accepted < 0.25 * CAPACITY:
            return cycle
    return None


def tail_pct(r, samples=10):
    """Accepted load over the run's last `samples` time-series samples, in % of capacity."""
    tail = r["time_series"]["accepted"][-samples:]
    return 100 * sum(tail) / len(tail) / CAPACITY


def long_table(runs, keys):
    lines = [f"**Past saturation at the paper's length, four seeds** ({LONG_CYCLES:,} cycles, 10,000 warm-up, whatever "
             "the report's length; collapse = first 1,000-cycle sample below 25 % of capacity):\n",
             "| controller | packets/node/cycle | seed | accepted (whole window) | last 10,000 cycles | collapse at cycle |",
             "|---|---|---|---|---|---|"]
    for (n, load, seed), key in keys.items():
        r = runs.result(key)
        c = collapse_cycle(r)
        lines.append(f"| {n} | {load} | {seed} | {pct(r):.1f} % | {tail_pct(r):.1f} % | "
                     f"{'—' if c is None else f'{c + 1:,}'} |")
    return "\n".join(lines) + "\n"


def bursts(r):
    """Per burst of the bursty load: (name, accepted % of capacity, mean latency of the packets delivered)
    over the burst and the low phase after it, up to the next burst, from the run's time series."""
    ts, phases = r["time_series"], r["schedule"]["phases"]
    starts = [ph for ph in phases if ph["name"].startswith("burst")]
    rows = []
    for i, ph in enumerate(starts):
        end = starts[i + 1]["start"] if i + 1 < len(starts) else r["window"]["cycles"]
        samples = [(a, l) for c, a, l in zip(ts["cycle"], ts["accepted"], ts["mean_latency"]) if ph["start"] <= c < end]
        delivered = sum(a for a, l in samples if l is not None)
        latency = sum(a * l for a, l in samples if l is not None) / delivered if delivered else None
        rows.append((ph["name"].removeprefix("burst "), 100 * sum(a for a, _ in samples) / len(samples) / CAPACITY,
                     latency))
    return rows


def burst_table(runs, keys, names):
    """Fig. 9 burst by burst: which bursts tip each controller's network."""
    per = {n: bursts(runs.result(keys[n])) for n in names}
    lines = ["| burst (and the low load after it) | " + " | ".join(f"{n}: accepted / latency" for n in names) + " |",
             "|---" * (len(names) + 1) + "|"]
    for i, (burst, _, _) in enumerate(per[names[0]]):
        lines.append(f"| {burst} | " + " | ".join(
            f"{per[n][i][1]:.1f} % / {'—' if per[n][i][2] is None else f'{per[n][i][2]:,.0f}'}" for n in names) + " |")
    return "\n".join(lines) + "\n"


# Fig. 8's phase durations are not in the text; the shipped load has 5,000-cycle bursts every 15,000
# cycles from cycle 10,000. The text's "deep saturation ... approximately between 20,000 and 21,000
# cycles", drained by 27,000, reads like a burst of about 1,000 cycles. Shorter bursts on the same
# 15,000-cycle grid: the burst phases (1, 3, 5, 7) and the low phases after them (2, 4, 6).
BURST_DURATIONS = (1000, 2000, 5000)


def burst_durations(cycles):
    settings = [f"stimulus.phases.{i}.end.cycles={cycles}" for i in (1, 3, 5, 7)]
    return settings + [f"stimulus.phases.{i}.end.cycles={15000 - cycles}" for i in (2, 4, 6)]


def burst_duration_table(runs, keys, durations):
    names = ("Base", "ALO", "Tune")
    lines = ["**Fig. 9 against the bursts' duration** (mean latency in cycles, bursts every 15,000 cycles from cycle "
             "10,000; Base / Tune is the ratio the paper's text gives as 18 with recovery and 3.2 with avoidance):\n",
             "| burst (cycles) | recovery: Base / ALO / Tune | Base / Tune | avoidance: Base / ALO / Tune | Base / Tune |",
             "|---|---|---|---|---|"]
    for d in durations:
        cells = []
        for p in (RECOVERY, AVOIDANCE):
            m = {n: mean_latency(runs.result(keys[(d, p, n)])) for n in names}
            cells += [" / ".join(f"{m[n]:,.0f}" for n in names), f"{m['Base'] / m['Tune']:.1f}"]
        lines.append(f"| {d:,} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def recoveries_per_kcycle(r):
    return 1000 * r["packets"]["deadlock_recoveries"] / r["window"]["cycles"]


def pattern_table(runs, keys, names):
    """The bursts' patterns at steady load: accepted throughput and Disha's recoveries per controller."""
    lines = ["| pattern | " + " | ".join(f"{n}: accepted / recoveries" for n in names) + " |",
             "|---" * (len(names) + 1) + "|"]
    for pattern in BURST_PATTERNS:
        lines.append(f"| {pattern} | " + " | ".join(
            f"{pct(runs.result(keys[(n, pattern)])):.1f} % / {recoveries_per_kcycle(runs.result(keys[(n, pattern)])):.0f}"
            for n in names) + " |")
    return "\n".join(lines) + "\n"


# Tune's readings the paper leaves open that move its creep (sec. 4.1: the throughput a decision
# compares; sec. 4.2: how far below the maximum is "significantly", and where the threshold stands
# when the search for a maximum restarts), beside icnsim's default.
TUNING_VARIANTS = {"Tune": "default", "Tune, last gather": "last gather",
                   "Tune, reset below 90 %": "reset below 90 %",
                   "Tune, restart at the reset value": "restart at the reset value"}


def tuning_variant_table(runs, keys, loads, seeds):
    """Tune with icnsim's default reading against the other readings, load by load and seed by seed."""
    def highest(r):
        return max(threshold_after_warmup(r, r["window"]["warmup"]) or [float("nan")])
    cycles = runs.result(next(iter(keys.values())))["window"]["cycles"]
    lines = [f"**Readings the paper leaves open** (recovery, uniform, {cycles:,} cycles; accepted / highest "
             "threshold after warm-up, in full buffers; default: the whole period, reset below 75 %, restart at "
             "the initial threshold):\n",
             "| packets/node/cycle | seed | " + " | ".join(TUNING_VARIANTS.values()) + " |",
             "|---" * (len(TUNING_VARIANTS) + 2) + "|"]
    means = {}
    for load in loads:
        for seed in seeds:
            r = {n: runs.result(keys[(n, load, seed)]) for n in TUNING_VARIANTS}
            lines.append(f"| {load} | {seed} | " + " | ".join(f"{pct(r[n]):.1f} % / {highest(r[n]):,.0f}" for n in r) + " |")
            for n in r:
                means.setdefault((n, load), []).append(pct(r[n]))
    lines.append("")
    lines.append("Mean accepted over the seeds: " + "; ".join(
        f"{load}: " + ", ".join(f"{sum(means[(n, load)]) / len(seeds):.1f} % ({label})"
                               for n, label in TUNING_VARIANTS.items()) for load in loads) + ".\n")
    return "\n".join(lines)


# Sec. 4.1: "for a reasonable range of values (32 cycles to 192 cycles) the performance did not alter
# significantly" (the tuning period), and for increments and decrements of 1-4 % of all buffers
# "performance is insensitive (within 4 percent)". Each variant against the default (1 % / 4 %, 96
# cycles): mean accepted over the loads past saturation and the seeds.
ROBUSTNESS = {"Tune, 32-cycle period": ("tuning period", "32 cycles"), "Tune, 192-cycle period": ("tuning period", "192 cycles"),
              "Tune, steps 1 % / 1 %": ("steps", "+1 % / −1 %"), "Tune, steps 4 % / 4 %": ("steps", "+4 % / −4 %")}


def robustness(report, runs, keys, loads, seeds):
    def mean(n, load=None):
        values = [pct(runs.result(keys[(n, l, seed)])) for l in loads if load in (None, l) for seed in seeds]
        return sum(values) / len(values)
    default = mean("Tune")
    lines = [f"**Sec. 4.1's robustness** (recovery, uniform; mean accepted over {len(seeds)} seed"
             f"{'s' if len(seeds) > 1 else ''} at each load, and over all of them against the default's, "
             "96-cycle period and steps of +1 % / −4 %):\n",
             "| Tune | " + " | ".join(str(load) for load in loads) + " | all | against the default |",
             "|---" * (len(loads) + 3) + "|",
             "| default | " + " | ".join(f"{mean('Tune', load):.1f} %" for load in loads) + f" | {default:.1f} % | |"]
    worst = {}
    for n, (what, label) in ROBUSTNESS.items():
        m = mean(n)
        lines.append(f"| {label} | " + " | ".join(f"{mean(n, load):.1f} %" for load in loads)
                     + f" | {m:.1f} % | {100 * (m / default - 1):+.0f} % |")
        change = (m / default - 1, label)
        worst[what] = max(worst.get(what, change), change, key=lambda c: abs(c[0]))  # the largest change
    for what, claim in (("tuning period", "the tuning period between 32 and 192 cycles does not alter performance "
                         "significantly"), ("steps", "increments and decrements of 1–4 % of all buffers change "
                         "performance by less than 4 %")):
        change, label = worst[what]
        report.claim("4.1", claim, "insensitive", f"{100 * change:+.0f} % with {label} (mean accepted past saturation)",
                     abs(change) < 0.04, "the tuner's two traps (Fig. 4a/b): what sets the balance between them "
                     "moves it (sec. 4.1's robustness table)")
    return "\n".join(lines) + "\n"


# The paper's Fig. 3 (throughput against full buffers) read off icnsim's recovery network: a static
# threshold holds the full-buffer count near its value, so accepted throughput against the threshold,
# seed by seed, shows whether throughput falls gradually past the best threshold (what the 75 % drop
# rule and the reset to min(Tmax, Nmax) need to sense) or the network tips all at once.
CURVE_LOADS, CURVE_THRESHOLDS = (0.025, 0.03), (250, 400, 500, 600, 700)


def static_threshold_table(runs, keys, thresholds, loads, seeds, title, cell):
    """A row per static threshold, a column per load; `cell` summarises the runs of the seeds. `title`
    may name {cycles} and {seeds}."""
    cycles = runs.result(next(iter(keys.values())))["window"]["cycles"]
    seeds_text = f"{len(seeds)} seed{'s' if len(seeds) > 1 else ''}"
    lines = [title.format(cycles=f"{cycles:,}", seeds=seeds_text) + "\n",
             "| threshold (full buffers) | " + " | ".join(f"{load} packets/node/cycle" for load in loads) + " |",
             "|---" * (len(loads) + 1) + "|"]
    for t in thresholds:
        lines.append(f"| {t} | " + " | ".join(cell([runs.result(keys[(t, load, seed)]) for seed in seeds])
                                             for load in loads) + " |")
    return "\n".join(lines) + "\n"


def threshold_curve_table(runs, keys, thresholds, loads, seeds):
    def held_and_fell(rs):
        held = [pct(r) for r in rs if collapse_cycle(r) is None]
        fell = len(rs) - len(held)
        return f"{sum(held) / len(held):.1f} % / {fell} of {len(rs)}" if held else f"— / {fell} of {len(rs)}"
    return static_threshold_table(runs, keys, thresholds, loads, seeds,
                                  "**Throughput against a static threshold** (the paper's Fig. 3 on icnsim: recovery, "
                                  "uniform, {cycles} cycles, {seeds}; mean accepted over the seeds that never collapse "
                                  "/ runs that collapse, collapse as above):", held_and_fell)


def best(runs, keys, name, loads):
    return max(pct(runs.result(keys[(name, load)])) for load in loads)


TITLE = "The self-tuned paper on icnsim"
CITATION = ("Thottethodi, Lebeck, Mukherjee, \"Exploiting Global Knowledge to Achieve Self-Tuned Congestion Control "
            "for k-Ary n-Cube Networks\", IEEE TPDS 15(3), 2004 ([references](../references.md)).")
FULL_LENGTH = (60000, 10000)
QUICK_LENGTH = (2000, 500)


# Fig. 6's complement, where Tune fell furthest short: static 50 against Tune under both readings of
# where the search for a new maximum restarts (sec. 4.2), on the long runs' seeds; and static
# thresholds from 25 to 350 with the full-buffer count they actually hold.
COMPLEMENT = "bit_complement"
COMPLEMENT_NAMES = ("static 50", "Tune", "Tune, restart at the reset value")
COMPLEMENT_LOADS, COMPLEMENT_CURVE_LOADS = (0.015, 0.02, 0.03, 0.04), (0.02, 0.03)
COMPLEMENT_THRESHOLDS = (25, 50, 100, 150, 200, 250, 350)


SWING_SAMPLES = 32  # cycles between the trace runs' samples: one sideband gather
SWING_LOADS = {"uniform": 0.04, COMPLEMENT: 0.02}  # the traces' loads: deep past the peak, and where 50 holds it


def mean_full_buffers(r):
    """The full-buffer count's mean over the samples after warm-up."""
    ts, warmup = r["time_series"], r["window"]["warmup"]
    after = [f for c, f in zip(ts["cycle"], ts["full_buffers"]) if c >= warmup]
    return sum(after) / len(after)


def complement_table(runs, keys, loads, seeds):
    cycles = runs.result(next(iter(keys.values())))["window"]["cycles"]
    lines = [f"**Tune on bit complement, four seeds** ({cycles:,} cycles; mean accepted over the seeds, lowest–highest "
             "in brackets):\n",
             "| packets/node/cycle | " + " | ".join(COMPLEMENT_NAMES) + " |", "|---" * (len(COMPLEMENT_NAMES) + 1) + "|"]
    for load in loads:
        cells = []
        for n in COMPLEMENT_NAMES:
            v = [pct(runs.result(keys[(n, load, seed)])) for seed in seeds]
            cells.append(f"{sum(v) / len(v):.1f} % ({min(v):.1f}–{max(v):.1f})")
        lines.append(f"| {load} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def complement_curve_table(runs, keys, thresholds, loads, seeds):
    def means(rs):
        return f"{sum(pct(r) for r in rs) / len(rs):.1f} % / {sum(mean_full_buffers(r) for r in rs) / len(rs):.0f}"
    return static_threshold_table(runs, keys, thresholds, loads, seeds,
                                  "**Bit complement against a static threshold** ({cycles} cycles, {seeds}; mean "
                                  "accepted / mean full-buffer count after warm-up):", means)


def threshold_after_warmup(r, warmup):
    """The self-tuned threshold's samples after warm-up."""
    ts = r["time_series"]
    return [t for c, t in zip(ts["cycle"], ts.get("controller.threshold", [])) if c >= warmup]


def load_curves(runs, keys, names, loads, measure):
    return {n: [(load, measure(runs.result(keys[(n, load)]))) for load in loads] for n in names}


def load_panels(runs, keys, names, loads, title):
    """Accepted throughput and latency (log axis) against offered load: the paper's two panels."""
    x = "offered load (packets/node/cycle)"
    return [(f"{title}: throughput", x, "accepted (fraction of capacity)", False,
             load_curves(runs, keys, names, loads, accepted_fraction)),
            (f"{title}: latency", x, "mean latency (cycles)", True, load_curves(runs, keys, names, loads, mean_latency))]



def activity(r):
    """Event counts per flit delivered in the window (docs/energy.md): `busy` the router-cycles in which a router
    holds a flit, `router_cycles` all of them (every router, every cycle). A share of busy router-cycles sits near
    100 % past saturation and would hide the difference; per flit it shows."""
    a = r["activity"]
    routers = a["routers"]
    delivered = sum(r["per_node"]["delivered_flits"]) or float("nan")
    router_cycles = routers["active_cycles"] + routers["idle_cycles"]
    return {"busy": routers["active_cycles"] / delivered,
            "writes": routers["buffer_writes"] / delivered, "links": routers["link_traversals"] / delivered,
            "recovery": routers["recovery_vc_flits"] / delivered, "allocations": routers["vc_allocation_requests"] / delivered,
            "sideband_bits": a["sideband"]["bit_transfers"] / delivered, "router_cycles": router_cycles / delivered}


def activity_table(runs, keys, names, loads):
    lines = ["| packets/node/cycle | controller | accepted | router-cycles holding flits | buffer writes | link traversals | "
             "VC requests | Disha-VC flits | sideband bit-hops | router-cycles |", "|---" * 10 + "|"]
    for load in loads:
        for n in names:
            r = runs.result(keys[(n, load)])
            v = activity(r)
            lines.append(f"| {load} | {n} | {pct(r):.1f} % | {v['busy']:.2f} | {v['writes']:.2f} | {v['links']:.2f} | "
                         f"{v['allocations']:.3f} | {v['recovery']:.3f} | {v['sideband_bits']:.2f} | {v['router_cycles']:,.1f} |")
    return "\n".join(lines) + "\n"




# Fig. 9's mean latencies in the paper.
FIG9_PAPER = {RECOVERY: ("2,838", "2,571", "161"), AVOIDANCE: ("520", "509", "163")}  # mean latency, Base / ALO / Tune
