"""The virtual-channel report's measures (from the runs, and the Markov model's from the set-up) and
the claims' margins."""
import dataclasses
import math

import analytic
from papers.dally_vc.tables import FIG17_LOAD, LANES, LANE_RULES, OTHER_LANE_ORDERS, PACKET, at_minimum, histogram
from papers.measures import accepted_fraction, mean_latency_below_saturation, missing


# The measures: the numbers the report shows, from the runs (and the Markov model's, from the set-up).

@dataclasses.dataclass
class Measures:
    minimum6: int            # the 6-fly's minimum latency (cycles)
    model13: dict            # lanes -> the model's saturation throughput (eq. 10)
    fig13: dict              # "model" / "two" (2-slot lanes) / "one" (1-slot) -> {lanes: throughput}
    worst13: float           # the largest |icnsim − model| over the lanes
    fig14: dict              # stages -> {lanes: throughput}
    gain14: dict             # stages -> 16 lanes' throughput over one lane's
    spread1: float           # the fewest stages' throughput over the most's, one lane
    spread16: float          # the same, sixteen lanes
    fig15: dict              # load -> latency (None: saturated)
    close15: list            # the loads where icnsim is within CLOSE of the model
    fig16: dict              # lanes -> {load: latency}
    spread16_low: float      # at the lowest load, the slowest lane count over the fastest, − 1
    carried16: dict          # lanes -> the highest load it carries
    rising16: bool           # the load carried rises with the lanes
    r17: dict                # (policy, crossbar) -> result
    fig17: dict              # policy -> histogram
    by_lanes17: list         # (lanes label, random's latency, oldest-first's latency)
    by_load17: dict          # load -> (random's latency, oldest-first's latency)
    by_depth17: dict         # lane rule -> [(flits per lane, random's latency, oldest-first's latency)], four lanes
    depth_minimum17: dict    # lane rule -> per row, (random's, oldest-first's) share at the minimum latency
    minimum17: dict          # load -> (random's, oldest-first's) share of packets at the minimum latency
    network17: tuple         # at the paper's load, (random's, oldest-first's) latency from the head's entry
    r18: dict                # crossbar -> result
    fig18: dict              # class -> histogram
    share18: float           # the high-priority packets at the minimum latency, the platform's lanes
    more_lanes18: float      # the most with more lanes
    alone18: float           # with the high-priority traffic alone
    allocation17: dict       # lane order -> (random's, oldest-first's) latency


def measure(report, plan):
    R = report.study.result
    minimum6 = int(R(plan.k_min)["latency"]["p50"])
    model13 = {l: report.derived(analytic.saturation_throughput(l, 8)) for l in plan.lanes13}
    fig13 = {"model": model13, "two": {l: accepted_fraction(R(plan.k13[(l, False)])) for l in plan.lanes13},
             "one": {l: accepted_fraction(R(plan.k13[(l, True)])) for l in plan.lanes13}}
    worst13 = max(abs(fig13["two"][l] - model13[l]) for l in plan.lanes13)
    fig14 = {n: {l: accepted_fraction(R(plan.k14[(n, l)])) for l in LANES} for n in plan.stages14}
    gain14 = {n: fig14[n][16] / fig14[n][1] for n in plan.stages14}
    spread1 = fig14[plan.stages14[0]][1] / fig14[plan.stages14[-1]][1]
    spread16 = fig14[plan.stages14[0]][16] / fig14[plan.stages14[-1]][16]
    fig15 = {x: mean_latency_below_saturation(R(plan.k15[x])) for x in plan.loads15}
    close15 = [x for x in plan.loads15 if not missing(fig15[x]) and math.isfinite(analytic.latency(x, 4, 8, PACKET)) and
               abs(fig15[x] - analytic.latency(x, 4, 8, PACKET)) <= CLOSE * analytic.latency(x, 4, 8, PACKET)]
    fig16 = {l: {x: mean_latency_below_saturation(R(plan.k16[(l, x)])) for x in plan.loads16} for l in plan.lanes16}
    vals = [v for v in (fig16[l][plan.loads16[0]] for l in plan.lanes16) if not missing(v)]  # NaN: saturated even there
    spread16_low = max(vals) / min(vals) - 1 if len(vals) > 1 else math.nan
    carried16 = {l: max((x for x in plan.loads16 if not missing(fig16[l][x])), default=math.nan) for l in plan.lanes16}
    ordered = [carried16[l] for l in plan.lanes16 if not missing(carried16[l])]
    rising16 = len(ordered) == len(plan.lanes16) and all(a <= b for a, b in zip(ordered, ordered[1:]))
    r17 = {key: R(k) for key, k in plan.k17.items()}
    fig17 = {"random": histogram(r17[("random", "per_vc")]),
             "oldest first (deadline)": histogram(r17[("oldest_first", "per_vc")])}
    rnd, old = r17[("random", "per_vc")]["latency"], r17[("oldest_first", "per_vc")]["latency"]
    by_lanes17 = [(f"{l} × {d}", *(R(plan.k17_lanes[(l, d, p)])["latency"] for p in ("random", "oldest_first")))
                  if (l, d) != (4, 4) else ("4 × 4", rnd, old) for l, d in ((4, 4), *plan.lanes17)]
    def depth_run(d, rule, policy):
        return r17[(policy, "per_vc")] if (d, rule) == (4, "on_tail") else R(plan.k17_depths[(d, rule, policy)])
    depth_runs = {rule: [(d, depth_run(d, rule, "random"), depth_run(d, rule, "oldest_first")) for d in (4, *plan.depths17)]
                  for rule in LANE_RULES}
    by_depth17 = {rule: [(d, a["latency"], b["latency"]) for d, a, b in rows] for rule, rows in depth_runs.items()}
    depth_minimum17 = {rule: [(at_minimum(histogram(a)[1], minimum6), at_minimum(histogram(b)[1], minimum6))
                              for _, a, b in rows] for rule, rows in depth_runs.items()}
    loads17 = {FIG17_LOAD: (r17[("random", "per_vc")], r17[("oldest_first", "per_vc")]),
               **{x: (R(plan.k17_loads[(x, "random")]), R(plan.k17_loads[(x, "oldest_first")])) for x in plan.loads17}}
    by_load17 = {x: (a["latency"], b["latency"]) for x, (a, b) in loads17.items()}
    minimum17 = {x: tuple(at_minimum(histogram(r)[1], minimum6) for r in pair) for x, pair in loads17.items()}
    network17 = tuple(r["network_latency"] for r in loads17[FIG17_LOAD])
    r18 = {c: R(k) for c, k in plan.k18.items()}
    fig18 = {"high priority (by age)": histogram(r18["per_vc"], "high_priority"),
             "all packets": histogram(r18["per_vc"])}
    share18 = at_minimum(histogram(r18["per_vc"], "high_priority")[1], minimum6)
    more_lanes18 = max(at_minimum(histogram(R(k), "high_priority")[1], minimum6) for k in plan.k18_lanes.values())
    alone18 = at_minimum(histogram(R(plan.k18_alone), "high_priority")[1], minimum6)
    return Measures(minimum6, model13, fig13, worst13, fig14, gain14, spread1, spread16, fig15, close15, fig16,
                    spread16_low, carried16, rising16, r17, fig17, by_lanes17, by_load17, by_depth17, depth_minimum17,
                    minimum17, network17, r18,
                    fig18, share18, more_lanes18, alone18,
                    {order: tuple(R(plan.k17_allocation[(order, p)])["latency"] for p in ("random", "oldest_first"))
                     for order in OTHER_LANE_ORDERS})


def policy_effect(rows):
    """Oldest-first against random, per (label, random's latency, oldest-first's latency): the changes of
    the mean and the ratios of σ."""
    return [b["mean"] / a["mean"] - 1 for _, a, b in rows], [b["stddev"] / a["stddev"] for _, a, b in rows]


def effect_range(changes, ratios):
    return (f"the mean changes by {100 * min(changes):+.0f} % to {100 * max(changes):+.0f} % and σ by "
            f"×{min(ratios):.2f} to ×{max(ratios):.2f}")


# The claims' margins.

CLOSE_THROUGHPUT = 0.05  # Fig. 13: "close agreement" within this, flits/node/cycle
FAR_GREATER = 1.5        # Fig. 14: 16 lanes over one lane
CLOSE = 0.15             # Fig. 15: latency within 15 % of the model
PENALTY = 0.07           # Fig. 16: the paper's latency penalty of more lanes, at most
DEADLINE_MEAN = 0.92     # Fig. 17: oldest-first's mean below 92 % of random's ...
DEADLINE_SPREAD = 0.6    # ... and its σ below 60 %: the paper's −17 % and halving, with room
AT_MINIMUM = 0.7         # Fig. 18: the paper's 80 %, with room
SATURATION_19 = 0.05     # Fig. 19: saturation within 5 points of the paper's 50 % and 90 %
MOST_19 = 0.5            # Fig. 19: "most" of the gain from 1 to 16 lanes realised with four
LATENCY_RISE_19 = 0.25   # Fig. 19: "as much as 20 %", with 5 points of room
