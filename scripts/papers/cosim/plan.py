"""The co-simulation report (programs on a core per node against synthetic traffic):
the runs it simulates, its title, citation and lengths."""
import dataclasses

from icnsim_runs import BUILD
from papers import report_energy
from tool_io import ToolError


TITLE = "Programs on the network: what routing and congestion control do to software's run time"


CITATION = ("icnsim's RISC-V cores (docs/cores.md) running the programs of `software/programs/`, on the "
            "congestion controllers of the self-tuned, Trans-t, entropy and ring papers and ALO "
            "([references](../references.md)).")


FULL_LENGTH = (20000, 2000)   # the synthetic runs (cycles, warm-up); a program runs until its last core halts


QUICK_LENGTH = (6000, 1000)


PLATFORM = "platforms/cores-8x8.yaml"


# Three VCs under both routings: Duato's protocol on a torus needs two escape classes and an adaptive VC,
# and dimension-order routing gets the same buffers so that the routings, not the VC counts, differ.
VCS = 3


ROUTINGS = {"DOR": ["routing.type=dimension_order", f"router.virtual_channels={VCS}"],
            "Duato": ["routing.type=duato", f"router.virtual_channels={VCS}"]}


# The ring paper's LBR restricts injection into the adaptive VCs beside bubble escape VCs under virtual
# cut-through: it runs on that network only (32-flit buffers hold two of the longest messages), beside none
# and IPR there.
BUBBLE = ["routing.type=bubble", "router.switching=virtual_cut_through", "router.buffer_depth=32",
          f"router.virtual_channels={VCS}"]


# Parameters no paper gives for an 8×8 torus are swept: Trans-t's Table 1 has no u1 for it, the
# static threshold is the self-tuned paper's foil at both of its Fig. 6 values.
CONTROLLERS = {"none": ["congestion_control.type=none"],
               "self-tuned": ["congestion_control.type=self_tuned"],
               "ALO": ["congestion_control.type=alo"],
               "static 50": ["congestion_control.type=static_threshold", "congestion_control.threshold=50"],
               "static 250": ["congestion_control.type=static_threshold", "congestion_control.threshold=250"],
               "entropy": ["congestion_control.type=entropy"],
               "IPR": ["congestion_control.type=ipr"],
               "Trans-t u1=2": ["congestion_control.type=trans_t", "congestion_control.u1=2"],
               "Trans-t u1=4": ["congestion_control.type=trans_t", "congestion_control.u1=4"]}


QUICK_CONTROLLERS = ["none", "self-tuned", "entropy", "Trans-t u1=2"]


BUBBLE_CONTROLLERS = {"none": ["congestion_control.type=none"], "IPR": ["congestion_control.type=ipr"],
                      "LBR": ["congestion_control.type=lbr"]}


QUICK_BUBBLE = ["none", "LBR"]


# name -> (program, its arguments in full, at --quick)
PROGRAMS = {"reduce": ("reduce", "4096", "512"),
            "token ring": ("token_ring", "10", "2"),
            "transpose": ("transpose", "4", "2"),
            "stencil": ("stencil", "16 10", "8 2"),
            "gups": ("gups", "4096 1024", "512 256"),
            "alltoall": ("alltoall", "256 2", "64 1"),
            "barrier, central": ("barrier", "0 20", "0 4"),
            "barrier, tree": ("barrier", "1 20", "1 4")}


BARRIERS = {"barrier, central": 0, "barrier, tree": 1}


RADICES, QUICK_RADICES = [4, 8, 16], [4, 8]


# Two widths of the same network: the platform's 16-byte flits, and 4-byte ones (a 32-bit network, where a
# message's words each take a flit): the narrow one is where the programs come nearest to saturating it.
# Each priced by DSENT's row of its own width (a 5-port router with 3 VCs of 8 flits).
WIDTHS = {"16-byte flits": ["tlm.flit_bytes=16", "energy.flit_bits=128", "energy.preset=dsent_45nm"],
          "4-byte flits": ["tlm.flit_bytes=4", "energy.flit_bits=32", "energy.preset=dsent_45nm"]}


WIDE = "16-byte flits"


# The claims' margins (scripts/papers/report_numbers.py: numbers the report states): a run time within
# SAME of another's is the same; a program offering less than LIGHT of the network's capacity is light;
# a synthetic latency within PREDICTS of the program's predicts it; weak scaling holds within FLAT.
SAME, LIGHT, PREDICTS, FLAT = 0.01, 0.05, 0.25, 0.10


NEAR = 0.75  # a program's traffic is nearer than uniform below this share of its twin's mean hops


WINDOW = 1000  # cycles per time-series sample (simulation.sample_period's default)


STATED_NUMBERS = [SAME, LIGHT, PREDICTS, FLAT, NEAR, 90, 100 * SAME, 100 * LIGHT, 100 * PREDICTS, 100 * FLAT, WINDOW,
                  VCS, 32, 8, 16, 50, 250, 2, 4, 4096, 10, 1024, 256, 20, 0, 1, 64, 512,
                  *RADICES, *[r * r for r in RADICES], *report_energy.STATED_NUMBERS]


def elf(program):
    path = BUILD / "software" / f"{program}.elf"
    if not path.exists():
        raise ToolError(f"reproduce cosim: {path}: the program is not built (allowed: a build with the RISC-V "
                        "cross-compiler, which scripts/setup installs)")
    return str(path)


@dataclasses.dataclass
class Plan:
    controllers: list   # names of CONTROLLERS run
    bubble: list        # names of BUBBLE_CONTROLLERS run
    radices: list
    programs: dict      # (program, width, routing, controller) -> run; routing "bubble" for BUBBLE (16-byte flits)
    scaling: dict       # ("stencil", radix) or (barrier, radix, how many) -> run (none, DOR)
    barriers: int       # the barrier runs' shorter count (the longer one is twice it)
    synthetic: dict     # key of programs -> the uniform run of that program's volume
    shapes: dict        # (program, width, routing) -> (flits/node/cycle, packet length) its synthetic twins were given
    one_cycle_hops: dict  # (program, controller) -> the program (16-byte flits, DOR) on routers of one-cycle hops


def program_run(study, name, quick, settings, arguments=None):
    program, full, reduced = PROGRAMS[name]
    arguments = arguments or (reduced if quick else full)
    return study.submit(PLATFORM, elf(program), [f"software.arguments={arguments}", *settings], length=False)


def barrier_count(quick):
    return int(PROGRAMS["barrier, central"][2 if quick else 1].split()[1])


def plan_runs(report):
    study, quick = report.study, report.quick
    controllers = QUICK_CONTROLLERS if quick else list(CONTROLLERS)
    bubble = QUICK_BUBBLE if quick else list(BUBBLE_CONTROLLERS)
    radices = QUICK_RADICES if quick else RADICES
    programs = {}
    for name in PROGRAMS:
        for w, width in WIDTHS.items():
            for r, routing in ROUTINGS.items():
                for c in controllers:
                    programs[(name, w, r, c)] = program_run(study, name, quick, [*width, *routing, *CONTROLLERS[c]])
        for c in bubble:  # 32-flit buffers: no DSENT row prices them
            programs[(name, WIDE, "bubble", c)] = program_run(study, name, quick, [*BUBBLE, *BUBBLE_CONTROLLERS[c]])
    # A barrier's cost is the difference between runs of n and 2n barriers, over n: start-up and the
    # final check cancel out.
    grown = [f"network.radix={k}" for k in radices]
    uncontrolled = [*WIDTHS[WIDE], *ROUTINGS["DOR"], *CONTROLLERS["none"]]
    n = barrier_count(quick)
    scaling = {("stencil", k): program_run(study, "stencil", quick, [size, *uncontrolled])
               for k, size in zip(radices, grown)}
    for name, kind in BARRIERS.items():
        for count in (n, 2 * n):
            for k, size in zip(radices, grown):
                scaling[(name, k, count)] = program_run(study, name, quick, [size, *uncontrolled], f"{kind} {count}")
    # Each program's synthetic twin: uniform traffic of its volume (flits/node/cycle over its whole run)
    # in packets of its mean length, on the same network and controller. Planned from the programs' own
    # results as they ran (never a perturbed render's), so that every render asks for the same runs.
    study.execute()
    shapes = {}
    for (name, w, r, c), run in programs.items():
        if c == "none":  # the network's longest packet differs between the routings' buffers
            result = study.unperturbed_result(run)
            length = max(1, round(sum(result["per_node"]["delivered_flits"]) / max(1, result["packets"]["delivered"])))
            shapes[(name, w, r)] = (float(f"{result['throughput']['accepted_flits_per_node_cycle']:.3g}"), length)
    synthetic = {}
    for (name, w, r, c), _ in programs.items():
        rate, length = shapes[(name, w, r)]
        # The width is in the twin's packet length (tlm.flit_bytes sizes only a core's packets).
        settings = [*(BUBBLE if r == "bubble" else ROUTINGS[r]),
                    *(BUBBLE_CONTROLLERS[c] if r == "bubble" else CONTROLLERS[c]), "processor.type=generator",
                    "stimulus.pattern.type=uniform", "stimulus.injection.unit=flits",
                    f"stimulus.injection.rate={rate}", f"stimulus.packet_length={length}"]
        synthetic[(name, w, r, c)] = study.submit(PLATFORM, "stimuli/uniform.yaml", settings)
    # Entropy's thresholds are its paper's, for routers whose flits move every cycle
    # (platforms/entropy-32x32.yaml: no routing or crossbar delay): the programs again on such routers.
    one_cycle_hops = {(name, c): program_run(study, name, quick, [
        *WIDTHS[WIDE], *ROUTINGS["DOR"], *CONTROLLERS[c], "router.routing_delay=0", "router.crossbar_delay=0"])
        for name in PROGRAMS for c in ("none", "entropy")} if "entropy" in controllers else {}
    return Plan(controllers, bubble, radices, programs, scaling, n, synthetic, shapes, one_cycle_hops)
