"""The self-tuned paper (Thottethodi, Lebeck, Mukherjee, TPDS 2004): Figs. 4 (recovery and avoidance),
6 (static thresholds), 7 (tuning at work), 9 (bursty load), 11/12 (metapackets) and 13/14 (other
patterns) on its own set-up, each with the paper's statement beside icnsim's numbers, a verdict, and
for each difference its cause.

In four parts, as scripts/papers/entropy.py: the plan (`plan_runs`), the measures (`measure`), the
tables and figures, and one function per claim with the margins named. The notes are templates filled
from the runs (tests/scripts/test_reproduce.py checks that every number moves with the data); what
earlier versions of icnsim gave is in docs/results/selftuned-history.md."""
import dataclasses
import math

import plot
from papers.report import analytic_checks, zero_load_probe

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
    alo_adaptive: dict         # VCs per channel -> {("ALO, adaptive VCs", load): run}, avoidance
    swings: dict               # pattern -> a run with 32-cycle samples (Tune uniform 0.04; static 50 complement 0.02)
    occupied: str              # the entropy controller's valid-buffer count at 0.02, never throttling
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
    # ALO counting only the adaptive VCs (the paper leaves open which it counts), on both VC splits.
    alo_adaptive = {vcs: sweep(runs, AVOIDANCE, ["ALO, adaptive VCs"], loads4, [f"router.virtual_channels={vcs}"])
                    for vcs in (3, 4)}
    # Traces behind the notes' explanations, with 32-cycle samples (the sample interval changes nothing
    # simulated, tests/scripts/test_attempt_sources.py): Tune deep in saturation on uniform and static 50
    # on complement, the swings of a network whose nodes stop and start together.
    swings = {"uniform": seeded(runs, {"Tune": [*CONTROLLERS["Tune"], f"simulation.sample_interval={SWING_SAMPLES}"]},
                                (SWING_LOADS["uniform"],), (1,), quick)[("Tune", SWING_LOADS["uniform"], 1)],
              COMPLEMENT: seeded(runs, {"static 50": [*CONTROLLERS["static 50"], f"stimulus.pattern.type={COMPLEMENT}",
                                                      f"simulation.sample_interval={SWING_SAMPLES}"]},
                                 (SWING_LOADS[COMPLEMENT],), (1,), quick)[("static 50", SWING_LOADS[COMPLEMENT], 1)]}
    # At the base's peak, the buffers that hold a flit (the entropy controller's count of valid buffers,
    # edge and injection; with threshold 0 it never throttles) against the full-buffer count.
    occupied = runs.submit(RECOVERY, STEADY, ["congestion_control.type=entropy", "congestion_control.threshold=0",
                                              "stimulus.injection.rate=0.02"])
    probe = zero_load_probe(runs, RECOVERY)
    return Plan(runs.length, loads4, fig4, fig4vc, loads6, fig6, fig9, fig9vc, durations, fig9d, alo_patterns, loads11,
                fig11, loads13, fig13, long_seeds, long_runs, variant_loads, variant_runs, robust_runs, curve_loads,
                curve_thresholds, curve_runs, early_names, early_runs, complement_loads, complement_curve_loads,
                complement_thresholds, complement_runs, complement_curve, alo_adaptive, swings, occupied, probe)


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
        w(fig4_recovery_notes(report, plan) if p == RECOVERY else fig4_avoidance_notes())
        if p == RECOVERY:
            w(long_table(runs, plan.long_runs))
            w(long_notes(report, plan))
            w(tuning_variant_table(runs, plan.variant_runs, plan.variant_loads, plan.long_seeds))
            w(tuning_variant_notes(report, plan))
            w(threshold_curve_table(runs, plan.curve_runs, plan.curve_thresholds, plan.curve_loads, plan.long_seeds))
            w(curve_notes(report, plan))
            w(robustness(report, runs, plan.robust_runs, plan.variant_loads, plan.long_seeds))
            w(robustness_notes(report, plan))
        else:
            w("**The same with the paper's two adaptive VCs** (`router.virtual_channels=4`: two dateline escape "
              "classes and two adaptive VCs, one VC more than the paper):\n")
            w(table(runs, plan.fig4vc, loads4, ["Base", "ALO", "Tune"]) + "\n")
            peak4, peak4_load, tune4, _, base4 = past_peak(runs, plan.fig4vc, loads4)
            w(f"Base peaks at {peak4:.1f} % (at {peak4_load}) and falls to {base4:.1f} %; Tune keeps at least "
              f"{tune4:.1f} % ({100 * tune4 / peak4:.0f} % of the base peak) at every load past that.\n")
            w(vc_notes(report, plan))


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
    w(fig6_notes(report, plan, m))
    w(complement_table(runs, plan.complement_runs, plan.complement_loads, plan.long_seeds))
    w(complement_curve_table(runs, plan.complement_curve, plan.complement_thresholds, plan.complement_curve_loads,
                             plan.long_seeds))
    w(complement_notes(report, plan))


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
    w(fig9_notes(report, plan, m))
    w("**Burst by burst, recovery** (packets delivered from a burst's start to the next burst's):\n")
    w(burst_table(runs, plan.fig9[RECOVERY], ["Base", "ALO", "Tune", "ALO, free = room"]))
    w("**The bursts' patterns at steady load, recovery** (0.04 packets/node/cycle, past saturation on every "
      "pattern; Disha recoveries per 1,000 cycles):\n")
    w(pattern_table(runs, plan.alo_patterns, ["Base", "ALO", "Tune", "ALO, free = room"]))
    w(fig9_alo_notes(report, plan))
    w(burst_duration_table(runs, plan.fig9d, plan.durations))
    w(burst_duration_notes(report, plan))


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
    w(SET_UP.format(quick=QUICK_LENGTH, buffer_product=buffer_product(report, plan.probe)))
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
    """Event counts per flit delivered in the window (docs/energy.md): `busy` the router-cycles in which a router
    holds a flit, `router_cycles` all of them (every router, every cycle). A share of busy router-cycles sits near
    100 % past saturation and would hide the difference; per flit it shows."""
    a = r["activity"]
    routers = a["routers"]
    delivered = sum(r["per_node"]["delivered_flits"]) or float("nan")
    router_cycles = routers["active_cycles"] + routers["idle_cycles"]
    return {"busy": routers["active_cycles"] / delivered,
            "writes": routers["buffer_writes"] / delivered, "links": routers["link_traversals"] / delivered,
            "recovery": routers["recovery_lane_flits"] / delivered, "allocations": routers["vc_allocation_requests"] / delivered,
            "sideband_bits": a["sideband"]["bit_transfers"] / delivered, "router_cycles": router_cycles / delivered}


def activity_table(runs, keys, names, loads):
    lines = ["| packets/node/cycle | controller | accepted | router-cycles holding flits | buffer writes | link traversals | "
             "VC requests | Disha-lane flits | sideband bit-hops | router-cycles |", "|---" * 10 + "|"]
    for load in loads:
        for n in names:
            r = runs.result(keys[(n, load)])
            v = activity(r)
            lines.append(f"| {load} | {n} | {pct(r):.1f} % | {v['busy']:.2f} | {v['writes']:.2f} | {v['links']:.2f} | "
                         f"{v['allocations']:.3f} | {v['recovery']:.3f} | {v['sideband_bits']:.2f} | {v['router_cycles']:,.1f} |")
    return "\n".join(lines) + "\n"


ACTIVITY_NOTES = """The paper reports no energy; an architect weighing a controller asks what its throughput costs.
Per flit delivered in the measurement window, the events an energy model multiplies by its
coefficients (`power:`, docs/energy.md; no published coefficient set is shipped, so the table stays
in events, which hold for any technology): buffer writes and link traversals (a delivered flit
costs one per router and one per link on its path; more means work on flits that are not
delivered in the window, such as Disha's recovery lane), VC allocation requests, flits on Disha's
recovery lane, the sideband's bit-hops (Tune's own wires; ALO and the base have none), the
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
| the global count: "full virtual channel buffers", "3,072 buffers" (sec. 3, 5.1: {buffer_product}) | edge buffers — the network channels' routing VCs — holding all 8 flits; the injection channels' buffers and Disha's lane are not counted |
| "each node generating 16 flit packets at the same fixed rate", a "packet regeneration interval", nodes that "try" to generate | `stimuli/selftuned-uniform.yaml`: periodic attempts (`source.model: attempts`, one waiting packet per node) |
| after r = 5 resets in a row, "reset max to zero and restart the maximum-locating process" (sec. 4.2), which begins "with an initial value ... (e.g., 1 percent of all buffers)" (sec. 4.1) | the threshold goes back to the initial 1 % (`congestion_control.restart: initial`; the other reading, the reset value, is run beside it: Fig. 6) |
| 60,000 cycles, the first 10,000 ignored | same (`--quick`: {quick[0]:,} / {quick[1]:,}) |
"""

# The notes: the report's prose, each function a template filled from the plan's runs. How icnsim came
# to follow the paper, with the numbers older versions gave, is in docs/results/selftuned-history.md.

HISTORY = "[history](selftuned-history.md)"
DEEP_FROM = 0.04    # packets/node/cycle: from here on "deep in saturation"; below, "just past" (the base peaks at 0.02)
GATHER_HOP = 4      # cycles per hop of a metapacket: routing + adder + crossbar + link (sec. 5.3)
GATHER_ENDS = 11    # cycles of a gather round outside its hops (tests/network/metapacket_test.cpp)
# The paper's values and the plan's constants the prose states (scripts/papers/report_numbers.py):
# Fig. 9's latencies and their ratios (2,838 / 161 and 520 / 163), the end of its spurts (29,000);
# Table 1's drop of 25 %; sec. 4.1's 4 %; Fig. 11's 130-160 and 300 cycles; the paper's length; the
# gather model's per-hop and end cycles; the plan's loads of the traces and a packet every 15 cycles;
# the claims' margins as percentages; the quick length (the set-up names it); the bursts' 15,000-cycle grid.
STATED_NUMBERS = [2838, 2571, 161, 520, 509, 163, 18, 3.2, 29000, 25, 4, 130, 160, 300, *FULL_LENGTH, *QUICK_LENGTH,
                  15000, GATHER_HOP, GATHER_ENDS, DEEP_FROM, *SWING_LOADS.values(), 15, 100 * NEAR_PEAK, 100 * EARLY]


def paper_latency(network, name):
    """Fig. 9's mean latency in the paper (FIG9_PAPER) on NETWORK for controller NAME."""
    return int(FIG9_PAPER[network][("Base", "ALO", "Tune").index(name)].replace(",", ""))


def span(values, digits=1):
    """'a–b' of VALUES at DIGITS decimals, or 'a' where both read the same."""
    lo, hi = f"{min(values):,.{digits}f}", f"{max(values):,.{digits}f}"
    return lo if lo == hi else f"{lo}–{hi}"


def after_warmup(r, column):
    ts, warmup = r["time_series"], r["window"]["warmup"]
    return [v for c, v in zip(ts["cycle"], ts[column]) if c >= warmup and v is not None]


def tuner_steps(report, run):
    """The self-tuned controller's buffers (the paper's 3,072 edge buffers), increment and decrement, from
    RUN's configuration."""
    c = report.study.configuration(run)
    net, cc = c["network"], c["congestion_control"]
    buffers = net["radix"] ** net["dimensions"] * 2 * net["dimensions"] * c["router"]["virtual_channels"]
    return (report.derived(buffers), report.derived(math.floor(buffers * cc["increment_percent"] / 100)),
            report.derived(math.floor(buffers * cc["decrement_percent"] / 100)))


def swings(report, plan, pattern):
    """A trace run (32-cycle samples) after warm-up: the full-buffer count's low and high (10th and 90th
    percentile), the mean cycles between its rises through its mean, accepted flits/node/cycle low and high
    per sample, the tuning period's packet count, its counting noise (%) and how far its highest period
    lies above the mean period (%)."""
    run = plan.swings[pattern]
    r, config = report.study.result(run), report.study.configuration(run)
    full, accepted = after_warmup(r, "full_buffers"), after_warmup(r, "accepted")
    ordered = sorted(full)
    low, high = ordered[len(ordered) // 10], ordered[(9 * len(ordered)) // 10]
    mean = sum(full) / len(full)
    rises = [i for i in range(1, len(full)) if full[i - 1] < mean <= full[i]]
    every = (rises[-1] - rises[0]) / (len(rises) - 1) * SWING_SAMPLES if len(rises) > 1 else float("nan")
    # The tuner's period (static 50's trace has none of its own: the uniform trace's Tune gives it).
    period = report.study.configuration(plan.swings["uniform"])["congestion_control"]["tuning_period"]
    per = max(1, round(period / SWING_SAMPLES))
    periods = [sum(accepted[i:i + per]) for i in range(0, len(accepted) - per + 1, per)]
    nodes = config["network"]["radix"] ** config["network"]["dimensions"]
    packets = sum(accepted) / len(accepted) * nodes * period / config["stimulus"]["packet_length"]
    above = 100 * (max(periods) / (sum(periods) / len(periods)) - 1) if periods else float("nan")
    ordered_accepted = sorted(accepted)
    return dict(low=low, high=high, every=every, accepted_low=ordered_accepted[len(accepted) // 10],
                accepted_high=ordered_accepted[(9 * len(accepted)) // 10], period=period, packets=packets,
                noise=100 / math.sqrt(packets), above=above)


def cadence(trace):
    """How often the count rises through its mean, in words: the sampled axis is too coarse for a number
    that changes with the data."""
    return "every few hundred cycles" if trace["every"] < 1000 else "every few thousand cycles"


def buffer_product(report, run):
    """'256 nodes × 4 channels × 3 VCs': the edge buffers of RUN's network, from its configuration."""
    c = report.study.configuration(run)
    net = c["network"]
    nodes = report.derived(net["radix"] ** net["dimensions"])
    return f"{nodes} nodes × {report.derived(2 * net['dimensions'])} channels × {c['router']['virtual_channels']} VCs"


def collapsed_cycles(r):
    """Cycles after warm-up the run spends collapsed (samples below a quarter of capacity)."""
    ts, warmup = r["time_series"], r["window"]["warmup"]
    low = [c for c, a in zip(ts["cycle"], ts["accepted"]) if c >= warmup and a < 0.25 * CAPACITY]
    interval = ts["cycle"][1] - ts["cycle"][0] if len(ts["cycle"]) > 1 else 0
    return len(low) * interval


def climbs_out(r):
    return r["time_series"]["accepted"][-1] >= 0.25 * CAPACITY


def fall_text(r, load, seed):
    c = collapse_cycle(r)
    return (f"seed {seed} at {load} falls at cycle {c + 1:,} and "
            + (f"climbs out after {collapsed_cycles(r):,} cycles collapsed" if climbs_out(r) else "stays down"))


def sources_notes():
    return f"""**The sources.** The paper's nodes *try* to generate a packet at a fixed interval (sec. 5.2.3, 5.2.4);
a node that still holds one does not queue another. icnsim's attempt sources (`source.model:
attempts`) do the same: a throttled node loses attempts instead of queueing packets, so Tune's latency
stays near the peak's and the offered load can exceed what a node injects (with Bernoulli sources into
unbounded queues Tune's latency grew into thousands of cycles: {HISTORY}).

"""


def alo_long_text(report, plan):
    """ALO past saturation at the paper's length, over its loads and seeds, in words."""
    alo = [report.study.result(k) for (n, _, _), k in plan.long_runs.items() if n == "ALO"]
    held = [pct(r) for r in alo if collapse_cycle(r) is None]
    fell = len(alo) - len(held)
    if not fell:
        return f"ALO holds {span(held, 0)} % of capacity on every seed and load at the paper's length"
    return (f"ALO collapses on {fell} of {len(alo)} runs at the paper's length"
            + (f" and holds {span(held, 0)} % of capacity on the others" if held else ""))


def fig4_recovery_notes(report, plan):
    runs = report.study
    alo_text = alo_long_text(report, plan) + " (table below)"
    room, default, base = (pct(runs.result(plan.alo_patterns[(n, "uniform")])) for n in ("ALO, free = room", "ALO", "Base"))
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


def curve_shape(report, plan):
    """The static-threshold curve (the paper's Fig. 3 on icnsim): per load, the mean accepted of the runs that
    hold at each threshold and how many runs collapse there."""
    runs, seeds = report.study, plan.long_seeds
    shape = {}
    for load in plan.curve_loads:
        rows = []
        for t in plan.curve_thresholds:
            rs = [runs.result(plan.curve_runs[(t, load, s)]) for s in seeds]
            held = [pct(r) for r in rs if collapse_cycle(r) is None]
            rows.append((t, sum(held) / len(held) if held else None, len(rs) - len(held)))
        shape[load] = rows
    return shape


def plateau_text(report, plan):
    """Whether throughput falls past the best static threshold before the network tips, in words."""
    shape = curve_shape(report, plan)
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


def long_notes(report, plan):
    runs = report.study
    tune = {(l, s): runs.result(plan.variant_runs[("Tune", l, s)]) for l in plan.variant_loads for s in plan.long_seeds}
    static = {(l, s): runs.result(plan.long_runs[("static 250", l, s)]) for (n, l, s) in plan.long_runs if n == "static 250"}
    deep = [l for l in plan.variant_loads if l >= DEEP_FROM]
    just = [l for l in plan.variant_loads if l < DEEP_FROM]
    buffers, increment, decrement = tuner_steps(report, plan.swings["uniform"])
    out = [f"**Tune at the paper's length, {len(plan.long_seeds)} seed{'s' if len(plan.long_seeds) > 1 else ''}.** "
           f"Counting the paper's {buffers:,} edge buffers (set-up above), "]
    if deep:
        falls_deep = [(l, s) for l in deep for s in plan.long_seeds if collapse_cycle(tune[(l, s)]) is not None]
        out.append(f"Tune keeps the recovery network out of its collapsed state deep in saturation "
                   + ("on every seed" if not falls_deep else f"on all but {len(falls_deep)} of {len(deep) * len(plan.long_seeds)} runs")
                   + f", at {span([pct(tune[(l, s)]) for l in deep for s in plan.long_seeds], 0)} % of capacity against "
                   f"static 250's {span([pct(static[(l, s)]) for l in deep for s in plan.long_seeds if (l, s) in static], 0)} %; ")
    falls = [(l, s) for l in just for s in plan.long_seeds if collapse_cycle(tune[(l, s)]) is not None]
    if just:
        out.append("just past saturation " + ("no run falls." if not falls else
                   "; ".join(fall_text(tune[k], *k) for k in falls) + f" ({len(falls)} of {len(just) * len(plan.long_seeds)} runs)."))
    out.append(""" Two failure modes, one on each side of the best threshold, and the paper names both (sec. 4.1:
"creeps into saturation"; sec. 4, Fig. 3: "too low a value ... over throttling"):

""")
    plateau, _ = plateau_text(report, plan)
    trace = swings(report, plan, "uniform")
    if falls:
        before = [max([t for c, t in zip(tune[k]["time_series"]["cycle"], tune[k]["time_series"].get("controller.threshold", []))
                       if tune[k]["window"]["warmup"] <= c < collapse_cycle(tune[k])] or [float("nan")]) for k in falls]
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
    knots = [(k, runs.result(plan.variant_runs[("Tune, restart at the reset value", *k)])) for k in tune]
    knots = [(k, r) for k, r in knots if collapse_cycle(r) is not None and not climbs_out(r)]
    if knots:
        (load, seed), r = min(knots, key=lambda kr: tail_pct(kr[1]))
        ts = r["time_series"]
        # The last stretch of collapsed samples: the knot the run ends in.
        held = [i for i, a in enumerate(ts["accepted"]) if a >= 0.25 * CAPACITY]
        after = range(held[-1] + 1 if held else 0, len(ts["cycle"]))
        pick = lambda column: [ts[column][i] for i in after if ts[column][i] is not None]
        accepted = [100 * a / CAPACITY for a in pick("accepted")]
        throttled = pick("throttled_fraction")
        out.append(f""" Once tipped, the network is a knot (seed {seed} at {load} with the search restarting at the
reset value, its last {len(after) * (ts['cycle'][1] - ts['cycle'][0]):,} cycles in {ts['cycle'][1] - ts['cycle'][0]:,}-cycle samples):
{span(pick('packets_in_network'), 0)} packets in {span(pick('full_buffers'), 0)} full edge buffers, delivering {span(accepted, 0)} %
of capacity, while the reset holds the threshold at {span(pick('controller.threshold'), 0)} and
{100 * sum(throttled) / len(throttled):.0f} % of the nodes are throttled at a sample on average. Whenever the extrapolated estimate dips below the threshold the nodes
release their waiting packets together and refill the knot, which drains only through Disha's one
recovery at a time; with the sources stopped it drains through recoveries until it breaks and then
all at once — the paper's Fig. 9a shape (sec. 5.2.4; the burst table of Fig. 9 below).""")
    out.append("\n\n*Over-throttling, deep in saturation.* ")
    if deep:
        highest = [max(threshold_after_warmup(tune[(l, s)], tune[(l, s)]["window"]["warmup"]) or [float("nan")])
                   for l in deep for s in plan.long_seeds]
        out.append(f"At {' and '.join(str(l) for l in deep)} the threshold stays low (at most {span(highest, 0)} after "
                   "warm-up). ")
    out.append(f"""All nodes see the same estimate and stop and start together, so the full-buffer count
swings between about {trace['low']:,.0f} and {trace['high']:,.0f} {cadence(trace)} (Tune, seed 1 at {SWING_LOADS['uniform']},
{SWING_SAMPLES}-cycle samples; 10th and 90th percentiles) and throughput with it ({trace['accepted_low']:.2f}–{trace['accepted_high']:.2f}
flits/node/cycle per {SWING_SAMPLES} cycles); a tuning period that falls in a trough reads as a 25 % drop
and costs {decrement}, {decrement / increment:.0f} times what a good period gains ({increment}), so the threshold is held low.

""")
    means = {l: sum(pct(tune[(l, s)]) for s in plan.long_seeds) / len(plan.long_seeds) for l in plan.variant_loads}
    out.append(f"""Which trap a run lands in depends on the load and the seed: Tune's mean over the seeds is
{' / '.join(f'{means[l]:.0f}' for l in plan.variant_loads)} % at {' / '.join(str(l) for l in plan.variant_loads)}. The
readings the paper leaves open (next table) move the balance and remove neither. Not found: what keeps
the paper's tuner between the two on every load of its Fig. 4a (one run per load); what it leaves open
and may decide it is how synchronised its throttled sources are and how fast its Disha recovers.
What the count of full buffers, Table 1's "throttling" and the order of sources and interfaces within
a cycle each changed on the way: {HISTORY}.
""")
    return "".join(out)


def tuning_variant_notes(report, plan):
    runs = report.study
    res = {k: runs.result(v) for k, v in plan.variant_runs.items()}
    just = [l for l in plan.variant_loads if l < DEEP_FROM]
    deep = [l for l in plan.variant_loads if l >= DEEP_FROM]
    sooner = ("Tune, last gather", "Tune, reset below 90 %")

    def range_of(loads):
        return span([pct(res[(n, l, s)]) for n in sooner for l in loads for s in plan.long_seeds], 0)

    def median_threshold(r):
        t = sorted(threshold_after_warmup(r, r["window"]["warmup"]))
        return t[len(t) // 2] if t else float("nan")
    medians = [median_threshold(res[(n, l, s)]) for n in sooner for l in just or plan.variant_loads for s in plan.long_seeds]
    where = "just past saturation" if just else f"at {plan.variant_loads[0]}"
    held = f"Tune holds {range_of(just or plan.variant_loads)} % {where}" + (f", {range_of(deep)} % deep in it" if deep and just else "")
    gains = sorted(((pct(res[("Tune", l, s)]) - pct(res[("Tune, restart at the reset value", l, s)]), l, s)
                    for l in plan.variant_loads for s in plan.long_seeds))
    (loss, l_loss, s_loss), (gain, l_gain, s_gain) = gains[0], gains[-1]
    if max(gain, -loss) < 0.05:
        restart = "the two restarts give the same throughput on every run"
    else:
        restart = (f"where it matters most, seed {s_gain} at {l_gain} holds {pct(res[('Tune', l_gain, s_gain)]):.1f} % with the "
               f"restart at the initial threshold against {pct(res[('Tune, restart at the reset value', l_gain, s_gain)]):.1f} % "
               "at the reset value" if gain > 0 else "the restart at the initial threshold gains nowhere")
        restart += (f", while seed {s_loss} at {l_loss} loses {-loss:.1f} points to it "
                f"({pct(res[('Tune', l_loss, s_loss)]):.1f} % against {pct(res[('Tune, restart at the reset value', l_loss, s_loss)]):.1f} %)"
                    if loss < 0 else ", and it costs no run anything")
    best_of = {l: max(TUNING_VARIANTS, key=lambda n: sum(pct(res[(n, l, s)]) for s in plan.long_seeds)) for l in plan.variant_loads}
    peak = past_peak(runs, plan.fig4[RECOVERY], plan.loads4)[0]
    everywhere = [TUNING_VARIANTS[n] for n in TUNING_VARIANTS
                  if all(pct(res[(n, l, s)]) >= NEAR_PEAK * peak for l in plan.variant_loads for s in plan.long_seeds)]
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


def robustness_notes(report, plan):
    runs = report.study

    def mean(n, load=None):
        values = [pct(runs.result(plan.robust_runs[(n, l, s)])) for l in plan.variant_loads if load in (None, l)
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


def burst_duration_notes(report, plan):
    runs = report.study
    lat9 = {k: mean_latency(runs.result(v)) for k, v in plan.fig9d.items()}
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


def curve_notes(report, plan):
    runs = report.study
    base_peak = runs.result(plan.fig11[("Base", 0.02)])
    full = mean_full_buffers(base_peak)
    config = runs.configuration(plan.occupied)
    nodes = config["network"]["radix"] ** config["network"]["dimensions"]
    occupied = nodes * sum(after_warmup(runs.result(plan.occupied), "controller.entropy.valid_per_router_percent")) / 100
    occupied /= len(after_warmup(runs.result(plan.occupied), "controller.entropy.valid_per_router_percent"))
    buffers, _, _ = tuner_steps(report, plan.swings["uniform"])
    plateau, shape = plateau_text(report, plan)
    collapses = "; ".join(f"at {load}: " + ", ".join(f"{fell} of {len(plan.long_seeds)} at {t}" for t, _, fell in rows if fell)
                          for load, rows in shape.items() if any(fell for *_, fell in rows))
    return f"""What the paper counts (sec. 3, 5.1): "the fraction of full virtual channel buffers", "3,072 buffers"
— {buffer_product(report, plan.occupied)}, the edge buffers, without the injection channel's; icnsim counts
those, holding all 8 flits. "Full" is a buffer holding 8 flits, not one holding any: at the base's
peak (0.02, {pct(base_peak):.0f} % of capacity, uncontrolled) the network holds about {full:,.0f} full edge buffers but
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


def vc_notes(report, plan):
    runs = report.study
    loads = plan.loads4
    one = past_peak(runs, plan.fig4[AVOIDANCE], loads)
    two = past_peak(runs, plan.fig4vc, loads)
    adaptive = {3: plan.alo_adaptive[3], 4: plan.alo_adaptive[4]}
    every = {3: plan.fig4[AVOIDANCE], 4: plan.fig4vc}

    def at(vcs, name, load):
        keys = adaptive[vcs] if name == "ALO, adaptive VCs" else every[vcs]
        return pct(runs.result(keys[(name, load)]))
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


def fig6_notes(report, plan, m):
    runs = report.study
    hi = max(plan.loads6)
    base = {l: pct(runs.result(plan.fig6["bit_complement"][("Base", l)])) for l in plan.loads6}
    peak_load = max(base, key=base.get)
    u = m.fig6_uniform
    ratios = [pct(runs.result(plan.complement_runs[("Tune", l, s)])) / pct(runs.result(plan.complement_runs[("static 50", l, s)]))
              for l in plan.complement_loads for s in plan.long_seeds]
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


def complement_notes(report, plan):
    runs = report.study
    seeds = plan.long_seeds
    reset = [runs.result(plan.complement_runs[("Tune, restart at the reset value", l, s)])
             for l in plan.complement_loads for s in seeds]
    default = [pct(runs.result(plan.complement_runs[("Tune", l, s)])) for l in plan.complement_loads for s in seeds]
    ratchet = [max(threshold_after_warmup(r, r["window"]["warmup"]) or [float("nan")]) for r in reset]
    load = plan.complement_curve_loads[0]
    curve = {t: [runs.result(plan.complement_curve[(t, load, s)]) for s in seeds] for t in plan.complement_thresholds}
    mean = {t: sum(pct(r) for r in rs) / len(rs) for t, rs in curve.items()}
    held_count = {t: sum(mean_full_buffers(r) for r in rs) / len(rs) for t, rs in curve.items()}
    ts = plan.complement_thresholds
    _, increment, _ = tuner_steps(report, plan.swings["uniform"])
    slopes = [(mean[a] - mean[b]) * increment / (b - a) for a, b in zip(ts, ts[1:]) if mean[b] < mean[a]]
    trace = swings(report, plan, COMPLEMENT)
    best = max(mean, key=mean.get)
    reset_level = 0.75 * mean[best] * (1 + trace["above"] / 100)
    above = [t for t in ts if mean[t] >= reset_level]
    below = [t for t in ts if mean[t] < reset_level and t > best]
    where = (f"between the thresholds of {max(above)} and {min(below)}" if above and below else
             "below every threshold run" if not above else "above every threshold run")
    low = [t for t in ts if t <= 50]
    gather = runs.configuration(plan.swings[COMPLEMENT])["sideband"]["hop_delay"]
    reset_pct = [pct(r) for r in reset]
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


def fig9_notes(report, plan, m):
    runs = report.study
    lat9 = m.fig9_latency
    order = {p: lat9[(p, "Tune")] < lat9[(p, "ALO")] <= ALO_NOT_ABOVE * lat9[(p, "Base")] for p in (RECOVERY, AVOIDANCE)}
    off = [100 * (lat9[(AVOIDANCE, n)] / paper_latency(AVOIDANCE, n) - 1) for n in ("Base", "ALO")]
    one, two = past_peak(runs, plan.fig4[AVOIDANCE], plan.loads4), past_peak(runs, plan.fig4vc, plan.loads4)
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


def fig9_alo_notes(report, plan):
    runs = report.study
    per = {n: {burst.replace("-", "_"): (accepted, latency)
               for burst, accepted, latency in bursts(runs.result(plan.fig9[RECOVERY][n]))}
           for n in ("ALO", "Tune", "ALO, free = room")}
    alo_lat = ", ".join(f"{b.replace('_', ' ')} {'—' if l is None else f'{l:,.0f}'}" for b, (_, l) in per["ALO"].items())
    tune_lat = ", ".join(f"{b.replace('_', ' ')} {'—' if l is None else f'{l:,.0f}'}" for b, (_, l) in per["Tune"].items())
    room = {p: pct(runs.result(plan.alo_patterns[("ALO, free = room", p)])) for p in BURST_PATTERNS}
    alo = {p: pct(runs.result(plan.alo_patterns[("ALO", p)])) for p in BURST_PATTERNS}
    base = {p: pct(runs.result(plan.alo_patterns[("Base", p)])) for p in BURST_PATTERNS}
    tipped = [f"{b.replace('_', ' ')} {per['ALO, free = room'][b][1]:,.0f} against {per['ALO'][b][1]:,.0f}"
              for b in ("uniform", "bit_complement") if b in per["ALO"] and None not in (per["ALO"][b][1], per["ALO, free = room"][b][1])]
    avoid = abs(pct(runs.result(plan.fig9[AVOIDANCE]["ALO"])) - pct(runs.result(plan.fig9[AVOIDANCE]["ALO, free = room"])))
    return f"""**ALO with recovery — what "free" means decides it.** The paper: "the ALO scheme and the base
scheme initially ramp up the throughput but throughput collapses soon thereafter". Taken burst by
burst (table above), the mean latency of icnsim's ALO as run by default is {alo_lat} cycles, Tune's
{tune_lat}; at steady load past saturation ALO holds {', '.join(f"{p.replace('_', ' ')} {alo[p]:.1f} %" for p in BURST_PATTERNS)}
(the base: {', '.join(f'{base[p]:.1f} %' for p in BURST_PATTERNS)}); on uniform traffic {alo_long_text(report, plan)}
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
    runs = report.study
    config = runs.configuration(plan.fig11[("No tune (metapackets)", plan.loads11[0])])
    k, n = config["network"]["radix"], config["network"]["dimensions"]
    idle = report.derived(n * k * GATHER_HOP + GATHER_ENDS)
    link = [runs.result(plan.fig11[("No tune (metapackets, link priority)", l)]).get("metapackets", {}).get("mean_cycles")
            for l in plan.loads11]
    link = [g for g in link if g is not None]
    means = m.gather_means
    rises = len(means) > 2 and max(means) > means[0] and max(means) > means[-1]
    seeds = plan.long_seeds
    loses = {name: [v for v in m.early[name] if v < EARLY * m.base_peak12] for name in plan.early_names}
    loss = {name: 100 * (1 - sum(v) / len(v) / m.base_peak12) for name, v in m.early.items()}
    no_tune = max(abs(pct(runs.result(plan.fig11[("No tune (metapackets)", l)])) - pct(runs.result(plan.fig11[("Base", l)])))
                  for l in plan.loads11)
    routers = runs.result(plan.fig11[("No tune (metapackets)", 0.02)])["activity"]["routers"]
    share = 100 * routers["metapacket_lane_flits"] / routers["link_traversals"] if routers["link_traversals"] else float("nan")
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
metapackets' lane is served first by the arbiter and in VC allocation but takes turns with the data
lanes on each link, flit by flit. Gathers then {'lengthen towards the base' + chr(39) + 's peak and shorten past it, the paper' + chr(39) + 's shape' if rises else 'do not lengthen and shorten again with load as the paper' + chr(39) + 's do'}
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
