"""Nothing icnsim writes can destroy an input of its run or another of its outputs: an output that names
one (compared as files: through a symbolic link, "..", a hard link) is refused in one line before anything
is simulated, and the file it named is left byte for byte as it was."""
import hashlib
import os
import shutil

import pytest

from conftest import BUILD, ROOT

PROGRAM = BUILD / "software" / "token_ring.elf"


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def run_files(tmp_path):
    """A core platform, its program and a stimulus of a TLM run, copied where links can be made to them."""
    shutil.copy(ROOT / "platforms" / "cores-8x8.yaml", tmp_path / "cores.yaml")
    shutil.copy(ROOT / "platforms" / "default.yaml", tmp_path / "default.yaml")
    shutil.copy(ROOT / "stimuli" / "uniform.yaml", tmp_path / "uniform.yaml")
    if PROGRAM.exists():
        shutil.copy(PROGRAM, tmp_path / "ring.elf")
        os.symlink(tmp_path / "ring.elf", tmp_path / "link.elf")
        os.link(tmp_path / "ring.elf", tmp_path / "hard.elf")
    (tmp_path / "sub").mkdir()
    return tmp_path


@pytest.mark.skipif(not PROGRAM.exists(), reason="the programs are not built (no RISC-V cross-compiler)")
@pytest.mark.parametrize("key,target,names", [
    ("tlm.trace", "ring.elf", "software.program"),
    ("tlm.trace", "link.elf", "software.program"),       # a symbolic link to the program
    ("tlm.trace", "hard.elf", "software.program"),       # a hard link to it
    ("tlm.trace", "sub/../cores.yaml", "the platform"),  # another spelling of the platform
    ("simulation.vcd", "cores.yaml", "the platform"),
])
def test_an_output_naming_an_input_of_a_core_run_is_refused_and_the_input_kept(icnsim, run_files, key, target, names):
    before = {f: digest(run_files / f) for f in ("ring.elf", "cores.yaml")}
    p = icnsim(run_files / "cores.yaml", run_files / "ring.elf", "--set", f"{key}={run_files / target}", "-q")
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert f"{key} names {names} of this run" in p.stderr
    assert {f: digest(run_files / f) for f in before} == before


def test_an_output_naming_the_stimulus_or_the_result_is_refused(icnsim, run_files):
    key = "simulation.vcd"
    before = digest(run_files / "uniform.yaml")
    args = [run_files / "default.yaml", run_files / "uniform.yaml", "--set", "network.radix=4",
            "--set", "simulation.cycles=300", "--set", "simulation.warmup=100", "-q"]
    p = icnsim(*args, "--set", f"{key}={run_files / 'uniform.yaml'}")
    assert p.returncode == 2 and f"{key} names the stimulus of this run" in p.stderr, p.stderr
    assert digest(run_files / "uniform.yaml") == before
    (run_files / "result.vcd").write_text("an earlier result\n")
    p = icnsim(*args, "--set", f"{key}={run_files / 'result.vcd'}", "--out", run_files / "sub" / ".." / "result.vcd")
    assert p.returncode == 2 and "and one would overwrite the other" in p.stderr, p.stderr
    assert (run_files / "result.vcd").read_text() == "an earlier result\n"
    # Each to a file of its own: the run goes ahead.
    p = icnsim(*args, "--set", f"{key}={run_files / 'own.vcd'}", "--out", run_files / "result.json")
    assert p.returncode == 0, p.stderr


def test_a_transaction_trace_of_a_run_without_transactions_is_refused_and_the_file_it_names_kept(icnsim, run_files):
    # Generators issue no TLM-2.0 transactions: the trace would change nothing, and it is refused as
    # such before it could name anything.
    before = digest(run_files / "uniform.yaml")
    p = icnsim(run_files / "default.yaml", run_files / "uniform.yaml", "--set", f"tlm.trace={run_files / 'uniform.yaml'}")
    assert p.returncode == 2 and "changes nothing in this run" in p.stderr and "processor.type: core" in p.stderr
    assert digest(run_files / "uniform.yaml") == before


@pytest.mark.skipif(not PROGRAM.exists(), reason="the programs are not built (no RISC-V cross-compiler)")
def test_a_transaction_trace_naming_the_result_is_refused_and_to_a_device_runs(icnsim, run_files):
    args = [run_files / "cores.yaml", run_files / "ring.elf", "--set", "network.radix=4", "-q"]
    (run_files / "result.json").write_text("an earlier result\n")
    p = icnsim(*args, "--set", f"tlm.trace={run_files / 'result.json'}", "--out", run_files / "sub" / ".." / "result.json")
    assert p.returncode == 2 and "and one would overwrite the other" in p.stderr, p.stderr
    assert (run_files / "result.json").read_text() == "an earlier result\n"
    # A device holds nothing to lose.
    p = icnsim(*args, "--set", "tlm.trace=/dev/null", "--out", "/dev/null")
    assert p.returncode == 0, p.stderr


@pytest.mark.skipif(not PROGRAM.exists(), reason="the programs are not built (no RISC-V cross-compiler)")
def test_a_transaction_trace_that_cannot_be_written_whole_leaves_the_earlier_file_as_it_was(tmp_path):
    # It is written beside its path and renamed over it when complete, as the result is; a file-size
    # limit (a full disk) cuts the 20 MB trace of transpose's remote stores.
    import resource
    import signal
    import subprocess

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (60000, 60000))

    trace = tmp_path / "t.json"
    trace.write_text("an earlier trace\n")
    p = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/cores-8x8.yaml", str(BUILD / "software" / "transpose.elf"),
                        "--set", f"tlm.trace={trace}", "-q"], cwd=ROOT, capture_output=True, text=True,
                       preexec_fn=limit, timeout=300)
    assert p.returncode == 4 and "tlm.trace" in p.stderr, p.stderr
    assert trace.read_text() == "an earlier trace\n"
    assert [f.name for f in tmp_path.iterdir()] == ["t.json"]
