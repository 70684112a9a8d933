"""The realistic-loads report (Ridruejo, Navaridas, Miguel-Alonso, Izu):
the runs it simulates, its title, citation and lengths."""
import dataclasses
import math
import statistics
import subprocess
import sys

from icnsim_runs import ROOT
from tool_io import write_file
from papers import report_energy
from papers.report import zero_load_probe


TITLE = "The realistic-loads paper on icnsim"


CITATION = ("Ridruejo, Navaridas, Miguel-Alonso, Izu, \"Evaluation of Congestion Control Mechanisms using "
            "Realistic Loads\" ([references](../references.md)), secs. III–V.")


FULL_LENGTH = (20000000, 0)  # burst and trace runs end when their schedule completes


QUICK_LENGTH = (20000000, 0)


RING, BURSTS = "platforms/ridruejo-ring64.yaml", "stimuli/burst-synchronized.yaml"


# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (99 %
# confidence intervals, NPB 2.4) and the plan's (a normalised time below GAIN counts as a gain).
STATED_NUMBERS = [99, 2.4, 0.97, *report_energy.STATED_NUMBERS]


CONTROLLERS = {"Base": ["congestion_control.type=none"],
               "IPR": ["congestion_control.type=ipr", "congestion_control.probability=1"],
               "LBR": ["congestion_control.type=lbr", "congestion_control.reserved_packets=3"]}


# Sec. V's patterns on 64 nodes; HR sends 25 % of the traffic to nodes 0-7.
PATTERNS = {"BC": ["stimulus.pattern.type=bit_complement"], "BR": ["stimulus.pattern.type=bit_reversal"],
            "PS": ["stimulus.pattern.type=perfect_shuffle"], "TR": ["stimulus.pattern.type=transpose"],
            "TO": ["stimulus.pattern.type=tornado"], "UN": ["stimulus.pattern.type=uniform"],
            "HR": ["stimulus.pattern.type=hot_region", "stimulus.pattern.fraction=0.25",
                   "stimulus.pattern.first=0", "stimulus.pattern.last=7"]}


# Kernels standing in for the NPB traces (scripts/make-trace; NPB traces are not available here):
# kernel -> make-trace arguments. 16-flit messages, the paper's packets.
KERNELS = {"alltoall": ["--iterations", "3"], "cg": ["--iterations", "20", "--compute", "50"],
           "stencil": ["--iterations", "30", "--compute", "50"], "tree": ["--iterations", "30"],
           "ring": ["--iterations", "60"]}


def burst_time(result):
    """Mean cycles to consume a burst, or NaN if the run did not complete."""
    if result["status"]["state"] != "completed" or result["schedule"].get("completion_cycles") is None:
        return math.nan
    return result["schedule"]["phase_durations"][0]["mean_cycles"]


def completion(result):
    if result["status"]["state"] != "completed" or result["schedule"].get("completion_cycles") is None:
        return math.nan
    return result["schedule"]["completion_cycles"]


def normalised(values, base):
    """Each seed's value over the mean of the base's: the paper's normalisation to the Base case."""
    reference = statistics.fmean(base)
    return [v / reference for v in values]


def make_traces(report, kernels):
    """Writes the kernels' 64-node traces and their stimuli beside the study's runs."""
    folder = report.study.cache.folder.parent / "traces"
    folder.mkdir(parents=True, exist_ok=True)
    stimuli = {}
    for kernel in kernels:
        arguments = list(KERNELS[kernel])
        if report.quick:  # --quick (CI): a quarter of the iterations, in a trace of its own name
            at = arguments.index("--iterations") + 1
            arguments[at] = str(max(1, int(arguments[at]) // 4))
        trace = folder / f"{kernel}-64{'-quick' if report.quick else ''}.trace"
        if not trace.exists():
            subprocess.run([sys.executable, str(ROOT / "scripts" / "make-trace"), kernel, "--nodes", "64", "--size", "16",
                            *arguments, "-o", str(trace)], check=True)
        stimulus = trace.with_suffix(".yaml")
        write_file(stimulus, f"name: trace-{kernel}-64\ndescription: scripts/make-trace {kernel} on 64 nodes\n"
                             f"trace: {trace.name}\n")
        stimuli[kernel] = str(stimulus)
    return stimuli


ROUTER_MATTERS = ("how much the base congests depends on the router, which the paper leaves to its simulator: see "
                  "\"What the rows depend on\" below")


# What the paper leaves to its simulator, INSEE (its ref. [15]), and the platform takes from it:
# a link carries one packet at a time, each input VC is its own crossbar input, and IPR serves the
# in-transit requests for an output VC first. Each alternative alone, then icnsim's router before
# issue 31 (all three), and, since the paper does not say how many headers INSEE routes at once, one
# routing unit per router: setting -> (its router keys, which apply to every controller; its IPR keys).
SETTINGS = {
    "the platform (INSEE's)": ([], []),
    "links shared flit by flit": (["router.link_allocation=flit"], []),
    "one crossbar input per physical channel": (["router.crossbar_inputs=per_channel"], []),
    "IPR: competition holds_or_requests": ([], ["congestion_control.competition=holds_or_requests"]),
    "all three (icnsim before)": (["router.link_allocation=flit", "router.crossbar_inputs=per_channel"],
                                  ["congestion_control.competition=holds_or_requests"]),
    "one routing unit per router (central)": (["router.header_arbiter=central"], []),
}


GAIN = 0.97          # a normalised time below this counts as a gain (the claims and the router study)


@dataclasses.dataclass
class Plan:
    sizes: dict              # burst size b -> (seeds, bursts per run): Fig. 2
    patterns: list
    bursts: dict             # (controller, pattern, b, seed) -> run
    kernels: list            # Fig. 3
    trace_seeds: int
    traces: dict             # (controller, kernel, seed) -> run
    router_sizes: dict       # b -> (seeds, bursts per run) of the router comparison (its own, smaller)
    alternatives: dict       # (setting, controller, pattern or kernel, b or None, seed) -> run, on another router
    probe: str               # a lightly loaded run, for the analytical check


def plan_runs(report):
    study, quick = report.study, report.quick
    # Burst sizes with the seeds and bursts per run each can afford (a burst of 10,000 packets per
    # node takes the base over a million cycles on this ring).
    sizes = {10: (2, 2), 100: (2, 1)} if quick else {10: (10, 10), 100: (10, 3), 1000: (3, 1), 10000: (1, 1)}
    patterns = ["UN", "TR", "BC"] if quick else list(PATTERNS)
    bursts = {(c, p, b, s): study.submit(RING, BURSTS, [*CONTROLLERS[c], *PATTERNS[p], f"stimulus.injection.packets={b}",
                                                        f"stimulus.repeat={repeat}", f"simulation.seed={s}",
                                                        "simulation.sample_interval=10000"])
              for c in CONTROLLERS for p in patterns for b, (seeds, repeat) in sizes.items()
              for s in range(1, seeds + 1)}
    kernels = ["alltoall", "cg"] if quick else list(KERNELS)
    trace_seeds = 2 if quick else 10
    stimuli = make_traces(report, kernels)
    traces = {(c, k, s): study.submit(RING, stimuli[k], [*CONTROLLERS[c], f"simulation.seed={s}",
                                                          "simulation.sample_interval=10000"])
              for c in CONTROLLERS for k in kernels for s in range(1, trace_seeds + 1)}
    # Fig. 2 at b = 10 and 1,000 and Fig. 3 under each of SETTINGS, each against the base on the same
    # router; the platform's own runs are the report's.
    router_sizes = {10: (2, 2), 100: (2, 1)} if quick else {10: (10, 10), 1000: (3, 1)}
    alternatives = {}
    for name, (router, ipr) in SETTINGS.items():
        if not router and not ipr:
            continue
        for c in CONTROLLERS:
            if c != "IPR" and not router:
                continue  # the base and LBR are the platform's own runs
            own = [*router, *(ipr if c == "IPR" else [])]
            for b, (seeds, repeat) in router_sizes.items():
                for p in patterns:
                    for s in range(1, seeds + 1):
                        alternatives[(name, c, p, b, s)] = study.submit(
                            RING, BURSTS, [*CONTROLLERS[c], *PATTERNS[p], *own, f"stimulus.injection.packets={b}",
                                           f"stimulus.repeat={repeat}", f"simulation.seed={s}"])
            for k in kernels:
                for s in range(1, trace_seeds + 1):
                    alternatives[(name, c, k, None, s)] = study.submit(RING, stimuli[k], [*CONTROLLERS[c], *own,
                                                                                          f"simulation.seed={s}"])
    probe = zero_load_probe(study, RING)
    return Plan(sizes, patterns, bursts, kernels, trace_seeds, traces, router_sizes, alternatives, probe)
