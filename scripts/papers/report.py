"""What every reproduction report is made of: its text, its figures (SVG and PNG beside the report, in
docs/results/<paper>/), and one table of the paper's claims with icnsim's numbers and a verdict."""
import json
import math
import pathlib

import plot
from papers.measures import missing
from tool_io import check_writable_folder, write_file


class Report:
    def __init__(self, paper, title, citation, out, quick, study):
        self.paper = paper
        self.out = pathlib.Path(out)                      # the report's Markdown file
        self.figures = self.out.parent / self.out.stem    # its figures' folder
        self.quick = quick
        self.study = study
        self.lines = [f"# {title}\n", citation + "\n"]
        self.claims = []
        self.derived_values = []  # numbers computed from the set-up alone (derived())

    def derived(self, value):
        """VALUE, a number computed from the configuration alone (an analytical model's, a capacity),
        recorded as such: it does not change with the runs' results, and yet was not typed into the text
        (scripts/papers/report_numbers.py)."""
        self.derived_values.append(float(value))
        return value

    def write(self, text=""):
        self.lines.append(text)

    def figure(self, figure, name, caption):
        """Saves FIGURE as NAME.svg and NAME.png and shows it in the report. A perturbed render (the check
        of the report's numbers, which reads its text) draws no figure."""
        if self.study.perturb is None:
            paths = plot.save(figure, self.figures / name)
        else:
            plot.plt.close(figure)
            paths = []
        self.lines.append(f"![{caption}]({self.figures.name}/{name}.svg)\n")
        return paths

    def claim(self, where, claim, paper, icnsim, agrees, why=""):
        """One row of the claims table: `agrees` is computed from the numbers by the caller."""
        self.claims.append((where, claim, paper, icnsim, agrees, "" if agrees else why or "not explained yet"))
        return agrees

    def claims_table(self):
        rows = ["| figure | the paper's claim | paper | icnsim | agrees | why it may differ |",
                "|---|---|---|---|---|---|"]
        for where, claim, paper, icnsim, agrees, why in self.claims:
            rows.append(f"| {where} | {claim} | {paper} | {icnsim} | {'yes' if agrees else '**no**'} | {why} |")
        return "\n".join(rows) + "\n"

    def save(self, command):
        """Writes the report: the header (command, runs, time), the claims table, then the sections."""
        def duration(seconds):
            return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} minutes"

        simulated, unrecorded = self.study.simulation_seconds()
        header = (f"Written by `{command}`: {self.study.runs} runs taking {duration(simulated)} of one core in all"
                  + (f" ({unrecorded} without a record)" if unrecorded else "")
                  + f"; this call computed {self.study.computed} of them on {self.study.jobs} cores and took "
                  f"{duration(self.study.elapsed())}{' (reduced scale: --quick)' if self.quick else ''}. Runs are "
                  "cached by their resolved configuration and the model build (docs/sweeps.md), so a second call "
                  "only renders.\n")
        agreed = sum(1 for c in self.claims if c[4])
        body = (self.lines[:2] + [header, f"## Claims ({agreed} of {len(self.claims)} agree)\n", self.claims_table()]
                + self.lines[2:])
        check_writable_folder(self.out.parent)
        write_file(self.out, "\n".join(body))
        if self.study.perturb is not None:  # for the check of the report's numbers, beside the perturbed render
            write_file(self.out.parent / f"{self.out.stem}.derived.json", json.dumps(self.derived_values))
        return self.out


def zero_load_model(config):
    """Mean hops and zero-load latency (cycles, from creation to the tail's delivery) of uniform traffic on
    a k-ary n-cube, from the configuration alone. A packet waits one cycle after its creation, takes the
    injection channel, is routed and crosses the crossbar in each of the H + 1 routers on its path,
    crosses H links and the delivery channel, and its tail follows L - 1 cycles behind its header."""
    network, router = config["network"], config["router"]
    k, n = network["radix"], network["dimensions"]
    wraps = network["wrap"] if isinstance(network["wrap"], list) else [network["wrap"]] * n
    per_dimension = [((k / 4 if k % 2 == 0 else (k * k - 1) / (4 * k)) if w == "torus" else (k * k - 1) / (3 * k))
                     for w in wraps]
    nodes = k ** n
    hops = sum(per_dimension) * nodes / (nodes - 1)  # destinations are every node but the source
    ni = config["network_interface"]
    latency = (1 + ni["injection_delay"] + (hops + 1) * (router["routing_delay"] + router["crossbar_delay"])
               + hops * router["link_delay"] + ni["delivery_delay"] + config["stimulus"]["packet_length"] - 1)
    return hops, latency


def uniform_capacity(config):
    """Uniform-traffic capacity in flits/node/cycle: the bisection bound, 8 / k on a torus (4 / k on a
    mesh), or the injection channels if fewer."""
    network = config["network"]
    wraps = network["wrap"] if isinstance(network["wrap"], list) else [network["wrap"]]
    bound = (8 if all(w == "torus" for w in wraps) else 4) / network["radix"]
    return min(bound, config["network_interface"]["injection_channels"])


def zero_load_probe(study, platform, settings=()):
    """A run of uniform traffic at a load low enough to measure the zero-load latency, uncontrolled."""
    return study.submit(platform, "stimuli/uniform.yaml", ["congestion_control.type=none", "stimulus.injection.rate=0.0002",
                                                          "simulation.cycles=20000", "simulation.warmup=0", *settings],
                        length=False)


def analytic_checks(report, probe, peak=None, peak_where=""):
    """The zero-load latency and the uniform capacity of the paper's network from the model above beside
    icnsim's: `probe` is a run of uniform traffic at a very low load; `peak` the highest accepted
    throughput (flits/node/cycle) measured with uniform traffic, if the report has one."""
    config, result = report.study.configuration(probe), report.study.result(probe)
    hops, latency = (report.derived(v) for v in zero_load_model(config))
    capacity = report.derived(uniform_capacity(config))
    report.write("## Analytical checks\n")
    report.write(f"Uniform traffic on the paper's network ({config['network']['radix']}-ary "
                 f"{config['network']['dimensions']}-cube), icnsim at {result['load']['offered_normalised']:.3f} of "
                 "capacity for the zero-load values. Zero-load latency = 1 + injection + (H + 1) · (routing + "
                 "crossbar) + H · link + delivery + (L − 1) cycles; capacity = 8 / k on a torus (4 / k on a mesh), "
                 "the bisection bound.\n")
    report.write("| quantity | model | icnsim |\n|---|---|---|")
    report.write(f"| mean hops H | {hops:.2f} | {result['mean_hops']:.2f} |")
    report.write(f"| zero-load latency (cycles) | {latency:.1f} | {result['latency']['mean']:.1f} |")
    report.write(f"| uniform capacity (flits/node/cycle) | {capacity:.3f} | "
                 f"{result['network']['uniform_capacity_flits_per_node_cycle']:.3f} (icnsim's own) |")
    if peak is not None:
        report.write(f"| highest accepted, uniform (flits/node/cycle) | ≤ {capacity:.3f} | {peak:.3f} "
                     f"({peak / capacity:.0%} of capacity{peak_where}) |")
    report.write("")
    return hops, latency


def percent(value):
    return "—" if missing(value) else f"{100 * value:.1f} %"


def cycles(value):
    return "—" if missing(value) else f"{value:,.0f}"
