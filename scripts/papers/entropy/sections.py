"""The entropy-throttling report (Yokota, Ootsu, Ohkawa, IEICE 2016): its tables, figures and notes."""
import math

import plot
from papers import report_energy
from papers.report import cycles
from papers.entropy.plan import ENERGY_ROWS, RANDOM, geometric_mean


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
