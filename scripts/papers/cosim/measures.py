"""The co-simulation report (programs on a core per node against synthetic traffic):
what it measures from its runs."""
import dataclasses
import math

from papers import report_energy
from papers.measures import mean_latency, throttled_share
from papers.report import cycles
from papers.cosim.plan import LIGHT, PROGRAMS, ROUTINGS, WIDE, WIDTHS


@dataclasses.dataclass
class Program:
    passed: bool
    cycles: float        # the program's time (its last core's halt), NaN if it did not finish
    instructions: float
    stalled: float       # share of the cores' cycles spent waiting on the network
    load: float          # accepted flits/node/cycle over the run
    peak: float          # the highest WINDOW-cycle sample of it
    latency: float       # mean packet latency, creation to delivery (cycles)
    hops: float
    packets: float
    throttled: float     # share of node-cycles throttled


def program_measures(result):
    finished = result["status"]["state"] == "completed" and result["program"]["cycles"] is not None
    p = result["program"]
    nodes = len(result["cores"]["exit_status"])
    series = [x for x in result["time_series"]["accepted"] if x is not None]
    return Program(bool(p["passed"]) and finished, p["cycles"] if finished else math.nan, p["instructions"],
                   p["stall_cycles"] / (nodes * p["cycles"]) if finished and p["cycles"] else math.nan,
                   result["throughput"]["accepted_flits_per_node_cycle"], max(series, default=math.nan),
                   result["latency"]["mean"] if result["latency"]["mean"] is not None else math.nan,
                   result["mean_hops"] if result["mean_hops"] is not None else math.nan,
                   result["packets"]["delivered"], throttled_share(result))


@dataclasses.dataclass
class Measures:
    nodes: int
    capacity: float      # uniform capacity of the 8×8 torus, flits/node/cycle
    programs: dict       # key of Plan.programs -> Program
    scaling: dict        # key of Plan.scaling -> Program
    synthetic: dict      # key of Plan.synthetic -> mean latency (cycles)
    synthetic_hops: dict  # (program, width) -> mean hops of its synthetic twin (DOR, none)
    energy: dict         # key of Plan.programs -> (total pJ 45 nm, 22 nm, leakage share), priced runs
    one_cycle_hops: dict   # key of Plan.one_cycle_hops -> Program


def measure(report, plan):
    study = report.study
    base = study.result(plan.programs[("reduce", WIDE, "DOR", "none")])
    programs = {k: program_measures(study.result(run)) for k, run in plan.programs.items()}
    scaling = {k: program_measures(study.result(run)) for k, run in plan.scaling.items()}
    synthetic = {k: mean_latency(study.result(run)) for k, run in plan.synthetic.items()}
    one_cycle_hops = {k: program_measures(study.result(run)) for k, run in plan.one_cycle_hops.items()}
    synthetic_hops = {(name, w): study.result(plan.synthetic[(name, w, "DOR", "none")])["mean_hops"]
                      for name in PROGRAMS for w in WIDTHS}
    energy = {}
    for k, run in plan.programs.items():
        if k[2] == "bubble":
            continue
        r = study.result(run)
        rows = report_energy.own_row(r)
        energy[k] = (report_energy.total(r, rows)[0], report_energy.total(r, rows, "dsent_22nm")[0],
                     report_energy.leakage_share(r, rows)[0])
    return Measures(report.derived(len(base["cores"]["exit_status"])),
                    report.derived(base["network"]["uniform_capacity_flits_per_node_cycle"]),
                    programs, scaling, synthetic, synthetic_hops, energy, one_cycle_hops)


def relative(m, name, width, routing, controller):
    """The program's time under CONTROLLER over its time uncontrolled, on the same network."""
    return m.programs[(name, width, routing, controller)].cycles / m.programs[(name, width, routing, "none")].cycles


def base(m, name, width=WIDE):
    return m.programs[(name, width, "DOR", "none")]


def light(m, name, width):
    """Light: its busiest WINDOW cycles stay under LIGHT of the capacity (queues build in bursts, not on
    average)."""
    return base(m, name, width).peak < LIGHT * m.capacity


def heaviest(m):
    """The program and width whose busiest WINDOW cycles load the network most."""
    return max(((n, w) for n in PROGRAMS for w in WIDTHS), key=lambda k: base(m, *k).peak)


def networks():
    """(width, routing) of the controller comparison, then the bubble network's."""
    return [(w, r) for w in WIDTHS for r in ROUTINGS] + [(WIDE, "bubble")]


def controllers_of(plan, routing):
    return plan.bubble if routing == "bubble" else plan.controllers


def network_name(width, routing):
    return f"{width}, {'bubble, VCT' if routing == 'bubble' else routing}"
