"""The main job (./scripts/run): the self-tuned paper's Fig. 4 study on its two networks — deadlock
recovery (TFAR + Disha) and deadlock avoidance (Duato) — without congestion control, with ALO, with a
static threshold of 250 full buffers and with the self-tuned controller, across offered loads past
saturation (sweeps/selftuned-fig4-*.yaml). Writes results/selftuned-fig4.{svg,png} and
results/selftuned-fig4.md (a summary table, and the energy of each controller past saturation at 45 and
22 nm from DSENT's coefficients for the networks' router) and prints the tables; and where the uncontrolled network
clogs past saturation beside the self-tuned one: results/selftuned-heatmap.{svg,png} (link utilisation
on the 16-ary 2-cube, throttling nodes outlined; scripts/plot heatmap).

By default every run is 20,000 cycles with 5,000 of warm-up, so that the study takes a few minutes on
two cores; --full runs the paper's 60,000 cycles with 10,000 of warm-up.
"""
import json
import math
import os
import pathlib
import subprocess
import sys
import time

import energy
import plot
import sweep
import tool_io
from tool_io import Parser, check_writable_folder, positive_int, write_file
from icnsim_runs import BINARY, ROOT

NETWORKS = [("recovery", "deadlock recovery (TFAR + Disha)"), ("avoidance", "deadlock avoidance (Duato)")]
CONTROLLERS = ["none", "alo", "static_threshold", "self_tuned"]


def per_controller(rows_by_network):
    """(network's text, controller, its rows, its rows at the network's highest offered load)."""
    for network, text in NETWORKS:
        rows = rows_by_network[network]
        highest = max(float(r["stimulus.injection.rate"]) for r in rows)
        for controller in CONTROLLERS:
            mine = [r for r in rows if r["congestion_control.type"] == controller]
            yield text, controller, mine, [r for r in mine if float(r["stimulus.injection.rate"]) == highest]


def summary(rows_by_network, length):
    """Per network and controller: the peak accepted throughput, and throughput and latency at the
    highest offered load (past saturation, where the controllers differ)."""
    lines = [f"Self-tuned paper Fig. 4 on icnsim ({length[0]:,} cycles per run, {length[1]:,} of warm-up; "
             "accepted throughput as a fraction of capacity, latency in cycles)", "",
             "| network | controller | peak accepted (at load) | accepted at the highest load | latency there |",
             "|---|---|---|---|---|"]
    for text, controller, mine, last in per_controller(rows_by_network):
        peak = max(mine, key=lambda r: float(r["throughput.accepted_normalised"]))
        accepted = sum(float(r["throughput.accepted_normalised"]) for r in last) / len(last)
        latency = sum(plot.number(r["latency.mean"]) for r in last) / len(last)
        lines.append(f"| {text} | {plot.NAMES.get(controller, controller)} | "
                     f"{float(peak['throughput.accepted_normalised']):.1%} ({peak['stimulus.injection.rate']}) | "
                     f"{accepted:.1%} | {'—' if math.isnan(latency) else f'{latency:,.0f}'} |")
    return "\n".join(lines) + "\n"


def energy_summary(rows_by_network):
    """Per network and controller at the highest load (past saturation): energy per delivered flit,
    average power and the energy-delay product at 45 nm (the runs' energy.preset) and 22 nm (the same
    counts priced by the 22 nm row, scripts/energy.py), the leakage's share, what gating idle routers
    could save at most, and the self-tuned sideband's bits per delivered flit (no published energy per
    bit exists for it, so it is counted, not priced)."""
    lines = ["Energy at the highest load, DSENT 0.91 for each network's router (energy.preset; docs/energy.md): "
             "45 nm / 22 nm. Leakage is its share of the 45 nm total; gating is the most that power-gating idle "
             "routers could save (an upper bound, energy.gating_estimate). The sideband's cost is its bits per "
             "delivered flit: no published coefficient prices them.", "",
             "| network | controller | pJ per delivered flit | average power (mW) | energy × delay (nJ·cycles per "
             "packet) | leakage | gating saves at most | sideband bits per flit |",
             "|---|---|---|---|---|---|---|---|"]
    for text, controller, _, last in per_controller(rows_by_network):
        r = energy.unflatten(last[0]) if last else {}
        if "energy" not in r:
            continue
        both = [energy.under(r, preset) for preset in ("dsent_45nm", "dsent_22nm")]

        def pair(key, scale=1.0):
            return " / ".join("—" if b[key] is None else f"{b[key] * scale:,.0f}" for b in both)
        flits = r["energy"]["delivered_flits"]
        sideband = r["activity"]["sideband"]["bit_transfers"] / flits if flits else float("nan")
        gating = r["energy"]["power_gating"]["saved_fraction"]
        lines.append(f"| {text} | {plot.NAMES.get(controller, controller)} | {pair('per_delivered_flit_pj')} | "
                     f"{pair('average_power_mw')} | {pair('energy_delay_product_pj_cycles', 1e-3)} | "
                     f"{both[0]['leakage_share']:.0%} | {'—' if gating is None else f'{gating:.0%}'} | "
                     f"{sideband:,.1f} |")
    return "\n".join(lines) + "\n"


def heatmaps(out, length, load=0.05):
    """The recovery network at the study's highest load, uncontrolled and self-tuned, with per-link
    counts and spatial samples: the picture of where each clogs."""
    runs = []
    for controller in ("none", "self_tuned"):
        path = out / "heatmaps" / f"{controller}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(BINARY), "platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml",
                        "--set", f"congestion_control.type={controller}", "--set", f"stimulus.injection.rate={load}",
                        "--set", f"simulation.cycles={length[0]}", "--set", f"simulation.warmup={length[1]}",
                        "--set", "simulation.activity=per_component",
                        "--set", f"simulation.spatial_sample_interval={max(1, (length[0] - length[1]) // 15)}",
                        "-q", "--out", str(path)], cwd=ROOT, check=True)
        runs.append((path, json.loads(path.read_text())))
    return plot.save(plot.plot_heatmap(runs), out / "selftuned-heatmap")


def _main(argv=None):
    ap = Parser(prog="scripts/run", description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="the paper's run length: 60,000 cycles, 10,000 warm-up")
    ap.add_argument("--jobs", type=lambda t: positive_int(t, 1024), default=os.cpu_count())
    ap.add_argument("--out", default=str(ROOT / "results"))
    args = ap.parse_args(argv)
    length = (60000, 10000) if args.full else (20000, 5000)
    out = check_writable_folder(pathlib.Path(args.out).absolute(), f"--out {args.out}")
    print(f"icnsim main job: the self-tuned paper's Fig. 4 study, {len(NETWORKS)} networks x {len(CONTROLLERS)} "
          f"controllers x 7 loads, {length[0]:,} cycles per run with {length[1]:,} of warm-up"
          + ("" if args.full else " (reduced from the paper's 60,000 / 10,000: --full for those)"), flush=True)
    started = time.time()
    rows_by_network, all_rows = {}, []
    for network, text in NETWORKS:
        settings = [f"simulation.cycles={length[0]}", f"simulation.warmup={length[1]}",
                    "energy.preset=dsent_45nm", "energy.gating_estimate=true"]
        code = sweep.main([str(ROOT / "sweeps" / f"selftuned-fig4-{network}.yaml"), "--jobs", str(args.jobs),
                           "--out", str(out / "sweeps" / f"selftuned-fig4-{network}"),
                           *[a for s in settings for a in ("--set", s)]])
        if code != 0:
            return code
        rows = plot.read_csv(out / "sweeps" / f"selftuned-fig4-{network}" / "runs.csv")
        for r in rows:
            r["network"] = text
        rows_by_network[network] = rows
        all_rows += rows
    figure = plot.plot_load(all_rows, "stimulus.injection.rate", "congestion_control.type", "network",
                            f"Self-tuned paper Fig. 4 on icnsim ({length[0]:,} cycles)")
    pictures = plot.save(figure, out / "selftuned-fig4")
    plot.say_notes()
    table = summary(rows_by_network, length) + "\n" + energy_summary(rows_by_network)
    maps = heatmaps(out, length)
    write_file(out / "selftuned-fig4.md", table + "\n![Fig. 4](selftuned-fig4.svg)\n\n"
                                           "Link utilisation past saturation (0.05 packets/node/cycle), "
                                           "uncontrolled and self-tuned:\n\n![heatmaps](selftuned-heatmap.svg)\n")
    print()
    print(table)
    print(f"plot: {pictures[0]} and .png; heatmaps: {maps[0]} and .png; table: {out / 'selftuned-fig4.md'}; "
          f"runs: {out / 'sweeps'} "
          f"({time.time() - started:.0f} s)")
    return 0


def main(argv=None):
    return tool_io.run(_main, argv, "scripts/run")


if __name__ == "__main__":
    sys.exit(main())
