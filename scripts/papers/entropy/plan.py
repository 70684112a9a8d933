"""The entropy-throttling report (Yokota, Ootsu, Ohkawa, IEICE 2016):
the runs it simulates, its title, citation and lengths."""
import dataclasses
import math

from papers import report_energy
from papers.report import zero_load_probe


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
