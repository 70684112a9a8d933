"""Plots icnsim results the way the congestion-control papers do (docs/sweeps.md), as SVG and PNG.

    scripts/plot load RUNS.csv [--x COLUMN] [--by COLUMN] [--panel COLUMN] [--energy] --out PREFIX
        accepted throughput and latency (log axis) against offered load, one line per controller,
        the mean over seeds with its 99 % confidence interval (realistic-loads paper sec. IV); with
        --energy also energy per delivered flit, average power and the energy-delay product
    scripts/plot series RUN.json [RUN.json ...] --out PREFIX
        time series: accepted throughput, the controller's threshold and estimate, packets in the
        network, the throttled fraction of nodes
    scripts/plot bars RUNS.csv --metric COLUMN [--by COLUMN] [--group COLUMN] [--base VALUE] --out PREFIX
        a metric (completion time, by default) normalised to the uncontrolled base, per group
    scripts/plot heatmap RUN.json [RUN.json ...] [--first N] [--last N] --out PREFIX
        link utilisation drawn on the topology (a grid per plane, stages for the n-fly, groups on a circle for the dragonfly), over the
        whole window or spatial samples first..last-1; throttling nodes outlined; one panel per run
    scripts/plot animate RUN.json [--fps N] --out PREFIX
        PREFIX.gif: the same, one frame per spatial sample
    scripts/plot trace TRACE.json [--from US] [--until US] --out PREFIX
        a transaction trace (tlm.trace, checked against the trace-event format) as a timeline: a row
        per node's transaction track and packet track, a bar per transaction or packet
"""
import collections
import csv
import io
import json
import math
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.hashsalt"] = "icnsim"
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.patches  # noqa: E402
import matplotlib.cm  # noqa: E402
import matplotlib.colors  # noqa: E402
import matplotlib.ticker  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import spatial  # noqa: E402
import tool_io  # noqa: E402
import trace_events  # noqa: E402
from tool_io import Parser, ToolError, check_writable_folder, output_path, positive_int, why, write_file  # noqa: E402

LABELS = {
    "load.offered_normalised": "offered load (fraction of capacity)",
    "stimulus.injection.rate": "offered load (packets/node/cycle)",
    "throughput.accepted_normalised": "accepted (fraction of capacity)",
    "latency.mean": "mean latency (cycles)",
    "schedule.completion_cycles": "completion time (cycles)",
    "energy.per_delivered_flit_pj": "energy per delivered flit (pJ)",
    "energy.average_power_mw": "average power (mW)",
    "energy.energy_delay_product_pj_cycles": "energy × delay per packet (pJ·cycles)",
}
NAMES = {"none": "Base", "alo": "ALO", "static_threshold": "static threshold", "self_tuned": "Tune"}


def line_order(line):
    """Lines in the papers' order (the uncontrolled base first), others after them by name."""
    order = list(NAMES)
    return (order.index(line) if line in order else len(order), str(line))


def label(column):
    return LABELS.get(column, column)


def read_csv(path):
    """The rows of a runs CSV (scripts/sweep); a file that is missing, not text, empty or cut short (a row
    with fewer fields than the header) is refused in one line."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            rows = list(reader)
            header = reader.fieldnames
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise ToolError(f"plot: {path}: cannot be read as a CSV file "
                        f"({why(e) if isinstance(e, OSError) else type(e).__name__})") from None
    if not header or not rows:
        raise ToolError(f"plot: {path}: no runs (allowed: a runs.csv that scripts/sweep wrote)")
    for line, row in enumerate(rows, 2):
        if None in row or any(v is None for v in row.values()):
            fields = len(header) + len(row.get(None, [])) - sum(v is None for v in row.values())
            raise ToolError(f"plot: {path}: line {line} has {fields} fields where the header has {len(header)} "
                            "(cut short?)")
    return rows


def read_result(path):
    """An icnsim result JSON; a file that is missing, cut short or not a result is refused in one line."""
    try:
        with open(path, "rb") as f:
            result = json.loads(f.read())
    except OSError as e:
        raise ToolError(f"plot: {path}: cannot be read ({why(e)})") from None
    except (ValueError, RecursionError) as e:
        raise ToolError(f"plot: {path}: is not JSON (cut short?) ({type(e).__name__})") from None
    if not isinstance(result, dict) or result.get("model") != "icnsim" or not isinstance(result.get("network"), dict):
        raise ToolError(f"plot: {path}: is not an icnsim result (allowed: a result JSON, icnsim --out)")
    return result


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return math.nan


def mean_and_interval(values, confidence=0.99):
    """The mean and the half-width of its two-sided confidence interval (Student's t over seeds)."""
    values = [v for v in values if not math.isnan(v)]
    if not values:
        return math.nan, math.nan
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    from scipy import stats  # here, not at the top: a second of import that most callers never use
    return mean, stats.t.ppf(0.5 + confidence / 2, len(values) - 1) * sd / math.sqrt(len(values))


def outputs(prefix, *suffixes):
    """PREFIX with each suffix added (PREFIX.svg, PREFIX.png), in a folder that can be written."""
    prefix = pathlib.Path(prefix)
    if not prefix.name or prefix.name in (".", ".."):
        raise ToolError(f"plot: --out {prefix}: names a folder (allowed: a prefix such as results/fig4)")
    check_writable_folder(prefix.parent, f"plot: --out {prefix}: its folder {prefix.parent}")
    return [prefix.with_suffix(suffix) for suffix in suffixes]


def save_as(figure, path, **options):
    """FIGURE as the file PATH (its format from the suffix), written whole or not at all."""
    image = io.BytesIO()
    figure.savefig(image, format=pathlib.Path(path).suffix.lstrip("."), **options)
    write_file(path, image.getvalue())


def save(figure, prefix):
    """PREFIX.svg and PREFIX.png, each written whole or not at all (a full disk leaves the earlier one)."""
    paths = outputs(prefix, ".svg", ".png")
    try:
        for path, options in zip(paths, ({"format": "svg", "metadata": {"Date": None}}, {"format": "png", "dpi": 150})):
            # No date and fixed ids in the SVG: the same numbers give the same file (the reports are committed).
            options.pop("format")
            save_as(figure, path, bbox_inches="tight", **options)
    finally:
        plt.close(figure)
    return paths


def require(rows, *columns):
    for c in columns:
        if c not in rows[0]:
            hint = " — energy needs energy.model: events in the platform (docs/energy.md)" if c.startswith("energy.") else ""
            raise ToolError(f"plot: no column {c} in the CSV (it has: {', '.join(list(rows[0])[:12])}, …){hint}")


# What a plot left out, said once on stderr when it is drawn (a refusal stays one line).
NOTES = {}


def note(text):
    NOTES.setdefault(text)


def say_notes():
    for text in NOTES:
        print(text, file=sys.stderr)
    NOTES.clear()


def completed(rows):
    """The rows of runs that completed. A run that stopped (a deadlock, a model error, an interrupt) keeps
    its row and status in the CSV but is never averaged into a curve or bar; they are named on stderr."""
    stopped = [r for r in rows if r.get("status.state", "completed") != "completed"]
    for r in stopped:
        note(f"plot: left out run {r.get('run', '?')} ({r['status.state']}: {r.get('status.reason', '')})")
    return [r for r in rows if r.get("status.state", "completed") == "completed"]


def load_curves(rows, x, by, y):
    """{line: [(x, mean, half-width)]}, points in x order, means over the rows (seeds) of each x. A completed
    run without a number in X or Y (a run that delivered nothing has no latency) is left out and named."""
    groups = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in completed(rows):
        xv, yv = number(r[x]), number(r[y])
        if math.isnan(xv) or math.isnan(yv):
            note(f"plot: left out run {r.get('run', '?')} from {label(y)}: no number in {x if math.isnan(xv) else y}")
            continue
        groups[r[by]][xv].append(yv)
    return {line: [(xv, *mean_and_interval(vals)) for xv, vals in sorted(points.items())]
            for line, points in groups.items()}


def load_curves_quiet(rows, x, by, y):
    """Whether any completed run has numbers in X and Y (what load_curves would draw), saying nothing."""
    return any(not math.isnan(number(r[x])) and not math.isnan(number(r[y]))
               for r in rows if r.get("status.state", "completed") == "completed")


LOAD_METRICS = ("throughput.accepted_normalised", "latency.mean")
# With --energy (energy.model: events in the platform, docs/energy.md).
ENERGY_METRICS = ("energy.per_delivered_flit_pj", "energy.average_power_mw", "energy.energy_delay_product_pj_cycles")
LOG_METRICS = {"latency.mean", "energy.energy_delay_product_pj_cycles"}


def plot_load(rows, x, by, panel, title=None, metrics=LOAD_METRICS):
    require(rows, x, by, *metrics, *([panel] if panel else []))
    if not any(load_curves_quiet(rows, x, by, y) for y in metrics):
        raise ToolError(f"plot: no completed run has numbers in {x} and {', '.join(metrics)}: nothing to draw")
    panels = sorted({r[panel] for r in rows}) if panel else [None]
    figure, axes = plt.subplots(len(metrics), len(panels), figsize=(5.5 * len(panels), 3.75 * len(metrics)),
                                squeeze=False, sharex="col")
    for j, value in enumerate(panels):
        subset = [r for r in rows if panel is None or r[panel] == value]
        for i, y in enumerate(metrics):
            ax = axes[i][j]
            for line, points in sorted(load_curves(subset, x, by, y).items(), key=lambda item: line_order(item[0])):
                xs, means, halves = zip(*points)
                ax.errorbar(xs, means, yerr=halves, marker="o", markersize=3, capsize=2, label=NAMES.get(line, line))
            if y in LOG_METRICS:
                ax.set_yscale("log")
            ax.set_ylabel(label(y))
            ax.grid(True, which="both", alpha=0.3)
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(6))
            if i == len(metrics) - 1:
                ax.set_xlabel(label(x))
            if i == 0 and value is not None:
                ax.set_title(f"{panel} = {value}")
        axes[0][j].legend(fontsize=8)
    if title:
        figure.suptitle(title)
    return figure


def plot_curves(panels, columns=None, title=None):
    """Panels of lines: each panel (title, x label, y label, log y, {line: [(x, y) or (x, y, half-width)]}).
    What the reports draw that is not a load sweep, e.g. latency against accepted traffic."""
    columns = columns or len(panels)
    rows = math.ceil(len(panels) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(5.5 * columns, 4 * rows), squeeze=False)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    for ax, (text, xlabel, ylabel, logy, lines) in zip(axes.flat, panels):
        for name, points in lines.items():
            points = [p for p in points if not any(isinstance(v, float) and math.isnan(v) for v in p[:2])]
            if not points:
                continue
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            errors = [p[2] if len(p) > 2 else 0 for p in points]
            ax.errorbar(xs, ys, yerr=errors if any(errors) else None, marker="o", markersize=3, capsize=2,
                        label=NAMES.get(name, name))
        if logy:
            ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        if text:
            ax.set_title(text, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    return figure


def plot_series(runs):
    panels = [("accepted", "accepted throughput (flits/node/cycle)"),
              ("controller.threshold", "threshold and estimate (full buffers)"),
              ("packets_in_network", "packets in the network"),
              ("throttled_fraction", "throttled fraction of nodes")]
    figure, axes = plt.subplots(len(panels), 1, figsize=(8, 10), sharex=True)
    for path, run in runs:
        series = run.get("time_series")
        if not isinstance(series, dict) or not series.get("cycle"):
            raise ToolError(f"plot: {path}: has no time series (allowed: a result whose simulation.sample_interval "
                            "took samples)")
        name = f"{NAMES.get(run['network']['congestion_control'], run['network']['congestion_control'])}, " \
               f"{run['load']['offered_normalised']:.2f} offered"
        for ax, (column, text) in zip(axes, panels):
            if column in series:
                (line,) = ax.plot(series["cycle"], series[column], label=name, linewidth=1)
                if column == "controller.threshold" and "controller.estimate" in series:
                    ax.plot(series["cycle"], series["controller.estimate"], linestyle=":", color=line.get_color(),
                            linewidth=1)
            ax.set_ylabel(text, fontsize=8)
            ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize=8)
    axes[-1].set_xlabel("cycle")
    return figure


def plot_trace(path, events, first=None, last=None):
    """A transaction trace (tlm.trace) as a timeline: a row per track — each initiating node's
    transactions, track by track, and with tlm.trace_packets its packets — a bar per event from its
    issue to its completion, writes and reads, requests and responses, told apart by colour."""
    complete = [e for e in events if e["ph"] == "X" and (first is None or e["ts"] + e["dur"] >= first)
                and (last is None or e["ts"] <= last)]
    if not complete:
        raise ToolError(f"plot: {path}: no transaction in the trace{' in that window' if first or last else ''}")
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["ph"] == "M"}
    # Per node its transaction tracks (even tids), then its packet tracks (odd).
    tracks = sorted({(e["pid"], e["tid"]) for e in complete}, key=lambda t: (t[0], t[1] % 2, t[1]))
    row = {t: i for i, t in enumerate(tracks)}
    colours = {"write": "tab:red", "read": "tab:blue", "request": "tab:orange", "response": "tab:green"}
    figure, ax = plt.subplots(figsize=(9, 0.9 + 0.28 * len(tracks)))
    shown = set()
    for e in complete:
        kind = e["name"].split(" ", 1)[0]
        ax.broken_barh([(e["ts"], max(e["dur"], 1e-6))], (row[(e["pid"], e["tid"])] - 0.38, 0.76),
                       facecolors=colours.get(kind, "tab:gray"), edgecolor="black", linewidth=0.3,
                       label=None if kind in shown else kind)
        shown.add(kind)
    ax.set_yticks(range(len(tracks)))
    ax.set_yticklabels([f"node {pid}: {names.get((pid, tid), f'track {tid}')}" for pid, tid in tracks], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("simulated time (µs)")
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=7, loc="upper right", ncol=len(shown))
    ax.set_title(f"{len([e for e in complete if e.get('cat') == 'transaction'])} transactions "
                 f"({pathlib.Path(path).name})", fontsize=9)
    return figure


def plot_bars(rows, metric, by, group, base, ylabel=None):
    require(rows, metric, by, *([group] if group else []))
    rows = completed(rows)
    values = sorted({r[by] for r in rows})
    if base not in values:
        raise ToolError(f"plot: --base {base}: no completed run has {by} = {base} (allowed: one of "
                        f"{', '.join(values[:12]) or 'none: no run completed'})")
    if not any(not math.isnan(number(r[metric])) for r in rows if r[by] == base):
        raise ToolError(f"plot: the base runs ({by} = {base}) have no number in {metric}: nothing to normalise to")
    groups = sorted({r[group] for r in rows}) if group else [""]
    lines = sorted({r[by] for r in rows}, key=lambda v: (v != base, v))
    figure, ax = plt.subplots(figsize=(max(5, 1.2 * len(groups) * len(lines)), 4))
    width = 0.8 / len(lines)
    for k, line in enumerate(lines):
        heights, errors = [], []
        for g in groups:
            reference, _ = mean_and_interval([number(r[metric]) for r in rows
                                              if r[by] == base and (not group or r[group] == g)])
            mean, half = mean_and_interval([number(r[metric]) for r in rows
                                            if r[by] == line and (not group or r[group] == g)])
            heights.append(mean / reference if reference else math.nan)
            errors.append(half / reference if reference else math.nan)
        ax.bar([i + k * width for i in range(len(groups))], heights, width, yerr=errors, capsize=2,
               label=NAMES.get(line, line))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks([i + width * (len(lines) - 1) / 2 for i in range(len(groups))], groups, fontsize=8)
    ax.set_ylabel(ylabel or f"{label(metric)} / {NAMES.get(base, base)}")
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    return figure


def placement(layout):
    """Where each router is drawn, (x, y): a k-ary n-cube's by its first two coordinates (the planes of a
    third side by side), a HyperX's the same way; a k-ary n-fly's stages left to right; a dragonfly's groups on a circle, each
    group's routers on a small circle round its place, so the global channels cross the middle; a
    k-ary n-tree's levels bottom to top; a network from a file where the file places its routers."""
    positions = layout["positions"]
    extent = [max(p[d] for p in positions) + 1 for d in range(len(positions[0]))]
    if layout["kind"] == "groups":
        groups, per_group = extent[0], extent[1] if len(extent) > 1 else 1
        inner = 0.35 + 0.12 * per_group  # a group's own circle
        outer = max(2.5, 1.3 * groups * inner / math.pi)  # room for every group's circle round the big one
        points = []
        for p in positions:
            a, b = 2 * math.pi * p[0] / groups, 2 * math.pi * (p[1] if len(p) > 1 else 0) / per_group
            points.append((outer * math.cos(a) + inner * math.cos(a + b), outer * math.sin(a) + inner * math.sin(a + b)))
        return points
    if layout["kind"] == "levels":  # a fat tree: leaves at the bottom, each level's switches across
        rise = max(2.0, (extent[1] if len(extent) > 1 else 1) / 4.0)  # levels far enough apart to see the links
        return [(float(p[1]) if len(p) > 1 else 0.0, float(p[0]) * rise) for p in positions]
    if layout["kind"] == "free":  # a network from a file: where the file puts each router, rows downwards
        return [(float(p[0]), -float(p[1]) if len(p) > 1 else 0.0) for p in positions]
    if layout["kind"] not in ("grid", "rows"):  # stages: stage across, switch down
        return [(float(p[0]) * 2.0, -float(p[1]) if len(p) > 1 else 0.0) for p in positions]
    return [(float(p[0]) + (p[2] * (extent[0] + 1.5) if len(p) > 2 else 0.0), -float(p[1]) if len(p) > 1 else 0.0)
            for p in positions]


def draw_network(ax, result, links, throttled=None, colour_map="YlOrRd", buffered=None, most_buffered=1.0):
    """Draws `links` (spatial.link_utilisation) on the network's layout in `ax`, routers filled by
    the flits their input buffers hold (`buffered`, of `most_buffered`) if given: every router placed
    by its first two coordinates (the planes of a third side by side), links between neighbours as
    two parallel bars (each direction on its right-hand side), wrap-around links and links to
    another plane as short strokes in the port's direction; a HyperX's rows and columns as arcs between every
    pair; a k-ary n-fly's stages left to right; a dragonfly's groups on a circle; a fat tree by level
    (placement)."""
    layout = spatial.layout(result)
    positions = layout["positions"]
    grid = layout["kind"] in ("grid", "rows")
    cmap = plt.get_cmap(colour_map)
    points = placement(layout)

    def place(router):
        return points[router]

    for router in range(len(positions)):
        x, y = place(router)
        edge = "red" if throttled and router < len(throttled) and throttled[router] > 0.5 else "0.6"
        fill = plt.get_cmap("Blues")(buffered[router] / most_buffered) if buffered else "white"
        ax.add_patch(matplotlib.patches.Rectangle((x - 0.16, y - 0.16), 0.32, 0.32, facecolor=fill,
                                                  edgecolor=edge, linewidth=1.5 if edge == "red" else 0.6, zorder=2))
    for link in sorted(links, key=lambda link: link["utilisation"]):
        colour = cmap(min(1.0, link["utilisation"]))
        (x0, y0), (x1, y1) = place(link["from"]), place(link["to"])
        a, b = positions[link["from"]], positions[link["to"]]
        neighbours = grid and sum(abs(u - v) for u, v in zip(a, b)) == 1 and (len(a) < 3 or a[2] == b[2])
        if layout["kind"] == "rows" and (len(a) < 3 or a[2:] == b[2:]):
            # A HyperX row or column, every switch linked to every other: arcs that bow out the further
            # they reach, each direction to its own side, so that no link hides another.
            dx, dy = x1 - x0, y1 - y0
            length = math.hypot(dx, dy) or 1.0
            bow = 0.12 + 0.18 * (length - 1.0)
            mx, my = (x0 + x1) / 2 + dy / length * bow, (y0 + y1) / 2 - dx / length * bow
            t = [i / 16 for i in range(17)]
            ax.plot([(1 - u) ** 2 * x0 + 2 * (1 - u) * u * mx + u * u * x1 for u in t[2:-2]],
                    [(1 - u) ** 2 * y0 + 2 * (1 - u) * u * my + u * u * y1 for u in t[2:-2]], color=colour,
                    linewidth=1.8, zorder=1)
        elif not grid or neighbours:
            dx, dy = x1 - x0, y1 - y0
            length = math.hypot(dx, dy) or 1.0
            ox, oy = dy / length * 0.09, -dx / length * 0.09  # each direction on its own side
            ax.plot([x0 + dx / length * 0.2 + ox, x1 - dx / length * 0.2 + ox],
                    [y0 + dy / length * 0.2 + oy, y1 - dy / length * 0.2 + oy], color=colour, linewidth=2.2,
                    solid_capstyle="butt", zorder=1)
        else:  # a wrap-around link, or one to another plane: a stub in the port's direction
            name = link["port_name"]
            sign = 1.0 if name.startswith("+") else -1.0
            if name.endswith("x"):
                sx, sy = sign * 0.45, 0.06 * sign
            elif name.endswith("y"):
                sx, sy = 0.06 * sign, -sign * 0.45
            else:  # z or a higher dimension: a short diagonal
                sx, sy = sign * 0.3, sign * 0.3
            ax.plot([x0 + sx * 0.4, x0 + sx], [y0 + sy * 0.4, y0 + sy], color=colour, linewidth=2.2, zorder=1)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.margins(0.05)
    ax.set_xticks([])
    ax.set_yticks([])
    return matplotlib.cm.ScalarMappable(norm=matplotlib.colors.Normalize(0, 1), cmap=cmap)


def run_title(result):
    controller = result["network"]["congestion_control"]
    return f"{NAMES.get(controller, controller)}, {result['load']['offered_normalised']:.2f} offered, " \
           f"{result['throughput']['accepted_normalised']:.2f} accepted"


def plot_heatmap(runs, first=None, last=None):
    figure, axes = plt.subplots(1, len(runs), figsize=(6 * len(runs), 5.5), squeeze=False)
    buffered = [spatial.buffered_flits(result, first, last) if spatial.samples(result) else None for _, result in runs]
    most = max([max(b) for b in buffered if b] + [1.0])
    for ax, (path, result), held in zip(axes[0], runs, buffered):
        throttled = spatial.throttled_fraction(result, first, last) if spatial.samples(result) else None
        mappable = draw_network(ax, result, spatial.link_utilisation(result, first, last), throttled,
                                buffered=held, most_buffered=most)
        ax.set_title(run_title(result), fontsize=9)
    figure.colorbar(mappable, ax=list(axes[0]), label="link utilisation (flits/cycle)", shrink=0.8)
    if any(buffered):
        figure.colorbar(matplotlib.cm.ScalarMappable(norm=matplotlib.colors.Normalize(0, most), cmap="Blues"),
                        ax=list(axes[0]), label="flits buffered at a router's network inputs (mean)", shrink=0.8)
    return figure


def animate(result, prefix, fps):
    import matplotlib.animation  # noqa: E402
    frames = spatial.samples(result)
    [path] = outputs(prefix, ".gif")
    if frames == 0:
        raise spatial.NoSpatialData("an animation needs spatial samples: --set simulation.spatial_sample_interval=N")
    figure, ax = plt.subplots(figsize=(6, 5.5))
    interval = result["spatial"]["interval"]
    most = max(max(spatial.buffered_flits(result, s, s + 1)) for s in range(frames)) or 1.0

    def frame(s):
        ax.clear()
        draw_network(ax, result, spatial.link_utilisation(result, s, s + 1), result["spatial"]["throttled"][s],
                     buffered=spatial.buffered_flits(result, s, s + 1), most_buffered=most)
        ax.set_title(f"{run_title(result)}\ncycles {result['spatial']['cycles'][s] + 1 - interval}"
                     f"–{result['spatial']['cycles'][s]}", fontsize=9)

    frame(0)
    figure.colorbar(matplotlib.cm.ScalarMappable(norm=matplotlib.colors.Normalize(0, 1), cmap="YlOrRd"), ax=ax,
                    label="link utilisation (flits/cycle)", shrink=0.8)
    movie = matplotlib.animation.FuncAnimation(figure, frame, frames=frames)
    try:
        with output_path(path) as staging:  # the GIF writer wants a name: a temporary one, renamed when whole
            movie.save(staging, writer=matplotlib.animation.PillowWriter(fps=fps))
    finally:
        plt.close(figure)
    return path


def parse_arguments(argv):
    ap = Parser(prog="scripts/plot", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="kind", required=True, parser_class=Parser)
    load = sub.add_parser("load", help="throughput and latency against offered load")
    load.add_argument("csv")
    load.add_argument("--x", default="stimulus.injection.rate")
    load.add_argument("--by", default="congestion_control.type")
    load.add_argument("--panel", help="one column of plots per value of this column")
    load.add_argument("--title")
    load.add_argument("--energy", action="store_true",
                      help="also energy per delivered flit, average power and energy-delay product (energy.model: events)")
    series = sub.add_parser("series", help="time series of runs")
    series.add_argument("runs", nargs="+")
    bars = sub.add_parser("bars", help="a metric normalised to the uncontrolled base")
    bars.add_argument("csv")
    bars.add_argument("--metric", default="schedule.completion_cycles")
    bars.add_argument("--by", default="congestion_control.type")
    bars.add_argument("--group")
    bars.add_argument("--base", default="none")
    heatmap = sub.add_parser("heatmap", help="link utilisation on the topology")
    heatmap.add_argument("runs", nargs="+")
    heatmap.add_argument("--first", type=int, help="first spatial sample (default: the whole window)")
    heatmap.add_argument("--last", type=int, help="one past the last spatial sample")
    trace = sub.add_parser("trace", help="a transaction trace (tlm.trace) as a timeline of its tracks")
    trace.add_argument("trace")
    trace.add_argument("--from", dest="first", type=float, help="first time shown (µs)")
    trace.add_argument("--until", dest="last", type=float, help="last time shown (µs)")
    movie = sub.add_parser("animate", help="link utilisation and throttled nodes over time, as a GIF")
    movie.add_argument("run")
    movie.add_argument("--fps", type=lambda t: positive_int(t, 100), default=4, help="frames per second (1..100)")
    for p in (load, series, bars, heatmap, trace):
        p.add_argument("--out", required=True, help="output prefix: writes PREFIX.svg and PREFIX.png")
    movie.add_argument("--out", required=True, help="output prefix: writes PREFIX.gif")
    return ap.parse_args(argv)


def _main(argv=None):
    NOTES.clear()
    args = parse_arguments(argv)
    outputs(args.out, ".gif" if args.kind == "animate" else ".svg")  # a place to write to, before any work
    try:
        if args.kind == "animate":
            print(animate(read_result(args.run), args.out, args.fps))
            return 0
        if args.kind == "heatmap":
            runs = [(p, read_result(p)) for p in args.runs]
            for path in save(plot_heatmap(runs, args.first, args.last), args.out):
                print(path)
            say_notes()
            return 0
        if args.kind == "load":
            figure = plot_load(read_csv(args.csv), args.x, args.by, args.panel, args.title,
                               LOAD_METRICS + (ENERGY_METRICS if args.energy else ()))
        elif args.kind == "series":
            figure = plot_series([(p, read_result(p)) for p in args.runs])
        elif args.kind == "trace":
            figure = plot_trace(args.trace, trace_events.read_trace(args.trace), args.first, args.last)
        else:
            figure = plot_bars(read_csv(args.csv), args.metric, args.by, args.group, args.base)
    except spatial.NoSpatialData as e:
        raise ToolError(f"scripts/plot {args.kind}: {e}") from None
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, ZeroDivisionError) as e:
        # A result or CSV that parses but does not hold what this plot reads (a hand-edited or foreign file).
        raise ToolError(f"scripts/plot {args.kind}: the input does not hold what this plot draws "
                        f"({type(e).__name__}: {e})") from None
    for path in save(figure, args.out):
        print(path)
    say_notes()
    return 0


def main(argv=None):
    try:
        return tool_io.run(_main, argv, "scripts/plot")
    finally:
        plt.close("all")  # figures a refusal left half-drawn


if __name__ == "__main__":
    sys.exit(main())
