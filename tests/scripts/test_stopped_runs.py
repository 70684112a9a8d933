"""A run that stops early still writes a complete, valid result with its status; the result file
appears whole (written aside and renamed) and a failing run never destroys an earlier one."""
import json
import re
import os
import signal
import subprocess
import time

import jsonschema
import pytest

from conftest import BUILD, ROOT, as_from_a_terminal

SCHEMA = json.loads((ROOT / "docs" / "result.schema.json").read_text())


def valid(result):
    """RESULT, validated against docs/result.schema.json (every state's result follows it)."""
    jsonschema.Draft202012Validator(SCHEMA).validate(result)
    return result

# A short warm-up: the instrumented build under load simulates well under 1,000 cycles in a second.
LONG = ["--set", "simulation.cycles=4000000", "--set", "simulation.warmup=100",
        "--set", "stimulus.injection.rate=0.04", "--set", "simulation.progress=false"]
# True fully adaptive routing with one VC and no recovery deadlocks under overload.
DEADLOCK = ["--set", "network.radix=8", "--set", "routing.type=tfar", "--set", "router.virtual_channels=1",
            "--set", "router.buffer_depth=4", "--set", "simulation.cycles=100000", "--set", "simulation.warmup=1000",
            "--set", "simulation.watchdog_cycles=5000", "--set", "stimulus.injection.rate=1",
            "--set", "stimulus.injection.unit=flits"]


def run_and_signal(out, sig):
    proc = subprocess.Popen([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml",
                             *LONG, "-q", "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal)
    time.sleep(1.0)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    return proc.returncode, stderr


def test_sigint_after_one_second_leaves_a_valid_result_with_status_interrupted(tmp_path):
    out = tmp_path / "r.json"
    code, stderr = run_and_signal(out, signal.SIGINT)
    assert code == 130, stderr
    r = valid(json.loads(out.read_text()))
    assert r["status"]["state"] == "interrupted"
    assert "SIGINT" in r["status"]["reason"]
    last = r["status"]["last_cycle"]
    assert 100 < last < 4000000
    assert r["window"]["cycles"] == last + 1
    assert r["time_series"]["cycle"][-1] == last  # the series is closed at the stop
    assert r["packets"]["delivered"] > 0
    assert r["throughput"]["accepted_flits_per_node_cycle"] > 0
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_sigterm_and_sighup_are_interruptions_too(tmp_path):
    for sig, code in ((signal.SIGTERM, 143), (signal.SIGHUP, 129)):  # SIGHUP: the terminal or session closed
        out = tmp_path / f"{sig.name}.json"
        status, stderr = run_and_signal(out, sig)
        assert status == code, stderr
        assert json.loads(out.read_text())["status"]["state"] == "interrupted"


def test_a_run_started_with_sigint_and_sighup_ignored_keeps_them_ignored_and_completes(tmp_path):
    # nohup (SIGHUP) and a script's `&` (SIGINT) hand the run those signals ignored: a closed terminal or
    # a Ctrl-C meant for the shell must not stop it. icnsim used to install its handlers over them.
    def ignored():
        for number in (signal.SIGINT, signal.SIGHUP):
            signal.signal(number, signal.SIG_IGN)
    out = tmp_path / "r.json"
    proc = subprocess.Popen([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml",
                             "--set", "simulation.cycles=20000", "--set", "simulation.warmup=100", "-q", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ignored)
    deadline = time.time() + 60
    while not list(tmp_path.glob(".*.tmp")) and time.time() < deadline:  # the run is under way
        time.sleep(0.005)
    time.sleep(0.1)
    assert proc.poll() is None, "the run ended before it could be signalled"
    for number in (signal.SIGHUP, signal.SIGINT):
        proc.send_signal(number)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert json.loads(out.read_text())["status"]["state"] == "completed"


def test_a_stop_while_a_large_network_is_built_ends_at_once_and_writes_nothing(tmp_path):
    # A 32-ary 3-cube takes seconds to build; a stop then ends the process between nodes (finishing
    # the build first took 35 s on a 64-ary 3-cube), one line, no result and no temporary file.
    out = tmp_path / "r.json"
    proc = subprocess.Popen([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml",
                             "--set", "network.radix=32", "--set", "network.dimensions=3", *LONG, "-q", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "ICNSIM_HUGE_PAGES": "0"})
    # Signalled once the build is under way: its memory past 150 MB (about 800 MB when built).
    def resident_mb():
        try:
            for line in open(f"/proc/{proc.pid}/status"):
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0
    deadline = time.monotonic() + 60
    while resident_mb() < 150 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    _, stderr = proc.communicate(timeout=120)
    waited = time.monotonic() - sent
    assert proc.returncode == 143, stderr
    assert "while the network was being built" in stderr and len(stderr.splitlines()) == 1
    assert waited < 2, waited
    assert list(tmp_path.iterdir()) == []


def test_a_deadlock_stops_the_run_with_exit_3_and_a_result_holding_the_knot(icnsim, tmp_path):
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *DEADLOCK, "-q", "--out", out)
    assert p.returncode == 3
    assert "deadlock" in p.stderr and "knot" in p.stderr
    assert len(p.stderr.splitlines()) == 1
    r = valid(json.loads(out.read_text()))
    assert r["status"]["state"] == "deadlock"
    assert r["status"]["last_cycle"] < 100000 - 1
    assert "knot of" in r["status"]["detail"]
    assert r["status"]["detail"].count("->") > p.stderr.count("->")  # the whole cycle, not the summary
    assert r["packets"]["created"] > 0


def test_the_wall_limit_stops_the_run_and_keeps_what_was_measured(icnsim, tmp_path):
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *LONG, "--set", "simulation.wall_limit=0.5",
               "-q", "--out", out)
    assert p.returncode == 5
    r = valid(json.loads(out.read_text()))
    assert r["status"]["state"] == "wall_limit"
    assert r["packets"]["delivered"] > 0


def test_a_run_stopped_in_the_warm_up_reports_no_latency_rather_than_zero(icnsim, tmp_path):
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "simulation.cycles=100000",
               "--set", "simulation.warmup=90000", "--set", "simulation.wall_limit=0.2", "-q", "--out", out)
    assert p.returncode == 5
    r = json.loads(out.read_text())
    assert r["window"]["measured_cycles"] == 0
    assert r["latency"]["count"] == 0
    assert r["latency"]["mean"] is None
    assert r["mean_hops"] is None


def test_a_failing_run_leaves_an_earlier_result_untouched(icnsim, tmp_path):
    out = tmp_path / "r.json"
    out.write_text('{"earlier": true}')
    # Unknown key: refused before anything runs.
    assert icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "router.nonsense=1",
                  "--out", out).returncode == 2
    assert json.loads(out.read_text()) == {"earlier": True}
    # An unwritable target is found before the simulation starts.
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--out", tmp_path / "missing" / "r.json")
    assert p.returncode == 2
    assert "cannot write" in p.stderr


def test_a_result_that_cannot_be_written_is_exit_4_and_leaves_nothing_behind(tmp_path):
    # A file-size limit makes the write fail the way a full file system does (EFBIG instead of
    # ENOSPC); icnsim ignores SIGXFSZ, so the write returns the error instead of killing the process.
    import resource

    def limit():  # SIGXFSZ left at its default, which would kill the process: icnsim ignores it itself
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    out = tmp_path / "r.json"
    out.write_text('{"earlier": true}')
    p = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml",
                        "--set", "simulation.cycles=2000", "--set", "simulation.warmup=500", "-q", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, preexec_fn=limit, timeout=120)
    assert p.returncode == 4, p.stderr
    assert "could not be written" in p.stderr and len(p.stderr.splitlines()) == 1
    assert json.loads(out.read_text()) == {"earlier": True}  # the earlier result survives
    assert sorted(x.name for x in tmp_path.iterdir()) == ["r.json"]  # no temporary file left


def test_a_vcd_file_cut_short_is_exit_4_with_the_result_kept(tmp_path):
    # SystemC's VCD writer reports no write error; a file-size limit (as a full disk) cuts the file,
    # and icnsim finds it does not end at the end of the run. The result itself is small and written.
    import resource

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (60000, 60000))

    common = [str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml", "--set", "network.radix=4",
              "--set", "simulation.cycles=400", "--set", "simulation.warmup=10", "-q"]
    out, vcd = tmp_path / "r.json", tmp_path / "links.vcd"
    vcd.write_text("an earlier VCD file\n")
    p = subprocess.run([*common, "--set", f"simulation.vcd={vcd}", "--out", str(out)], cwd=ROOT, capture_output=True,
                       text=True, preexec_fn=limit, timeout=120)
    assert p.returncode == 4, p.stderr
    assert "simulation.vcd" in p.stderr and "incomplete" in p.stderr and len(p.stderr.splitlines()) == 1
    assert json.loads(out.read_text())["status"]["state"] == "completed"
    # Written whole or not at all, as the result is: the earlier file stays, and no temporary is left.
    assert vcd.read_text() == "an earlier VCD file\n"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["links.vcd", "r.json"]
    # Without the limit the same file is complete: exit 0, and nothing of SystemC's on standard
    # output, where --out - writes the result.
    p = subprocess.run([*common, "--set", f"simulation.vcd={vcd}", "--out", "-"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["status"]["state"] == "completed"
    assert vcd.read_text().rstrip().splitlines()[-1].startswith("#")


def test_a_model_error_stops_the_run_with_exit_3_and_a_result_saying_why(icnsim, tmp_path):
    # A trace whose receives each wait for a send that comes after them can never finish: the
    # replay stops the model (a ModelError), which must still leave its result.
    (tmp_path / "stall.trace").write_text("nodes 8\n0 recv 1\n0 send 1 4\n1 recv 0\n1 send 0 4\n")
    (tmp_path / "stall.yaml").write_text("name: stall\ntrace: stall.trace\n")
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", tmp_path / "stall.yaml", "--set", "network.radix=8",
               "--set", "network.dimensions=1", "--set", "simulation.warmup=0", "-q", "--out", out)
    assert p.returncode == 3, p.stderr
    assert "model error" in p.stderr and "stalled" in p.stderr
    r = valid(json.loads(out.read_text()))
    assert r["status"]["state"] == "model_error"
    assert "stalled" in r["status"]["reason"]
    assert r["status"]["last_cycle"] < 60000 - 1
    assert r["packets"]["created"] == 0


def test_a_network_that_stops_delivering_is_never_a_success(icnsim, tmp_path):
    # The deadlock is only reported (deadlock_action: report), but the network then delivers
    # nothing with flits inside: the run stops as frozen, whatever the classification.
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *DEADLOCK, "--set", "simulation.deadlock_action=report",
               "-q", "--out", out)
    assert p.returncode == 3
    assert "delivered nothing" in p.stderr
    r = valid(json.loads(out.read_text()))
    assert r["status"]["state"] == "frozen"
    assert "stopped working" in r["status"]["reason"]
    assert r["packets"]["watchdog_deadlock_reports"] >= 1


@pytest.mark.skipif(os.environ.get("ICNSIM_SANITIZE") == "1",
                    reason="AddressSanitizer reserves terabytes of address space: it cannot run under ulimit -v")
def test_under_any_memory_limit_a_run_completes_is_refused_up_front_or_says_out_of_memory_in_one_line(tmp_path):
    # A 64-ary 2-cube (about 100 MB) under address-space limits from too small to enough: the memory
    # estimate refuses what cannot fit before building anything (exit 2, naming the estimate). A
    # small network whose unbounded source queues grow past saturation (twice the capacity for 3
    # million cycles; the time series, which outgrew it before, is bounded now) runs out anyway: one
    # line, exit 1. Never an abort, never a temporary file left.
    import resource
    runs = [(megabytes, ["--set", "network.radix=64", "--set", "simulation.cycles=200"]) for megabytes in range(64, 129, 16)]
    runs.append((64, ["--set", "network.radix=16", "--set", "network.dimensions=1", "--set",
                      "stimulus.injection.rate=0.06", "--set", "simulation.cycles=3000000"]))
    outcomes = []
    for index, (megabytes, settings) in enumerate(runs):
        def limit(megabytes=megabytes):
            resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

        out = tmp_path / f"{index}.json"
        p = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml", *settings,
                            "--set", "simulation.warmup=0", "-q", "--out", str(out)], cwd=ROOT, capture_output=True,
                           text=True, preexec_fn=limit, timeout=120, env={"ICNSIM_HUGE_PAGES": "0", "PATH": "/usr/bin:/bin"})
        lines = p.stderr.strip().splitlines()
        if p.returncode == 0:
            assert json.loads(out.read_text())["status"]["state"] == "completed"
        elif p.returncode == 2:
            assert len(lines) == 1 and "need about" in lines[0] and "address-space limit" in lines[0], p.stderr
        else:
            assert p.returncode == 1 and lines == ["icnsim: out of memory (see README, \"Memory\": a smaller network "
                                                   "or more memory)"], (megabytes, p.returncode, p.stderr)
        outcomes.append(p.returncode)
        assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")], megabytes
    assert outcomes[0] == 2 and outcomes[-2] == 0 and outcomes[-1] == 1, outcomes


def test_the_schema_names_every_state_icnsim_reports_and_no_other(root):
    # Experiment::state_name is where a state gets its name; program_error's result is validated in
    # test_cores.py, the others' above.
    named = set(re.findall(r'return "([a-z_]+)";', (root / "model" / "experiment.cpp").read_text().split(
        "Experiment::state_name", 1)[1].split("\n}\n", 1)[0])) - {"unknown"}
    assert set(SCHEMA["properties"]["status"]["properties"]["state"]["enum"]) == named


def test_with_out_a_summary_that_cannot_be_written_to_a_closed_standard_output_is_exit_4(tmp_path):
    # With standard output closed (`>&-`) the result's temporary file took descriptor 1 and the summary
    # went into the result: exit 0. Now the summary fails like every output that cannot be written, and
    # the result is whole.
    out = tmp_path / "r.json"
    p = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/default.yaml", "stimuli/uniform.yaml",
                        "--set", "simulation.cycles=2000", "--set", "simulation.warmup=100", "--out", str(out)],
                       cwd=ROOT, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1), timeout=120)
    assert p.returncode == 4 and "the summary could not be written" in p.stderr, p.stderr
    assert valid(json.loads(out.read_text()))["status"]["state"] == "completed"
