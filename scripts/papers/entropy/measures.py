"""The entropy-throttling report (Yokota, Ootsu, Ohkawa, IEICE 2016): what it measures from its runs."""
import dataclasses
import math

from papers.entropy.plan import duration, geometric_mean


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
