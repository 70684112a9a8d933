"""The self-tuned report's plan: every run, by the figure it serves."""
import dataclasses

from papers.report import zero_load_probe
from papers.selftuned.energy_section import PRICED
from papers.selftuned.tables import AVOIDANCE, BURSTY, BURST_DURATIONS, BURST_PATTERNS, COMPLEMENT, \
    COMPLEMENT_CURVE_LOADS, COMPLEMENT_LOADS, COMPLEMENT_NAMES, COMPLEMENT_THRESHOLDS, CONTROLLERS, CURVE_LOADS, \
    CURVE_THRESHOLDS, LONG_LOADS, LONG_NAMES, LONG_SEEDS, RECOVERY, ROBUSTNESS, STEADY, SWING_LOADS, SWING_SAMPLES, \
    TUNING_VARIANTS, burst_durations, seeded, sweep


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
    fig4 = {p: sweep(runs, p, ["Base", "ALO", "Tune"], loads4, PRICED) for p in (RECOVERY, AVOIDANCE)}
    loads6 = [0.01, 0.04] if quick else [0.01, 0.015, 0.02, 0.03, 0.04]
    fig6 = {pattern: sweep(runs, RECOVERY, ["Base", "static 50", "static 250", "Tune"], loads6,
                           [f"stimulus.pattern.type={pattern}"]) for pattern in ("uniform", "bit_complement")}
    bursty_cycles = ["simulation.cycles=15000"] if quick else []  # quick: the first burst only
    fig9 = {p: {n: runs.submit(p, BURSTY, [*CONTROLLERS[n], "simulation.warmup=0", *bursty_cycles, *PRICED],
                               length=False)
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
