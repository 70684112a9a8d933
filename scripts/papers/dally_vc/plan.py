"""The virtual-channel report's plan: every run, by the figure it serves."""
import dataclasses

from papers.report import zero_load_probe
from papers.dally_vc.tables import FIG17_LOAD, FIG17_OTHER_LOADS, FLY6, FLY8, LANES, LANE_RULES, MESH, MESH_AS_PAPER, \
    MESH_STORAGE, OTHER_LANE_ORDERS, PACKET, POISSON, SATURATION, STORAGE, fly, lanes_set, poisson


# The plan: every run of the report, by the figure it serves.

@dataclasses.dataclass
class Plan:
    length: tuple            # (cycles, cycles not measured)
    lanes13: tuple
    stages14: tuple
    loads15: tuple           # offered, fractions of capacity
    lanes16: tuple
    loads16: tuple
    k13: dict                # (lanes, literal one-slot lanes) -> run
    k14: dict                # (stages, lanes) -> run
    k14_literal: dict        # stages -> run, 16 lanes of literally one slot
    k15: dict                # load -> run
    k16: dict                # (lanes, load) -> run
    k17: dict                # (policy, crossbar inputs) -> run
    loads17: tuple           # Fig. 17 at loads besides the paper's
    k17_loads: dict          # (load, policy) -> run
    lanes17: tuple           # Fig. 17 in other lane shapes (lanes, flits)
    k17_lanes: dict          # (lanes, flits, policy) -> run
    depths17: tuple          # Fig. 17 with four lanes of other depths (flits)
    k17_depths: dict         # (flits, lane rule, policy) -> run
    k18: dict                # crossbar inputs -> run
    k18_lanes: dict          # (lanes, flits) -> run
    k18_alone: str           # the high-priority traffic alone
    k18_by_class: str        # free lanes given to the high-priority class first
    k_min: str               # a lone packet on the 6-fly: the minimum latency
    lanes19: tuple
    loads19: tuple
    k19: dict                # lane rule -> {(lanes, load): run}
    probe: str
    k19_saturation: dict     # lanes -> run with saturation sources (sec. V-A), sec. III's lane rule
    k17_allocation: dict     # (lane order, policy) -> run with output lanes given in another order
    k19_allocation: dict     # lane order -> {(lanes, load): run}, sec. III's lane rule
    k19_allocation_saturation: dict  # lane order -> {lanes: run with saturation sources}


def plan_runs(report):
    runs, quick = report.study, report.quick
    lanes13 = (1, 4, 16) if quick else LANES
    stages14 = (4, 6) if quick else (4, 6, 8, 10)
    loads15 = (0.2, 0.4, 0.5) if quick else (0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6)
    lanes16 = (1, 4) if quick else LANES
    loads16 = (0.2, 0.4, 0.6) if quick else (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)

    k13 = {(l, literal): runs.submit(FLY8, SATURATION, lanes_set(l, 1, literal)) for l in lanes13 for literal in (False, True)}
    k14 = {(n, l): runs.submit(FLY8, SATURATION, [*fly(n), *lanes_set(l, STORAGE // l)]) for n in stages14 for l in LANES}
    k14_literal = {n: runs.submit(FLY8, SATURATION, [*fly(n), *lanes_set(16, 1, literal=True)]) for n in stages14}
    k15 = {x: runs.submit(FLY8, POISSON, [*lanes_set(4, 1), *poisson(x)]) for x in loads15}
    k16 = {(l, x): runs.submit(FLY8, POISSON, [*lanes_set(l, STORAGE // l), *poisson(x)]) for l in lanes16 for x in loads16}
    fine = ["simulation.histogram_bin_width=1", *poisson(FIG17_LOAD)]
    k17 = {(policy, crossbar): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}",
                                                             f"router.crossbar_inputs={crossbar}", *fine])
           for policy in ("random", "oldest_first") for crossbar in ("per_vc", "per_channel")}
    # How the effect of the policy depends on the load, around the paper's 50 %.
    loads17 = FIG17_OTHER_LOADS[1:2] if quick else FIG17_OTHER_LOADS
    k17_loads = {(x, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", "simulation.histogram_bin_width=1",
                                                          *poisson(x)])
                 for x in loads17 for policy in ("random", "oldest_first")}
    # The paper does not give Fig. 17's lanes: the same storage (16 flits) and more, in other shapes.
    lanes17 = ((4, 2),) if quick else ((2, 8), (4, 1), (8, 2), (16, 1))
    k17_lanes = {(l, d, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", *lanes_set(l, d), *fine])
                 for l, d in lanes17 for policy in ("random", "oldest_first")}
    # Nor its lanes' depth: four lanes of more flits each, past a whole packet, under both lane rules:
    # on_tail lets a deep lane queue packets one behind another, sec. III's rule (when_empty) does not.
    depths17 = (16,) if quick else (8, 16, 32, 64, 128)
    k17_depths = {(d, rule, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}", *lanes_set(4, d),
                                                                 f"router.vc_reallocation={rule}", *fine])
                  for d in (4, *depths17) for rule in LANE_RULES for policy in ("random", "oldest_first")
                  if (d, rule) != (4, "on_tail")}  # the platform's own lanes: k17
    priority = ["router.arbitration=priority", "stimulus.high_priority_fraction=0.1"]
    k18 = {crossbar: runs.submit(FLY6, POISSON, [*priority, f"router.crossbar_inputs={crossbar}", *fine])
           for crossbar in ("per_vc", "per_channel")}
    # Where the high-priority packets wait: for a free lane. More lanes (same storage, then more).
    k18_lanes = {(l, d): runs.submit(FLY6, POISSON, [*priority, *lanes_set(l, d), *fine]) for l, d in ((8, 2), (16, 4))}
    # Free lanes given to the high-priority class first (then the oldest packet), not by age alone.
    k18_by_class = runs.submit(FLY6, POISSON, [*priority, "router.vc_allocation=priority", *fine])
    # The high-priority traffic alone, at its 5 % of capacity.
    k18_alone = runs.submit(FLY6, POISSON, ["router.arbitration=priority", "stimulus.high_priority_fraction=1",
                                            "simulation.histogram_bin_width=1", *poisson(0.05)])
    # The zero-load latency of a 2-ary 6-fly: one lone packet.
    k_min = runs.submit(FLY6, POISSON, ["simulation.histogram_bin_width=1", "stimulus.injection.rate=0.0002"])
    # Fig. 19: lanes of a 16-ary 2-cube mesh with 32 flits per channel, Poisson sources.
    lanes19 = (1, 4) if quick else LANES
    loads19 = (0.2, 0.5) if quick else (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
    capacity19 = 4 / 16  # flits/node/cycle, uniform traffic on a 16-ary 2-cube mesh
    # Two rules for when a lane takes its next packet: sec. III's, once the tail has left the lane's
    # buffer (when_empty), and once the tail has entered it (on_tail, the other figures' set-up).
    k19 = {rule: {(l, x): runs.submit(MESH, POISSON, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                      f"router.vc_reallocation={rule}",
                                                      f"stimulus.injection.rate={x * capacity19 / PACKET:.6g}"])
                  for l in lanes19 for x in loads19} for rule in LANE_RULES}
    probe = zero_load_probe(runs, MESH, [*MESH_AS_PAPER, "stimulus.packet_length=20"])
    # The same mesh measured as the paper measures throughput (sec. V-A): saturation sources.
    k19_saturation = {l: runs.submit(MESH, SATURATION, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                        "router.vc_reallocation=when_empty"]) for l in lanes19}
    # The paper does not say in which order waiting packets get a free lane. icnsim's default gives it
    # to the oldest packet, which random scheduling (Figs. 17, 19) otherwise has no notion of: the
    # other orders, the header waiting longest and an order drawn at random (no preference at all).
    k17_allocation = {(order, policy): runs.submit(FLY6, POISSON, [f"router.arbitration={policy}",
                                                                   f"router.vc_allocation={order}", *fine])
                      for order in OTHER_LANE_ORDERS for policy in ("random", "oldest_first")}
    k19_allocation = {order: {(l, x): runs.submit(MESH, POISSON, [*MESH_AS_PAPER, *lanes_set(l, MESH_STORAGE // l),
                                                                  "router.vc_reallocation=when_empty",
                                                                  f"router.vc_allocation={order}",
                                                                  f"stimulus.injection.rate={x * capacity19 / PACKET:.6g}"])
                              for l in lanes19 for x in loads19} for order in OTHER_LANE_ORDERS}
    k19_allocation_saturation = {order: {l: runs.submit(MESH, SATURATION, [*MESH_AS_PAPER,
                                                                           *lanes_set(l, MESH_STORAGE // l),
                                                                           "router.vc_reallocation=when_empty",
                                                                           f"router.vc_allocation={order}"])
                                         for l in lanes19} for order in OTHER_LANE_ORDERS}
    return Plan(runs.length, lanes13, stages14, loads15, lanes16, loads16, k13, k14, k14_literal, k15, k16, k17,
                loads17, k17_loads, lanes17, k17_lanes, depths17, k17_depths, k18, k18_lanes, k18_alone, k18_by_class,
                k_min, lanes19, loads19, k19, probe, k19_saturation, k17_allocation, k19_allocation,
                k19_allocation_saturation)
