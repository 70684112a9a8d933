"""The self-tuned paper (Thottethodi, Lebeck, Mukherjee, TPDS 2004): Figs. 4 (recovery and avoidance),
6 (static thresholds), 7 (tuning at work), 9 (bursty load), 11/12 (metapackets) and 13/14 (other
patterns) on its own set-up, each with the paper's statement beside icnsim's numbers, a verdict, and
for each difference its cause.

In four parts, as scripts/papers/entropy.py: the plan (`plan_runs`), the measures (`measure`), the
tables and figures, and one function per claim with the margins named. Its notes (the *_NOTES texts)
still hold numbers typed from earlier investigations (tests/scripts/test_reproduce.py, TYPED_IN)."""
import dataclasses

import plot
from papers.report import analytic_checks, zero_load_probe

CAPACITY = 0.5  # uniform-traffic capacity of a 16-ary 2-cube torus, flits/node/cycle (4 / k)
RECOVERY, AVOIDANCE = "platforms/selftuned-recovery.yaml", "platforms/selftuned-avoidance.yaml"
STEADY, BURSTY = "stimuli/selftuned-uniform.yaml", "stimuli/selftuned-bursty.yaml"
BURST_PATTERNS = ("uniform", "bit_reversal", "perfect_shuffle", "bit_complement")  # Fig. 8's bursts, in order
CONTROLLERS = {"Base": ["congestion_control.type=none"], "ALO": ["congestion_control.type=alo"],
               "ALO, free = room": ["congestion_control.type=alo", "congestion_control.free_vc=room"],
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
QUICK_LENGTH = (4000, 1000)


# Fig. 6's complement, where Tune fell furthest short: static 50 against Tune under both readings of
# where the search for a new maximum restarts (sec. 4.2), on the long runs' seeds; and static
# thresholds from 25 to 350 with the full-buffer count they actually hold.
COMPLEMENT = "bit_complement"
COMPLEMENT_NAMES = ("static 50", "Tune", "Tune, restart at the reset value")
COMPLEMENT_LOADS, COMPLEMENT_CURVE_LOADS = (0.015, 0.02, 0.03, 0.04), (0.02, 0.03)
COMPLEMENT_THRESHOLDS = (25, 50, 100, 150, 200, 250, 350)


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


def accepted_fraction(r):
    return r["throughput"]["accepted_normalised"] if r["status"]["state"] == "completed" else float("nan")


def mean_latency(r):
    m = r["latency"]["mean"]
    return float("nan") if m is None or r["status"]["state"] != "completed" else m


def load_panels(runs, keys, names, loads, title):
    """Accepted throughput and latency (log axis) against offered load: the paper's two panels."""
    x = "offered load (packets/node/cycle)"
    return [(f"{title}: throughput", x, "accepted (fraction of capacity)", False,
             load_curves(runs, keys, names, loads, accepted_fraction)),
            (f"{title}: latency", x, "mean latency (cycles)", True, load_curves(runs, keys, names, loads, mean_latency))]


# The plan: every run of the report, by the figure it serves.

@dataclasses.dataclass
class Plan:
    length: tuple              # (cycles, warm-up) of the steady sweeps
    loads4: list               # packets/node/cycle
    fig4: dict                 # network -> {(controller, load): run}
    fig4vc: dict               # the avoidance network with two adaptive VCs
    loads6: list
    fig6: dict                 # pattern -> {(controller, load): run}
    fig9: dict                 # network -> {controller: run}, the bursty load
    fig9vc: dict               # controller -> run, avoidance with two adaptive VCs
    durations: tuple           # bursts of these lengths (cycles)
    fig9d: dict                # (duration, network, controller) -> run
    alo_patterns: dict         # (controller, pattern) -> run, the bursts' patterns at steady load
    loads11: list
    fig11: dict                # (controller, load) -> run, metapackets
    loads13: list
    fig13: dict                # (pattern, network) -> {(controller, load): run}
    long_seeds: tuple
    long_runs: dict            # (controller, load, seed) -> run at the paper's length
    variant_loads: tuple
    variant_runs: dict         # the tuning rules' readings
    robust_runs: dict          # sec. 4.1's robustness
    curve_loads: tuple
    curve_thresholds: tuple
    curve_runs: dict           # static thresholds: the paper's Fig. 3 on icnsim
    early_names: tuple
    early_runs: dict           # Fig. 12 at the base's peak
    complement_loads: tuple
    complement_curve_loads: tuple
    complement_thresholds: tuple
    complement_runs: dict
    complement_curve: dict
    probe: str


def plan_runs(report):
    runs, quick = report.study, report.quick
    loads4 = [0.015, 0.03] if quick else [0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05]
    fig4 = {p: sweep(runs, p, ["Base", "ALO", "Tune"], loads4) for p in (RECOVERY, AVOIDANCE)}
    loads6 = [0.01, 0.04] if quick else [0.01, 0.015, 0.02, 0.03, 0.04]
    fig6 = {pattern: sweep(runs, RECOVERY, ["Base", "static 50", "static 250", "Tune"], loads6,
                           [f"stimulus.pattern.type={pattern}"]) for pattern in ("uniform", "bit_complement")}
    bursty_cycles = ["simulation.cycles=15000"] if quick else []  # quick: the first burst only
    fig9 = {p: {n: runs.submit(p, BURSTY, [*CONTROLLERS[n], "simulation.warmup=0", *bursty_cycles], length=False)
                for n in ("Base", "ALO", "Tune", "ALO, free = room")} for p in (RECOVERY, AVOIDANCE)}
    # The avoidance network with the paper's two adaptive VCs (as fig4vc below).
    fig9vc = {n: runs.submit(AVOIDANCE, BURSTY, [*CONTROLLERS[n], "simulation.warmup=0", "router.virtual_channels=4",
                                                 *bursty_cycles], length=False) for n in ("Base", "ALO", "Tune")}
    # The same bursts, shorter: Fig. 8's durations are not in the text (see burst_durations).
    durations = (1000,) if quick else BURST_DURATIONS
    fig9d = {(d, p, n): runs.submit(p, BURSTY, [*CONTROLLERS[n], "simulation.warmup=0", *bursty_cycles,
                                               *burst_durations(d)], length=False)
             for d in durations for p in (RECOVERY, AVOIDANCE) for n in ("Base", "ALO", "Tune")}
    loads11 = [0.005, 0.02, 0.03] if quick else [0.005, 0.01, 0.015, 0.02, 0.025, 0.03]
    fig11 = sweep(runs, RECOVERY, ["Base", "No tune (metapackets)", "Tune (metapackets)",
                                   "No tune (metapackets, link priority)", "Tune (metapackets, link priority)"], loads11)
    loads13 = [0.03] if quick else [0.01, 0.015, 0.02, 0.03, 0.04]
    fig13 = {(pattern, p): sweep(runs, p, ["Base", "Tune"], loads13, [f"stimulus.pattern.type={pattern}"])
             for pattern in ("bit_reversal", "perfect_shuffle") for p in (RECOVERY, AVOIDANCE)}
    # ALO on the recovery network, pattern by pattern at steady load past saturation (the bursts' patterns).
    alo_patterns = {(n, pattern): runs.submit(RECOVERY, STEADY, [*CONTROLLERS[n], "stimulus.injection.rate=0.04",
                                                                 f"stimulus.pattern.type={pattern}"])
                    for n in ("Base", "ALO", "Tune", "ALO, free = room") for pattern in BURST_PATTERNS}
    # Collapses past saturation can come late (after cycle 30,000), so they are looked for at the
    # paper's length (--quick: one seed and load at the quick length).
    long_loads, long_seeds = ((0.03,), (1,)) if quick else (LONG_LOADS, LONG_SEEDS)
    long_runs = seeded(runs, {n: CONTROLLERS[n] for n in LONG_NAMES}, long_loads, long_seeds, quick)
    # Readings of the tuning rules the paper leaves open (TUNING_VARIANTS), at the paper's length
    # just past saturation and deep in it.
    variant_loads = (0.03,) if quick else (0.025,) + LONG_LOADS
    variant_runs = seeded(runs, {n: CONTROLLERS[n] for n in TUNING_VARIANTS}, variant_loads, long_seeds, quick)
    # Sec. 4.1's robustness: the tuning period and the steps, each against the default, on the same
    # loads and seeds as the readings above.
    robust_runs = seeded(runs, {n: CONTROLLERS[n] for n in ("Tune", *ROBUSTNESS)}, variant_loads, long_seeds, quick)
    # The paper's Fig. 3 on icnsim: static thresholds from below the paper's 250 to past the cliff, just
    # past saturation, on the seeds of the long runs.
    curve_loads, curve_thresholds = ((0.03,), (250, 600)) if quick else (CURVE_LOADS, CURVE_THRESHOLDS)
    curve_runs = seeded(runs, {t: ["congestion_control.type=static_threshold", f"congestion_control.threshold={t}"]
                               for t in curve_thresholds}, curve_loads, long_seeds, quick)
    # Fig. 12's early saturation at the base's peak, on the long runs' seeds.
    early_names = ("Tune (metapackets)", "Tune (metapackets, link priority)")
    early_runs = seeded(runs, {n: CONTROLLERS[n] for n in early_names}, (0.02,), long_seeds, quick)
    complement_loads, complement_curve_loads, complement_thresholds = (
        ((0.03,), (0.03,), (50, 250)) if quick else (COMPLEMENT_LOADS, COMPLEMENT_CURVE_LOADS, COMPLEMENT_THRESHOLDS))
    complement_pattern = [f"stimulus.pattern.type={COMPLEMENT}"]
    complement_runs = seeded(runs, {n: [*CONTROLLERS[n], *complement_pattern] for n in COMPLEMENT_NAMES},
                             complement_loads, long_seeds, quick)
    complement_curve = seeded(runs, {t: ["congestion_control.type=static_threshold", f"congestion_control.threshold={t}",
                                         *complement_pattern] for t in complement_thresholds},
                              complement_curve_loads, long_seeds, quick)
    # Fig. 4c/d with the paper's two adaptive VCs: 4 VCs (2 dateline escape classes + 2 adaptive).
    fig4vc = sweep(runs, AVOIDANCE, ["Base", "ALO", "Tune"], loads4, ["router.virtual_channels=4"])
    probe = zero_load_probe(runs, RECOVERY)
    return Plan(runs.length, loads4, fig4, fig4vc, loads6, fig6, fig9, fig9vc, durations, fig9d, alo_patterns, loads11,
                fig11, loads13, fig13, long_seeds, long_runs, variant_loads, variant_runs, robust_runs, curve_loads,
                curve_thresholds, curve_runs, early_names, early_runs, complement_loads, complement_curve_loads,
                complement_thresholds, complement_runs, complement_curve, probe)


# The measures: the numbers the claims and the prose take from the runs.

def past_peak(runs, k, loads):
    """The base's peak (% of capacity) and its load, and at the loads past it (or the last) the least Tune
    keeps and where, and the least the base keeps."""
    peak, peak_load = max((pct(runs.result(k[("Base", l)])), l) for l in loads)
    past = [l for l in loads if l > peak_load] or [loads[-1]]
    tune_past, tune_worst = min((pct(runs.result(k[("Tune", l)])), l) for l in past)
    base_past = min(pct(runs.result(k[("Base", l)])) for l in past)
    return peak, peak_load, tune_past, tune_worst, base_past


@dataclasses.dataclass
class Measures:
    fig4: dict                 # network -> past_peak(...)
    fig6_uniform: dict         # controller -> % at the highest load, uniform
    fig6_complement: dict      # the same, bit complement
    fig6_creep: dict           # load -> Tune's highest threshold after warm-up on complement
    fig6_adapt: dict           # pattern -> (Tune / the better static, load, Tune, the better static), least
    fig9_latency: dict         # (network, controller) -> mean latency under the bursts
    fig9vc_latency: dict       # controller -> the same, avoidance with two adaptive VCs
    gather_means: list         # metapacket gathers' mean cycles, per load
    gather_longest: float
    meta_past: float           # Tune on metapackets at 0.03, % of capacity
    sideband_past: float       # Tune on the sideband at 0.03
    base_peak12: float         # the base at 0.02, its peak
    early: dict                # controller -> [% per seed] at 0.02
    fig13: dict                # (pattern, network) -> (Tune, base) at the last load


def measure(report, plan):
    runs = report.study
    fig4 = {p: past_peak(runs, plan.fig4[p], plan.loads4) for p in (RECOVERY, AVOIDANCE)}
    hi = max(plan.loads6)
    static = ("static 50", "static 250", "Tune")
    fig6_uniform = {n: pct(runs.result(plan.fig6["uniform"][(n, hi)])) for n in static}
    fig6_complement = {n: pct(runs.result(plan.fig6["bit_complement"][(n, hi)])) for n in static}
    # Where Tune falls short on complement, its threshold after warm-up against the 50 that holds the peak.
    fig6_creep = {load: max(threshold_after_warmup(runs.result(plan.fig6["bit_complement"][("Tune", load)]),
                                                   plan.length[1]), default=float("nan"))
                  for load in plan.loads6 if load > plan.loads6[0]}

    # Tune against the better static threshold at every load past the lowest (where none throttles).
    def worst_against_static(pattern):
        def at(load):
            r = {n: pct(runs.result(plan.fig6[pattern][(n, load)])) for n in static}
            return r["Tune"] / max(r["static 50"], r["static 250"]), load, r["Tune"], max(r["static 50"], r["static 250"])
        return min(at(load) for load in plan.loads6[1:])
    fig6_adapt = {pattern: worst_against_static(pattern) for pattern in ("uniform", "bit_complement")}
    names = ("Base", "ALO", "Tune")
    fig9_latency = {(p, n): mean_latency(runs.result(plan.fig9[p][n])) for p in (RECOVERY, AVOIDANCE) for n in names}
    fig9vc_latency = {n: mean_latency(runs.result(plan.fig9vc[n])) for n in names}
    gathers = [runs.result(plan.fig11[("No tune (metapackets)", load)]).get("metapackets", {}) for load in plan.loads11]
    gather_means = [g["mean_cycles"] for g in gathers if g.get("mean_cycles") is not None]
    gather_longest = max((g["max_cycles"] for g in gathers if g.get("max_cycles") is not None), default=float("nan"))
    # Past saturation (0.03 is a load of both sweeps): Tune on metapackets against Tune on the sideband.
    meta_past = pct(runs.result(plan.fig11[("Tune (metapackets)", 0.03)]))
    sideband_past = pct(runs.result(plan.fig4[RECOVERY][("Tune", 0.03)]))
    # Below the base's saturation (0.02, its peak, where the base delivers all it is offered): does Tune
    # on metapackets already lose throughput? On every seed of the long runs; judged on the mean of the
    # default reading (sharing the links), since single seeds differ.
    base_peak12 = pct(runs.result(plan.fig11[("Base", 0.02)]))
    early = {n: [pct(runs.result(plan.early_runs[(n, 0.02, seed)])) for seed in plan.long_seeds] for n in plan.early_names}
    last = plan.loads13[-1]
    fig13 = {key: tuple(pct(runs.result(k[(n, last)])) for n in ("Tune", "Base")) for key, k in plan.fig13.items()}
    return Measures(fig4, fig6_uniform, fig6_complement, fig6_creep, fig6_adapt, fig9_latency, fig9vc_latency,
                    gather_means, gather_longest, meta_past, sideband_past, base_peak12, early, fig13)


# The claims' margins.

COLLAPSED = 0.8           # Fig. 4: the base past saturation below this fraction of its peak has collapsed
NEAR_PEAK = 0.85          # Fig. 4: Tune at this fraction of the base's peak stays near it
OVER_THROTTLES = 0.95     # Fig. 6: static 50 this far below static 250 over-throttles
ADAPTS = 0.9              # Fig. 6: Tune within 10 % of the better static threshold
FAR_BELOW = 0.5           # Fig. 9: Tune's mean latency under half of ALO's ...
ALO_NOT_ABOVE = 1.05      # ... and ALO's at most the base's, with 5 % room
GATHER = (120, 170, 300)  # Fig. 11: the paper's 130-160 cycles on average (with room) and under 300 at most
EARLY = 0.95              # Fig. 12: Tune on metapackets at 0.02 below this fraction of the base's peak
STALE = 0.9               # Fig. 12: on metapackets below this fraction of Tune on the sideband
HOLDS = 0.95              # Figs. 13/14: Tune at least about the base's


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
        w(FIG4_NOTES[p])
        if p == RECOVERY:
            w(long_table(runs, plan.long_runs))
            w(LONG_NOTES)
            w(tuning_variant_table(runs, plan.variant_runs, plan.variant_loads, plan.long_seeds))
            w(TUNING_VARIANT_NOTES)
            w(threshold_curve_table(runs, plan.curve_runs, plan.curve_thresholds, plan.curve_loads, plan.long_seeds))
            w(CURVE_NOTES)
            w(robustness(report, runs, plan.robust_runs, plan.variant_loads, plan.long_seeds))
            w(ROBUSTNESS_NOTES)
        else:
            w("**The same with the paper's two adaptive VCs** (`router.virtual_channels=4`: two dateline escape "
              "classes and two adaptive VCs, one VC more than the paper):\n")
            w(table(runs, plan.fig4vc, loads4, ["Base", "ALO", "Tune"]) + "\n")
            peak4, peak4_load, tune4, _, base4 = past_peak(runs, plan.fig4vc, loads4)
            w(f"Base peaks at {peak4:.1f} % (at {peak4_load}) and falls to {base4:.1f} %; Tune keeps at least "
              f"{tune4:.1f} % ({100 * tune4 / peak4:.0f} % of the base peak) at every load past that.\n")
            w(VC_NOTES)


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
    w(FIG6_NOTES)
    w(complement_table(runs, plan.complement_runs, plan.complement_loads, plan.long_seeds))
    w(complement_curve_table(runs, plan.complement_curve, plan.complement_thresholds, plan.complement_curve_loads,
                             plan.long_seeds))
    w(COMPLEMENT_NOTES)


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


FIG9_PAPER = {RECOVERY: ("2,838", "2,571", "161"), AVOIDANCE: ("520", "509", "163")}  # mean latency, Base / ALO / Tune


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
    w(FIG9_NOTES)
    w("**Burst by burst, recovery** (packets delivered from a burst's start to the next burst's):\n")
    w(burst_table(runs, plan.fig9[RECOVERY], ["Base", "ALO", "Tune", "ALO, free = room"]))
    w("**The bursts' patterns at steady load, recovery** (0.04 packets/node/cycle, past saturation on every "
      "pattern; Disha recoveries per 1,000 cycles):\n")
    w(pattern_table(runs, plan.alo_patterns, ["Base", "ALO", "Tune", "ALO, free = room"]))
    w(FIG9_ALO_NOTES)
    w(burst_duration_table(runs, plan.fig9d, plan.durations))
    w(BURST_DURATION_NOTES)


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
    w("Gather mean / min / max (cycles) with No tune, and accepted throughput / mean latency. The metapackets' lane "
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
    w(FIG11_NOTES)


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
      f"keeps {base['busy']:.0f} % of its routers holding flits against Tune's {tune['busy']:.0f} %; the sideband costs "
      f"Tune {tune['sideband_bits']:.2f} bit-hops per delivered flit.\n")


def render(report, plan, m):
    runs = report.study
    w = report.write
    w(f"Runs of {plan.length[0]:,} cycles ({plan.length[1]:,} warm-up) unless noted, seed 1. Cells are accepted "
      "throughput in % of the uniform capacity (0.5 flits/node/cycle) / mean latency in cycles from generation (— when "
      "no packet generated in the window was delivered).\n")
    w(SET_UP.format(quick=QUICK_LENGTH))
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


def activity(r):
    """Event counts per flit delivered in the window (docs/energy.md), and the routers' busy share."""
    a = r["activity"]
    routers = a["routers"]
    delivered = sum(r["per_node"]["delivered_flits"]) or float("nan")
    router_cycles = routers["active_cycles"] + routers["idle_cycles"]
    return {"busy": 100 * routers["active_cycles"] / router_cycles if router_cycles else float("nan"),
            "writes": routers["buffer_writes"] / delivered, "links": routers["link_traversals"] / delivered,
            "recovery": routers["recovery_lane_flits"] / delivered, "allocations": routers["vc_allocation_requests"] / delivered,
            "sideband_bits": a["sideband"]["bit_transfers"] / delivered, "router_cycles": router_cycles / delivered}


def activity_table(runs, keys, names, loads):
    lines = ["| packets/node/cycle | controller | accepted | routers holding flits | buffer writes | link traversals | "
             "VC requests | Disha-lane flits | sideband bit-hops | router-cycles |", "|---" * 10 + "|"]
    for load in loads:
        for n in names:
            r = runs.result(keys[(n, load)])
            v = activity(r)
            lines.append(f"| {load} | {n} | {pct(r):.1f} % | {v['busy']:.0f} % | {v['writes']:.2f} | {v['links']:.2f} | "
                         f"{v['allocations']:.3f} | {v['recovery']:.3f} | {v['sideband_bits']:.2f} | {v['router_cycles']:,.1f} |")
    return "\n".join(lines) + "\n"


ACTIVITY_NOTES = """The paper reports no energy; an architect weighing a controller asks what its throughput costs.
Per flit delivered in the measurement window, the events an energy model multiplies by its
coefficients (`power:`, docs/energy.md; no published coefficient set is shipped, so the table stays
in events, which hold for any technology): buffer writes and link traversals (a delivered flit
costs one per router and one per link on its path; more means work on flits that are not
delivered in the window, such as Disha's recovery lane), VC allocation requests, flits on Disha's
recovery lane, the sideband's bit-hops (Tune's own wires; ALO and the base have none), and
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
| the global count: "full virtual channel buffers", "3,072 buffers" (sec. 3, 5.1: 256 nodes × 4 channels × 3 VCs) | edge buffers — the network channels' routing VCs — holding all 8 flits; the injection channels' buffers and Disha's lane are not counted (until this report they were: a collapsed network read up to 3,300 "full" of 3,072) |
| "each node generating 16 flit packets at the same fixed rate", a "packet regeneration interval", nodes that "try" to generate | `stimuli/selftuned-uniform.yaml`: periodic attempts (`source.model: attempts`, one waiting packet per node) |
| after r = 5 resets in a row, "reset max to zero and restart the maximum-locating process" (sec. 4.2), which begins "with an initial value ... (e.g., 1 percent of all buffers)" (sec. 4.1) | the threshold goes back to the initial 1 % (`congestion_control.restart: initial`; until this report it stayed at the reset value, see Fig. 6) |
| 60,000 cycles, the first 10,000 ignored | same (`--quick`: {quick[0]:,} / {quick[1]:,}) |
"""

FIG4_NOTES = {
    RECOVERY: """Before this report the recovery figure already came out (base 71.9 % → 0.6 %, Tune ≈ 70 %); what did
not was its latency: with Bernoulli sources into unbounded queues, Tune's mean latency grew into
thousands of cycles past saturation, because the throttled packets wait in an ever longer source
queue and latency counts from creation. *Cause: the source model* — the paper's nodes *try* to
generate a packet at a fixed interval (sec. 5.2.3, 5.2.4); a node that still holds one does not
queue another. With attempt sources a node holds at most one waiting packet, so latency stays
near the peak's and the offered load can exceed what a node injects.

**ALO — the text makes no claim here.** The paper's sentence that ALO "does exhibit severe
performance degradation eventually" is about "the deadlock avoidance case" (sec. 5.2.1; see Fig.
4c/d below, where counting ALO's VCs as the paper may have done reproduces it); the recovery
curve of Fig. 4a cannot be read from the text. Here, past saturation, ALO holds about 78 % of
capacity on every seed and load at the paper's length (table below), as well as the fixed
threshold of 250. How close it is to tipping: before the source-ordering fix below (attempts
judged against the queue as it happened to be, an order SystemC leaves open), 3 of these 12 runs
did collapse, after 30,000 or more cycles; with the fix, none does. Under the bursts of Fig. 9 the
paper's ALO does collapse with recovery. TFAR has no escape VCs, so which VCs ALO counts makes no
difference on this network; what does is what makes a VC "free", which the paper leaves open:
counted free while its buffer has room rather than while no packet holds it, ALO collapses here as
the base does (Fig. 9 notes).
""",
    AVOIDANCE: """Before this report icnsim showed, with Bernoulli sources and a router that allocates every header
in parallel, a Tune plateau of 43–45 % against a base peak of 51.4 %, Tune below the base at 0.0175,
and ALO below the base everywhere past saturation. Two causes, both modelling choices where the
paper states otherwise, now follow the paper: **the router** — the paper's single demand-slotted
arbiter per router serialises header routing; in the parallel router a saturated network keeps
moving more headers per cycle, so the base degraded less and Tune's margin over it was small —
and **the sources** (as in 4a/b: Tune's latency bounded by attempt sources). One difference stays
open: the paper's Duato network has *one* escape VC and two adaptive ones; on a torus a
dimension-order escape network needs two dateline classes to be deadlock-free, so icnsim's has two
escape VCs and *one* adaptive, and its peak is lower than with two adaptive VCs. How that choice moves the
results is shown by the table below, run with two adaptive VCs.
""",
}


LONG_NOTES = """**Tune at the paper's length, four seeds.** Counting the paper's 3,072 edge buffers (set-up above),
Tune keeps the recovery network out of its collapsed state deep in saturation on every seed, at
62–71 % of capacity against static 250's 74 %, and just past saturation on most: at 0.03 one seed
of four (seed 2) falls at cycle 17,000 and climbs out; at 0.025 (the readings table below, first
column) two of four (seeds 2 and 4) spend 9,000–11,000 cycles collapsed before the tuner's restart
(Fig. 6 notes) brings them out, and seed 1 dips in its last 2,000 cycles. Two failure modes, one on each side of the best
threshold, and the paper names both (sec. 4.1: "creeps into saturation"; sec. 4, Fig. 3: "too low a
value ... over throttling"):

*The creep, just past saturation.* The threshold climbs to 750–930 full buffers (first column
below) while throughput holds, and then the network tips all at once. The static thresholds below
("Throughput against a static threshold") show why the tuner cannot see it coming: on this network
throughput does not fall past the best threshold, it rises a little until the network tips — the
paper's Fig. 3, a peak and then a decline, is a plateau and then a cliff here. Table 1's 25 % drop
and sec. 4.2's reset below the maximum both need throughput to fall *before* the collapse, and a
tuning period's throughput is only known to about ±4 % (the counting noise of the ~580 packets a
96-cycle period delivers; the highest period of a run lies ~12 % above its mean), while the
plateau's slope is a point or two. Once tipped, the network is a knot (seed 4 at 0.025 with the
search restarting at the reset value, 1,000-cycle samples): 250–370 packets in 440–650 full edge
buffers for the rest of the run, delivering 7–14 % of capacity, while the reset holds the threshold
at 180–480. Every node is throttled most of the time,
but whenever the extrapolated estimate dips below the threshold all 256 nodes release their waiting
packet at once and refill the knot, which drains only through Disha's one recovery at a time. The
uncontrolled network with its sources stopped (from a collapsed state at 0.03) drains in about
3,500 cycles: 300 packets in the first 2,500 through recoveries, then the last 1,400 within 1,000
cycles once the knot breaks — the paper's Fig. 9a shape (sec. 5.2.4).

*Over-throttling, deep in saturation.* At 0.04 and 0.05 the threshold stays low (at most 270–360
after warm-up, often at its floor) and Tune holds 62–71 % where static 250 holds 74 %. All nodes see the same estimate and stop
and start together, so the full-buffer count swings between about 10 and 300 every 150 cycles (seed
1 at 0.04, 32-cycle samples) and throughput with it (0.14–0.47 flits/node/cycle per 32 cycles); a
tuning period that falls in a trough reads as a 25 % drop and costs 122, four times what a good
period gains (30), so the threshold is held near its floor.

Which trap a run lands in depends on the load and the seed. Counting the injection channels' buffers
too, as icnsim did before this report, shifted the balance towards the creep (mean over the seeds:
47 / 54 / 74 / 73 % at 0.025 / 0.03 / 0.04 / 0.05, against 64 / 69 / 69 / 66 % now): a node's
injection buffer fills the moment it is let in, so the count reacted to the throttle itself. The
readings the paper leaves open (next table) move the balance too and remove neither; one of them,
where the search for a new maximum restarts, now follows sec. 4.1 and pulls collapsed runs out
(Fig. 6 notes: 54 / 72 / 69 / 66 % with the old reading). Not found: what
keeps the paper's tuner between the two on every load of its Fig. 4a (one run per load); what it
leaves open and may decide it is how synchronised its throttled sources are and how fast its Disha
recovers.

Found on the way and fixed, each changing this report's numbers:
* The full-buffer count took in the injection channels' buffers and Disha's lane: a collapsed
  network read up to 3,300 "full" buffers of the paper's 3,072. Now the edge buffers alone
  (`tests/network/full_buffer_count_test.cpp`).
* Table 1's "throttling" was whether the estimate exceeded the threshold at *any* snapshot of the
  tuning period; the paper says "whether or not the network is currently throttled", now modelled
  (`congestion_control.throttled: at_decision`; `in_period` is the old rule). With the old rule the
  threshold rose in nearly every period, and Tune collapsed at 0.04 too.
* The time series' sample interval changed what was simulated: an attempt saw the source queue as
  it happened to be when the generator ran, before or after the interface's step in the same
  cycle — an order SystemC leaves open and the sampler's wake-ups changed. Attempts now see the
  queue as it was when the cycle began (`tests/scripts/test_attempt_sources.py` checks that two
  sample intervals give identical runs).
"""

TUNING_VARIANT_NOTES = """Three readings of the tuning rules that the paper leaves open. *The throughput a decision compares*:
"the throughput in a tuning period" (sec. 4.1) is read here as the flits delivered over the whole
96-cycle period; the sideband delivers a count every 32-cycle gather, and a decision could as well
compare the last one (`congestion_control.throughput_window: last_gather`). *How far below the
maximum is "significantly"* (sec. 4.2, the reset to min(Tmax, Nmax)): 75 % here
(`reset_fraction`), 90 % in the last column. Either makes the tuner act sooner — over one gather the
swings of a network whose nodes stop and start together show as drops more often, and a reset at
90 % fires on the noise of the maximum — and so falls into the over-throttling trap: on most runs
just past saturation the threshold sits at its floor (30) and Tune holds 50–56 %, deep in saturation
60–67 %. *Where the search restarts* once the maximum is forgotten (sec. 4.2): at the initial
threshold, icnsim's default since this report, or at the reset value min(Tmax, Nmax), the last
column (Fig. 6 notes say why it matters most on complement). On uniform traffic it matters only
where a run collapses: seed 4 at 0.025 climbs out with the restart (58.3 % against 17.0 %), while at
0.03 the restart costs seed 3 ten points (63.4 % against 74.0 %). No reading is best at every load —
the last gather has the highest mean at 0.025, the reset value at 0.03, the default (with the reset
value) at 0.04–0.05 — and none gives the paper's curve (near the peak at every load) on every seed.
"""

ROBUSTNESS_NOTES = """The paper found its tuner robust (sec. 4.1): the tuning period anywhere from 32 to 192 cycles "did
not alter significantly", the steps anywhere from 1 % to 4 % of all buffers within 4 %. On icnsim
each of these moves the balance between the two traps of Fig. 4a/b. A longer period (192) averages
the swings of the synchronised network away, so drops are rare and the threshold creeps into the
cliff at every load, deep in saturation too (50 % at 0.05); a shorter one (32) sees every swing as a
drop and over-throttles just past saturation (58 % at 0.03) yet holds deep in it. Equal steps of 4 %
climb to the cliff four times as fast (28 % at 0.025); equal steps of 1 % do as well as the default.
Restarting the search at the initial threshold (Fig. 6 notes) lets collapsed runs climb out and
halved the losses (192 cycles: −18 % against −39 % with the search restarting at the reset value;
steps of 4 %: −19 % against −36 %), but not to the paper's 4 %. This sensitivity is itself the finding: on this network the tuner
works in a narrow band of its parameters — icnsim's defaults, the paper's, happen to lie in it —
where the paper reports a wide one. What the paper's network has that widens the band is what
remains open above (the plateau and the cliff; how synchronised its sources are; Disha's rate).
"""

BURST_DURATION_NOTES = """Fig. 8's durations are not in the text; what the text does give — the recovery network "goes into
deep saturation ... approximately between 20,000 and 21,000 cycles", drains "between 21,000 and
27,000" and spurts until 29,000, "long after the offered load is reduced" — reads like a burst of
about 1,000 cycles, where the shipped load has 5,000. With 1,000-cycle bursts Tune's mean latency is
the paper's (154 and 158 cycles against 161 and 163), since most packets then come from the low
load; but Base and ALO move the same way, and the Base / Tune ratio stays about 1.8 with avoidance
(paper 3.2) and 4–6 with recovery (paper 18) at every duration. So the durations set the magnitudes,
not the gaps: the gaps come from the causes above (one adaptive VC with avoidance; ALO holding the
uniform and complement bursts with recovery). The shipped load keeps its 5,000-cycle bursts.
"""

CURVE_NOTES = """What the paper counts (sec. 3, 5.1): "the fraction of full virtual channel buffers", "3,072 buffers"
— 256 nodes × 4 channels × 3 VCs, the edge buffers, without the injection channel's; icnsim counts
those, holding all 8 flits. "Full" is a buffer holding 8 flits, not one holding any: at the base's
peak (0.02, 64 % of capacity, uncontrolled) the network holds about 36 full edge buffers but about
1,850 VC buffers, edge and injection, that hold a flit (the entropy controller's valid-buffer count, `--set
congestion_control.type=entropy --set congestion_control.threshold=0`, which never throttles), so
counting occupied buffers a threshold of 250 (8 %) would throttle far below the peak, where the
paper has it working "very well for random traffic" and 50 over-throttling — as the full count
does here (Fig. 6).

**The threshold against throughput — a plateau and a cliff.** On uniform traffic a static threshold
holds the full-buffer count near it (below it on average: the count swings about it), so the table above is the paper's Fig. 3 read off icnsim: from 250 to
500 full buffers throughput rises by 1.5–2.5 points, and from 400 up the network tips into its
collapsed state on more and more runs (at 0.025: 1 of 4 at 400 and 500, 2 at 600, all at 700). The
paper's premise (sec. 4, Fig. 3) is that past the best threshold "there is a drop in achieved
throughput" the tuner can climb back from; here there is none to sense before the cliff. That is
the checkable cause of the creep above: hill climbing on throughput walks up the plateau until the
network falls, and only then sees a drop.
"""

VC_NOTES = """With two adaptive VCs the base peaks where it does under recovery (64 % at 0.02, against 48 % with
one adaptive VC) and still falls to about a third of capacity past saturation, while Tune holds the
peak: the lower peak and smaller margin of the three-VC table come from the VC split a torus
forces on the escape network, not from the controllers. **ALO** as run here stays within a few
points of the base on both splits: it counts every VC of a useful channel, the escape VCs
included, so a free escape VC — one of the dateline class the packet cannot even use — still lets
a packet in. *Cause of the difference: which VCs ALO counts, which the paper leaves open.*
Counting only the adaptive VCs (`congestion_control.vcs: adaptive`) gives the paper's shape with
the two adaptive VCs (20,000 cycles, seed 1; `tests/network/congestion_control_test.cpp`): at
0.025, just past saturation, ALO accepts 55.9 % where the base has fallen to 38.7 % and ALO
counting every VC to 38.9 % — "improves performance in the early stages of congestion" — and
by 0.05 it is down to 38.0 % (base 35.5 %) — "does exhibit severe performance degradation
eventually". With one adaptive VC the same choice moves ALO by 2–3 points only (43.1 % against
41.1 % at 0.02, 37.7 % against 35.3 % at 0.03).
"""

FIG6_NOTES = """Before this report static 50 did **not** over-throttle uniform (71.5–71.9 % past saturation, ≥ Tune),
and on complement every controller stayed at 9–16 % against a 32 % peak. Causes: the same two
modelling choices as Fig. 4. With Bernoulli sources and unbounded queues every throttled packet
still waits and is injected as soon as the estimate falls, so a low threshold only delays packets
and throughput is set by the network, not the threshold; with attempt sources a throttled node
loses its attempts, so a threshold that is too low shows as lost throughput — the over-throttling
the paper describes. On complement, packets cross the bisection at the half-way dateline and
saturate at a lower load (peak here at 0.011 packets/node/cycle); the central arbiter makes the
uncontrolled network collapse there, and the static thresholds now hold most of that peak.

**Tune does not quite adapt to both patterns.** On uniform traffic, deep in saturation, it is held
low by throttling-driven drops and stays about 7 points under static 250 (Fig. 4a/b, the
over-throttling trap). On complement it holds 78–95 % of what static 50 holds (below, four seeds);
until this report it held 48–80 %, for a reason found and fixed (below).
"""

COMPLEMENT_NOTES = """**Complement — a reading of sec. 4.2 found and fixed.** After r = 5 resets to min(Tmax, Nmax) in a
row, "even the min(Tmax, Nmax) value is too high to prevent saturation, and we must recompute max
value ... restart the maximum-locating process". The paper does not say where the threshold stands
when the search restarts. icnsim left it at the reset value until this report, and on complement
that was the trap. Traced decision by decision (seed 1, 0.02; the time series' `controller.threshold`
with `--set congestion_control.restart=reset_value` shows the ratchet): the network collapses with the
threshold at 317; five resets to 317 do not lift it; the maximum is forgotten — and the next period,
of the collapsed network, becomes the new maximum, its full-buffer count (450–900) the new Nmax and
the failed threshold the new Tmax. The threshold ratchets up to 1,000–1,300 and the network lives
half-collapsed (the last column above: 16–25 % of capacity). Restarting the search where sec. 4.1
begins it, at the initial threshold (1 % of the buffers, 30), the throttle drains the knot and the
tuner climbs again: 25.7–31.1 % on every seed and load. icnsim now does so
(`congestion_control.restart: initial`; `reset_value` is the old reading;
`tests/unit/congestion_control_test.cpp`). The same change rescued the uniform run that fell for
good at 0.025 (Fig. 4a/b readings table), lifted Tune on the avoidance network past saturation
(least 42.0 % → 50.7 % of capacity, Fig. 4c/d) and halved the sensitivity to the tuning period and
steps (sec. 4.1's table); it brought Fig. 12's early saturation out (Figs. 11 and 12).

**What remains on complement: the creep down a gradual decline.** The static-threshold table is the
paper's Fig. 3 on complement, and unlike uniform's plateau and cliff it has the paper's shape:
throughput falls gradually past the best threshold (34 % at 50, 32 % at 150, 26 % at 200, 21 % at
250, 11 % at 350, at 0.02). But a step of +30 full buffers costs at most about 3 points, inside a tuning period's
counting noise (±4 %), so Table 1's 25 % drop does not fire on the way down, and the reset needs a
period below 75 % of the best one (a high period, ~12 % above the mean), about 28 % of capacity —
between the thresholds of 150 and 200, well down the decline. Between restarts the tuner therefore
walks down the decline (its highest threshold after warm-up: claims table), the creep the paper
names in sec. 4.1 and its Fig. 6 shows Tune avoiding; the rules as written (a 25 % drop in one
period; "significantly" below the maximum) do not sense this decline on icnsim. The table also shows
why a count is a poor threshold on complement: a static threshold does not hold the count near it —
25 and 50 run the network at 250–375 full buffers on average. The count swings from a few tens to
about 600 every ~200 cycles (static 50, seed 1, 32-cycle samples): it is 32–64 cycles old when it stops the
sources, and when the estimate falls all 256 nodes release their waiting packet together. So Nmax,
the count at the best period (300–450 in the traces), used as a threshold runs the network between
the rows of 250 and 350 and beyond.
"""

FIG9_NOTES = """Before this report icnsim reported 11,615 / 7,079 / 6,387 cycles (recovery) with 116k–314k packets
still queued at the end: the shipped bursts offered one packet every 16 cycles (icnsim refused more
than 1 flit/node/cycle) into unbounded queues, so every burst left a backlog that never drained
and latency counted the backlog. *Cause: the source model.* The paper's nodes "try to generate a
packet every 15 cycles"; with attempt sources (`stimuli/selftuned-bursty.yaml`) the bursts offer
the paper's 0.067 packets/node/cycle and no queue grows. The ordering Tune < ALO ≤ Base holds in
both configurations, and with avoidance Base and ALO are the paper's (≈ 500). Tune's latency there
is about half of ALO's, not the paper's third: *cause: the avoidance network's VC split*, as in
Fig. 4c/d. With one adaptive VC the network saturates at 48 % instead of 64 %, and Tune, which
holds it just below saturation, holds it at a higher latency; with the paper's two adaptive VCs
(the rows "two adaptive VCs", one VC more than the paper) Tune's latency falls below half of
ALO's. With recovery ALO's latency stays far below the paper's 2,571 cycles; where that comes from
is taken apart below.
What the paper leaves open and may move the magnitudes: the durations of the phases (read from
Fig. 8, whose text gives only the rates) and the latency of packets still in the network when the
run ends (not counted here; the paper does not say).
"""

FIG9_ALO_NOTES = """**ALO with recovery — what "free" means decides it.** The paper: "the ALO scheme and the base
scheme initially ramp up the throughput but throughput collapses soon thereafter". Taken burst by
burst, icnsim's ALO as run by default does that in the bit-reversal and perfect-shuffle bursts —
throughput ramps up and falls, packets wait many hundreds of cycles — but not in the uniform and
complement bursts, where it holds the network out of the collapsed state for the whole burst at a
latency near Tune's; at steady load the same split shows (table above), and on uniform traffic ALO
holds about 78 % of capacity on every seed and load past saturation (Fig. 4a/b). For its mean of
2,571 cycles the paper's ALO must have lost the uniform and complement bursts too. *Cause: what
makes a VC "free", which sec. 5.1 leaves open.* By default icnsim counts a VC free when no packet
holds it (`congestion_control.free_vc: unallocated`); counted free while its buffer has room for a
flit (`free_vc: room`), a VC that a blocked packet holds still lets packets in as long as that
packet's flits do not fill it, and ALO no longer holds uniform traffic on the recovery network: at
steady load it collapses as the base does (the last column above; 3.6 % at 20,000 cycles,
`tests/scripts/test_selftuned_claims.py`), keeps half as much of complement, and — the one pattern
where it gains — more of bit-reversal. Under the bursts the uniform and complement ones now tip
(1,086 and 637 cycles against 191 and 448, burst table), and the mean latency moves towards the
base's (the ALO row with room in the table above), though not to the paper's ALO ≈ Base. With
avoidance the two readings differ by under a point: a Duato network's VCs free up through the
escape channels either way. The paper's
Fig. 9a fits the second reading better; its Fig. 4a, the recovery network at steady load, is not
described in words, so which reading its ALO had cannot be settled from the text.
"""

FIG11_NOTES = """**Gather time — reproduced.** The paper's intermediate nodes modify the metapacket with a
one-cycle adder "before forwarding" (sec. 5.3), so it stays in the network: icnsim's passes
through each router of its row — routed, its value added in one cycle, sent on — and a hop costs
routing + adder + crossbar + link = 4 cycles; a gather round both dimensions of the idle 16-ary
2-cube takes 2 · 16 · 4 + 11 = 139 cycles (`tests/network/metapacket_test.cpp` checks the per-hop
cost on 4- and 8-ary tori). (An earlier version ejected and re-injected the metapacket at every
node, and a gather took about 320 cycles at every load.) How gathers change with load depends on
where the metapackets' priority applies, which the paper leaves open. Its explanation of the
shorter gathers past saturation — "data-packets are blocked at saturation and thus metapackets see
no contention for physical links" — implies that below saturation they do contend for links. So
by default the metapackets' lane is served first by the arbiter and in VC allocation but takes
turns with the data lanes on each link, flit by flit. Gathers then lengthen towards the base's
peak and shorten past it, the paper's shape, inside its 130–160 band with maxima well under 300.
With priority on the links too (`metapacket_priority: link`) they stay at about 139 cycles at every
load.

**Tune with metapackets — reproduced on average, not on every seed.** The paper: metapackets make the network
saturate at lighter loads, and Tune acting on their stale information more so; metapackets are "not
suitable" for the scheme. Past saturation Tune on metapackets holds less than over the sideband
with either priority reading (claims table). At the base's peak (0.02, where the base delivers all
64 % it is offered on every seed) Tune on metapackets already loses throughput on two of four seeds
sharing the links and on three winning them (table above; 52–57 % where it does), 8–11 % on
average: acting on the metapackets' older count it throttles a network the base still carries.
Until the search for a new maximum restarted at the initial threshold (Fig. 6 notes) the readings
split: with the metapackets winning every link Tune collapsed at 0.02 (28.7 % on seed 1), sharing the
links it followed the base to its peak (63.6 %), so no one reading gave both Fig. 11's gathers and
Fig. 12's early saturation; now the sharing reading gives both. (Before that, with the injection
buffers counted as full too, the sharing reading throttled at 0.015 already, 34.7 % against 48 %.)
No tune
is the base within a fraction of a point at every load (the metapackets take about 1.4 % of link
bandwidth), where the paper's No tune saturates somewhat earlier than the base; its metapackets
evidently cost the data a little more than icnsim's.
"""

FIG13_NOTES = """Paper (Appendix A): Tune holds throughput past saturation for these patterns too; its latency may
exceed the base's there, because the base's latency counts only its few delivered packets.
"""
