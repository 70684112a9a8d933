"""Every shipped platform runs every shipped stimulus it accepts, and --print-config prints a
configuration that runs as it is and prints itself again."""
import json

import pytest

from conftest import BUILD, ROOT

PLATFORMS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "platforms").glob("*.yaml"))
STIMULI = sorted(s.relative_to(ROOT).as_posix() for s in (ROOT / "stimuli").glob("*.yaml"))
BRIEF = ["--set", "simulation.cycles=1500", "--set", "simulation.warmup=200", "--set", "simulation.sample_interval=500",
         "-q"]


def without_comments(text):
    return [line for line in text.splitlines() if not line.startswith("#")]


def refused_for_size(p):
    # The shipped traces are written for 256 nodes, and the bit-permutation patterns need a power-of-two
    # node count: a network of another size (the 1,056-node dragonfly) refuses them by name.
    return p.returncode == 2 and ("the trace is for" in p.stderr or "needs a power-of-two node count" in p.stderr)


# The 4,096-node platform differs from platforms/transt-8ary3cube.yaml only in size, and each run
# of it costs as much as all the small platforms' together: it runs uniform traffic, the load of its
# figure (Trans-t Fig. 7); the bursty stimulus runs on the other Trans-t platforms, and size-dependent
# refusals are covered by the 1,024-node entropy platform.
ONLY = {"platforms/transt-16ary3cube.yaml": ["stimuli/uniform.yaml"]}
# The 16,512-node dragonfly differs from platforms/dragonfly-1056.yaml only in size; it runs in
# tests/scripts/test_large_dragonfly.py (uniform and group shift, a few hundred cycles).
ONLY["platforms/dragonfly-16k.yaml"] = []
# It runs 400 cycles, not 1,500: its first packets arrive after about 60, and a cycle of its 4,096
# nodes costs as much as sixteen of a 256-node platform's (41 s at 1,500).
SHORTER = {"platforms/transt-16ary3cube.yaml": ["--set", "simulation.cycles=400", "--set", "simulation.warmup=100",
                                                "--set", "simulation.sample_interval=100", "-q"]}


# Core platforms (processor.type: core) run a program, not a stimulus (tests/scripts/test_cores.py).
CORES = {p for p in PLATFORMS if "type: core" in (ROOT / p).read_text()}
PROGRAM = BUILD / "software" / "reduce.elf"


# platforms/bare.yaml sets no key: its network is the defaults', the same as platforms/default.yaml's.
@pytest.mark.parametrize("platform", [p for p in PLATFORMS if p not in CORES and p != "platforms/bare.yaml" and
                                      ONLY.get(p) != []])
def test_every_shipped_stimulus_runs_briefly_on_this_platform(icnsim, tmp_path, platform):
    ran = refused = 0
    stimuli = ONLY.get(platform, STIMULI)
    for stimulus in stimuli:
        out = tmp_path / "r.json"
        p = icnsim(platform, stimulus, *SHORTER.get(platform, BRIEF), "--out", out)
        if refused_for_size(p):
            assert "trace" in stimulus or "bit" in (ROOT / stimulus).read_text() or "butterfly" in (ROOT / stimulus).read_text()
            refused += 1
            continue
        assert p.returncode == 0, (stimulus, p.stderr)
        r = json.loads(out.read_text())
        assert r["status"]["state"] == "completed", stimulus
        assert r["packets"]["delivered"] > 0, stimulus
        ran += 1
    # Every stimulus ran, or is a trace or bit permutation that does not fit the size; something always runs.
    assert ran > 0 and ran + refused == len(stimuli)


@pytest.mark.parametrize("platform", PLATFORMS)
def test_printed_configuration_prints_itself_again(icnsim, tmp_path, platform):
    for stimulus in [PROGRAM] if platform in CORES else STIMULI:
        first = icnsim(platform, stimulus, "--print-config")
        if refused_for_size(first):
            continue
        assert first.returncode == 0, (stimulus, first.stderr)
        printed = tmp_path / "printed.yaml"
        printed.write_text(first.stdout)
        again = icnsim(printed, "--print-config")
        assert again.returncode == 0, (stimulus, again.stderr)
        assert without_comments(again.stdout) == without_comments(first.stdout), stimulus


def test_printed_configuration_simulates_exactly_like_the_two_files(icnsim, tmp_path):
    printed = tmp_path / "printed.yaml"
    printed.write_text(icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-bursty.yaml",
                              "--print-config").stdout)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-bursty.yaml", *BRIEF, "--out", a).returncode == 0
    assert icnsim(printed, *BRIEF, "--out", b).returncode == 0
    ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
    for r in (ra, rb):
        del r["platform"]["source"], r["stimulus"]["source"]
    assert ra == rb


def test_one_file_with_a_stimulus_section_and_a_stimulus_file_is_refused(icnsim, tmp_path):
    printed = tmp_path / "printed.yaml"
    printed.write_text(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--print-config").stdout)
    p = icnsim(printed, "stimuli/uniform.yaml")
    assert p.returncode == 2
    assert "stimulus" in p.stderr and "allowed: one of them" in p.stderr


def test_a_platform_alone_without_stimulus_section_is_refused(icnsim):
    p = icnsim("platforms/default.yaml")
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "no stimulus: section" in p.stderr
