"""The runs of a reproduction report (scripts/reproduce), on the sweep tooling: every run is keyed by the
hash of its resolved configuration and the model build and kept in results/reproduce/<paper>/runs/
(scripts/run_cache.py's RunCache), so an interrupted or repeated report never recomputes a finished run,
and the runs go to the same back-ends as a sweep (local processes or a Dask cluster).

    study = Study("transt", length=(60000, 10000), jobs=2)
    run = study.submit("platforms/x.yaml", "stimuli/y.yaml", ["router.virtual_channels=4"])
    study.execute()                     # everything submitted, in parallel, with a progress bar
    study.result(run)                   # that run's result JSON, as a dict
"""
import hashlib
import os
import sys
import time

import yaml

import run_cache
from tool_io import OutputError, ToolError
from icnsim_runs import ROOT, ModelSnapshot


class RunsFailed(ToolError):
    """Runs of a report ended with an error of icnsim's (a bug): each named; exit 1."""
    code = 1


class Study:
    def __init__(self, paper, length, jobs=None, scheduler=None, cache=None, perturb=None):
        self.paper = paper
        self.perturb = perturb  # a seed: every result read with its numbers scaled (perturbed())
        self.perturbed_results = {}  # run handle -> its perturbed result
        self.length = length  # (cycles, warm-up) set on every run submitted with length=True
        self.jobs = jobs or os.cpu_count()
        self.scheduler = scheduler
        folder = cache or ROOT / "results" / "reproduce" / paper
        self.model = ModelSnapshot(folder)
        self.cache = run_cache.RunCache(folder / "runs", self.model)
        self.requests = {}  # run handle -> (arguments, settings)
        self.keys = {}      # run handle -> cache key, once resolved
        self.started = time.time()
        self.computed = 0  # runs this call computed (the rest came from the cache)

    def submit(self, platform, stimulus, settings, length=True):
        """A run of PLATFORM [STIMULUS] --set SETTINGS; returns its handle (the same for the same request)."""
        settings = list(settings)
        if length:
            settings = [f"simulation.cycles={self.length[0]}", f"simulation.warmup={self.length[1]}", *settings]
        arguments = [str(ROOT / platform)] + ([str(ROOT / stimulus)] if stimulus else [])
        handle = " ".join(arguments + settings)
        self.requests.setdefault(handle, (arguments, settings))
        return handle

    def execute(self):
        """Resolves and runs everything submitted that has no result yet."""
        unresolved = [h for h in self.requests if h not in self.keys]
        # One icnsim call checks every run of the same platform and stimulus (run_cache.resolve_many).
        groups = {}
        for handle in unresolved:
            groups.setdefault(tuple(self.requests[handle][0]), []).append(handle)
        for arguments, handles in groups.items():
            configurations = run_cache.resolve_many(self.model, list(arguments),
                                                [self.requests[h][1] for h in handles],
                                                lambda i: f"{self.paper}: {handles[i] if i is not None else arguments}",
                                                folder=self.cache.folder)
            for handle, configuration in zip(handles, configurations):
                self.keys[handle] = self.cache.store(configuration)
        pending = self.cache.pending(self.keys.values())
        self.computed = len(pending)
        total = len(set(self.keys.values()))
        print(f"reproduce {self.paper}: {total} runs, {total - len(pending)} cached, {len(pending)} to run "
              f"(model {self.model.digest})", file=sys.stderr)
        if pending:
            with run_cache.progress(total, total - len(pending)) as bar:
                failures = (run_cache.execute_dask(self.cache, pending, self.scheduler, bar) if self.scheduler
                            else run_cache.execute_local(self.cache, pending, self.jobs, bar))
            if failures:
                if any(code == 4 for code, _ in failures):
                    raise OutputError(f"reproduce {self.paper}: {len(failures)} runs could not write their results "
                                      "(a full disk?): " + "; ".join(text for _, text in failures[:3]))
                raise RunsFailed(f"reproduce {self.paper}: {len(failures)} runs failed: " +
                                 "; ".join(text for _, text in failures))

    def result(self, handle):
        if self.perturb is None:
            return self.cache.result(self.keys[handle])
        if handle not in self.perturbed_results:  # perturbing a result walks all its numbers: once per run
            # Seeded by the request as the plan wrote it, not by the cache key (which holds the model
            # build's digest) nor by the checkout's path: the check's outcome is the same on every build.
            self.perturbed_results[handle] = perturbed(self.cache.result(self.keys[handle]),
                                                       f"{self.perturb}:{handle.replace(str(ROOT), '')}")
        return self.perturbed_results[handle]

    def unperturbed_result(self, handle):
        """The run's result as it ran, even in a perturbed render: for a plan whose later runs depend on
        earlier ones (their load, their length), which every render must ask for alike."""
        return self.cache.result(self.keys[handle])

    def configuration(self, handle):
        """The run's configuration as icnsim resolved it, as a dict."""
        return yaml.safe_load((self.cache.folder / f"{self.keys[handle]}.yaml").read_text())

    @property
    def runs(self):
        return len(set(self.keys.values()))

    def simulation_seconds(self):
        """Wall seconds of all the study's runs as they ran (whenever that was), and how many had no record."""
        seconds = [self.cache.run_seconds(k) for k in set(self.keys.values())]
        return sum(s for s in seconds if s is not None), sum(s is None for s in seconds)

    def elapsed(self):
        return time.time() - self.started


# A result's structure, not its measurements: what the run was asked for (its window, network, seed, the
# stimulus's phases) and the axes its series are sampled on. Perturbing them would scramble the cycle
# axis against the phases and give a report an empty burst, not a test of where its numbers come from.
STRUCTURE = ("/seed/", "/window/", "/network/", "/schedule/phases/", "/time_series/cycle/", "/time_series/phase/",
             "/latency_histogram/bin_width/", "/high_priority/latency_histogram/bin_width/", "/activity/cycles/")


def perturbed(value, seed, path=""):
    """VALUE (a run's result) with every measured number scaled by its own factor between 1.3 and 2, drawn
    from SEED and the number's place in the result (its STRUCTURE is left as it is). A report rendered from
    perturbed results shows which of its numbers the data produce: those change, a number typed into the
    text does not (tests/scripts/test_reproduce.py)."""
    if f"{path}/".startswith(STRUCTURE):
        return value
    if isinstance(value, dict):
        return {k: perturbed(v, seed, f"{path}/{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [perturbed(v, seed, f"{path}/{i}") for i, v in enumerate(value)]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    digest = hashlib.blake2b(f"{seed}{path}".encode(), digest_size=8).digest()
    factor = 1.3 + 0.7 * int.from_bytes(digest, "little") / 2 ** 64
    return round(value * factor) if isinstance(value, int) else value * factor

