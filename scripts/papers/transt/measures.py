"""The Trans-t report's measures: the numbers it shows beyond its tables of runs, from the runs, and
the margins its claims are judged by."""
import dataclasses
import math

from papers.measures import accepted_flits, mean_latency
from papers.transt.plan import BURSTS, BURST_RATES, NAMES


def curve(report, runs, name, loads):
    """Latency against accepted traffic, the paper's axes."""
    return [(accepted_flits(report.study.result(runs[(name, load)])), mean_latency(report.study.result(runs[(name, load)])))
            for load in loads]


def peak(report, runs, name, loads):
    return max(accepted_flits(report.study.result(runs[(name, load)])) for load in loads)


def fraction_lost(report, runs, name, loads):
    """The fraction of its peak a controller has lost at the last load."""
    return 1 - accepted_flits(report.study.result(runs[(name, loads[-1])])) / peak(report, runs, name, loads)


# The margins the claims are judged by.

CARRIED = 0.97       # accepted within 3 % of offered: below saturation
LATENCY_RISE = 1.05  # a latency this much higher counts as a rise
NEAR_BEST = 0.97     # a peak within 3 % of the best
HOLDS = 0.9          # keeping 90 % of the peak is holding it; losing 10 % or more is falling
MORE = 1.02          # accepting 2 % more counts as more
KEPT_UP = 1.02       # Fig. 8: finishing within 2 % of the time the sources take is keeping up
LOWER_PEAK = 0.95    # Self-Tuned's peak this far below Trans-t's is a strong reduction
HALF_TIME = 0.6      # Fig. 8: Trans-t's delivery time at most this fraction of No-Lim's
LOWER_TOP = 0.9      # Fig. 8: Self-Tuned's highest accepted traffic this far below Trans-t's


@dataclasses.dataclass
class Measures:
    depth_loss: dict         # depth -> No-Lim's loss at the last load against its peak
    done: dict               # controller -> Fig. 8's total delivery time (None: not finished)
    done_parallel: dict      # the same with every input VC's header routed in parallel
    top: dict                # controller -> Fig. 8's highest accepted traffic (1,000-cycle samples)
    generation: float        # cycles the sources take to generate Fig. 8's messages
    kept_up: dict            # controller -> it finished within 2 % of that (KEPT_UP)
    nolim_top: float         # No-Lim's saturation point on Fig. 8's network
    rate_times: dict         # high phases' rate -> {controller: delivery time}
    rate_ratio: dict         # high phases' rate -> Trans-t / No-Lim
    depth_top: dict          # depth -> No-Lim's saturation point on Fig. 8's network
    fig8_ratio: dict         # depth -> Fig. 8's Trans-t / No-Lim
    beyond: dict             # depth -> (the load past saturation, its run)
    fallen: dict             # depth -> No-Lim's accepted there
    kept: dict               # depth -> the fraction of its saturation point No-Lim keeps past it


def measure(report, plan):
    result = report.study.result
    depth_loss = {d: 1 - accepted_flits(result(plan.by_depth[d][("No-Lim", plan.loads_depth[-1])]))
                  / peak(report, plan.by_depth[d], "No-Lim", plan.loads_depth) for d in plan.depths}
    done = {n: result(plan.fig8[n])["schedule"].get("completion_cycles") for n in NAMES}
    done_parallel = {n: result(plan.fig8_parallel[n])["schedule"].get("completion_cycles") for n in NAMES}
    top = {n: max(result(plan.fig8[n])["time_series"]["accepted"]) for n in NAMES}
    # The time the sources need to generate every message at the phases' rates: a network that keeps
    # up finishes just after it.
    generation = sum(round(count * plan.scale) * 16 / (256 * rate) for (_, count), rate in zip(BURSTS, BURST_RATES))
    kept_up = {n: d is not None and d <= KEPT_UP * generation for n, d in done.items()}
    nolim_top = peak(report, plan.saturation8, "No-Lim", plan.loads8b)
    rate_times, rate_ratio = {}, {}
    for r in [BURST_RATES[0], *plan.rates8]:
        rate_times[r] = {n: (done[n] if r == BURST_RATES[0] else
                             result(plan.fig8_rate[(r, n)])["schedule"].get("completion_cycles")) for n in NAMES}
        if rate_times[r]["Trans-t"] and rate_times[r]["No-Lim"]:
            rate_ratio[r] = rate_times[r]["Trans-t"] / rate_times[r]["No-Lim"]
    depth_top = {d: peak(report, plan.saturation8_depth[d], "No-Lim", plan.loads8c) for d in plan.saturation8_depth}
    depth_top[8] = nolim_top
    fig8_ratio = {d: result(plan.fig8_depth[(d, "Trans-t")])["schedule"].get("completion_cycles")
                  / result(plan.fig8_depth[(d, "No-Lim")])["schedule"].get("completion_cycles")
                  for d in depth_top if all(result(plan.fig8_depth[(d, n)])["schedule"].get("completion_cycles")
                                            for n in ("No-Lim", "Trans-t"))}
    beyond = {d: (plan.loads8c[-1], plan.saturation8_depth[d][("No-Lim", plan.loads8c[-1])])
              for d in plan.saturation8_depth}
    beyond[8] = (plan.loads8b[-1], plan.saturation8[("No-Lim", plan.loads8b[-1])])
    fallen = {d: accepted_flits(result(run)) for d, (_, run) in beyond.items()}
    kept = {d: fallen[d] / depth_top[d] for d in depth_top}
    return Measures(depth_loss, done, done_parallel, top, generation, kept_up, nolim_top, rate_times, rate_ratio,
                    depth_top, fig8_ratio, beyond, fallen, kept)
