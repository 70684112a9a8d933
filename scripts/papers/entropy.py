"""The entropy-throttling paper (Yokota, Ootsu, Ohkawa, IEICE 2016): collective communication duration
and speed-up per traffic pattern (Fig. 6) and critical load ratios by the ramp-load method (Fig. 7)
on its 32x32 torus, for no throttling and the paper's average-best parameter sets.

In four parts, each readable alone: the plan (every run, `plan_runs`), the measures computed from the
runs (`measure`), the tables and figures, and the claims — one function each, with the margin it is
judged by."""
import dataclasses
import math

import plot
from papers import report_energy
from papers.report import analytic_checks, cycles, zero_load_probe

TITLE = "The entropy-throttling paper on icnsim"
CITATION = ("Yokota, Ootsu, Ohkawa, \"Enhancing Entropy Throttling: New Classes of Injection Control in "
            "Interconnection Networks\", IEICE Trans. Inf. & Syst. 2016 ([references](../references.md)), "
            "secs. 5.3, 5.4, 6.4.")
FULL_LENGTH = (20000, 0)   # collective runs end when the last packet arrives
QUICK_LENGTH = (10000, 0)

# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (its
# text, Figs. 6 and 7, sec. 5.1.2's ramp, the network's 1,024 nodes).
STATED_NUMBERS = [1.331, 1056, 333, 3.17, 0.0505, 0.0532, 0.1, 1_000_000, 400, 1024, *report_energy.STATED_NUMBERS]

PLATFORM, COLLECTIVE, RAMP = "platforms/entropy-32x32.yaml", "stimuli/collective.yaml", "stimuli/ramp.yaml"
# Energy (docs/energy.md): the routers have 5 ports (4 network, 1 injection channel), 3 VCs of 15 flits,
# and DSENT's table has depths 8 and 16, not 15: the collective runs name the row below knowingly and the
# report prices their counts by both, every figure the range over them.
ENERGY_ROWS = ((5, 3, 8, 128), (5, 3, 16, 128))
PRICED = ["energy.preset=dsent_45nm", f"energy.preset_shape={report_energy.preset_shape(ENERGY_ROWS[0])}"]
# Table 1's patterns, by the paper's abbreviations.
PATTERNS = {"trns": "transpose", "shfl": "perfect_shuffle", "bcmp": "bit_complement", "brev": "bit_reversal",
            "brot": "bit_rotation", "torn": "tornado", "rand": "uniform", "rpar": "random_pair"}
RANDOM = {"rand", "rpar"}  # patterns whose destinations are drawn: several seeds (the paper: 100 runs)
# No throttling and the average-best parameter sets (sec. 6.4: base(90, 30), hyst(70, 90, 30); sec. 5.3:
# gt.x with tG = 16 is its best for tornado; gt.a with the same mean guard time).
MODELS = {
    "noth": ["congestion_control.type=none"],
    "base(90, 30)": ["congestion_control.type=entropy", "congestion_control.model=base",
                     "congestion_control.threshold=90", "congestion_control.release_below=30"],
    "hyst(70, 90, 30)": ["congestion_control.type=entropy", "congestion_control.model=hyst",
                         "congestion_control.on_below=70", "congestion_control.off_above=90",
                         "congestion_control.release_below=30"],
    "gt.x(16, 70, 90, 30)": ["congestion_control.type=entropy", "congestion_control.model=gt.x",
                             "congestion_control.guard_time=16", "congestion_control.on_below=70",
                             "congestion_control.off_above=90", "congestion_control.release_below=30"],
    "gt.a(16, 70, 90, 30)": ["congestion_control.type=entropy", "congestion_control.model=gt.a",
                             "congestion_control.guard_time=16", "congestion_control.on_below=70",
                             "congestion_control.off_above=90", "congestion_control.release_below=30"],
}
THROTTLED = [m for m in MODELS if m != "noth"]
CAPACITY = 0.25  # uniform capacity of the 32x32 torus, flits/node/cycle (8 / k)
# Fig. 7's ramp at other speeds, down to the paper's own (sec. 5.1.2: +0.1 flits/cycle every 1,000,000
# cycles, 400 samples of 100 cycles smoothed): (step per 1,000 cycles, samples smoothed). The report's
# ramp (the first) is 50 times faster. Each pattern's runs reach `SPEED_REACH` of capacity.
SPEEDS = [(0.005, 50), (0.0025, 50), (0.001, 50), (0.0001, 400)]
# --quick (CI): two speeds a factor of two apart, twice as fast as the report's: the table and its claims
# are drawn the same way from half the cycles of 1,024 nodes.
QUICK_SPEEDS = [(0.02, 25), (0.01, 50)]
SPEED_REACH = {"shfl": 0.35, "torn": 0.55}


def geometric_mean(values):
    values = [v for v in values if v and not math.isnan(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else math.nan


def duration(result):
    if result["status"]["state"] != "completed":
        return math.nan
    done = result["schedule"].get("completion_cycles")
    return math.nan if done is None else done


# The plan: every run of the report, by what it measures.

@dataclasses.dataclass
class Plan:
    patterns: list        # Fig. 6's, by the paper's abbreviations
    models: list
    seeds: dict           # pattern -> seeds of its drawn destinations
    collective: dict      # (model, pattern, seed) -> run: Fig. 6
    step: float           # Fig. 7's ramp: flits/node/cycle added every `interval` cycles
    interval: int
    ramp_patterns: list
    ramp_models: list
    ramp: dict            # (model, pattern) -> run: Fig. 7
    speeds: dict          # (model, pattern, step per 1,000 cycles) -> run: Fig. 7 at slower ramps
    samples: dict         # step per 1,000 cycles -> samples smoothed
    probe: str            # a lightly loaded run, for the analytical check


def plan_runs(report):
    study, quick = report.study, report.quick
    # The ramp at other speeds first: the paper's speed takes over a million cycles a run.
    speeds = QUICK_SPEEDS if quick else SPEEDS
    speed_patterns = ["torn"] if quick else list(SPEED_REACH)
    speed_runs = {(m, p, step): study.submit(PLATFORM, RAMP, [
        *MODELS[m], f"stimulus.pattern.type={PATTERNS[p]}", "stimulus.packet_length=8",
        f"stimulus.injection.step={step}", "stimulus.injection.interval=1000", f"stimulus.injection.smoothing={samples}",
        f"simulation.cycles={round(SPEED_REACH[p] * CAPACITY / step) * 1000}", "simulation.warmup=0",
        "simulation.sample_interval=100"], length=False)
        for step, samples in speeds for p in speed_patterns for m in ("noth", "base(90, 30)")}
    patterns = ["torn", "trns", "rand"] if quick else list(PATTERNS)
    models = ["noth", "base(90, 30)", "gt.x(16, 70, 90, 30)"] if quick else list(MODELS)
    seeds = {p: ([1, 2] if quick else [1, 2, 3, 4, 5]) if p in RANDOM or not quick else [1] for p in patterns}
    collective = {(m, p, s): study.submit(PLATFORM, COLLECTIVE, [*MODELS[m], f"stimulus.pattern.type={PATTERNS[p]}",
                                                                  f"simulation.seed={s}", "simulation.sample_interval=10",
                                                                  *PRICED])
                  for m in models for p in patterns
                  for s in (seeds[p] if (p in RANDOM or m.startswith("gt.a")) else [1])}
    # Ramp load (sec. 5.1.2): the paper adds 0.1 flits/cycle every 1,000,000 cycles; icnsim ramps
    # faster (the step and interval below), sampled every 100 cycles and smoothed over 50 samples.
    step, interval, ramp_cycles = (0.01, 500, 8000) if quick else (0.005, 1000, 40000)
    ramp_patterns = ["torn", "rand"] if quick else list(PATTERNS)
    ramp_models = ["noth", "base(90, 30)"] if quick else ["noth", "base(90, 30)", "hyst(70, 90, 30)"]
    ramp = {(m, p): study.submit(PLATFORM, RAMP, [*MODELS[m], f"stimulus.pattern.type={PATTERNS[p]}",
                                                  "stimulus.packet_length=8", f"stimulus.injection.step={step}",
                                                  f"stimulus.injection.interval={interval}",
                                                  f"simulation.cycles={ramp_cycles}", "simulation.warmup=0",
                                                  "simulation.sample_interval=100"], length=False)
            for m in ramp_models for p in ramp_patterns}
    probe = zero_load_probe(study, PLATFORM, ["stimulus.packet_length=8", "simulation.sample_interval=1000"])
    return Plan(patterns, models, seeds, collective, step, interval, ramp_patterns, ramp_models, ramp, speed_runs,
                dict(speeds), probe)


# The measures: the numbers the report shows, from the runs.

@dataclasses.dataclass
class Measures:
    durations: dict       # (model, pattern) -> mean collective duration (cycles)
    speedup: dict         # (model, pattern) -> noth's duration / the model's
    gmean: dict           # model -> geometric-mean speed-up over the patterns
    critical: dict        # (model, pattern) -> critical load ratio (NaN: not reached)
    speed_critical: dict  # (model, pattern, step) -> critical load ratio at that ramp speed


def measure(report, plan):
    study = report.study
    def mean_duration(m, p):
        values = [duration(study.result(run)) for (mm, pp, _), run in plan.collective.items() if mm == m and pp == p]
        return sum(values) / len(values)

    durations = {(m, p): mean_duration(m, p) for m in plan.models for p in plan.patterns}
    speedup = {(m, p): durations[("noth", p)] / durations[(m, p)] for m in plan.models for p in plan.patterns}
    gmean = {m: geometric_mean([speedup[(m, p)] for p in plan.patterns]) for m in plan.models}
    critical = {key: critical_ratio(study.result(run)) for key, run in plan.ramp.items()}
    speed_critical = {key: critical_ratio(study.result(run)) for key, run in plan.speeds.items()}
    return Measures(durations, speedup, gmean, critical, speed_critical)


def critical_ratio(result):
    value = result.get("ramp", {}).get("critical_load_ratio")
    return math.nan if value is None else value


# The tables and figures.

def collective_section(report, plan, m):
    report.write("## Fig. 6 — collective communication (10 packets of 8 flits per node)\n")
    report.write("Duration from the start to the last delivery (cycles) and speed-up over noth; "
                 f"{', '.join(sorted(RANDOM))} and gt.a are the mean of {len(plan.seeds[plan.patterns[-1]])} seeds.\n")
    figure = plot.plot_bars(
        [{"model": model, "pattern": p, "duration": m.durations[(model, p)]} for model in plan.models for p in plan.patterns],
        "duration", "model", "pattern", "noth", "collective duration, normalised to noth")
    report.figure(figure, "fig6", "Fig. 6: collective duration normalised to noth, per pattern")
    report.write("| pattern | " + " | ".join(plan.models) + " |\n|---" * 1 + "|---" * len(plan.models) + "|")
    for p in plan.patterns:
        report.write(f"| {p} | " + " | ".join(
            cycles(m.durations[(model, p)]) + ("" if model == "noth" else f" ({m.speedup[(model, p)]:.2f}×)")
            for model in plan.models) + " |")
    report.write("| g.mean speed-up | " + " | ".join("1" if model == "noth" else f"{m.gmean[model]:.3f}"
                                                    for model in plan.models) + " |\n")


def energy_section(report, plan):
    """What throttling saves or costs in energy for a collective, and the circuit's transfers, counted."""
    result = report.study.result
    report.write("## Energy of the collectives (45 and 22 nm)\n")
    report.write(report_energy.what_is_priced() + f" The routers have {report.derived(ENERGY_ROWS[0][0])} ports and "
                 f"3 VCs of 15 flits; the table has depths {report.derived(ENERGY_ROWS[0][2])} and "
                 f"{report.derived(ENERGY_ROWS[1][2])}, not 15: every figure is the range over those two rows. Each "
                 "collective's runs of seed 1, from its start to its last delivery:\n")
    throttled = [model for model in plan.models if model != "noth"]
    entries = [([p, model], result(plan.collective[(model, p, 1)]), ENERGY_ROWS)
               for p in plan.patterns for model in plan.models]
    report_energy.table(report, ["pattern", "model"], entries, counted="entropy")
    ratios = {model: [report_energy.ratio(result(plan.collective[(model, p, 1)]), result(plan.collective[("noth", p, 1)]),
                                          ENERGY_ROWS) for p in plan.patterns] for model in throttled}
    report.write("A collective's whole energy against noth's (45 nm, geometric mean over the patterns; below 1 "
                 "saves): " + ", ".join(f"{model} {geometric_mean(ratios[model]):.2f} "
                                        f"({min(ratios[model]):.2f}–{max(ratios[model]):.2f})" for model in throttled)
                 + "; the circuit's transfers are counted above, not priced.\n")


def ramp_section(report, plan, m):
    report.write("## Fig. 7 — critical load ratio (ramp load)\n")
    report.write(f"The offered load rises by {plan.step} flits/node/cycle every {plan.interval:,} cycles from zero; the "
                 "critical load is where smoothed throughput first falls 10 % below smoothed offered load (sec. 5.1.2), "
                 "as a ratio of the uniform capacity (0.25 flits/node/cycle on this torus).\n")
    figure = plot.plot_bars([{"model": model, "pattern": p, "critical": m.critical[(model, p)]} for model in plan.ramp_models
                             for p in plan.ramp_patterns], "critical", "model", "pattern", "noth",
                            "critical load ratio, normalised to noth")
    report.figure(figure, "fig7", "Fig. 7: critical load ratio normalised to noth, per pattern")
    report.write("| pattern | " + " | ".join(plan.ramp_models) + " |\n" + "|---" * (len(plan.ramp_models) + 1) + "|")
    for p in plan.ramp_patterns:
        report.write(f"| {p} | " + " | ".join("not reached" if math.isnan(m.critical[(model, p)])
                                              else f"{m.critical[(model, p)]:.3f}" for model in plan.ramp_models) + " |")
    report.write("")


def ramp_speed_section(report, plan, m):
    """The table of critical load ratios against the ramp's speed; returns {pattern: (base / noth at the
    fastest ramp, at the slowest)} and the steps, fastest first."""
    steps = sorted({step for _, _, step in plan.speeds}, reverse=True)
    patterns = sorted({p for _, p, _ in plan.speeds})
    ratio = m.speed_critical
    report.write("### The ramp's speed\n")
    report.write(f"The same ramp on {' and '.join(patterns)}, slowed from {steps[0]} flits/node/cycle per 1,000 cycles "
                 f"to {steps[-1]}" + (" (the paper's: 0.1 flits/cycle every 1,000,000 cycles, 400 samples of 100 "
                                      "cycles smoothed)" if not report.quick else "")
                 + "; one run per model and speed.\n")
    report.write("| pattern | step per 1,000 cycles | samples smoothed | noth | base(90, 30) | base / noth |\n"
                 "|---|---|---|---|---|---|")
    for p in patterns:
        for step in steps:
            noth, base = ratio[("noth", p, step)], ratio[("base(90, 30)", p, step)]
            shown = ["not reached" if math.isnan(v) else f"{v:.3f}" for v in (noth, base)]
            fraction = "—" if math.isnan(noth) or math.isnan(base) else f"{base / noth:.3f}"
            report.write(f"| {p} | {step} | {plan.samples[step]} | {shown[0]} | {shown[1]} | {fraction} |")
    report.write("")
    return {p: (ratio[("base(90, 30)", p, steps[0])] / ratio[("noth", p, steps[0])],
                ratio[("base(90, 30)", p, steps[-1])] / ratio[("noth", p, steps[-1])]) for p in patterns}, steps


# The claims, one function each, with the margin it is judged by.

SPEEDUP_AGREES = 1.15   # a geometric-mean speed-up that counts as speeding collectives up
TORNADO_AGREES = 2.0    # gt.x's speed-up on tornado that counts as the paper's large one
NO_GAIN = 1.1           # below this a speed-up or a critical-load gain is not significant
KEPT = 0.9              # a critical load ratio within 10 % of noth's


def claim_speedup(report, plan, m):
    best_model = max(THROTTLED, key=lambda model: m.gmean[model] if model in m.gmean else -1)
    best = m.gmean[best_model]
    report.claim("6", "Entropy throttling speeds collective communication up: geometric-mean speed-up of the "
                 "average-best parameters over the eight patterns", "1.331",
                 f"{best:.3f} ({best_model})", best >= SPEEDUP_AGREES,
                 "the paper's 1.331 is the best of an exhaustive search over every model's parameters (sec. 5.2); "
                 "here only the average-best sets the text names, and guard-time models on the same hysteresis"
                 + (f"; icnsim's uncontrolled network is faster than the paper's on tornado "
                    f"({cycles(m.durations[('noth', 'torn')])} against 1,056 cycles), so there is less to gain"
                    if "torn" in plan.patterns else ""))


def claim_tornado(report, plan, m):
    if "torn" not in plan.patterns:
        return
    torn_model = "gt.x(16, 70, 90, 30)"
    gain = m.speedup[(torn_model, "torn")]
    report.claim("6", "tornado: noth's duration, and gt.x with tG = 16 shortens it 3.17×", "1,056 → 333 cycles",
                 f"{cycles(m.durations[('noth', 'torn')])} → {cycles(m.durations[(torn_model, 'torn')])} "
                 f"({gain:.2f}×)", gain >= TORNADO_AGREES,
                 "" if gain >= TORNADO_AGREES else "the paper's gt.x(16) for tornado has its own RON, ROFF, Rn "
                 "(individual best), not given in the text; this is the average-best hysteresis")


def claim_transpose(report, plan, m):
    if "trns" not in plan.patterns:
        return
    gain = max(m.speedup[(model, "trns")] for model in plan.models if model != "noth")
    report.claim("6", "transpose: no variant improves it significantly (its traffic is stiff under dimension "
                 "order)", "no significant gain", f"best speed-up {gain:.2f}×", gain < NO_GAIN)


def claim_gtx_best(report, plan, m):
    others = [p for p in plan.patterns if p not in ("trns", "bcmp")]
    gtx = "gt.x(16, 70, 90, 30)"
    if gtx not in plan.models or len(others) <= 1:
        return
    wins = [p for p in others if max(THROTTLED, key=lambda model: m.speedup.get((model, p), -1)) == gtx]
    report.claim("6", "gt.x is the best model except on trns and bcmp", "best on the others",
                 f"best on {len(wins)} of {len(others)} ({', '.join(wins) or 'none'})", len(wins) >= len(others) / 2)


def ratio_text(v):
    # A ramp too fast for a model to reach its critical load within the run gives no ratio (nan).
    return "not reached" if math.isnan(v) else f"{v:.3f}"


def claim_critical_kept(report, plan, m, by_speed, speed_steps):
    steady = [p for p in plan.ramp_patterns if p != "rand"]
    kept = [p for p in steady if m.critical[("base(90, 30)", p)] >= KEPT * m.critical[("noth", p)]]
    rand = m.critical.get(("noth", "rand"), math.nan)
    speed_effect = "; ".join(f"{p} {ratio_text(fast)} → {ratio_text(slow)}" for p, (fast, slow) in by_speed.items())
    compared = [(fast, slow) for fast, slow in by_speed.values() if not (math.isnan(fast) or math.isnan(slow))]
    report.claim("7", "the average-best base(90, 30) sustains the critical load ratio of noth, except on rand",
                 "within about 10 %", f"within 10 % on {len(kept)} of {len(steady)}", len(kept) == len(steady),
                 ("the ramp's speed not measured (a critical load not reached within a run)" if not compared
                  else "partly the ramp's speed, measured" if all(slow >= fast + 0.03 for fast, slow in compared)
                  else "not the ramp's speed alone, measured")
                 + f": it rises {report.derived(plan.step / plan.interval / 1e-7):.0f}× faster than the paper's, "
                 "so packets a throttled node holds back count against it sooner; slowed from "
                 f"{speed_steps[0]} to {speed_steps[-1]} per 1,000 cycles, base / noth goes {speed_effect} (\"The "
                 "ramp's speed\" below). The paper's critical loads "
                 "(0.0505 and 0.0532 flits/node/cycle for base and hyst, sec. 6.4, pattern not named) are also far below "
                 + (f"icnsim's uncontrolled {rand * CAPACITY:.3f} on rand" if not math.isnan(rand) else "icnsim's")
                 + ": the paper's network, or its load unit, differs in a way the text does not give")


def claim_paper_speed(report, plan, m, by_speed):
    slowest = {p: slow for p, (_, slow) in by_speed.items()}
    report.claim("7", ("the same at the paper's own ramp speed" if not report.quick else "the same at the slowest ramp run")
                 + f" ({', '.join(slowest)})", "within about 10 %",
                 "base / noth " + ", ".join(f"{ratio_text(v)} on {p}" for p, v in slowest.items()),
                 all(v >= KEPT for v in slowest.values()),
                 "the ramp's speed is not all of it: at the slowest ramp base(90, 30) reaches "
                 + ", ".join(f"{v:.1%} of noth's critical load on {p}" if not math.isnan(v) else
                             f"no critical load on {p} (one of the two not reached)"
                             for p, v in slowest.items() if not v >= KEPT)
                 + " (the rest of the table: how much the ramp's speed moves it)")


def claim_no_critical_gain(report, plan, m):
    gains = [m.critical[("base(90, 30)", p)] / m.critical[("noth", p)] for p in plan.ramp_patterns
             if not math.isnan(m.critical[("noth", p)]) and not math.isnan(m.critical[("base(90, 30)", p)])]
    report.claim("7", "entropy throttling does not improve the critical load ratio significantly", "no significant gain",
                 f"largest ratio base / noth {max(gains):.2f}" if gains else "—", bool(gains) and max(gains) < NO_GAIN)


def render(report, plan, m):
    analytic_checks(report, plan.probe)
    collective_section(report, plan, m)
    claim_speedup(report, plan, m)
    claim_tornado(report, plan, m)
    claim_transpose(report, plan, m)
    claim_gtx_best(report, plan, m)
    energy_section(report, plan)
    ramp_section(report, plan, m)
    by_speed, speed_steps = ramp_speed_section(report, plan, m)
    claim_critical_kept(report, plan, m, by_speed, speed_steps)
    claim_paper_speed(report, plan, m, by_speed)
    claim_no_critical_gain(report, plan, m)
    report.write(NOTES)


NOTES = """## Set-up (sec. 5.1) and where icnsim differs

| paper | icnsim |
|---|---|
| 32×32 torus, dimension order, 3 VCs of 15 flits, VC counted up at two datelines per ring | `platforms/entropy-32x32.yaml` (`dateline: counted`) |
| "one-phase transmission": a hop per cycle | `routing_delay: 0`, `crossbar_delay: 0`, `link_delay: 1` |
| entropy circuit registers moved every cycle on dedicated wires | the same (sec. 6.7's virtual control channel is `virtual_control_channel: true`) |
| collective: ten 8-flit packets per node, duration from start to end | `stimuli/collective.yaml`, `schedule.completion_cycles` |
| deterministic cases run once, rand / rpar / gt.a 100 times | once; rand, rpar and gt.a over the seeds the report names |
| ramp load: +0.1 flits/cycle every 1,000,000 cycles, 100-cycle samples, 400-sample moving average | a much faster ramp (the step and interval above), 100-cycle samples smoothed over 50: 1,024 nodes for 10^7 cycles per point is beyond a report's budget |
| average best / individual best found by exhaustive search over Rth, RON, ROFF, Rn | the average-best sets the text names (base(90, 30), hyst(70, 90, 30)) and guard-time models with tG = 16 on the same hysteresis; the individual-best sets are not given in the text |

"random pair" (rpar) is `random_pair`: nodes paired at random, each sending to its partner.
"""
