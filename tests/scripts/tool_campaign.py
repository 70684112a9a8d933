"""A generated campaign of hostile inputs to the study tools (scripts/sweep, plot, make-trace, reproduce, bench):
arguments and input files drawn from values a user, a script gone wrong or a damaged disk can produce — wrong
types, non-finite numbers, huge ranges, control characters, files cut short, binary junk, folders where files
belong, a full disk (a file-size limit). Every case must end with a documented exit status (0, or 2 for bad
input, 4 for an output that could not be written), never a traceback, and a refusal is one line on stderr
(issue 50). Each tool's main() runs in this process, so that hundreds of cases take seconds.

Used by tests/scripts/test_tool_campaign.py (a fixed seed, within the suite's time) and by scripts/fuzz
(more cases, a new seed each time): python tests/scripts/tool_campaign.py --cases N --seed S."""
import argparse
import contextlib
import importlib.machinery
import io
import json
import math
import os
import pathlib
import random
import resource
import signal
import subprocess
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
sys.path.insert(0, str(ROOT / "scripts"))

HOSTILE = [None, True, False, 0, -1, 1, 3, 2 ** 63, -2 ** 63, 1e308, 1e-320, math.inf, -math.inf, math.nan, "", " ",
           "x", "a\tb", "a\nb", "\x00", "é", "..", "../../x", "/", "a" * 3000, [], [None], [[]], [1, [2]], [{}], {},
           {"a": 1}, {"from": 0}, {"from": 0, "to": 1, "step": 0}, {"from": 0, "to": 1, "count": 0},
           {"from": "a", "to": 1, "count": 2}, {"from": 0, "to": math.inf, "step": 1},
           {"from": 0, "to": 1e12, "step": 1e-3}, {"from": 1, "to": 0, "step": 1}, {"from": 0, "to": 1, "count": True},
           {"from": math.nan, "to": 1, "count": 2}, {"from": 0, "to": 1, "step": -0.5, "count": 3},
           {"from": 0, "to": 0.02, "count": 3}, [0.01, 0.02], "0.02", "2e-2", 0.02, 8, "08", [3, 0]]
KEYS = ["stimulus.injection.rate", "router.virtual_channels", "router.buffer_depth", "network.radix", "simulation.seed",
        "congestion_control.type", "nonsense.key", "a b", "x=y", "", 5, None, "k\tey", "stimulus.phases.3.x"]
INTEGERS = ["0", "-1", "1", "2", "x", "1e3", "99999999999999999999", "", " 3", "0x10", "nan", "inf", "-0", "1.5"]
NUMBERS = INTEGERS + ["0.5", "1e-9", "-inf", "1e400"]


def base_sweep(rng=None):
    """A valid sweep: synthetic traffic on a torus, or (drawn by `rng`) a program on cores or a network file."""
    kind = rng.randrange(3) if rng else 0
    if kind == 1 and (BUILD / "software" / "token_ring.elf").exists():
        return {"name": "campaign", "platform": "platforms/cores-8x8.yaml",
                "stimulus": str(BUILD / "software" / "token_ring.elf"), "set": {"network.radix": 4},
                "axes": {"processor.cycles_per_instruction": [1, 2]}}
    if kind == 2:
        return {"name": "campaign", "platform": "platforms/chiplets.yaml", "stimulus": "stimuli/uniform.yaml",
                "set": {"simulation.cycles": 600, "simulation.warmup": 100},
                "axes": {"router.virtual_channels": [2, 4]}, "seeds": 2}
    return {"name": "campaign", "platform": "platforms/default.yaml", "stimulus": "stimuli/uniform.yaml",
            "set": {"simulation.cycles": 600, "simulation.warmup": 100},
            "axes": {"stimulus.injection.rate": [0.01, 0.02]}, "seeds": 2}


def mutate_sweep(rng, spec):
    choice = rng.randrange(9)
    if choice == 0:
        spec[rng.choice(list(spec))] = rng.choice(HOSTILE)
    elif choice == 1:
        spec[rng.choice(["colour", "Name", "axis", 3, None])] = rng.choice(HOSTILE)
    elif choice == 2:
        spec.pop(rng.choice(list(spec)), None)
    elif choice == 3:
        spec.setdefault("axes", {})
        if isinstance(spec["axes"], dict):
            spec["axes"][rng.choice(KEYS)] = rng.choice(HOSTILE)
    elif choice == 4:
        spec["set"] = {rng.choice(KEYS): rng.choice(HOSTILE)}
    elif choice == 5:
        spec["zip"] = rng.choice([[{"router.virtual_channels": [2, 3], "router.buffer_depth": rng.choice(HOSTILE)}],
                                  rng.choice(HOSTILE), [rng.choice(HOSTILE)], [{rng.choice(KEYS): [1]}]])
    elif choice == 6:
        spec["seeds"] = rng.choice(HOSTILE + [10 ** 7, [1, 2, 2], [-1], list(range(3))])
    elif choice == 7:
        spec["name"] = rng.choice(HOSTILE + ["../up", "a/b", ".hidden", "ok-name", "x" * 300])
    else:
        spec[rng.choice(["platform", "stimulus"])] = rng.choice(HOSTILE + ["platforms/none.yaml", "platforms",
                                                                          "/dev/zero", "stimuli/ramp.yaml"])
    return spec


def sweep_file(rng, folder):
    """A sweep file: a valid one mutated, or a damaged file."""
    path = folder / f"s{rng.randrange(10 ** 9)}.yaml"
    kind = rng.random()
    if kind < 0.12:
        data = rng.choice([b"", b"\xff\xfe\x00junk", b"a: [", b"- 1\n- 2\n", b"[" * 5000, b"platform: *x\n",
                           b"a: &a [*a]\n", b"platform: platforms/default.yaml\naxes: {r: [1, 2]\n",
                           yaml.safe_dump(base_sweep()).encode()[:rng.randrange(1, 120)]])
        path.write_bytes(data)
        return path
    spec = base_sweep(rng)
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        spec = mutate_sweep(rng, spec)
    try:
        path.write_text(yaml.safe_dump(spec, allow_unicode=True))
    except (yaml.YAMLError, ValueError):
        path.write_text("platform: [")
    return path


def sweep_case(rng, folder, out):
    argv = [str(sweep_file(rng, folder)) if rng.random() < 0.95 else rng.choice(["", "/nonexistent", str(folder)])]
    argv += ["--dry-run", "--out", str(out)]  # --dry-run: a case never runs a simulation
    for _ in range(rng.choice([0, 0, 1, 2])):
        option = rng.choice(["--jobs", "--max-points", "--set", "--out", "--scheduler", "--slurm", "--bogus"])
        if option == "--slurm":
            argv.append(option)
        elif option == "--set":
            argv += [option, rng.choice(["simulation.cycles=700", "=", "a", "k=[", "k=", "x=1", "a b=1", "k=\x01",
                                         "stimulus.injection.rate=nan", "router.buffer_depth=0", "name={a: 1}"])]
        elif option == "--out":
            argv += [option, rng.choice(["", str(folder / "afile"), str(folder), str(folder / "deep" / "er"),
                                         str(folder / ("l" * 256))])]
        elif option == "--scheduler":
            argv += [option, rng.choice(["", "x", "tcp://", "http://host:1", "tcp:// host"])]
        else:
            argv += [option, rng.choice(INTEGERS)]
    if "--slurm" in argv and rng.random() < 0.5:
        argv.remove("--dry-run")  # a Slurm array is written, and nothing is run here
    return "sweep", argv


def damaged_copy(rng, folder, suffix, valid, reshaped, junk):
    """A file of the given kind: VALID as it is (about half the time), cut short, RESHAPED (parses, but is not
    what a tool reads), or one of JUNK."""
    path = folder / f"{suffix[1]}{rng.randrange(10 ** 9)}{suffix}"
    kind = rng.random()
    if kind < 0.5:
        path.write_text(valid)
    elif kind < 0.62:
        path.write_text(valid[:rng.randrange(1, len(valid))])
    elif kind < 0.75:
        path.write_text(reshaped(valid))
    else:
        path.write_bytes(rng.choice(junk))
    return path


def csv_file(rng, folder, valid):
    def extra_field(text):
        lines = text.splitlines()
        return "\n".join([lines[0]] + [line + ",extra" for line in lines[1:]]) + "\n"
    return damaged_copy(rng, folder, ".csv", valid, extra_field, [b"", b"run\n", b"\xff\xfe\xfa", b"a,b\n1\n",
                                                                  b'"unterminated\n1,2\n', b"{\"json\": 1}", b"\x00" * 10])


def result_file(rng, folder, valid):
    def wrong_types(text):
        broken = json.loads(text)
        for key in rng.sample(sorted(broken), 3):
            broken[key] = rng.choice([None, [], {}, "x", 1])
        return json.dumps(broken)
    return damaged_copy(rng, folder, ".json", valid, wrong_types, [b"", b"[]", b"{}", b'{"model": "icnsim", "network": {}}',
                                                                  b"[" * 100000, b"\xff", b"nul\x00l"])


def plot_case(rng, folder, data):
    kind = rng.choice(["load", "bars", "series", "heatmap", "animate", "nothing"])
    out = rng.choice([str(folder / "fig"), str(folder / "fig"), "", str(folder), str(folder / "no" / "such" / "fig"),
                      str(folder / ("f" * 250)), str(folder / "afile" / "x")])
    if kind in ("load", "bars"):
        argv = [kind, str(csv_file(rng, folder, data["csv"]))]
        for option, values in (("--x", ["stimulus.injection.rate", "nope", ""]), ("--by", ["congestion_control.type", "x"]),
                               ("--panel", ["router.virtual_channels", "nope"]), ("--metric", ["latency.mean", "nope",
                                                                                              "status.state"]),
                               ("--group", ["stimulus.injection.rate", "nope"]), ("--base", ["none", "alo", "x"])):
            if rng.random() < 0.25 and (kind == "bars" or option in ("--x", "--by", "--panel")):
                argv += [option, rng.choice(values)]
            if rng.random() < 0.1 and kind == "load" and option == "--panel":
                argv.append("--energy")
    elif kind == "nothing":
        argv = rng.choice([[], ["load"], ["frobnicate"], ["--help-me"]])
    else:
        argv = [kind] + [str(result_file(rng, folder, data["json"])) for _ in range(1 if kind == "animate" else
                                                                                     rng.choice([1, 1, 2]))]
        if kind == "animate" and rng.random() < 0.5:
            argv += ["--fps", rng.choice(INTEGERS)]
        if kind == "heatmap" and rng.random() < 0.4:
            argv += [rng.choice(["--first", "--last"]), rng.choice(INTEGERS)]
    if kind != "nothing" and rng.random() < 0.95:
        argv += ["--out", out]
    return "plot", argv


def trace_case(rng, folder):
    argv = [rng.choice(["ring", "alltoall", "stencil", "tree", "cg", "cg", "nope", ""])]
    for option in ("--nodes", "--size", "--iterations", "--compute", "--seed", "--max-lines"):
        if rng.random() < 0.3:
            argv += [option, rng.choice(INTEGERS + ["64", "100000", "4000000001"])]
    argv += ["-o", rng.choice([str(folder / "t.trace"), str(folder / "t.trace"), "", str(folder),
                               str(folder / "no" / "t.trace"), str(folder / ("t" * 255)), str(folder / ("t" * 256))])]
    return "make-trace", argv


def reproduce_case(rng, folder):
    # Never a valid call (that would run a study): at least one bad option.
    bad = rng.choice([["--jobs", rng.choice(["0", "-1", "x", "2000", ""])], ["--scheduler", rng.choice(["", "x", "tcp:/"])],
                      ["--out", str(folder / "afile")], ["--cache", rng.choice(["", str(folder / "afile")])],
                      ["--perturb", rng.choice(["x", "1.5", ""])], ["--quick", "--bogus"], ["--jobs", "1", "--scheduler",
                                                                                          "tcp://h:1"]])
    paper = rng.choice(["selftuned", "transt", "all", "nope", ""])
    return "reproduce", [paper, *bad] if rng.random() < 0.9 else bad


def bench_case(rng, folder):
    # Never a valid call (that would run a benchmark): at least one bad option.
    bad = rng.choice([["--cycles", rng.choice(["0", "-5", "x", "1e3", "99999999999"])],
                      ["--points", rng.choice(["0", "x", "100001"])],
                      ["--router-load", rng.choice(["0", "-1", "nan", "inf", "x", "9"])],
                      ["--largest", rng.choice(["0", "x"])], ["--build", rng.choice(["", str(folder), "/nonexistent"])],
                      ["--booksim", rng.choice(["", str(folder), "/nonexistent", "/etc/hostname"])],
                      ["--frobnicate"]])
    extra = rng.choice([[], ["--scale"], ["--vp"], ["--sweep"]])
    return "bench", extra + bad


def energy_case(rng, folder, data):
    """scripts/energy.py on a result (with its energy section) as damaged as the plots' inputs, or no file at all."""
    which = rng.random()
    if which < 0.8:
        return "energy", [str(result_file(rng, folder, data["json"]))]
    return "energy", rng.choice([[str(folder)], [str(folder / "missing.json")], [], [str(folder / "afile"), "x"]])


def tools():
    import bench
    import energy
    import plot
    import reproduce
    import sweep
    make_trace = importlib.machinery.SourceFileLoader("make_trace", str(ROOT / "scripts" / "make-trace")).load_module()
    return {"sweep": sweep.main, "plot": plot.main, "make-trace": make_trace.main, "reproduce": reproduce.main,
            "bench": bench.main, "energy": energy.main}


def inputs(folder):
    """A real result (a 4x4 torus with spatial samples) and a real runs CSV, for the damaged copies to start from."""
    binary = BUILD / "model" / "icnsim"
    result = folder / "valid.json"
    subprocess.run([binary, ROOT / "platforms/default.yaml", ROOT / "stimuli/uniform.yaml", "--set", "network.radix=4",
                    "--set", "simulation.cycles=1200", "--set", "simulation.warmup=200", "--set",
                    "simulation.spatial_sample_interval=250", "--set", "simulation.activity=per_component",
                    "--set", "energy.preset=dsent_45nm", "-q", "--out", result], check=True)
    rows = ["run,stimulus.injection.rate,congestion_control.type,router.virtual_channels,status.state,"
            "throughput.accepted_normalised,latency.mean,schedule.completion_cycles"]
    for i, (rate, controller, vcs) in enumerate((r, c, v) for r in (0.01, 0.02) for c in ("none", "alo") for v in (2, 3)):
        rows.append(f"k{i},{rate},{controller},{vcs},{'completed' if i != 5 else 'deadlock'},{rate * 20},"
                    f"{50 + 100 * rate + i},{1000 + i}")
    return {"json": result.read_text(), "csv": "\n".join(rows) + "\n"}


def draw(rng, folder, out, data):
    which = rng.random()
    if which < 0.4:
        return sweep_case(rng, folder, out)
    if which < 0.65:
        return plot_case(rng, folder, data)
    if which < 0.85:
        return trace_case(rng, folder)
    if which < 0.9:
        return reproduce_case(rng, folder)
    if which < 0.95:
        return energy_case(rng, folder, data)
    return bench_case(rng, folder)


def run_case(main, argv, full_disk=False):
    """Runs one case in this process: (exit status, stdout, stderr). A full disk is a file-size limit."""
    stdout, stderr = io.StringIO(), io.StringIO()
    handlers = {n: signal.getsignal(n) for n in (signal.SIGTERM, signal.SIGHUP)}
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    try:
        if full_disk:
            resource.setrlimit(resource.RLIMIT_FSIZE, (2048, limits[1]))
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse's --help
                code = e.code if isinstance(e.code, int) else 1
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        for number, handler in handlers.items():
            signal.signal(number, handler)
    return code, stdout.getvalue(), stderr.getvalue()


ALLOWED = {"sweep": {0, 2, 4}, "plot": {0, 2, 4}, "make-trace": {0, 2, 4}, "reproduce": {2, 4}, "bench": {2, 4},
           "energy": {0, 1, 2, 4}}  # energy.py: 1, the model and the recomputation differ (a damaged count)


def problems(tool, argv, code, stderr):
    """What is wrong with a case's outcome: a status outside the documented ones, a traceback, or a refusal that
    is not one line."""
    said = [line for line in stderr.splitlines() if line.strip() and "%|" not in line]
    found = []
    if code not in ALLOWED[tool]:
        found.append(f"exit {code}")
    if "Traceback" in stderr:
        found.append("a traceback")
    if "internal error" in stderr:
        found.append("an internal error")
    if code not in (0, None) and len([line for line in said if not line.startswith("sweep: ")]) != 1:
        found.append(f"{len(said)} lines on stderr")
    return found


def campaign(count, seed, folder, report=print, seconds=None):
    """Runs COUNT cases drawn from SEED in FOLDER (or as many as SECONDS allow); returns the failures as text and
    the tally of exit statuses."""
    import time
    deadline = time.monotonic() + seconds if seconds else None
    folder = pathlib.Path(folder)
    (folder / "afile").write_text("a file where a folder belongs\n")
    data = inputs(folder)
    mains = tools()
    rng = random.Random(seed)
    failures, tally = [], {}
    for index in range(count):
        if deadline is not None and time.monotonic() > deadline:
            break
        tool, argv = draw(rng, folder, folder / "out", data)
        full_disk = rng.random() < 0.08
        code, _, stderr = run_case(mains[tool], argv, full_disk)
        tally[code] = tally.get(code, 0) + 1
        found = problems(tool, argv, code, stderr)
        if found:
            failures.append(f"case {index} ({tool} {argv!r}{', full disk' if full_disk else ''}): {', '.join(found)}: "
                            f"{stderr.strip()[-600:]}")
            report(failures[-1])
    return failures, tally


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="the study tools' campaign of hostile inputs")
    ap.add_argument("--cases", type=int, default=10 ** 9)
    ap.add_argument("--seconds", type=float, default=None, help="stop drawing cases after this long")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--folder", required=True)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(10 ** 9)
    pathlib.Path(args.folder).mkdir(parents=True, exist_ok=True)
    if args.seconds is None and args.cases == 10 ** 9:
        ap.error("give --cases or --seconds")
    failures, tally = campaign(args.cases, seed, args.folder, seconds=args.seconds)
    print(f"tool campaign: {sum(tally.values())} cases, seed {seed}: {len(failures)} failures; exit statuses "
          + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items(), key=lambda kv: str(kv[0]))))
    sys.exit(1 if failures else 0)
