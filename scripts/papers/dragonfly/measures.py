"""The dragonfly report (Kim et al. 2008, Jiang et al. 2009, throttling on dragonflies and fat trees):
what it measures from its runs."""
import dataclasses

from papers.measures import accepted_flits, mean_latency, throttled_share
from papers.dragonfly.plan import DELIVERED


@dataclasses.dataclass
class Measures:
    shape: dict          # p, a, h, g, nodes, capacity of the dragonfly
    saturation: dict     # (routing, pattern) -> accepted at full load (flits/node/cycle)
    more_vcs: dict       # (routing, pattern) -> the same with MORE_VCS
    kim_setup: dict      # routing -> accepted under group shift at full load in KIM_SETUP
    latency: dict        # (routing, pattern, load) -> mean latency (cycles)
    curves: dict         # (routing, pattern, load) -> accepted
    control: dict        # key of Plan.control -> (accepted, latency, throttled fraction)
    tree_nodes: int
    below: float         # group shift: the highest planned load below UGAL-G's saturation


def measure(report, plan):
    study = report.study
    any_run = next(iter(plan.routing.values()))
    config = study.configuration(any_run)
    network = config["network"]
    p, a, h = network["terminals_per_router"], network["routers_per_group"], network["global_per_router"]
    g = network["groups"] or a * h + 1
    shape = {"p": p, "a": a, "h": h, "g": g, "nodes": p * a * g,
             "shift bound": report.derived(1 / (a * p)),
             "capacity": study.result(any_run)["network"]["uniform_capacity_flits_per_node_cycle"]}
    saturation = {(r, pat): accepted_flits(study.result(run)) for (r, pat, load), run in plan.routing.items() if load == 1.0}
    more_vcs = {k: accepted_flits(study.result(run)) for k, run in plan.more_vcs.items()}
    kim_setup = {k: accepted_flits(study.result(run)) for k, run in plan.kim_setup.items()}
    lat = {k: mean_latency(study.result(run)) for k, run in plan.routing.items()}
    curves = {k: accepted_flits(study.result(run)) for k, run in plan.routing.items()}
    control = {k: (accepted_flits(study.result(run)), mean_latency(study.result(run)), throttled_share(study.result(run)))
               for k, run in plan.control.items()}
    tree_run = next(run for k, run in plan.control.items() if k[0] == "fat tree")
    tree_nodes = study.result(tree_run)["network"]["nodes"]
    # UGAL-L's late view is judged where UGAL-G still delivers what is offered: past that both saturate.
    below = max([x for x in plan.loads["group shift"] if x < 1.0 and curves[("UGAL-G", "group shift", x)] >= DELIVERED * x]
                or [min(plan.loads["group shift"])])
    return Measures(shape, saturation, more_vcs, kim_setup, lat, curves, control, tree_nodes, below)
