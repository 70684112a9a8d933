"""Runs a sweep of icnsim simulations: a base platform and stimulus, axes over any configuration key, and
seeds, expanded into runs that execute in parallel (a local process pool, a Dask cluster, or a Slurm job
array) and end up as one result JSON per run and one tidy CSV (docs/sweeps.md).

    scripts/sweep SWEEP.yaml [--out DIR] [--jobs N | --scheduler tcp://HOST:PORT | --slurm] [--dry-run]
                 [--max-points N] [--set KEY=VALUE]...

Every run is cached under DIR/runs/ by the hash of its resolved configuration (what icnsim
--print-config prints for it) and of the model build, so an interrupted or extended sweep never
recomputes a finished point, and two spellings of the same configuration are one run
(scripts/run_cache.py, which the reports share).
"""
import csv
import itertools
import math
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

import yaml

import tool_io
from icnsim_runs import ROOT, ModelSnapshot
from run_cache import RunCache, RunError, execute_dask, execute_local, progress, resolve_arguments, resolve_many
from run_cache import run_key  # noqa: F401 (sweep.run_key: the key a run is cached under, for the tools' tests)
from tool_io import OutputError, Parser, ToolError, check_writable_folder, output_file, positive_int, \
    remove_stale_temporaries, why, write_file

SWEEP_KEYS = {
    "name": "short name of the sweep (the output folder's, by default): letters, digits, '.', '_' and '-'",
    "description": "free text",
    "platform": "the base platform file (relative to the sweep file, or to the repository)",
    "stimulus": "the base stimulus file (optional when the platform holds a stimulus: section)",
    "set": "overrides applied to every run: a mapping of configuration keys (stimulus keys as stimulus.KEY)",
    "axes": "crossed axes: a mapping of configuration keys to a list of values or a range {from, to, step|count}",
    "zip": "axes that vary together: a list of mappings of keys to equally long lists",
    "seeds": "seeds of every point: a list, or a count N meaning 1..N (default: the platform's seed)",
}
# A sweep of more points is refused before anything is expanded (--max-points raises it): a range or a
# seed count mistyped by a few orders of magnitude would otherwise fill memory and the disk (each run's
# configuration is kept, about 15 kB) or run for days.
MAX_POINTS = 10000
LARGEST_FILE = 16 << 20  # bytes of a sweep file, as icnsim reads its YAML files
KEY_CHARACTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
NAME_CHARACTERS = KEY_CHARACTERS | {"-"}


# Bad input in a sweep file, or a point icnsim refuses: one line naming the file, the key and what is
# allowed (run_cache's error, so that both are caught as one).
SweepError = RunError


def _fail(origin, key, problem, allowed):
    raise SweepError(f"{origin}: {key}: {problem} (allowed: {allowed})")


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shown(value, most=60):
    text = repr(value)
    return text if len(text) <= most else text[:most] + f"… ({len(text)} characters)"


def _range_count(origin, key, spec):
    """The number of values of a range {from, to, step} or {from, to, count}, both ends included."""
    unknown = set(spec) - {"from", "to", "step", "count"}
    if unknown or "from" not in spec or "to" not in spec or ("step" in spec) == ("count" in spec):
        _fail(origin, key, f"a range needs from, to and one of step or count, got {sorted(map(str, spec))}",
              "a list, or {from: A, to: B, step: S} or {from: A, to: B, count: N}")
    start, stop = spec["from"], spec["to"]
    if not all(_number(v) and math.isfinite(v) for v in (start, stop)):
        _fail(origin, key, f"from {_shown(start)} and to {_shown(stop)}", "finite numbers")
    if "count" in spec:
        count = spec["count"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            _fail(origin, key, f"count {_shown(count)}", "an integer of at least 1")
        return count
    step = spec["step"]
    if not _number(step) or not math.isfinite(step) or step <= 0 or stop < start:
        _fail(origin, key, f"step {_shown(step)} from {start} to {stop}", "a positive finite step, from <= to")
    count = (stop - start) / step
    if not math.isfinite(count) or count >= 1e15:
        return math.inf
    return int(math.floor(count + 1e-9)) + 1


def _range(origin, key, spec):
    """The values of a range {from, to, step} or {from, to, count}, both ends included."""
    count = _range_count(origin, key, spec)
    start, stop = spec["from"], spec["to"]
    step = ((stop - start) / (count - 1) if count > 1 else 0) if "count" in spec else spec["step"]
    values = [round(start + i * step, 12) for i in range(count)]
    integral = all(isinstance(v, int) for v in (start, stop, spec.get("step", 0)))
    return [int(v) for v in values] if integral and "count" not in spec else values


def _scalar(origin, key, value):
    """A value a --set override can carry: a number, a boolean or one line of text."""
    if _number(value):
        if not math.isfinite(value):
            _fail(origin, key, f"the value {value}", "finite numbers")
        return
    if isinstance(value, bool):
        return
    if isinstance(value, str):
        if any(ord(c) < 32 or ord(c) == 127 for c in value):
            _fail(origin, key, f"the value {_shown(value)} holds a control character", "one line of printable text")
        return
    _fail(origin, key, f"the value {_shown(value)} is a {type(value).__name__}",
          "a number, true or false, text, or a list of those")


def _value(origin, key, value):
    """A value of set: or of a list of values: a scalar or a flat list of scalars (network.wrap: [torus, mesh])."""
    if isinstance(value, list):
        if not value:
            _fail(origin, key, "an empty list as a value", "a list of at least one value")
        for item in value:
            _scalar(origin, key, item)
    else:
        _scalar(origin, key, value)


def _key(origin, where, key):
    if not isinstance(key, str) or not key or not set(key) <= KEY_CHARACTERS:
        _fail(origin, f"{where}{key if isinstance(key, str) else _shown(key)}", "not a configuration key",
              "letters, digits, _ and ., as in router.virtual_channels or stimulus.injection.rate")


def _count(origin, key, spec):
    if isinstance(spec, dict):
        return _range_count(origin, key, spec)
    if isinstance(spec, list):
        if not spec:
            _fail(origin, key, "an empty list", "at least one value")
        for value in spec:
            _value(origin, key, value)
        return len(spec)
    _value(origin, key, spec)
    return 1


def _values(origin, key, spec):
    if isinstance(spec, dict):
        return _range(origin, key, spec)
    if isinstance(spec, list):
        return spec
    return [spec]


def _text(value):
    """A value as --set takes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return str(value)


def is_file(path):
    """Whether PATH is a regular file; a name the system cannot look up (too long) is not one."""
    try:
        return pathlib.Path(path).is_file()
    except (OSError, ValueError):
        return False


def _read_yaml(path):
    origin = str(path)
    try:
        if not is_file(path):
            raise SweepError(f"{origin}: is not a file (allowed: a sweep file, YAML)")
        if path.stat().st_size > LARGEST_FILE:
            raise SweepError(f"{origin}: is larger than 16 MiB (allowed: a sweep file of at most 16 MiB)")
        return yaml.safe_load(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as e:
        raise SweepError(f"{origin}: is not UTF-8 text (byte {e.start}) (allowed: a YAML file)") from None
    except OSError as e:
        raise SweepError(f"{origin}: cannot be read ({why(e)})") from None
    except RecursionError:
        raise SweepError(f"{origin}: is nested too deeply (allowed: a sweep file as docs/sweeps.md shows)") from None
    except yaml.YAMLError as e:
        raise SweepError(f"{origin}: cannot be read as YAML ({e})".replace("\n", " ")) from None


def load(path, max_points=MAX_POINTS):
    """Reads and checks a sweep file; returns it as a dict with paths made absolute. A sweep of more than
    MAX_POINTS points is refused before its values are listed."""
    path = pathlib.Path(path)
    origin = str(path)
    sweep = _read_yaml(path)
    if not isinstance(sweep, dict):
        raise SweepError(f"{origin}: expected a mapping of sweep keys (allowed: {', '.join(SWEEP_KEYS)})")
    for key in sweep:
        if key not in SWEEP_KEYS:
            _fail(origin, key if isinstance(key, str) else _shown(key), "unknown key", ", ".join(SWEEP_KEYS))
    if "platform" not in sweep:
        _fail(origin, "platform", "missing", "a platform file")
    for key in ("platform", "stimulus"):
        if key in sweep:
            if not isinstance(sweep[key], str) or not sweep[key] or "\0" in sweep[key]:
                _fail(origin, key, f"{_shown(sweep[key])} is not a file name", "a path relative to the sweep file or the repository")
            found = [p for p in (path.parent / sweep[key], ROOT / sweep[key]) if is_file(p)]
            if not found:
                _fail(origin, key, f"{_shown(sweep[key])} is not a file", "a path relative to the sweep file or the repository")
            sweep[key] = str(found[0].resolve())
    for key in ("name", "description"):
        if key in sweep and not isinstance(sweep[key], str):
            _fail(origin, key, f"{_shown(sweep[key])} is not text", "text")
    name = sweep.setdefault("name", path.stem)
    if not name or not set(name) <= NAME_CHARACTERS or name.startswith(".") or len(name.encode()) > 200:
        _fail(origin, "name", f"{_shown(name)} cannot name a folder", "letters, digits, '.', '_' and '-', not "
              "starting with '.', at most 200 bytes (it names the folder results/sweeps/NAME)")
    for key in ("set", "axes"):
        if sweep.get(key) is None:
            sweep[key] = {}
        if not isinstance(sweep[key], dict):
            _fail(origin, key, "is not a mapping", "a mapping of configuration keys")
        for k in sweep[key]:
            _key(origin, f"{key}.", k)
    for k, value in sweep["set"].items():
        _value(origin, f"set.{k}", value)
    counts = [_count(origin, f"axes.{k}", v) for k, v in sweep["axes"].items()]
    groups = sweep.get("zip")
    groups = [] if groups is None else groups
    if not isinstance(groups, list) or not all(isinstance(g, dict) and g for g in groups):
        _fail(origin, "zip", "is not a list of mappings", "a list of mappings of keys to equally long lists")
    for i, group in enumerate(groups):
        for k in group:
            _key(origin, f"zip.{i}.", k)
        lengths = {k: _count(origin, f"zip.{i}.{k}", v) for k, v in group.items()}
        if len(set(lengths.values())) != 1:
            _fail(origin, f"zip.{i}", f"lists of different lengths {lengths}", "equally long lists")
        counts.append(next(iter(lengths.values())))
    keys = list(sweep["axes"]) + [k for g in groups for k in g]
    repeated = {k for k in keys if keys.count(k) > 1} | (set(keys) & set(sweep["set"]))
    if repeated:
        _fail(origin, sorted(repeated)[0], "given more than once", "each key in one of set, axes and zip")
    seeds = sweep.get("seeds")
    if isinstance(seeds, int) and not isinstance(seeds, bool):
        if seeds < 1:
            _fail(origin, "seeds", f"count {seeds}", "a count of at least 1, or a list of seeds")
        counts.append(seeds)
    elif seeds is not None:
        if not (isinstance(seeds, list) and seeds and all(isinstance(s, int) and not isinstance(s, bool) and
                                                          0 <= s <= 9007199254740991 for s in seeds)):
            _fail(origin, "seeds", _shown(seeds), "a count of at least 1, or a list of integers 0..9007199254740991")
        counts.append(len(seeds))
    points = math.prod(counts) if counts else 1
    if points > max_points:
        shown = "more than 10^15" if not math.isfinite(points) or points > 1e15 else f"{points:,}"
        raise SweepError(f"{origin}: {shown} points ({' x '.join(str(c) for c in counts)}) is more than a sweep may "
                         f"have (allowed: at most {max_points:,} points; --max-points N raises the limit)")
    sweep["axes"] = {k: _values(origin, f"axes.{k}", v) for k, v in sweep["axes"].items()}
    sweep["zip"] = [{k: _values(origin, f"zip.{i}.{k}", v) for k, v in g.items()} for i, g in enumerate(groups)]
    sweep["seeds"] = list(range(1, seeds + 1)) if isinstance(seeds, int) and not isinstance(seeds, bool) else seeds
    sweep["source"] = origin
    return sweep


def with_settings(sweep, settings):
    """The sweep with KEY=VALUE settings (values read as YAML) added to its set: mapping."""
    for text in settings:
        key, equals, value = text.partition("=")
        if not equals or not key:
            raise SweepError(f"--set {_shown(text)}: expected KEY=VALUE")
        _key("--set", "", key)
        if key in sweep["axes"] or any(key in g for g in sweep["zip"]):
            raise SweepError(f"--set {key}: is an axis of {sweep['source']} (allowed: keys the sweep does not vary)")
        try:
            parsed = yaml.safe_load(value)
        except yaml.YAMLError as e:
            raise SweepError(f"--set {key}: {_shown(value)} is not a YAML value ({e})".replace("\n", " ")) from None
        if parsed is None:
            raise SweepError(f"--set {key}: has no value (allowed: KEY=VALUE)")
        _value("--set", key, parsed)
        sweep["set"][key] = parsed
    return sweep


def expand(sweep):
    """The sweep's points, in a fixed order: each a list of (key, value) overrides, the seed last."""
    dimensions = [[[(k, v)] for v in values] for k, values in sweep["axes"].items()]
    for group in sweep["zip"]:
        keys = list(group)
        dimensions.append([[(k, group[k][i]) for k in keys] for i in range(len(group[keys[0]]))])
    seeds = sweep["seeds"] or [None]
    points = []
    for combination in itertools.product(*dimensions):
        for seed in seeds:
            point = [pair for part in combination for pair in part]
            if seed is not None:
                point.append(("simulation.seed", seed))
            points.append(point)
    return points


def overrides(sweep, point):
    return [f"{k}={_text(v)}" for k, v in list(sweep["set"].items()) + point]


def base_arguments(sweep):
    return [sweep["platform"]] + ([sweep["stimulus"]] if "stimulus" in sweep else [])


def resolve(model, sweep, point):
    """The run's configuration as icnsim resolves it."""
    return resolve_arguments(model, base_arguments(sweep), overrides(sweep, point),
                             f"{sweep['source']}: the point {dict(point)}")


class Sweep:
    """A sweep expanded and resolved: its runs, their cache paths and commands, their results."""

    def __init__(self, sweep, out, model=None, quiet=False):
        self.sweep = sweep
        self.out = check_writable_folder(pathlib.Path(out).absolute())
        self.runs_dir = self.out / "runs"
        self.model = model or ModelSnapshot(self.out)
        self.cache = RunCache(self.runs_dir, self.model)
        self.points = expand(sweep)
        with progress(len(self.points), 0, "checked", quiet or len(self.points) < 100) as bar:
            configurations = resolve_many(self.model, base_arguments(sweep),
                                          [overrides(sweep, p) for p in self.points], self.origin, bar,
                                          self.runs_dir)
            self.keys = [self.cache.store(c) for c in configurations]

    def origin(self, index):
        """Where a message about point INDEX (or, None, the whole sweep) comes from."""
        return self.sweep["source"] + ("" if index is None else f": the point {dict(self.points[index])}")

    def result_path(self, key):
        return self.cache.result_path(key)

    def command(self, key):
        return self.cache.command(key)

    def pending(self):
        return self.cache.pending(self.keys)

    def record_time(self, key, seconds):
        self.cache.record_time(key, seconds)

    def write_csv(self, path=None):
        """One row per point: its axis values, the seed, the run's key, and every scalar of its result."""
        path = pathlib.Path(path or self.out / "runs.csv")
        axis_keys = list(self.sweep["axes"]) + [k for g in self.sweep["zip"] for k in g]
        rows = []
        for point, key in zip(self.points, self.keys):
            row = {"run": key}
            row.update({k: v for k, v in point})
            result, _ = self.cache._read_result(key)
            if result is not None:
                row.update(flatten(result))
            rows.append(row)
        first = ["run"] + axis_keys + (["simulation.seed"] if self.sweep["seeds"] else [])
        rest = sorted({c for row in rows for c in row} - set(first))
        with output_file(path) as f:
            writer = csv.DictWriter(f, fieldnames=first + rest)
            writer.writeheader()
            for row in rows:
                writer.writerow({c: ("" if row.get(c) is None else row.get(c)) for c in first + rest})
        return path


def flatten(result, prefix=""):
    """The result's scalars with dotted names; lists (time series, per-node values) stay in the JSON."""
    out = {}
    for k, v in result.items():
        if isinstance(v, dict):
            out.update(flatten(v, prefix + k + "."))
        elif not isinstance(v, list):
            out[prefix + k] = v
    return out


def write_slurm(sweep, keys):
    """A job array with one task per pending run; submitted if sbatch exists. Run the sweep again
    once the array has finished to collect the results into the CSV."""
    folder = check_writable_folder(sweep.out / "slurm")
    manifest = folder / "manifest.txt"
    write_file(manifest, "".join(" ".join(shlex.quote(str(a)) for a in sweep.command(k)) + "\n" for k in keys))
    script = folder / "array.sh"
    write_file(script, f"""#!/bin/bash
#SBATCH --job-name=icnsim-{sweep.sweep['name']}
#SBATCH --array=1-{len(keys)}
#SBATCH --cpus-per-task=1
#SBATCH --output={shlex.quote(str(folder))}/%A_%a.log
# One icnsim run per array task: line $SLURM_ARRAY_TASK_ID of the manifest (written by scripts/sweep).
set -euo pipefail
cd {shlex.quote(str(ROOT))}
command=$(sed -n "${{SLURM_ARRAY_TASK_ID}}p" {shlex.quote(str(manifest))})
eval "$command" || [ $? -eq 3 ]
""")
    script.chmod(0o755)
    if shutil.which("sbatch"):
        p = subprocess.run(["sbatch", str(script)], capture_output=True, text=True)
        print(p.stdout.strip() or p.stderr.strip(), file=sys.stderr)
    else:
        print(f"sweep: no sbatch here; submit {script} on the cluster, then run this sweep again to collect",
              file=sys.stderr)
    return script


def failed(failures):
    """The sweep's end when runs failed: exit 4 if a run could not write its result (a full disk), else 1;
    every failed run named."""
    lines = "\n".join(text for _, text in failures)
    if any(code == 4 for code, _ in failures):
        raise OutputError(f"sweep: {len(failures)} runs could not write their results (a full disk?): "
                          + "; ".join(text for _, text in failures[:3]))
    print("sweep: runs failed:\n" + lines, file=sys.stderr)
    return 1


def parse_arguments(argv):
    ap = Parser(prog="scripts/sweep", description=__doc__.splitlines()[0])
    ap.add_argument("sweep", help="the sweep file (YAML)")
    ap.add_argument("--out", help="output folder (default: results/sweeps/NAME)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=lambda t: positive_int(t, 1024), default=os.cpu_count(),
                       help="local worker processes (default: all cores)")
    where.add_argument("--scheduler", help="run on an existing Dask cluster: tcp://HOST:PORT")
    where.add_argument("--slurm", action="store_true", help="write (and submit, if sbatch exists) a Slurm job array")
    ap.add_argument("--dry-run", action="store_true", help="list the runs and what is cached, run nothing")
    ap.add_argument("--max-points", type=positive_int, default=MAX_POINTS,
                    help=f"refuse a sweep of more points than this (default {MAX_POINTS:,})")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="add to (or replace in) the sweep's set: mapping, e.g. --set simulation.cycles=60000")
    args = ap.parse_args(argv)
    if args.scheduler is not None and not re.fullmatch(r"(tcp|tls|ucx|inproc|ws|wss)://\S+", args.scheduler):
        raise ToolError(f"--scheduler {_shown(args.scheduler)}: not a scheduler address (allowed: tcp://HOST:PORT)")
    if args.out is not None and (not args.out or "\0" in args.out):
        raise ToolError("--out: an empty folder name (allowed: a folder)")
    return args


def _main(argv=None):
    args = parse_arguments(argv)
    spec = with_settings(load(args.sweep, args.max_points), args.set)
    # Absolute here: the runs start in the repository, not where this was called from.
    out = pathlib.Path(args.out).absolute() if args.out else ROOT / "results" / "sweeps" / spec["name"]
    check_writable_folder(out, f"--out {out}")
    if not args.scheduler and not args.slurm:  # left by runs killed with this machine's sweeps (kill -9)
        remove_stale_temporaries(out)
        remove_stale_temporaries(out / "runs")
    sweep = Sweep(spec, out)
    pending = sweep.pending()
    runs = len(dict.fromkeys(sweep.keys))
    print(f"sweep {spec['name']}: {len(sweep.points)} points, {runs} runs, {runs - len(pending)} cached, "
          f"{len(pending)} to run (model {sweep.model.digest}, {sweep.out})", file=sys.stderr)
    if args.dry_run:
        for point, key in zip(sweep.points, sweep.keys):
            print(key, "to run" if key in pending else "cached", " ".join(overrides(spec, point)))
        return 0
    if args.slurm:
        if pending:
            write_slurm(sweep, pending)
            return 0
    elif pending:
        with progress(runs, runs - len(pending)) as bar:
            failures = (execute_dask(sweep, pending, args.scheduler, bar) if args.scheduler
                        else execute_local(sweep, pending, args.jobs, bar))
        if failures:
            sweep.write_csv()
            return failed(failures)
    print(sweep.write_csv())
    return 0


def main(argv=None):
    return tool_io.run(_main, argv, "scripts/sweep")


if __name__ == "__main__":
    sys.exit(main())
