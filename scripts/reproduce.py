"""Re-runs a paper's headline experiments on icnsim and writes docs/results/<paper>.md: its figures
(docs/results/<paper>/*.svg and .png) and a table of the paper's claims beside icnsim's numbers, with
a verdict and, where they differ, why (docs/sweeps.md, "Reproduction reports").

    scripts/reproduce PAPER|all [--quick] [--jobs N | --scheduler tcp://HOST:PORT] [--out DIR] [--cache DIR] [--perturb SEED]

--quick runs a reduced scale (shorter runs, fewer points; said in the report) for CI and for trying
changes. Runs are cached in results/reproduce/<paper>/ by their resolved configuration and the model
build, so a second call only renders. --perturb SEED renders with every measured number scaled, for
the check that a report's numbers come from its runs (scripts/papers/report_numbers.py).
"""
import importlib
import os
import pathlib
import re
import sys

import tool_io

from icnsim_runs import ROOT
from papers.report import Report
from study import Study
from tool_io import Parser, ToolError, check_writable_folder, positive_int

PAPERS = {  # name -> module in scripts/papers/
    "selftuned": "selftuned",
    "transt": "transt",
    "entropy": "entropy",
    "dally-vc": "dally_vc",
    "realistic-loads": "realistic_loads",
    "dragonfly": "dragonfly",
    "cosim": "cosim",
}


def reproduce(name, quick, jobs, scheduler, out, cache=None, perturb=None):
    paper = importlib.import_module(f"papers.{PAPERS[name]}")
    study = Study(name, paper.QUICK_LENGTH if quick else paper.FULL_LENGTH, jobs, scheduler,
                  pathlib.Path(cache) / name if cache else None, perturb)
    report = Report(name, paper.TITLE, paper.CITATION, pathlib.Path(out) / f"{name}.md", quick, study)
    # Every paper's module in the same three parts: its runs, its measures, its text (tables, figures, claims).
    plan = paper.plan_runs(report)
    study.execute()
    paper.render(report, plan, paper.measure(report, plan))
    path = report.save(f"scripts/reproduce {name}{' --quick' if quick else ''}")
    agreed = sum(1 for c in report.claims if c[4])
    print(f"{path}: {agreed} of {len(report.claims)} claims agree ({study.runs} runs, {study.elapsed():.0f} s)")
    return report


def parse_arguments(argv):
    ap = Parser(prog="scripts/reproduce", description=__doc__.splitlines()[0])
    ap.add_argument("paper", choices=[*PAPERS, "all"])
    ap.add_argument("--quick", action="store_true", help="reduced scale: shorter runs, fewer points")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=lambda t: positive_int(t, 1024), default=os.cpu_count(),
                       help="local worker processes (default: all cores)")
    where.add_argument("--scheduler", help="run on an existing Dask cluster: tcp://HOST:PORT")
    ap.add_argument("--out", default=str(ROOT / "docs" / "results"), help="folder of the reports (default: docs/results)")
    ap.add_argument("--cache", help="folder of the cached runs (default: results/reproduce)")
    ap.add_argument("--perturb", type=int, metavar="SEED",
                    help="render with every measured number scaled by 30-100 %%, to see which of the report's numbers "
                         "come from its data (a test's tool: the report is not a result)")
    args = ap.parse_args(argv)
    if args.scheduler is not None and not re.fullmatch(r"(tcp|tls|ucx|inproc|ws|wss)://\S+", args.scheduler):
        raise ToolError(f"scripts/reproduce: --scheduler {args.scheduler!r}: not a scheduler address (allowed: "
                        "tcp://HOST:PORT)")
    for option in ("out", "cache"):
        folder = getattr(args, option)
        if folder is not None:
            if not folder or "\0" in folder:
                raise ToolError(f"scripts/reproduce: --{option}: an empty folder name (allowed: a folder)")
            # Absolute: the runs start in the repository, not where this was called from.
            setattr(args, option, str(check_writable_folder(pathlib.Path(folder).absolute(), f"--{option} {folder}")))
    return args


def _main(argv=None):
    args = parse_arguments(argv)
    for name in (PAPERS if args.paper == "all" else [args.paper]):
        reproduce(name, args.quick, args.jobs, args.scheduler, args.out, args.cache, args.perturb)
    return 0


def main(argv=None):
    return tool_io.run(_main, argv, "scripts/reproduce")


if __name__ == "__main__":
    sys.exit(main())
