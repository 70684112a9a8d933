"""The realistic-loads report (Ridruejo, Navaridas, Miguel-Alonso, Izu): what it measures from its runs."""
import dataclasses
import statistics

from papers.realistic_loads.plan import CONTROLLERS, GAIN, SETTINGS, burst_time, completion, normalised


@dataclasses.dataclass
class Measures:
    fig2: dict               # (controller, pattern, b) -> (time per burst normalised to the base, mean cycles)
    fig2_seeds: list         # every seed's time per burst, for the figure
    fig3: dict               # (controller, kernel) -> (completion time normalised to the base, mean cycles)
    fig3_seeds: list
    largest_burst: float     # the base's mean cycles per burst at the largest b (NaN if none completed)
    by_router: dict          # setting -> (worst IPR / Base at b = 10, worst LBR / Base, patterns helped at the
                             # router comparison's largest b, largest |LBR − IPR| on the traces)


def measure(report, plan):
    study = report.study
    def values(runs, measure, c, *key):
        return [measure(study.result(run)) for (cc, *rest), run in runs.items() if cc == c and tuple(rest[:-1]) == key]

    fig2, fig2_seeds = {}, []
    for b in plan.sizes:
        for p in plan.patterns:
            base = values(plan.bursts, burst_time, "Base", p, b)
            for c in CONTROLLERS:
                mine = values(plan.bursts, burst_time, c, p, b)
                fig2[(c, p, b)] = (statistics.fmean(normalised(mine, base)), statistics.fmean(mine))
                fig2_seeds += [{"controller": c, "case": f"{p}, b={b}", "time": v} for v in mine]
    fig3, fig3_seeds = {}, []
    for k in plan.kernels:
        base = values(plan.traces, completion, "Base", k)
        for c in CONTROLLERS:
            mine = values(plan.traces, completion, c, k)
            fig3[(c, k)] = (statistics.fmean(normalised(mine, base)), statistics.fmean(mine))
            fig3_seeds += [{"controller": c, "kernel": k, "time": v} for v in mine]
    largest = max(plan.sizes)
    taken = [burst_time(study.result(run)) for (c, _, b, _), run in plan.bursts.items() if c == "Base" and b == largest]
    largest_burst = sum(taken) / len(taken)

    def results(name, c, key, b):
        """Controller c's results on a pattern at burst size b, or on a kernel (b None)."""
        if c != "IPR" and not SETTINGS[name][0]:
            name = "the platform (INSEE's)"
        if name == "the platform (INSEE's)":
            if b is None:
                return [study.result(r) for (cc, k, _), r in plan.traces.items() if (cc, k) == (c, key)]
            return [study.result(r) for (cc, p, bb, s), r in plan.bursts.items()
                    if (cc, p, bb) == (c, key, b) and s <= plan.router_sizes[b][0]]
        return [study.result(r) for (n, cc, k, bb, _), r in plan.alternatives.items() if (n, cc, k, bb) == (name, c, key, b)]

    def ratio(name, c, key, b):
        measure = completion if b is None else burst_time
        base = [measure(r) for r in results(name, "Base", key, b)]
        return statistics.fmean(normalised([measure(r) for r in results(name, c, key, b)], base))

    large = max(plan.router_sizes)
    by_router = {}
    for name in SETTINGS:
        by_router[name] = (max(ratio(name, "IPR", p, 10) for p in plan.patterns),
                           max(ratio(name, "LBR", p, 10) for p in plan.patterns),
                           [p for p in plan.patterns
                            if p != "BC" and min(ratio(name, c, p, large) for c in ("IPR", "LBR")) < GAIN],
                           max(abs(ratio(name, "LBR", k, None) - ratio(name, "IPR", k, None)) for k in plan.kernels))
    return Measures(fig2, fig2_seeds, fig3, fig3_seeds, largest_burst, by_router)
