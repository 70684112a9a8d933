import fcntl
import hashlib
import importlib.util
import json
import os
import pathlib
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))


def as_from_a_terminal():
    """A child's SIGINT and SIGHUP as a terminal's process has them (their default actions), for tests that
    send them: a suite started in the background (`./scripts/test &`, nohup) passes them on ignored, and the
    tools rightly keep an ignored SIGINT or SIGHUP ignored. Popen(..., preexec_fn=as_from_a_terminal)."""
    for number in (signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


@pytest.fixture
def icnsim():
    """Runs the icnsim binary; returns the CompletedProcess."""
    binary = BUILD / "model" / "icnsim"
    assert binary.exists(), f"build icnsim first ({binary})"

    def run(*args, check=False):
        return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, check=check,
                              cwd=ROOT, timeout=600)

    return run


@pytest.fixture
def root():
    return ROOT


def script_module(name):
    """scripts/NAME.py imported as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def run_cache(tmp_path_factory):
    """A folder every pytest-xdist worker of this session shares: the parent of the workers' own."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "icnsim-results"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def icnsim_result(icnsim, run_cache):
    """The result JSON of an icnsim run given its arguments (without --out), simulated once per suite
    run: a run is deterministic in its arguments (ctest "the same inputs and seed give a byte-identical
    result"), and claims tests share runs (the self-tuned paper's Figs. 4 and 6 and 12 the same
    uncontrolled peak and Tune at the same load, each of Fig. 6's tests the same three runs). The
    first worker to ask simulates while any other asking for the same run waits on its lock."""
    def run(*args):
        key = hashlib.sha256("\0".join(map(str, args)).encode()).hexdigest()[:32]
        result = run_cache / f"{key}.json"
        with open(run_cache / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not result.exists():
                partial = run_cache / f"{key}.partial.json"
                p = icnsim(*args, "--out", partial)
                assert p.returncode == 0, p.stderr
                partial.rename(result)
        return json.loads(result.read_text())

    return run


# Under the sanitizer pass (scripts/test --sanitize) these run only in the Release pass: each is a
# long simulation whose code the instrumented ctest network tests and the tests below already
# exercise, so instrumenting it finds nothing new at two to four times its cost (docs/testing.md).
RELEASE_ONLY = {
    "test_booksim_anchor.py": "eight 256-node runs of 60,000 cycles against BookSim's figures; the allocators they "
                              "run are tested instrumented (unit/switch_allocator_test.cpp, and network/"
                              "deadlock_freedom_test.cpp at full overload)",
    "test_accellera_examples.py": "the examples link the installed package, which is built without the sanitizers",
    "test_1024_cores_run_the_stencil_and_alltoall_to_their_right_answers":
        "1,024 cores, a question of size: every program runs instrumented on 64 and 256 cores",
    "test_large_dragonfly.py": "16,512 nodes, a question of size: the dragonfly's routers and routings run "
                               "instrumented on the 72-node platform (ctest) and in the digests",
    "test_result_is_byte_identical_to_the_recorded_one[dragonfly-1056, UGAL-L]":
        "1,056 nodes: a determinism check; the 64-node dragonfly's UGAL and PAR digests run instrumented",
    "test_result_is_byte_identical_to_the_recorded_one[transt-8ary3cube, bursts]":
        "512 nodes: a determinism check; transt-16ary2cube's digest runs the same controller instrumented",
    "test_selftuned_claims.py": "the self-tuned paper's claims: long runs of the controllers ctest instruments",
    "test_dally_claims.py": "the virtual-channel paper's claims: long runs of the routers ctest instruments",
    "test_heatmap_and_animation_are_drawn": "drawing: Python only, on a result the other spatial tests check",
    "test_random_configurations_under_an_address_space_limit_end_cleanly":
        "AddressSanitizer reserves terabytes of address space for its shadow memory: it cannot start under prlimit --as",
    "test_icnsim_out_of_memory_is_its_one_line_from_the_first_allocation":
        "AddressSanitizer reserves terabytes of address space for its shadow memory: it cannot start under prlimit --as",
    "test_the_load_plot_draws_energy_against_offered_load": "plotting: Python only, on results the energy tests check",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/transt-16ary3cube.yaml]":
        "the 4,096-node platform: transt-8ary3cube.yaml in a larger size",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/entropy-32x32.yaml]":
        "1,024 nodes: the entropy circuit and its controllers are instrumented on small tori by ctest",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/dally-2ary8fly.yaml]":
        "dally-2ary6fly.yaml in a larger size",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/transt-8ary3cube.yaml]":
        "the 512-node Trans-t platform: transt-16ary2cube.yaml runs the same controller, recovery and stimuli",
    "test_how_often_the_time_series_is_sampled_never_changes_what_is_simulated"
    "[platforms/transt-8ary3cube.yaml-stimuli/selftuned-uniform.yaml-extra1]":
        "a determinism check of the sampler, not of memory: the self-tuned platform's case runs instrumented",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[alltoall-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[gups-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[reduce-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[remote_latency-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[stencil-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[token_ring-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[transpose-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_every_shipped_program_exits_0_with_its_own_answer_checked[atomics-platforms/cores-16x16.yaml]":
        "256 cores: the same program's 64-core run is instrumented, and the cores' code does not depend on the size",
    "test_64_nodes_making_50_atomic_updates_each_to_one_word_leave_3200_by_amo_lr_sc_and_lock":
        "the same program with 8 updates a node runs instrumented in test_every_shipped_program_exits_0…",
    **{f"test_two_quantum_sizes_give_the_same_answers_instructions_and_cycle_for_cycle_the_same_times[{program}]":
       "how a core synchronises is one code for every program: transpose's and atomics' runs are instrumented"
       for program in ("alltoall", "barrier", "gups", "reduce", "remote_latency", "stencil", "token_ring")},
    "test_cores_that_cannot_reserve_their_emulators_address_space_are_refused_in_one_line":
        "AddressSanitizer reserves terabytes of address space for its shadow memory: it cannot start under prlimit --as",
    "test_an_interrupted_sweep_resumes_without_recomputing_a_finished_run":
        "the sweep tool's interruption and resumption (Python) over eight ordinary 20,000-cycle runs",
    # The study tools' own behaviour (Python: caching, resumption, signals, full disks, hostile arguments,
    # schedulers, the benchmark's report) over ordinary runs whose code the tests above instrument.
    "test_study_tools.py": "the study tools' caching, resumption, signals and full disks: Python over ordinary runs",
    "test_sweep.py": "the sweep tool's tables, plots and schedulers: Python over ordinary runs",
    "test_tool_campaign.py": "the tools' hostile campaign: Python's answers to arguments and files",
    "test_bench.py": "the benchmark's report: Python over ordinary runs",
    "test_every_key_acts.py": "which keys act: a property of the configuration, over some 500 short runs",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/dragonfly-1056.yaml]":
        "dragonfly.yaml in a larger size: the same topology, routing and router code",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/transt-16ary2cube.yaml]":
        "Trans-t's controller and inactivity detection are instrumented on small tori by ctest",
    "test_a_program_whose_bss_outgrows_the_cores_memory_is_refused_before_the_run":
        "its refusal is checked before anything runs; its second half, 64 cores of 1 MiB each running the "
        "program, is the instrumented 64-core runs of the shipped programs in a larger memory",
}


# Long studies, run with ICNSIM_LONG_TESTS=1 as ctest's "long" label is: each re-measures at a reduced
# length a claim that a reproduction report measures at the paper's length, and costs minutes of a
# suite that should take a newcomer about ten (docs/testing.md).
LONG = {
    "test_with_one_routing_unit_per_router_the_network_without_control_loses_a_quarter_of_its_peak_and_trans_t_keeps_it":
        "seven 12,000-cycle runs of the 512-node Trans-t network past saturation; docs/results/transt.md (Figs. 4-6) "
        "at the paper's length, and ctest's 'past saturation Trans-t keeps packets crossing the 8-ary 3-cube at "
        "near-minimum speed and loses no throughput' in the suite",
    "test_with_every_input_vcs_header_routed_in_parallel_the_network_without_control_holds_near_its_peak":
        "three 12,000-cycle runs of the 512-node Trans-t network past saturation; docs/results/transt.md runs the "
        "parallel router on every pattern at the paper's length",
}


# The longest tests, most expensive first (seconds on the 2-core reference machine, pytest's
# --durations): they start first, so that the workers (pytest -n, scripts/test) share them out and
# finish together, instead of one worker running the last long test alone while the other idles.
FIRST = [
    "test_the_quick_reproduction_writes_its_claims_and_figures[cosim]",            # ~110 s
    "test_the_quick_reproduction_writes_its_claims_and_figures[transt]",           # ~80-170 s
    "test_the_quick_reproduction_writes_its_claims_and_figures[selftuned]",        # ~60-100 s
    "test_the_quick_reproduction_writes_its_claims_and_figures[entropy]",          # ~45-85 s
    "test_the_quick_reproduction_writes_its_claims_and_figures[realistic-loads]",  # ~70-80 s
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/entropy-32x32.yaml]",
    "test_fig6_no_static_threshold_suits_both_patterns[uniform]",
    "test_every_shipped_stimulus_runs_briefly_on_this_platform[platforms/transt-8ary3cube.yaml]",
    "test_the_quick_reproduction_writes_its_claims_and_figures[dally-vc]",
    "test_like_for_like_icnsim_carries_what_booksim_carries_past_saturation[torus-8-8-3]",
    "test_like_for_like_icnsim_carries_what_booksim_carries_past_saturation[mesh-8-4-3]",
    "test_1024_cores_run_the_stencil_and_alltoall_to_their_right_answers",                # ~65 s
]


def pytest_collection_modifyitems(config, items):
    long_tests = os.environ.get("ICNSIM_LONG_TESTS") == "1"
    sanitizer = os.environ.get("ICNSIM_SANITIZE") == "1"
    rank = {name: i for i, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.name, len(FIRST)))  # stable: the rest keep their order
    for item in items:
        if not long_tests and item.name in LONG:
            item.add_marker(pytest.mark.skip(reason=f"long (ICNSIM_LONG_TESTS=1): {LONG[item.name]}"))
        reason = RELEASE_ONLY.get(item.fspath.basename) or RELEASE_ONLY.get(item.name)
        if sanitizer and reason:
            item.add_marker(pytest.mark.skip(reason=f"Release pass only: {reason}"))
