"""Runs icnsim for the report scripts: in parallel, each run cached on disk by its command line and the
model it ran on, so an interrupted or repeated report never recomputes a finished run.

    runs = Runs("dally-report", (30000, 10000), jobs=2)
    key = runs.submit("platforms/x.yaml", "stimuli/y.yaml", ["router.virtual_channels=4"])
    runs.wait(); result = runs.result(key)   # the run's result JSON, as a dict

The cache is $ICNSIM_BUILD/<name>/ (build/ by default); runs use a snapshot of the model binary and
library, so rebuilding while a report runs cannot mix two models.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
BINARY = BUILD / "model" / "icnsim"


class Model:
    """One build of the model: its digest (of the icnsim binary and the libicn.so it links: the model's
    code is in the library), and a snapshot copy under `cache`, so that rebuilding while runs go on
    cannot mix two models. `command(args)` runs icnsim from the snapshot, on any machine that sees it."""

    def __init__(self, cache):
        files = [BINARY, *sorted(BINARY.parent.glob("*.so*"))]
        digest = hashlib.sha256()
        for f in files:
            digest.update(f.read_bytes())
        self.digest = digest.hexdigest()[:16]
        self.snapshot = pathlib.Path(cache) / f"model-{self.digest}"
        if not self.snapshot.exists():
            staging = pathlib.Path(cache) / f"model-{self.digest}.tmp{os.getpid()}"
            shutil.rmtree(staging, ignore_errors=True)
            staging.mkdir(parents=True)
            for f in files:
                shutil.copy2(f, staging / f.name)
            try:
                os.replace(staging, self.snapshot)
            except OSError:  # another process made the same snapshot first
                shutil.rmtree(staging, ignore_errors=True)
        self.binary = self.snapshot / BINARY.name
        self.env = dict(os.environ, LD_LIBRARY_PATH=str(self.snapshot))  # before the binary's RUNPATH

    def command(self, args):
        """icnsim with `args`, as one self-contained command line (env sets the library path)."""
        return ["env", f"LD_LIBRARY_PATH={self.snapshot}", str(self.binary), *map(str, args)]


class Runs:
    """Runs icnsim with a platform, a stimulus and --set overrides, in parallel, cached on disk."""

    def __init__(self, name, length, jobs):
        self.length = length  # (cycles, warm-up) set on every run submitted with length=True
        self.cache = BUILD / name
        self.cache.mkdir(parents=True, exist_ok=True)
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
        self.futures = {}
        # Results belong to one build of the model: its digest is in every cache key.
        model = Model(self.cache)
        self.model, self.snapshot, self.env = model.digest, model.snapshot, model.env

    def command(self, platform, stimulus, overrides, length=True):
        args = [str(self.snapshot / BINARY.name), platform, stimulus, "-q"]
        if length:
            args += ["--set", f"simulation.cycles={self.length[0]}", "--set", f"simulation.warmup={self.length[1]}"]
        for o in overrides:
            args += ["--set", o]
        return args

    def submit(self, platform, stimulus, overrides, length=True):
        args = self.command(platform, stimulus, overrides, length)
        key = hashlib.sha256((self.model + " " + " ".join(args[1:])).encode()).hexdigest()[:20]
        if key not in self.futures:
            self.futures[key] = self.pool.submit(self._run, args, self.cache / f"{key}.json", self.env)
        return key

    @staticmethod
    def _run(args, path, env):
        if path.exists():
            return json.loads(path.read_text())
        p = subprocess.run(args + ["--out", str(path) + ".tmp"], cwd=ROOT, capture_output=True, text=True, env=env)
        if p.returncode not in (0, 3):
            raise RuntimeError(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
        os.replace(str(path) + ".tmp", path)
        return json.loads(path.read_text())

    def result(self, key):
        return self.futures[key].result()

    def wait(self):
        done, total = 0, len(self.futures)
        for _ in concurrent.futures.as_completed(self.futures.values()):
            done += 1
            print(f"\r{done}/{total} runs", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)


def report_options(doc, quick, out):
    """The command line every report script takes: --quick (what it reduces: `quick`), --jobs, --out."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help=quick)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--out", default=str(ROOT / "docs" / "results" / out))
    return ap.parse_args()
