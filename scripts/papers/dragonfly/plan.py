"""The dragonfly report (Kim et al. 2008, Jiang et al. 2009, throttling on dragonflies and fat trees):
the runs it simulates, its title, citation and lengths."""
import dataclasses

from papers import report_energy


TITLE = "Dragonflies and fat trees on icnsim: non-minimal routing and source throttling"


CITATION = ("Kim, Dally, Scott, Abts, \"Technology-Driven, Highly-Scalable Dragonfly Topology\", ISCA 2008, "
            "sec. 4; Jiang, Kim, Dally, \"Indirect Adaptive Routing on Large Scale Interconnection Networks\", "
            "ISCA 2009, sec. 3; the congestion controllers of the self-tuned and Trans-t papers "
            "([references](../references.md)).")


FULL_LENGTH = (12000, 3000)


QUICK_LENGTH = (4000, 1000)


# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the plan's margins
# (a ratio within MARGIN counts as "close", HALF ± HALF_BAND as "about half", a latency LATE times
# another's as "far longer", a load DELIVERED in that share as below saturation).
MARGIN, HALF, HALF_BAND, LATE = 0.85, 0.5, 0.15, 1.3
AS_VALIANT = 0.95  # UGAL-G holds what Valiant holds: at least this share of it


DELIVERED = 0.95  # a load is below saturation where at least this share of it is delivered


STATED_NUMBERS = [MARGIN, HALF, HALF_BAND, LATE, AS_VALIANT, DELIVERED, 15, 2, 4, 8, 33, 1056, 512, 72, 64, 3, 128, 10, 100,
                  *report_energy.STATED_NUMBERS]


ROUTINGS = {"MIN": "minimal", "VAL": "valiant", "UGAL-L": "ugal_local", "UGAL-G": "ugal_global", "PAR": "par"}


# Eight VCs: minimal in halves, Valiant and UGAL in thirds (2, 3, 3), PAR in quarters. The papers do not
# give theirs: the full-load runs are repeated with MORE_VCS, and the claims show the range.
VCS, MORE_VCS = 8, 16


PATTERNS = {"uniform": "uniform", "group shift": "group_shift"}


LOADS = {"uniform": [0.1, 0.3, 0.5, 0.7, 1.0], "group shift": [0.05, 0.1, 0.2, 0.3, 0.4, 1.0]}


QUICK_LOADS = {"uniform": [0.1, 0.5, 1.0], "group shift": [0.05, 0.3, 1.0]}


CONTROLLERS = {"none": ["congestion_control.type=none"],
               "self-tuned": ["congestion_control.type=self_tuned"],
               "ALO": ["congestion_control.type=alo"],
               # Trans-t's Table 1 has no u1 for these networks: two values, never the one that agrees.
               "Trans-t u1=2": ["congestion_control.type=trans_t", "congestion_control.u1=2"],
               "Trans-t u1=4": ["congestion_control.type=trans_t", "congestion_control.u1=4"]}


CONTROL_LOADS = [0.2, 0.5, 1.0]


# The set-up of Kim et al.'s own simulator (BookSim's dragonfly, which they wrote: three VCs, 10-cycle
# local and 100-cycle global channels), with buffers deep enough for a global channel's credit round
# trip; group shift at full load for the routings UGAL chooses between.
KIM_SETUP = ["router.virtual_channels=3", "router.buffer_depth=128", "router.link_delay=10",
             "network.global_link_delay=100"]
KIM_LENGTH = FULL_LENGTH  # at either scale: a 100-cycle channel needs the full length to settle
KIM_ROUTINGS = ("VAL", "UGAL-L", "UGAL-G")


# Energy (docs/energy.md): both dragonflies' routers have DSENT rows of their own (7 or 15 ports, 8 VCs of
# 8 flits). The fat tree's leaves and spines differ in ports, which no one row prices: its runs are not
# priced.
PRICED = ["energy.preset=dsent_45nm"]


FAT_TREE_PATTERNS = {"uniform": "uniform", "random permutation": "random_permutation"}


def dragonfly(quick):
    """The network: the 72-node balanced dragonfly (p = 2, a = 4, h = 2, 9 groups) at reduced scale, the
    paper's 1,056-node one (p = 4, a = 8, h = 4, 33 groups) in full."""
    if quick:
        return "platforms/dragonfly.yaml", ["network.groups=9"]
    return "platforms/dragonfly-1056.yaml", []


def fat_tree(quick):
    return "platforms/fat-tree.yaml", [] if quick else ["network.radix=8"]  # 64 or 512 nodes, 3 levels


@dataclasses.dataclass
class Plan:
    loads: dict        # pattern -> offered loads (flits/node/cycle)
    routing: dict      # (routing, pattern, load) -> run
    more_vcs: dict     # (routing, pattern) -> run at full load with MORE_VCS
    kim_setup: dict    # routing -> run under group shift at full load in KIM_SETUP
    control: dict      # (network, routing, pattern, controller, load) -> run


def plan_runs(report):
    study, quick = report.study, report.quick
    platform, shape = dragonfly(quick)
    loads = QUICK_LOADS if quick else LOADS
    common = [*shape, f"router.virtual_channels={VCS}", "stimulus.packet_length=8", "stimulus.injection.unit=flits"]
    routing = {(r, p, load): study.submit(platform, "stimuli/uniform.yaml", [
        *common, f"routing.type={ROUTINGS[r]}", f"stimulus.pattern.type={PATTERNS[p]}",
        f"stimulus.injection.rate={load}", *PRICED]) for r in ROUTINGS for p in PATTERNS for load in loads[p]}
    more_vcs = {(r, p): study.submit(platform, "stimuli/uniform.yaml", [
        *common, f"router.virtual_channels={MORE_VCS}", f"routing.type={ROUTINGS[r]}",
        f"stimulus.pattern.type={PATTERNS[p]}", "stimulus.injection.rate=1.0"]) for r in ROUTINGS for p in PATTERNS}
    kim_setup = {r: study.submit(platform, "stimuli/uniform.yaml", [
        f"simulation.cycles={KIM_LENGTH[0]}", f"simulation.warmup={KIM_LENGTH[1]}", *common, *KIM_SETUP,
        f"routing.type={ROUTINGS[r]}", "stimulus.pattern.type=group_shift", "stimulus.injection.rate=1.0"],
        length=False) for r in KIM_ROUTINGS}
    control = {}
    for r in ("MIN", "UGAL-L"):
        for p in PATTERNS:
            for c, settings in CONTROLLERS.items():
                for load in CONTROL_LOADS:
                    control[("dragonfly", r, p, c, load)] = study.submit(platform, "stimuli/uniform.yaml", [
                        *common, f"routing.type={ROUTINGS[r]}", f"stimulus.pattern.type={PATTERNS[p]}",
                        f"stimulus.injection.rate={load}", *settings, *PRICED])
    tree, tree_shape = fat_tree(quick)
    for p, pattern in FAT_TREE_PATTERNS.items():
        for c, settings in CONTROLLERS.items():
            for load in CONTROL_LOADS:
                control[("fat tree", "NCA", p, c, load)] = study.submit(tree, "stimuli/uniform.yaml", [
                    *tree_shape, "stimulus.packet_length=8", "stimulus.injection.unit=flits",
                    f"stimulus.pattern.type={pattern}", f"stimulus.injection.rate={load}", *settings])
    return Plan(loads, routing, more_vcs, kim_setup, control)
