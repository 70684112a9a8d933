"""The virtual-channel report's set-up (platforms, stimuli, lanes, the paper's stated numbers), what it
reads from a run, and its figures."""
import math

import analytic
import plot
from papers import report_energy
from papers.measures import accepted_fraction, mean_latency_below_saturation, missing  # noqa: F401


TITLE = "The virtual-channel paper on icnsim"
CITATION = ("Dally, \"Virtual-Channel Flow Control\", IEEE TPDS 3(2), 1992, sec. V ([references](../references.md)), "
            "Figs. 13–19: icnsim's measurements beside the paper's and beside the paper's analytical model "
            "([scripts/analytic](../analytic-model.md)). Throughput is accepted flits per node per cycle, a fraction of "
            "capacity (1 flit per node per cycle on a k-ary n-fly, 4 / k on a k-ary 2-cube mesh).")
FULL_LENGTH = (30000, 10000)
QUICK_LENGTH = (3000, 1000)

# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (sec. V's
# run length; Fig. 17's means and histogram peaks; Fig. 18's 80 %; Fig. 19's 50 % and 90 %) and the plan's
# (the high-priority traffic alone at 5 % of capacity; Fig. 17's loads, fractions of capacity).
FIG17_LOAD = 0.5
FIG17_OTHER_LOADS = (0.3, 0.4, 0.6)
STATED_NUMBERS = [*FULL_LENGTH, *QUICK_LENGTH, 75.1, 62.2, 17, 24, 57, 44, 84, 80, 50, 90, 5, FIG17_LOAD, *FIG17_OTHER_LOADS,
                  *report_energy.STATED_NUMBERS]

FLY8, FLY6 = "platforms/dally-2ary8fly.yaml", "platforms/dally-2ary6fly.yaml"
MESH = "platforms/dally-16ary2cube-mesh.yaml"
# Fig. 19's mesh run as the flies are: one flit per hop per time unit, random channel scheduling,
# lanes as crossbar inputs.
MESH_AS_PAPER = ["router.routing_delay=0", "router.crossbar_delay=0", "router.crossbar_inputs=per_vc",
                 "router.arbitration=random"]
MESH_STORAGE = 32  # flits per physical channel (sec. V-D)
PACKET = 20  # flits (sec. V)
LANES = (1, 2, 4, 8, 16)
LANE_RULES = ("when_empty", "on_tail")  # router.vc_reallocation: sec. III's rule, and the one Figs. 13-18 run
# Orders in which waiting headers take a free lane besides icnsim's default (oldest packet first).
OTHER_LANE_ORDERS = ("longest_waiting", "random")
LANE_ORDER_NAMES = {"oldest_first": "oldest packet first, icnsim's default", "longest_waiting": "longest waiting first",
                    "random": "in random order"}
STORAGE = 16  # flits per physical channel in Figs. 14 and 16
# The stimuli of these runs: a saturation source (sec. V-A) and Poisson sources
# (sec. V-B), 20-flit packets, uniformly random destinations.
SATURATION = "stimuli/dally-saturation.yaml"
POISSON = "stimuli/dally-poisson.yaml"


def depth(slots):
    """icnsim's lane depth for a lane of `slots` flits in Dally's simulator. A flit's slot is free
    again upstream only after the credit has come back (two cycles with one-cycle hops), so an
    icnsim lane streams one flit per cycle from two slots on; Dally's synchronous simulator frees and
    refills a slot in the same time step, so its one-flit lanes stream. One-flit lanes therefore
    become two-flit lanes; deeper lanes are the same."""
    return max(slots, 2)


def lanes_set(lanes, slots, literal=False):
    """--set overrides for `lanes` lanes of `slots` flits (icnsim depth unless literal)."""
    return [f"router.virtual_channels={lanes}", f"router.buffer_depth={slots if literal else depth(slots)}",
            f"network_interface.packets_in_progress={lanes}"]


def fly(stages):
    return [f"network.stages={stages}"]


def fmt_latency(v):
    return "saturated" if missing(v) else f"{v:.1f}"


def poisson(load):
    return [f"stimulus.injection.rate={load / PACKET:.6g}"]


def histogram(r, key="latency_histogram"):
    h = r[key] if key == "latency_histogram" else r[key]["latency_histogram"]
    return h["bin_width"], h["counts"]


def peaks(counts, width, low, high):
    """The latency of the highest bin in [low, high)."""
    best = max(range(low // width, min(high // width, len(counts))), key=lambda b: counts[b])
    return best * width


def at_minimum(counts, minimum):
    total = sum(counts)
    return counts[minimum] / total if total else 0.0


def plots(out_dir, fig13, fig14, fig15, fig16, fig17, fig18, minimum6):
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "icnsim"  # the same SVG for the same numbers
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)

    def figure(name, title, xlabel, ylabel, draw, log_lanes=False, log_y=False, ylim=None, xlim=None):
        fig, ax = plt.subplots(figsize=(5.5, 3.8))
        draw(ax)
        if log_lanes:
            ax.set_xscale("log", base=2)
            ax.set_xticks(LANES, [str(l) for l in LANES])
        if log_y:
            ax.set_yscale("log")
        if ylim:
            ax.set_ylim(*ylim)
        if xlim:
            ax.set_xlim(*xlim)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(fontsize=8)
        fig.tight_layout()
        plot.save_as(fig, out_dir / f"{name}.svg", metadata={"Date": None})
        plot.save_as(fig, out_dir / f"{name}.png", dpi=150)
        plt.close(fig)

    def lines(ax, curves, style="o-"):  # {label: {x: y or None}}
        for label, points in curves.items():
            xy = [(x, y) for x, y in sorted(points.items()) if not missing(y) and math.isfinite(y)]
            ax.plot([x for x, _ in xy], [y for _, y in xy], style, label=label, linewidth=1)

    def histograms(ax, curves):  # {label: (bin width, counts)}, as fractions of each curve's packets
        lines(ax, {label: {b * width: c / sum(counts) for b, c in enumerate(counts)} for label, (width, counts)
                   in curves.items()}, "-")
        ax.axvline(minimum6, color="grey", linestyle=":", linewidth=1)

    saturation = "saturation throughput (fraction of capacity)"
    figure("fig13", "Fig. 13: 2-ary 8-fly, one-flit lanes", "lanes per physical channel", saturation,
           lambda ax: (lines(ax, {"model (eq. 10)": fig13["model"]}, "-"),
                       lines(ax, {"icnsim, 1-flit lanes as 2-slot lanes": fig13["two"]}, "o"),
                       lines(ax, {"icnsim, 1-slot lanes (credit-limited)": fig13["one"]}, "x")),
           log_lanes=True, ylim=(0, 1))
    figure("fig14", "Fig. 14: 2-ary n-flies, 16 flits per channel", "lanes per physical channel (16 flits of storage)",
           saturation, lambda ax: lines(ax, {f"n = {n}": fig14[n] for n in sorted(fig14)}), log_lanes=True, ylim=(0, 1))
    grid = [i / 100 for i in range(5, 62)]
    figure("fig15", "Fig. 15: 2-ary 8-fly, four one-flit lanes", "offered traffic (fraction of capacity)",
           "mean latency (cycles)",
           lambda ax: (lines(ax, {"model (eq. 8)": {x: analytic.latency(x, 4, 8, PACKET) for x in grid}}, "-"),
                       lines(ax, {"icnsim": fig15}, "o")), log_y=True)
    figure("fig16", "Fig. 16: 2-ary 8-fly, 16 flits per channel", "offered traffic (fraction of capacity)",
           "mean latency (cycles)", lambda ax: lines(ax, {f"{l} lane{'s' if l > 1 else ''}": fig16[l] for l in sorted(fig16)}),
           log_y=True)
    figure("fig17", "Fig. 17: 2-ary 6-fly at 50 % of capacity", "latency (cycles)", "fraction of packets",
           lambda ax: histograms(ax, fig17), xlim=(0, 200))
    figure("fig18", "Fig. 18: 10 % high-priority traffic, 2-ary 6-fly at 50 %", "latency (cycles)",
           "fraction of the class's packets", lambda ax: histograms(ax, fig18), xlim=(0, 200))
