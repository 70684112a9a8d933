"""scripts/sweep: sweep files expand into runs as written, each run is cached under the hash of its resolved
configuration and the model, an interrupted sweep resumes without recomputing, the CSV has one row per
point, and a real Dask cluster gives the local pool's results."""
import csv
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from conftest import BUILD, ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import sweep  # noqa: E402

PYTHON = str(ROOT / ".venv" / "bin" / "python")
SHORT = {"simulation.cycles": 1500, "simulation.warmup": 500}


def write(path, text):
    path.write_text(text)
    return path


def sweep_file(tmp_path, body, name="s.yaml"):
    return write(tmp_path / name, "platform: platforms/default.yaml\nstimulus: stimuli/uniform.yaml\n" + body)


def test_axes_cross_zipped_groups_vary_together_and_seeds_repeat_every_point(tmp_path):
    spec = sweep.load(sweep_file(tmp_path, """
axes:
  congestion_control.type: [none, alo]
  stimulus.injection.rate: {from: 0.01, to: 0.03, step: 0.01}
zip:
  - {router.virtual_channels: [2, 4], router.buffer_depth: [12, 6]}
seeds: 2
"""))
    points = sweep.expand(spec)
    assert len(points) == 2 * 3 * 2 * 2
    assert points[0] == [("congestion_control.type", "none"), ("stimulus.injection.rate", 0.01),
                         ("router.virtual_channels", 2), ("router.buffer_depth", 12), ("simulation.seed", 1)]
    assert points[1][-1] == ("simulation.seed", 2)
    # Zipped keys never cross each other.
    assert {(dict(p)["router.virtual_channels"], dict(p)["router.buffer_depth"]) for p in points} == {(2, 12), (4, 6)}
    assert sweep._range("f", "k", {"from": 0, "to": 1, "count": 5}) == [0, 0.25, 0.5, 0.75, 1]
    assert sweep._range("f", "k", {"from": 2, "to": 8, "step": 3}) == [2, 5, 8]


@pytest.mark.parametrize("body, message", [
    ("axes: {a: [1]}\ncolour: red\n", "colour: unknown key"),
    ("zip:\n  - {a: [1, 2], b: [1]}\n", "zip.0: lists of different lengths"),
    ("set: {a: 1}\naxes: {a: [1, 2]}\n", "a: given more than once"),
    ("seeds: 0\n", "seeds: count 0"),
    ("axes: {a: {from: 1, to: 2}}\n", "axes.a: a range needs from, to and one of step or count"),
])
def test_a_bad_sweep_file_is_refused_with_one_line_naming_the_key(tmp_path, body, message):
    with pytest.raises(sweep.SweepError, match=message) as error:
        sweep.load(sweep_file(tmp_path, body))
    assert str(tmp_path / "s.yaml") in str(error.value) and "\n" not in str(error.value)


def test_a_point_icnsim_refuses_stops_the_sweep_before_anything_runs(tmp_path):
    spec = sweep.load(sweep_file(tmp_path, "axes: {router.virtual_channels: [3, 0]}\n"))
    with pytest.raises(sweep.SweepError, match="router.virtual_channels: 0 is out of range"):
        sweep.Sweep(spec, tmp_path / "out")


def test_the_run_key_follows_the_resolved_configuration_not_its_spelling(tmp_path):
    model = sweep.ModelSnapshot(tmp_path / "model")

    def key(body):
        spec = sweep.load(sweep_file(tmp_path, body))
        return sweep.run_key(sweep.resolve(model, spec, sweep.expand(spec)[0]), model.digest)

    base = key("set: {router.buffer_depth: 8, stimulus.injection.rate: 0.02}\n")
    assert key("set: {stimulus.injection.rate: 0.02, router.buffer_depth: 8}\n") == base  # key order
    assert key("set: {router.buffer_depth: 8, stimulus.injection.rate: 0.020}\n") == base  # same value
    assert key("set: {stimulus.injection.rate: 0.02}\n") == base  # 8 is the platform's own value
    assert key("set: {router.buffer_depth: 6, stimulus.injection.rate: 0.02}\n") != base
    assert key("set: {router.buffer_depth: 8, stimulus.injection.rate: 0.02, simulation.seed: 2}\n") != base
    assert sweep.run_key("x", model.digest) != sweep.run_key("x", "another build")


def csv_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_the_csv_has_one_row_per_point_with_its_axes_seed_and_results(tmp_path):
    spec_path = sweep_file(tmp_path, f"set: {SHORT}\naxes:\n  stimulus.injection.rate: [0.01, 0.02]\nseeds: [3, 4]\n")
    p = subprocess.run([PYTHON, ROOT / "scripts" / "sweep.py", spec_path, "--out", tmp_path / "out", "--jobs", "2"],
                       capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, ICNSIM_BUILD=str(BUILD)))
    assert p.returncode == 0, p.stderr
    rows = csv_rows(tmp_path / "out" / "runs.csv")
    header = list(rows[0])
    assert header[:3] == ["run", "stimulus.injection.rate", "simulation.seed"]
    for column in ("status.state", "throughput.accepted_normalised", "latency.mean", "load.offered_normalised"):
        assert column in header
    assert not any(c.startswith(("time_series", "per_node")) for c in header)  # lists stay in the JSON
    assert [(r["stimulus.injection.rate"], r["simulation.seed"]) for r in rows] == [
        ("0.01", "3"), ("0.01", "4"), ("0.02", "3"), ("0.02", "4")]
    assert all(r["status.state"] == "completed" and r["seed"] == r["simulation.seed"] for r in rows)
    assert float(rows[2]["load.offered_normalised"]) > float(rows[0]["load.offered_normalised"])


def test_an_interrupted_sweep_resumes_without_recomputing_a_finished_run(tmp_path):
    # Eight runs long enough to interrupt (about a second each, the loop below looks every 50 ms);
    # one worker, so they finish one after another.
    spec_path = sweep_file(tmp_path, "set: {simulation.cycles: 4000, simulation.warmup: 500}\n"
                                     "axes:\n  stimulus.injection.rate: [0.01, 0.012, 0.014, 0.016, 0.018, 0.02, "
                                     "0.022, 0.024]\n")
    out = tmp_path / "out"
    command = [PYTHON, ROOT / "scripts" / "sweep.py", spec_path, "--out", out, "--jobs", "1"]
    env = dict(os.environ, ICNSIM_BUILD=str(BUILD))
    first = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    deadline = time.time() + 120
    while len(list((out / "runs").glob("*.json"))) < 2 and time.time() < deadline:
        time.sleep(0.05)
    os.killpg(first.pid, signal.SIGKILL)  # the sweep and the run it was doing
    first.wait()
    finished = {p: p.stat().st_mtime_ns for p in (out / "runs").glob("*.json")}
    assert 2 <= len(finished) < 8
    second = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert f"{len(finished)} cached, {8 - len(finished)} to run" in second.stderr
    assert {p: p.stat().st_mtime_ns for p in finished} == finished  # not one recomputed
    assert len(list((out / "runs").glob("*.json"))) == 8
    assert len(csv_rows(out / "runs.csv")) == 8


class NoBar:
    def update(self, n):
        pass


def test_slurm_gets_a_job_array_of_the_runs_not_yet_done(tmp_path):
    spec_path = sweep_file(tmp_path, f"set: {SHORT}\naxes:\n  stimulus.injection.rate: [0.01, 0.02, 0.03]\n")
    spec = sweep.load(spec_path)
    s = sweep.Sweep(spec, tmp_path / "out")
    assert sweep.execute_local(s, s.pending()[:1], 1, NoBar()) == []  # one run done already
    env = dict(os.environ, ICNSIM_BUILD=str(BUILD), PATH="/usr/bin:/bin")  # no sbatch on this machine
    p = subprocess.run([PYTHON, ROOT / "scripts" / "sweep.py", spec_path, "--out", tmp_path / "out", "--slurm"],
                       capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    assert "no sbatch here" in p.stderr
    script = (tmp_path / "out" / "slurm" / "array.sh").read_text()
    manifest = (tmp_path / "out" / "slurm" / "manifest.txt").read_text().splitlines()
    assert "#SBATCH --array=1-2" in script and len(manifest) == 2
    # Each line is the run's command; run as the array task would, it writes the run's result.
    subprocess.run(["bash", "-c", f"SLURM_ARRAY_TASK_ID=2 bash {tmp_path / 'out' / 'slurm' / 'array.sh'}"], check=True)
    assert len(s.pending()) == 1


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_dask_cluster_runs_the_sweep_and_gives_the_local_pools_results(tmp_path):
    spec_path = sweep_file(tmp_path, f"set: {SHORT}\naxes:\n  congestion_control.type: [none, alo]\n"
                                     "  stimulus.injection.rate: [0.01, 0.03]\n")
    port = free_port()
    dask = str(ROOT / ".venv" / "bin" / "dask")
    env = dict(os.environ, ICNSIM_BUILD=str(BUILD), PYTHONPATH=str(ROOT / "scripts"))
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([dask, "worker", f"tcp://127.0.0.1:{port}", "--nworkers", "2", "--nthreads", "1",
                               "--no-dashboard"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        results = {}
        for where, args in (("local", ["--jobs", "2"]), ("dask", ["--scheduler", f"tcp://127.0.0.1:{port}"])):
            p = subprocess.run([PYTHON, ROOT / "scripts" / "sweep.py", spec_path, "--out", tmp_path / where, *args],
                               capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
            assert p.returncode == 0, p.stderr
            assert "4 to run" in p.stderr
            results[where] = csv_rows(tmp_path / where / "runs.csv")
    finally:
        worker.terminate()
        scheduler.terminate()
        worker.wait(timeout=30)
        scheduler.wait(timeout=30)
    # Identical but for where each run's configuration file lay.
    differs = {c for a, b in zip(results["local"], results["dask"]) for c in a if a[c] != b[c]}
    assert differs == {"platform.source", "stimulus.source"}
    assert len(results["dask"]) == 4


def test_plot_draws_means_with_99_percent_intervals_over_seeds(tmp_path):
    import plot
    mean, half = plot.mean_and_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and abs(half - 9.9248 / 3 ** 0.5) < 1e-3  # t(0.995, 2) · s / √n, s = 1
    assert plot.mean_and_interval([4.0]) == (4.0, 0.0)
    rows = [{"stimulus.injection.rate": str(r), "congestion_control.type": c, "simulation.seed": str(s),
             "throughput.accepted_normalised": str(r * 10 + s / 100), "latency.mean": str(50 + 100 * r + s),
             "schedule.completion_cycles": str(1000 * (1 + (c == "alo")) + s)}
            for r in (0.01, 0.02) for c in ("none", "alo") for s in (1, 2, 3)]
    path = tmp_path / "runs.csv"
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    curves = plot.load_curves(rows, "stimulus.injection.rate", "congestion_control.type", "latency.mean")
    assert [(x, m) for x, m, _ in curves["none"]] == [(0.01, 53.0), (0.02, 54.0)]
    for kind in (["load", path], ["bars", path]):
        assert plot.main([*map(str, kind), "--out", str(tmp_path / kind[0])]) == 0
        svg = (tmp_path / f"{kind[0]}.svg").read_text()
        assert (tmp_path / f"{kind[0]}.png").stat().st_size > 1000
    assert "Base" in svg and "ALO" in svg  # the bars' legend names the controllers as the paper does


def test_a_run_that_deadlocks_is_in_the_csv_with_its_status_and_never_in_a_curve(tmp_path):
    import plot
    # True fully adaptive routing with one VC and no recovery deadlocks under overload (the watchdog
    # stops it); dimension order on two VCs at a light load completes.
    spec_path = sweep_file(tmp_path, """
set: {network.radix: 8, router.buffer_depth: 4, simulation.cycles: 30000, simulation.warmup: 500,
      simulation.watchdog_cycles: 3000, stimulus.injection.unit: flits}
zip:
  - {routing.type: [dimension_order, tfar], router.virtual_channels: [2, 1], stimulus.injection.rate: [0.02, 1]}
""")
    p = subprocess.run([PYTHON, ROOT / "scripts" / "sweep.py", spec_path, "--out", tmp_path / "out", "--jobs", "2"],
                       capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, ICNSIM_BUILD=str(BUILD)))
    assert p.returncode == 0, p.stderr  # a stopped run is a result, not a failure of the sweep
    rows = csv_rows(tmp_path / "out" / "runs.csv")
    assert [(r["stimulus.injection.rate"], r["status.state"]) for r in rows] == [("0.02", "completed"),
                                                                                 ("1", "deadlock")]
    for r in rows:
        r["controller"] = "none"
    curves = plot.load_curves(rows, "stimulus.injection.rate", "controller", "throughput.accepted_normalised")
    assert [x for x, _, _ in curves["none"]] == [0.02]  # the deadlocked point is left out, not averaged in
