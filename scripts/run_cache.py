"""The run cache every study tool shares (scripts/sweep, scripts/reproduce, the main job): how a run's
configuration is resolved by icnsim, the key it is kept under, the folder that keeps configurations and
results whole and checked, and how pending runs execute (a local pool or a Dask cluster)."""
import concurrent.futures
import contextlib
import hashlib
import json
import math
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

from icnsim_runs import ROOT
from tool_io import ToolError, check_writable_folder, write_file


class RunError(ToolError):
    """A run that icnsim refuses to resolve: one line naming where it came from (scripts/sweep calls it
    SweepError)."""


def uncommented(text):
    """A printed configuration without its comment lines: what a run is keyed by."""
    return "".join(line + "\n" for line in text.splitlines() if not line.lstrip().startswith("#"))


def resolve_many(model, arguments, points, origin, bar=None, folder=None):
    """The configurations of icnsim ARGUMENTS with each of POINTS' --set overrides (a list of lists), as
    icnsim resolves them (--print-config without its comment lines): the texts the runs are keyed by and
    read. One icnsim process checks them all (--points), whatever their number; each is yielded as it
    comes, and `bar` (a progress bar) advances by one. A point icnsim refuses stops it with that point's
    line: ORIGIN(index) names the point (ORIGIN(None) the whole call). The list of points is a temporary
    file in FOLDER (the run cache: a sweep killed meanwhile leaves it to the next one's clean-up)."""
    import tempfile
    listing = pathlib.Path(folder or tempfile.gettempdir()) / f".points.{os.getpid()}.tmp"
    try:
        write_file(listing, "".join("\t".join(settings) + "\n" for settings in points))
        command = model.command([*arguments, "--print-config", "--points", listing])
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT) as p:
            done = 0
            while True:
                header = p.stdout.readline()
                if not header:
                    break
                parts = header.split()
                if len(parts) != 4 or parts[:2] != [b"#%", b"point"] or not parts[3].isdigit():
                    p.kill()
                    raise RunError(f"{origin(None)}: icnsim printed {header[:80]!r} where a configuration "
                                     "was expected (a model built from other sources?)")
                data = p.stdout.read(int(parts[3]))
                if len(data) != int(parts[3]):  # icnsim ended part-way: nothing of this point is kept
                    break
                text = data.decode()
                done += 1
                if bar is not None:
                    bar.update(1)
                yield uncommented(text)
            error = p.stderr.read().decode(errors="replace").strip()
            code = p.wait()
        if code != 0 or done != len(points):
            where, _, message = error.partition(": ")
            index = int(where.split()[1]) if where.startswith("point ") and where.split()[1].isdigit() else None
            if index is not None and index < len(points):
                raise RunError(f"{origin(index)}: refused by icnsim: {message}")
            raise RunError(f"{origin(None)}: refused by icnsim: {error or f'exit {code}'}")
    finally:
        with contextlib.suppress(FileNotFoundError):
            listing.unlink()


def resolve_arguments(model, arguments, settings, origin):
    """The configuration of icnsim ARGUMENTS --set SETTINGS as icnsim resolves it."""
    return next(resolve_many(model, arguments, [list(settings)], lambda _: origin))


def run_key(configuration, model_digest):
    """The cache key: the resolved configuration and the model build, nothing else."""
    return hashlib.sha256((model_digest + "\n" + configuration).encode()).hexdigest()[:20]


# The program a core platform runs, as --print-config prints it (docs/cores.md): its path is replaced by
# a copy named by the hash of its bytes, so that a run's configuration, and with it its key, names the
# program's content and a rebuilt program cannot be mistaken for the one a cached result ran.
PROGRAM = re.compile(r"^(software:\n(?:  .*\n)*?  program: )(\S+)", re.M)


class RunCache:
    """Runs kept in a folder by key: KEY.yaml is the resolved configuration a run reads, KEY.json its
    result (written by icnsim itself, atomically), KEY.seconds the wall time it took. A key is the hash of
    the configuration and the model build, so a run is computed once whatever asked for it (a sweep, a
    reproduction report). Every item is written whole or not at all and checked when read: a KEY.yaml
    whose hash is not its key (cut short, edited) is written again and its result discarded; a result that
    does not parse, or names another configuration file, is run again; each said on stderr."""

    def __init__(self, folder, model):
        self.folder = check_writable_folder(folder)
        self.model = model
        self.said = []  # what was found broken and repaired, as lines

    def say(self, line):
        self.said.append(line)
        print(f"sweep: {line}", file=sys.stderr)

    def program_copy(self, configuration):
        """CONFIGURATION with the program it names (if any) replaced by its copy in the cache's programs/."""
        found = PROGRAM.search(configuration)
        if not found or found.group(2) in ('""', "''"):
            return configuration
        path = pathlib.Path(found.group(2).strip('"'))
        try:
            data = path.read_bytes()
        except OSError as e:
            raise ToolError(f"{path}: software.program cannot be read ({e.strerror or e})") from None
        copy = self.folder / "programs" / f"{hashlib.sha256(data).hexdigest()[:20]}.elf"
        try:
            intact = copy.read_bytes() == data
        except OSError:
            intact = False
        if not intact:
            copy.parent.mkdir(exist_ok=True)
            write_file(copy, data, durable=True)
        return configuration[:found.start(2)] + str(copy.resolve()) + configuration[found.end(2):]

    def store(self, configuration):
        configuration = self.program_copy(configuration)
        key = run_key(configuration, self.model.digest)
        config = self.folder / f"{key}.yaml"
        try:
            written = config.read_text()
        except FileNotFoundError:
            written = None
        except (OSError, UnicodeDecodeError):
            written = ""
        if written != configuration:
            if written is not None:
                self.say(f"{config} is not the configuration its key names (cut short?): written again, "
                         "its result discarded")
                for stale in (self.result_path(key), self.folder / f"{key}.seconds"):
                    with contextlib.suppress(FileNotFoundError):
                        stale.unlink()
            # Flushed to the disk before the rename: a crash must not leave a configuration cut short.
            write_file(config, configuration, durable=True)
        return key

    def result_path(self, key):
        return self.folder / f"{key}.json"

    def _read_result(self, key):
        """The result of KEY, or None with why it is not one."""
        try:
            result = json.loads(self.result_path(key).read_bytes())
        except FileNotFoundError:
            return None, "missing"
        except (OSError, ValueError, RecursionError) as e:
            return None, f"does not parse ({type(e).__name__})"
        source = result.get("platform", {}).get("source") if isinstance(result, dict) else None
        if not isinstance(source, str) or pathlib.Path(source).name != f"{key}.yaml":
            return None, f"is the result of {source!r}, not of {key}.yaml"
        if not isinstance(result.get("status"), dict) or not isinstance(result["status"].get("state"), str):
            return None, "has no status"
        if result["status"]["state"] == "interrupted":  # stopped by a signal: not what its configuration gives
            return None, "is of a run that was interrupted"
        return result, None

    def result(self, key):
        result, problem = self._read_result(key)
        if result is None:
            raise ToolError(f"{self.result_path(key)}: {problem} (run the sweep again to compute it)")
        return result

    def command(self, key):
        # The run reads the very configuration that was hashed.
        return self.model.command([self.folder / f"{key}.yaml", "-q", "--out", self.result_path(key)])

    def pending(self, keys):
        """Runs with no valid result yet, each once (two points may resolve to the same run). A result that
        does not parse or is not this run's is removed (and said), so that the run is made again."""
        pending = []
        for key in dict.fromkeys(keys):
            result, problem = self._read_result(key)
            if result is None:
                if problem != "missing":
                    self.say(f"{self.result_path(key)} {problem}: running it again")
                    with contextlib.suppress(FileNotFoundError):
                        self.result_path(key).unlink()
                pending.append(key)
        return pending

    def record_time(self, key, seconds):
        """Keeps the wall time a run took (KEY.seconds), so that a report rendered from the cache can
        still say what its runs cost."""
        write_file(self.folder / f"{key}.seconds", f"{seconds:.3f}\n")

    def run_seconds(self, key):
        try:
            seconds = float((self.folder / f"{key}.seconds").read_text())
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        return seconds if math.isfinite(seconds) and seconds >= 0 else None


RUNNING = set()  # the runs of this process in flight, stopped with it (stop_running)


def run_one(command):
    """Runs one simulation; the result file is written by icnsim itself (atomically, by a rename).
    Returns the exit status, the error text and the wall seconds the run took."""
    started = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=str(ROOT)) as p:
        RUNNING.add(p)
        try:
            _, error = p.communicate()
        finally:
            RUNNING.discard(p)
    # Exit 3: the run stopped (a deadlock, a model error) and says so in its result, which is kept.
    return p.returncode, error.strip(), time.perf_counter() - started


def stop_running():
    """A sweep interrupted stops its runs (SIGTERM: each ends within 64 cycles; its result says
    "interrupted", which the cache does not keep)."""
    for p in list(RUNNING):
        with contextlib.suppress(OSError):
            p.send_signal(signal.SIGTERM)


class NoProgress:
    def update(self, n):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def progress(total, done, unit="run", quiet=False):
    if quiet:
        return NoProgress()
    from tqdm import tqdm
    return tqdm(total=total, initial=done, unit=unit if unit == "run" else "point", desc=None if unit == "run" else unit,
                dynamic_ncols=True, file=sys.stderr)


def finished(sweep, key, outcome, failures, bar):
    """A run's outcome (run_one): its time recorded, or its failure kept. Exit 3 (the model stopped
    the run) is a result: its JSON says why."""
    code, error, seconds = outcome
    if code not in (0, 3):
        failures.append((code, f"{key}: exit {code}: {error}"))
    else:
        sweep.record_time(key, seconds)
    bar.update(1)


def execute_local(sweep, keys, jobs, bar):
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_one, sweep.command(k)): k for k in keys}
        try:
            for future in concurrent.futures.as_completed(futures):
                finished(sweep, futures[future], future.result(), failures, bar)
        except BaseException:
            # Interrupted (or an output failed): no further run starts, and those running are stopped.
            for future in futures:
                future.cancel()
            stop_running()
            raise
    return failures


def execute_dask(sweep, keys, scheduler, bar):
    """Each run is one task on an existing Dask cluster; the workers must see this folder and the
    model snapshot at the same paths (a shared file system). Runs differ in length, so they are handed
    out as workers free up (as many in flight as the cluster has threads), not all at once: Dask would
    otherwise place every task up front and leave some workers idle at the end."""
    from dask.distributed import Client, as_completed
    failures = []
    try:
        client = Client(scheduler, timeout="20s")
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise ToolError(f"--scheduler {scheduler}: no Dask scheduler answers there ({type(e).__name__}: {e}) "
                        "(allowed: the address of a running scheduler, tcp://HOST:PORT)".replace("\n", " ")) from None
    with client:
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
