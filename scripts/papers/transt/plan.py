"""The Trans-t report's plan: every run, by what it measures."""
import dataclasses

from papers import report_energy
from papers.report import zero_load_probe

CUBE8, CUBE16_3, CUBE16_2 = ("platforms/transt-8ary3cube.yaml", "platforms/transt-16ary3cube.yaml",
                             "platforms/transt-16ary2cube.yaml")
STEADY, BURSTY = "stimuli/uniform.yaml", "stimuli/transt-bursty.yaml"
EXPONENTIAL = ["stimulus.injection.process=exponential", "stimulus.injection.unit=flits"]
CONTROLLERS = {"No-Lim": ["congestion_control.type=none"], "Self-Tuned": ["congestion_control.type=self_tuned"],
               "Trans-t": ["congestion_control.type=trans_t"]}


NAMES = list(CONTROLLERS)
# The platforms' router is the one the Trans-t group describes (one routing control unit per router,
# `central`); every input VC's header routed in parallel is the swept alternative.
PARALLEL = "router.header_arbiter=parallel"
# Energy (docs/energy.md): DSENT 0.91's 45 nm row of each platform's router. Its ports are the network
# ports and the 4 injection channels, 10 on the 3-cubes and 8 on the 2-cube, and the table has rows for
# odd port counts only: each priced run names the row below, knowingly (energy.preset_shape), and the
# report prices the same counts by the row above too, so every energy is shown as the range of the two.
# Rows are (ports, VCs, flits per VC, flit bits): the platforms' 3 VCs of 8 flits, energy.flit_bits 128.
ROUTER_PORTS = {CUBE8: 10, CUBE16_3: 10, CUBE16_2: 8}
ENERGY_ROWS = {platform: ((ports - 1, 3, 8, 128), (ports + 1, 3, 8, 128)) for platform, ports in ROUTER_PORTS.items()}


def priced(platform):
    """The overrides that price a run on `platform` (depth 8, 4 injection channels: the table's rows)."""
    return ["energy.preset=dsent_45nm", f"energy.preset_shape={report_energy.preset_shape(ENERGY_ROWS[platform][0])}"]


# Fig. 8's bursty load (sec. 4.2): (phase, messages) and each phase's rate in flits/node/cycle.
BURSTS = ((0, 400000), (1, 200000), (2, 400000), (3, 200000))
BURST_RATES = (0.34, 0.23, 0.34, 0.23)


def steady(report, platform, names, loads, extra=()):
    """{(name, load): run} on `platform` with exponential sources at `loads` flits/node/cycle."""
    return {(n, load): report.study.submit(platform, STEADY, [*EXPONENTIAL, *CONTROLLERS.get(n, []), *extra,
                                                              f"stimulus.injection.rate={load}"])
            for n in names for load in loads}


@dataclasses.dataclass
class Plan:
    length: tuple            # the steady runs' (cycles, warm-up)
    loads8: list             # offered flits/node/cycle on the 8-ary 3-cube (uniform capacity 1, 8 / k)
    u1s: list
    fig3: dict               # pattern -> {("u1 = u", load): run}
    patterns: list           # Figs. 4-6
    figs4_6: dict            # pattern -> {(controller, load): run}
    loads16: list            # on the 16-ary 3-cube (uniform capacity 0.5)
    length16: tuple
    fig7: dict               # (controller, load) -> run
    scale: float             # of Fig. 8's message counts
    fig8: dict               # controller -> run
    depths: list             # flits per VC, the buffer depth the paper does not give
    loads_depth: list
    by_depth: dict           # depth -> {(controller, load): run}
    fig8_depth: dict         # (depth, controller) -> run
    by_parallel: dict        # pattern -> {(controller, load): run} with every input VC's header routed in parallel
    fig8_parallel: dict      # controller -> run
    one_injection: dict      # No-Lim, one injection channel: {(controller, load): run}
    loads8b: list            # steady loads on Fig. 8's 16-ary 2-cube
    saturation8: dict
    saturation8_parallel: dict
    rates8: list             # Fig. 8's high phases at higher rates
    fig8_rate: dict          # (rate, controller) -> run
    loads8c: list
    saturation8_depth: dict  # depth -> {(controller, load): run}, the shallow depths
    probe: str


def plan_runs(report):
    study, quick = report.study, report.quick
    loads8 = [0.5, 1.0] if quick else [0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 1.0]
    u1s = [2, 4, 8] if quick else [2, 3, 4, 5, 8]
    fig3 = {pattern: {(f"u1 = {u}", load): study.submit(CUBE8, STEADY, [
        *EXPONENTIAL, "congestion_control.type=trans_t", f"congestion_control.u1={u}",
        f"stimulus.pattern.type={pattern}", f"stimulus.injection.rate={load}"])
        for u in u1s for load in loads8} for pattern in (["uniform"] if quick else ["uniform", "perfect_shuffle"])}
    patterns = ["uniform", "butterfly", "perfect_shuffle", "bit_reversal", "bit_complement"]
    if quick:
        patterns = ["uniform", "butterfly"]
    figs4_6 = {p: steady(report, CUBE8, NAMES, loads8, [f"stimulus.pattern.type={p}", *priced(CUBE8)]) for p in patterns}
    loads16 = [0.5] if quick else [0.2, 0.4, 0.5, 0.6]
    length16 = (200, 50) if quick else (5000, 1500)
    fig7 = {(n, load): study.submit(CUBE16_3, STEADY, [*EXPONENTIAL, *CONTROLLERS[n], f"stimulus.injection.rate={load}",
                                                       f"simulation.cycles={length16[0]}",
                                                       f"simulation.warmup={length16[1]}",
                                                       *priced(CUBE16_3)], length=False)
            for n in NAMES for load in loads16}
    scale = 0.02 if quick else 1.0
    bursty = [f"stimulus.phases.{i}.end.packets={round(count * scale)}" for i, count in BURSTS]

    def bursts(name, *extra):
        return study.submit(CUBE16_2, BURSTY, [*CONTROLLERS[name], *bursty, "simulation.cycles=3000000",
                                               "simulation.warmup=0", "simulation.sample_interval=1000", *extra],
                            length=False)

    fig8 = {n: bursts(n, *priced(CUBE16_2)) for n in NAMES}
    # The buffer depth the paper does not give (flits per VC; the platforms' 8 is an assumption): the
    # uncontrolled network's fall past saturation and Fig. 8's delivery time at each.
    depths = [4, 8] if quick else [2, 4, 8, 16]
    loads_depth = [0.5, 1.0] if quick else [0.5, 0.6, 0.7, 0.8, 1.0]
    by_depth = {d: steady(report, CUBE8, ["No-Lim", "Trans-t"], loads_depth, [f"router.buffer_depth={d}"])
                for d in depths}
    fig8_depth = {(d, n): bursts(n, f"router.buffer_depth={d}") for d in depths for n in ("No-Lim", "Trans-t")}
    # The routing unit the paper does not specify ("each node has a router", one cycle per routing,
    # sec. 4.1): the platforms' one unit per router (the group's simulator) routes one header a cycle, a
    # refused header asking again; the alternative routes every input VC's header in parallel.
    by_parallel = {p: steady(report, CUBE8, ["No-Lim", "Trans-t"], loads8,
                             [f"stimulus.pattern.type={p}", PARALLEL, *priced(CUBE8)]) for p in patterns}
    fig8_parallel = {n: bursts(n, PARALLEL, *priced(CUBE16_2)) for n in NAMES}
    # Which headers take the unit's turns past saturation: with one injection channel instead of four.
    one_injection = steady(report, CUBE8, ["No-Lim"], [loads8[-1]], ["network_interface.injection_channels=1"])
    # Where Fig. 8's network saturates without limits, under a steady load: the bursts' 0.34 against it.
    loads8b = [0.3, 0.38] if quick else [0.3, 0.34, 0.38, 0.42, 0.46]
    saturation8 = steady(report, CUBE16_2, ["No-Lim"], loads8b)
    saturation8_parallel = steady(report, CUBE16_2, ["No-Lim"], loads8b, [PARALLEL])
    # What lets the bursts congest a network: their rate against its saturation point. The bursts at
    # higher rates on the platform's network, and the saturation point at the shallow depths above.
    rates8 = [0.38] if quick else [0.36, 0.38, 0.40]
    fig8_rate = {(r, n): bursts(n, f"stimulus.phases.0.injection.rate={r}", f"stimulus.phases.2.injection.rate={r}")
                 for r in rates8 for n in NAMES}
    loads8c = [0.22, 0.3] if quick else [0.18, 0.22, 0.26, 0.3, 0.34, 0.38]
    saturation8_depth = {d: steady(report, CUBE16_2, ["No-Lim"], loads8c, [f"router.buffer_depth={d}"])
                         for d in depths if d < 8}
    probe = zero_load_probe(study, CUBE8, ["stimulus.injection.process=exponential"])
    return Plan(study.length, loads8, u1s, fig3, patterns, figs4_6, loads16, length16, fig7, scale, fig8, depths,
                loads_depth, by_depth, fig8_depth, by_parallel, fig8_parallel, one_injection, loads8b, saturation8,
                saturation8_parallel, rates8, fig8_rate, loads8c, saturation8_depth, probe)
