"""Runs a sweep of icnsim simulations: a base platform and stimulus, axes over any configuration key, and
seeds, expanded into runs that execute in parallel (a local process pool, a Dask cluster, or a Slurm job
array) and end up as one result JSON per run and one tidy CSV (docs/sweeps.md).

    scripts/sweep SWEEP.yaml [--out DIR] [--jobs N | --scheduler tcp://HOST:PORT | --slurm] [--dry-run]

Every run is cached under DIR/runs/ by the hash of its resolved configuration (what icnsim
--print-config prints for it) and of the model build, so an interrupted or extended sweep never
recomputes a finished point, and two spellings of the same configuration are one run.
"""
import argparse
import concurrent.futures
import csv
import hashlib
import itertools
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import time

import yaml

from icnsim_runs import BUILD, ROOT, Model

SWEEP_KEYS = {
    "name": "short name of the sweep (the output folder's, by default)",
    "description": "free text",
    "platform": "the base platform file (relative to the sweep file, or to the repository)",
    "stimulus": "the base stimulus file (optional when the platform holds a stimulus: section)",
    "set": "overrides applied to every run: a mapping of configuration keys (stimulus keys as stimulus.KEY)",
    "axes": "crossed axes: a mapping of configuration keys to a list of values or a range {from, to, step|count}",
    "zip": "axes that vary together: a list of mappings of keys to equally long lists",
    "seeds": "seeds of every point: a list, or a count N meaning 1..N (default: the platform's seed)",
}


class SweepError(Exception):
    """Bad input in a sweep file: one line naming the file, the key and what is allowed."""


def _fail(origin, key, problem, allowed):
    raise SweepError(f"{origin}: {key}: {problem} (allowed: {allowed})")


def _range(origin, key, spec):
    """The values of a range {from, to, step} or {from, to, count}, both ends included."""
    unknown = set(spec) - {"from", "to", "step", "count"}
    if unknown or "from" not in spec or "to" not in spec or ("step" in spec) == ("count" in spec):
        _fail(origin, key, f"a range needs from, to and one of step or count, got {sorted(spec)}",
              "a list, or {from: A, to: B, step: S} or {from: A, to: B, count: N}")
    start, stop = spec["from"], spec["to"]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (start, stop)):
        _fail(origin, key, "from and to must be numbers", "numbers")
    if "count" in spec:
        count = spec["count"]
        if not isinstance(count, int) or count < 1:
            _fail(origin, key, f"count {count!r}", "an integer of at least 1")
        step = (stop - start) / (count - 1) if count > 1 else 0
    else:
        step = spec["step"]
        if not isinstance(step, (int, float)) or step <= 0 or stop < start:
            _fail(origin, key, f"step {step!r} from {start} to {stop}", "a positive step, from <= to")
        count = int(math.floor((stop - start) / step + 1e-9)) + 1
    values = [round(start + i * step, 12) for i in range(count)]
    integral = all(isinstance(v, int) for v in (start, stop, spec.get("step", 0)))
    return [int(v) for v in values] if integral and "count" not in spec else values


def _values(origin, key, spec):
    if isinstance(spec, dict):
        return _range(origin, key, spec)
    if isinstance(spec, list):
        if not spec:
            _fail(origin, key, "an empty list", "at least one value")
        return spec
    return [spec]


def _text(value):
    """A value as --set takes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return str(value)


def load(path):
    """Reads and checks a sweep file; returns it as a dict with paths made absolute."""
    path = pathlib.Path(path)
    origin = str(path)
    try:
        sweep = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as e:
        raise SweepError(f"{origin}: cannot be read as YAML ({e})".replace("\n", " "))
    if not isinstance(sweep, dict):
        raise SweepError(f"{origin}: expected a mapping of sweep keys (allowed: {', '.join(SWEEP_KEYS)})")
    for key in sweep:
        if key not in SWEEP_KEYS:
            _fail(origin, key, "unknown key", ", ".join(SWEEP_KEYS))
    if "platform" not in sweep:
        _fail(origin, "platform", "missing", "a platform file")
    for key in ("platform", "stimulus"):
        if key in sweep:
            found = [p for p in (path.parent / sweep[key], ROOT / sweep[key]) if p.is_file()]
            if not found:
                _fail(origin, key, f"{sweep[key]} is not a file", "a path relative to the sweep file or the repository")
            sweep[key] = str(found[0].resolve())
    for key in ("set", "axes"):
        if not isinstance(sweep.setdefault(key, {}), dict):
            _fail(origin, key, "is not a mapping", "a mapping of configuration keys")
    sweep["axes"] = {k: _values(origin, f"axes.{k}", v) for k, v in sweep["axes"].items()}
    groups = sweep.setdefault("zip", [])
    if not isinstance(groups, list) or not all(isinstance(g, dict) and g for g in groups):
        _fail(origin, "zip", "is not a list of mappings", "a list of mappings of keys to equally long lists")
    for i, group in enumerate(groups):
        lengths = {k: len(_values(origin, f"zip.{i}.{k}", v)) for k, v in group.items()}
        if len(set(lengths.values())) != 1:
            _fail(origin, f"zip.{i}", f"lists of different lengths {lengths}", "equally long lists")
        groups[i] = {k: _values(origin, f"zip.{i}.{k}", v) for k, v in group.items()}
    keys = list(sweep["axes"]) + [k for g in groups for k in g]
    repeated = {k for k in keys if keys.count(k) > 1} | (set(keys) & set(sweep["set"]))
    if repeated:
        _fail(origin, sorted(repeated)[0], "given more than once", "each key in one of set, axes and zip")
    seeds = sweep.get("seeds")
    if isinstance(seeds, int) and not isinstance(seeds, bool):
        if seeds < 1:
            _fail(origin, "seeds", f"count {seeds}", "a count of at least 1, or a list of seeds")
        seeds = list(range(1, seeds + 1))
    elif seeds is not None and not (isinstance(seeds, list) and seeds and
                                    all(isinstance(s, int) and s >= 0 for s in seeds)):
        _fail(origin, "seeds", f"{seeds!r}", "a count of at least 1, or a list of non-negative integers")
    sweep["seeds"] = seeds
    sweep.setdefault("name", path.stem)
    sweep["source"] = origin
    return sweep


def with_settings(sweep, settings):
    """The sweep with KEY=VALUE settings (values read as YAML) added to its set: mapping."""
    for text in settings:
        key, equals, value = text.partition("=")
        if not equals or not key:
            raise SweepError(f"--set {text}: expected KEY=VALUE")
        if key in sweep["axes"] or any(key in g for g in sweep["zip"]):
            raise SweepError(f"--set {key}: is an axis of {sweep['source']} (allowed: keys the sweep does not vary)")
        sweep["set"][key] = yaml.safe_load(value)
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


def resolve_arguments(model, arguments, settings, origin):
    """The configuration of icnsim ARGUMENTS --set SETTINGS as icnsim resolves it (--print-config
    without its comment lines): the text a run is keyed by and reads."""
    args = list(arguments) + ["--print-config"] + [a for o in settings for a in ("--set", o)]
    p = subprocess.run(model.command(args), capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        raise SweepError(f"{origin}: refused by icnsim: {p.stderr.strip()}")
    return "".join(line + "\n" for line in p.stdout.splitlines() if not line.lstrip().startswith("#"))


def resolve(model, sweep, point):
    """The run's configuration as icnsim resolves it."""
    return resolve_arguments(model, base_arguments(sweep), overrides(sweep, point),
                             f"{sweep['source']}: the point {dict(point)}")


def run_key(configuration, model_digest):
    """The cache key: the resolved configuration and the model build, nothing else."""
    return hashlib.sha256((model_digest + "\n" + configuration).encode()).hexdigest()[:20]


class RunCache:
    """Runs kept in a folder by key: KEY.yaml is the resolved configuration a run reads, KEY.json its
    result (written by icnsim itself, atomically). A key is the hash of the configuration and the model
    build, so a run is computed once whatever asked for it (a sweep, a reproduction report)."""

    def __init__(self, folder, model):
        self.folder = pathlib.Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.model = model

    def store(self, configuration):
        key = run_key(configuration, self.model.digest)
        config = self.folder / f"{key}.yaml"
        if not config.exists():
            config.write_text(configuration)
        return key

    def result_path(self, key):
        return self.folder / f"{key}.json"

    def result(self, key):
        return json.loads(self.result_path(key).read_text())

    def command(self, key):
        # The run reads the very configuration that was hashed.
        return self.model.command([self.folder / f"{key}.yaml", "-q", "--out", self.result_path(key)])

    def pending(self, keys):
        """Runs with no result yet, each once (two points may resolve to the same run)."""
        return [k for k in dict.fromkeys(keys) if not self.result_path(k).exists()]

    def record_time(self, key, seconds):
        """Keeps the wall time a run took (KEY.seconds), so that a report rendered from the cache can
        still say what its runs cost."""
        (self.folder / f"{key}.seconds").write_text(f"{seconds:.3f}\n")

    def run_seconds(self, key):
        path = self.folder / f"{key}.seconds"
        return float(path.read_text()) if path.exists() else None


class Sweep:
    """A sweep expanded and resolved: its runs, their cache paths and commands, their results."""

    def __init__(self, sweep, out, model=None):
        self.sweep = sweep
        self.out = pathlib.Path(out)
        self.runs_dir = self.out / "runs"
        self.model = model or Model(self.out)
        self.cache = RunCache(self.runs_dir, self.model)
        self.points = expand(sweep)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
            configurations = list(pool.map(lambda p: resolve(self.model, sweep, p), self.points))
        self.keys = [self.cache.store(c) for c in configurations]

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
            result = json.loads(self.result_path(key).read_text()) if self.result_path(key).exists() else None
            if result is not None:
                row.update(flatten(result))
            rows.append(row)
        first = ["run"] + axis_keys + (["simulation.seed"] if self.sweep["seeds"] else [])
        rest = sorted({c for row in rows for c in row} - set(first))
        with open(path, "w", newline="") as f:
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


def run_one(command):
    """Runs one simulation; the result file is written by icnsim itself (atomically, by a rename).
    Returns the exit status, the error text and the wall seconds the run took."""
    started = time.perf_counter()
    p = subprocess.run(command, capture_output=True, text=True, cwd=str(ROOT))
    # Exit 3: the run stopped (a deadlock, a model error) and says so in its result, which is kept.
    return p.returncode, p.stderr.strip(), time.perf_counter() - started


def progress(total, done):
    from tqdm import tqdm
    return tqdm(total=total, initial=done, unit="run", dynamic_ncols=True, file=sys.stderr)


def finished(sweep, key, outcome, failures, bar):
    """A run's outcome (run_one): its time recorded, or its failure kept. Exit 3 (the model stopped
    the run) is a result: its JSON says why."""
    code, error, seconds = outcome
    if code not in (0, 3):
        failures.append(f"{key}: exit {code}: {error}")
    else:
        sweep.record_time(key, seconds)
    bar.update(1)


def execute_local(sweep, keys, jobs, bar):
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_one, sweep.command(k)): k for k in keys}
        for future in concurrent.futures.as_completed(futures):
            finished(sweep, futures[future], future.result(), failures, bar)
    return failures


def execute_dask(sweep, keys, scheduler, bar):
    """Each run is one task on an existing Dask cluster; the workers must see this folder and the
    model snapshot at the same paths (a shared file system). Runs differ in length, so they are handed
    out as workers free up (as many in flight as the cluster has threads), not all at once: Dask would
    otherwise place every task up front and leave some workers idle at the end."""
    from dask.distributed import Client, as_completed
    failures = []
    with Client(scheduler) as client:
        slots = max(1, sum(client.nthreads().values()))
        queue = list(keys)
        submitted = {}

        def submit():
            key = queue.pop(0)
            future = client.submit(run_one, sweep.command(key), key=f"icnsim-{key}", pure=False)
            submitted[future] = key
            return future

        while queue and len(submitted) < slots:
            submit()
        done = as_completed(list(submitted))
        for future in done:
            finished(sweep, submitted[future], future.result(), failures, bar)
            if queue:
                done.add(submit())
    return failures


def write_slurm(sweep, keys):
    """A job array with one task per pending run; submitted if sbatch exists. Run the sweep again
    once the array has finished to collect the results into the CSV."""
    folder = sweep.out / "slurm"
    folder.mkdir(exist_ok=True)
    manifest = folder / "manifest.txt"
    manifest.write_text("".join(" ".join(map(str, sweep.command(k))) + "\n" for k in keys))
    script = folder / "array.sh"
    script.write_text(f"""#!/bin/bash
#SBATCH --job-name=icnsim-{sweep.sweep['name']}
#SBATCH --array=1-{len(keys)}
#SBATCH --cpus-per-task=1
#SBATCH --output={folder}/%A_%a.log
# One icnsim run per array task: line $SLURM_ARRAY_TASK_ID of the manifest (written by scripts/sweep).
set -euo pipefail
cd {ROOT}
command=$(sed -n "${{SLURM_ARRAY_TASK_ID}}p" {manifest})
$command || [ $? -eq 3 ]
""")
    script.chmod(0o755)
    if shutil.which("sbatch"):
        p = subprocess.run(["sbatch", str(script)], capture_output=True, text=True)
        print(p.stdout.strip() or p.stderr.strip(), file=sys.stderr)
    else:
        print(f"sweep: no sbatch here; submit {script} on the cluster, then run this sweep again to collect",
              file=sys.stderr)
    return script


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sweep", help="the sweep file (YAML)")
    ap.add_argument("--out", help="output folder (default: results/sweeps/NAME)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=os.cpu_count(), help="local worker processes (default: all cores)")
    where.add_argument("--scheduler", help="run on an existing Dask cluster: tcp://HOST:PORT")
    where.add_argument("--slurm", action="store_true", help="write (and submit, if sbatch exists) a Slurm job array")
    ap.add_argument("--dry-run", action="store_true", help="list the runs and what is cached, run nothing")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="add to (or replace in) the sweep's set: mapping, e.g. --set simulation.cycles=60000")
    args = ap.parse_args(argv)
    try:
        spec = with_settings(load(args.sweep), args.set)
        sweep = Sweep(spec, args.out or ROOT / "results" / "sweeps" / spec["name"])
    except SweepError as e:
        print(e, file=sys.stderr)
        return 2
    pending = sweep.pending()
    runs = len(dict.fromkeys(sweep.keys))
    print(f"sweep {spec['name']}: {len(sweep.points)} points, {runs} runs, {runs - len(pending)} cached, "
          f"{len(pending)} to run (model {sweep.model.digest}, {sweep.out})", file=sys.stderr)
    if args.dry_run:
        for point, key in zip(sweep.points, sweep.keys):
            print(key, "cached" if sweep.result_path(key).exists() else "to run", " ".join(overrides(spec, point)))
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
            print("sweep: runs failed:\n" + "\n".join(failures), file=sys.stderr)
            sweep.write_csv()
            return 1
    print(sweep.write_csv())
    return 0


if __name__ == "__main__":
    sys.exit(main())
