"""Accellera's eleven TLM-2.0 examples (Debian's libsystemc-doc) on icnsim: their own sources and
CMakeLists, unchanged, built against the installed package with icnsim in place of their SimpleBus
(tests/accellera), each run under every congestion controller in cycle and approximate timing. Each
must end by itself (sc_start() returning: the network rests when the IP is done), pass its own
checks (its traffic generators stop the run on wrong data or a failed response), and reproduce its
reference log's transactions and data: every access its memories print (target, command, length,
address, data), every traffic generator's completion, and for lt_mixed_endian the lines its own test
compares, as a multiset (timing is the network's, so the order and the times differ)."""
import collections
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import BUILD, ROOT

EXAMPLES = pathlib.Path("/usr/share/doc/libsystemc/examples/tlm")
CONTROLLERS = {"none": [], "self_tuned": [], "static_threshold": [], "entropy": [], "alo": [], "ipr": [],
               # Trans-t's Table 1 has no u1 for a 4x4 torus: about its number of VCs.
               "trans_t": ["congestion_control.u1=3"]}
TIMINGS = ["cycle", "approximate"]
# lt_dmi's initiators read and write through a DMI pointer where the target grants one, and their
# DMI memory then prints the initiator's ID and the address as issued, the target's own its ID and the
# offset in its range: which accesses went which way is the interconnect's choice (icnsim grants DMI in
# approximate timing only), so its records drop the ID and keep the offset (the low 28 bits, as
# SimpleBus's decoder and the traffic generator's own check do).
WITHOUT_ID = {"lt_dmi"}


def records(text, example, line_filter=""):
    """The transactions and data a log shows, as a multiset."""
    lines = [line for line in text.splitlines() if line_filter in line]
    out = collections.Counter()
    for i, line in enumerate(lines):
        access = re.match(r"\s*ID: (\d+) COMMAND: (\w+) Length: (\d+)", line)
        if access and i + 1 < len(lines):
            where = lines[i + 1].strip()
            who = (access.group(1),)
            if example in WITHOUT_ID:
                who = ()
                where = re.sub(r"Addr: 0x([0-9A-Fa-f]+)", lambda m: f"Addr: {int(m.group(1), 16) & 0x0FFFFFFF:#018x}", where)
            out[("access", *who, access.group(2), access.group(3), where)] += 1
        if line_filter and line.strip():
            out[("line", line.strip())] += 1
        extension = re.match(r"\s*(Creating \w+ transaction.*|Received TLM_OK_RESPONSE.*)", line)
        if extension:
            out[("transaction", extension.group(1).strip())] += 1
        if "Traffic Generator Complete" in line:
            out[("generator complete",)] += 1
        if re.search(r"\b(Error|Fatal|ERROR)\b", line):
            out[("error", line.strip())] += 1
    return out


def differences(ours, reference):
    """What one log has that the other lacks, in one line each way (empty: the same)."""
    extra, missing = ours - reference, reference - ours
    if not extra and not missing:
        return ""
    return (f"{sum(extra.values())} records not in the reference (first: {next(iter(extra), None)}), "
            f"{sum(missing.values())} missing (first: {next(iter(missing), None)})")


def test_the_comparison_fails_on_a_lost_transaction_or_a_changed_datum():
    reference = (EXAMPLES / "at_1_phase" / "results" / "expected.log").read_text() if EXAMPLES.exists() else (
        "Info: memory.cpp: 0 s - print\n      ID: 201 COMMAND: WRITE Length: 04\n"
        "      Addr: 0x0000000000000100 Data: 0x00000100\n\n"
        "Info: memory.cpp: 1 ns - print\n      ID: 201 COMMAND: READ Length: 04\n"
        "      Addr: 0x0000000000000100 Data: 0x00000100\n")
    ref = records(reference, "at_1_phase")
    assert sum(ref.values()) >= 2
    assert differences(records(reference, "at_1_phase"), ref) == ""
    lost = re.sub(r"\n\s*ID: \d+ COMMAND: READ Length: \d+\n[^\n]*", "", reference, count=1)
    assert "1 missing" in differences(records(lost, "at_1_phase"), ref)
    changed = re.sub(r"Data: 0x00000100", "Data: 0x00000101", reference, count=1)
    assert differences(records(changed, "at_1_phase"), ref)
    failed = reference + "\nError: traffic_generator.cpp: 1 us - check_complete\n      101 Memory read data ERROR\n"
    assert differences(records(failed, "at_1_phase"), ref)


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    if not EXAMPLES.exists():
        pytest.skip("Accellera's examples are not installed (libsystemc-doc: scripts/setup installs it)")
    folder = tmp_path_factory.mktemp("accellera")
    prefix, build = folder / "prefix", folder / "build"
    subprocess.run(["cmake", "--install", str(BUILD), "--prefix", str(prefix)], check=True, capture_output=True)
    # No optimisation: the examples run for microseconds, and compiling them is the cost.
    configure = subprocess.run(["cmake", "-S", str(ROOT / "tests" / "accellera"), "-B", str(build), "-G", "Ninja",
                                "-DCMAKE_BUILD_TYPE=", f"-DCMAKE_PREFIX_PATH={prefix}", f"-DEXAMPLES={EXAMPLES}"],
                               capture_output=True, text=True)
    assert configure.returncode == 0, configure.stdout[-2000:] + configure.stderr[-2000:]
    compiled = subprocess.run(["ninja", "-C", str(build)], capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stdout[-4000:]
    manifest = {}
    for line in (build / "examples.tsv").read_text().splitlines():
        name, source, given_input, line_filter = line.split("\t")
        manifest[name] = (build / name / name, pathlib.Path(source), given_input, line_filter)
    return manifest


def run(example, binary, given_input, controller, timing):
    sets = [f"congestion_control.type={controller}", f"tlm.timing={timing}", *CONTROLLERS[controller]]
    env = dict(os.environ, ICNSIM_EXAMPLE_SETS=";".join(sets))
    with open(given_input or os.devnull) as stdin:
        try:
            p = subprocess.run([str(binary)], stdin=stdin, capture_output=True, text=True, env=env, timeout=30)
        except subprocess.TimeoutExpired:
            return f"{example} under {controller}, {timing} timing: did not end by itself within 30 s", ""
    if p.returncode != 0:
        return f"{example} under {controller}, {timing} timing: exit {p.returncode}: {p.stderr[-500:]}", ""
    return "", p.stdout + p.stderr


@pytest.mark.parametrize("timing", TIMINGS)
def test_every_example_ends_by_itself_under_every_controller_with_its_reference_transactions_and_data(examples, timing):
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for example, (binary, source, given_input, _) in examples.items():
            for controller in CONTROLLERS:
                jobs[(example, controller)] = pool.submit(run, example, binary, given_input, controller, timing)
    assert len(examples) == 11
    problems = []
    for (example, controller), job in jobs.items():
        problem, log = job.result()
        if problem:
            problems.append(problem)
            continue
        _, source, _, line_filter = examples[example]
        reference = records((source / "results" / "expected.log").read_text(), example, line_filter)
        ours = records(log, example, line_filter)
        assert sum(reference.values()) > 0
        difference = differences(ours, reference)
        if difference:
            problems.append(f"{example} under {controller}, {timing} timing: {difference}")
    assert not problems, "\n".join(problems)
