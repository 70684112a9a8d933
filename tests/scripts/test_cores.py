"""RISC-V programs on a core per node (processor.type: core, docs/cores.md): every shipped program
checks its own answer, a wrong one is reported as failed, runs are deterministic and their time does
not depend on how far a core runs ahead, a remote load takes the network's round trip, and a program
that goes wrong ends with one line naming its node."""
import json
import os

import pytest

from conftest import BUILD, ROOT

SOFTWARE = BUILD / "software"
PROGRAMS = sorted(p.stem for p in (ROOT / "software" / "programs").glob("*.c"))
CORE_PLATFORMS = ["platforms/cores-8x8.yaml", "platforms/cores-16x16.yaml"]

pytestmark = pytest.mark.skipif(not (SOFTWARE / "reduce.elf").exists(),
                                reason="the programs are not built (no RISC-V cross-compiler: scripts/setup installs it)")


def own_lines(stderr):
    """icnsim's lines of STDERR. Under AddressSanitizer (scripts/test --sanitize), Unicorn's longjmp out of
    a fault on a SystemC thread's stack makes ASan warn, in three lines, that it cannot tell that stack's
    bounds (a known limit of ASan with user-level stacks); the run is unaffected, and the lines are ASan's."""
    lines = stderr.splitlines()
    if os.environ.get("ICNSIM_SANITIZE") == "1":
        lines = [line for line in lines if not (line.startswith("==") and "WARNING: ASan is ignoring" in line)
                 and line != "False positive error reports may follow" and not line.startswith("For details see ")]
    return lines


def run(icnsim, tmp_path, platform, program, *settings, name="result"):
    out = tmp_path / f"{name}.json"
    p = icnsim(platform, SOFTWARE / f"{program}.elf", "--quiet", "--out", out, *[a for s in settings for a in ("--set", s)])
    return p, json.loads(out.read_text()) if out.exists() else None


ON_256 = {"atomics": "2", "transpose": "2", "gups": "1024 1024"}


@pytest.mark.parametrize("platform", CORE_PLATFORMS)
@pytest.mark.parametrize("program", PROGRAMS)
def test_every_shipped_program_exits_0_with_its_own_answer_checked(icnsim, tmp_path, platform, program):
    # On 256 nodes smaller sizes show the same (each 8-64 s of a suite's minute at the default ones):
    # atomics' lock serialises every node's updates, two rounds each show it; transpose's blocks of 2
    # words still go to every node; gups makes a quarter of its updates.
    smaller = [f"software.arguments={ON_256[program]}"] if program in ON_256 and "16x16" in platform else []
    p, result = run(icnsim, tmp_path, platform, program, *smaller)
    assert p.returncode == 0, p.stderr
    assert result["status"]["state"] == "completed"
    assert result["program"]["passed"] is True
    assert result["cores"]["exit_status"] == [0] * len(result["cores"]["exit_status"])
    # The program's time is the cycle its last core halted.
    assert result["program"]["cycles"] == max(result["cores"]["halt_cycle"]) + 1


def test_64_nodes_making_50_atomic_updates_each_to_one_word_leave_3200_by_amo_lr_sc_and_lock(icnsim, tmp_path):
    # Each remote AMO, LR and SC is one operation at the word's owner; as a separate load and store
    # (the emulator's own way through device callbacks) the amoadd count came to 167.
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "atomics", "software.arguments=50")
    assert p.returncode == 0, p.stderr
    console = result["cores"]["console"][0]
    assert "64 nodes x 50: amoadd 3200, lr/sc 3200" in console and "locked 3200" in console, console


def test_a_store_from_any_node_ends_a_reservation_even_of_the_same_value(icnsim, tmp_path):
    # Node 1 reserves a word of node 0 across the network, node 0 one of its own; node 2 stores each
    # word's own value back between LR and SC: both SCs fail; undisturbed ones succeed.
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "reservations")
    assert p.returncode == 0, p.stderr + "".join(result["cores"]["console"][:2])
    for node in (0, 1):
        assert result["cores"]["console"][node].startswith(
            "SC after another node's store of the same value: failed; undisturbed: succeeded; to another word: failed")


def test_code_rewritten_in_place_is_timed_as_the_new_code(icnsim, tmp_path):
    # The same 16 bytes hold 8 instructions, then 5: 1,000 calls take 3,000 cycles less.
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "rewritten")
    assert p.returncode == 0, p.stderr
    assert result["cores"]["console"][0] == "1000 calls: 13010 cycles as 8 instructions, 10010 as 5 in the same bytes\n"


@pytest.mark.parametrize("settings", [
    ["software.arguments=24950"],  # sent 50 cycles before the watchdog's fifth check
    ["software.arguments=1004950", "congestion_control.type=trans_t", "congestion_control.u1=2",
     "routing.type=duato", "router.virtual_channels=3"],  # Trans-t keeps the clock, and the checks, running
])
def test_a_program_that_computes_long_then_sends_is_not_stopped_by_the_watchdog(icnsim, tmp_path, settings):
    # An empty network is progress: the one message, caught in flight at a check, is no frozen network.
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "compute_then_send", *settings)
    assert p.returncode == 0, p.stderr
    assert result["cores"]["console"][36].startswith("received 600dcafe")


def test_a_message_longer_than_the_receive_asks_for_ends_the_run_naming_node_source_tag_and_lengths(icnsim, tmp_path):
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "message_misuse", "software.arguments=0")
    assert p.returncode == 6
    assert own_lines(p.stderr) == ["icnsim: node 0: icn_recv of 16 bytes from node 1 with tag 0x00000007, and the "
                                   "message node 1 sent is 32 bytes (allowed: the length it was sent with; icn_wait "
                                   "gives it)"]
    assert result["status"]["state"] == "program_error"


def test_icn_wait_gives_the_whole_messages_length_to_receive_it_with(icnsim, tmp_path):
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "message_misuse", "software.arguments=2")
    assert p.returncode == 0, p.stderr
    assert result["cores"]["console"][0] == "received 40 bytes\n"


def test_messages_a_node_does_not_receive_are_bounded_by_a_key_exceeded_in_one_line(icnsim, tmp_path):
    p, _ = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "message_misuse", "software.arguments=1",
               "software.message_buffer_bytes=4096")
    assert p.returncode == 6
    lines = own_lines(p.stderr)
    assert len(lines) == 1 and lines[0].startswith("icnsim: node 0: messages it has not yet received hold 4160 bytes")
    assert lines[0].endswith("(allowed: software.message_buffer_bytes = 4096)")
    # The default holds what 63 nodes' ten 64-byte messages need.
    p, _ = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "message_misuse", "software.arguments=1")
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("arguments,code", [("300 0", 0), ("1 5", 6)])
def test_with_the_result_on_standard_output_it_is_json_alone_however_much_the_cores_print(icnsim, arguments, code):
    # `icnsim … --out - | jq .program.cycles`: a megabyte of console lines, or every core failing at once,
    # go to standard error.
    p = icnsim("platforms/cores-8x8.yaml", SOFTWARE / "chatty.elf", "--set", f"software.arguments={arguments}",
               "--out", "-")
    assert p.returncode == code
    result = json.loads(p.stdout)
    assert result["program"]["cycles"] > 0  # failed together: the cycle the first failure ended the program in
    assert result["status"]["last_cycle"] >= 0
    assert p.stderr.count("\n") >= (64 * 300 if code == 0 else 64)  # the consoles' lines, each "node N: …"


def test_a_program_that_finds_its_answer_wrong_fails_the_run(icnsim, tmp_path):
    import jsonschema
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "wrong_answer")
    assert p.returncode == 6
    jsonschema.Draft202012Validator(json.loads((ROOT / "docs" / "result.schema.json").read_text())).validate(result)
    assert "node 0 exited with status 3" in p.stderr
    assert result["status"]["state"] == "program_error"
    assert result["program"]["passed"] is False
    assert result["cores"]["exit_status"][0] == 3


def test_the_same_program_platform_and_seed_give_a_byte_identical_result(icnsim, tmp_path):
    _, first = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "token_ring", name="first")
    _, second = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "token_ring", name="second")
    assert (tmp_path / "first.json").read_bytes() == (tmp_path / "second.json").read_bytes()
    assert first["cores"]["console"][0].startswith("token ring: 10 laps of 64 nodes")


@pytest.mark.parametrize("program", PROGRAMS)
def test_two_quantum_sizes_give_the_same_answers_instructions_and_cycle_for_cycle_the_same_times(icnsim, tmp_path,
                                                                                                  program):
    # A core synchronises on every access that leaves its node and on every atomic, and acts after the
    # network's work of the cycle it reaches, so how far it may run ahead between them changes nothing
    # it can see (transpose's time moved by 50 cycles with the quantum when a core woken by its
    # quantum raced the cycle's clocked work).
    smaller = ["software.arguments=512 1024"] if program == "gups" else []
    _, short = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", program, "processor.quantum=10", *smaller, name="short")
    _, long = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", program, "processor.quantum=100000", *smaller,
                  name="long")
    assert short["program"]["passed"] and long["program"]["passed"]
    assert short["program"]["instructions"] == long["program"]["instructions"]
    assert short["cores"]["halt_cycle"] == long["cores"]["halt_cycle"]
    assert short["program"]["stall_cycles"] == long["program"]["stall_cycles"]


def zero_load_latency(hops, flits, router=1 + 1, link=1, injection=1, delivery=1):
    """Creation to tail delivery at zero load (docs/analytic-model.md): a cycle before injection, the
    injection channel, routing and crossbar in each of the hops + 1 routers, the links and the
    delivery channel, and the tail flits - 1 cycles behind the header."""
    return 1 + injection + (hops + 1) * router + hops * link + delivery + flits - 1


@pytest.mark.parametrize("target,hops", [(1, 1), (9, 2), (36, 8)])
@pytest.mark.parametrize("cpi", [1, 3])
def test_a_remote_load_takes_the_networks_round_trip_for_its_packets_at_zero_load(icnsim, tmp_path, target, hops, cpi):
    # A 4-byte load: a request of a header flit, a response of a header and a data flit (16-byte
    # flits); the program times it minus the cycle counter's own instructions, which leaves the round
    # trip and the load instruction's own cycles.
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "remote_latency", f"software.arguments={target} 2",
                    f"processor.cycles_per_instruction={cpi}")
    assert result["program"]["passed"], p.stderr
    lines = [line for line in result["cores"]["console"][0].splitlines() if line.startswith("remote load")]
    round_trip = zero_load_latency(hops, 1) + zero_load_latency(hops, 2)
    assert lines == [f"remote load from node {target}: {round_trip + cpi} cycles"] * 2
    assert result["cores"]["remote_loads"][0] == 2


@pytest.mark.parametrize("fault,message", [
    (0, "node 1: a load from unmapped address 0x50000000 (4 bytes;"),
    (1, "node 1: a jump to unmapped address 0x60000000"),
    (2, "node 1: an illegal instruction (cause 2) at {at}, which"),
    (4, "node 1: a load from 0x202ffffe, past node 2's 524288 bytes of memory"),
    (5, "node 1: ebreak at {at}, which"),
    (6, "node 1: ecall (cause 8) at {at}, which"),
    (7, "node 1: a misaligned atomic access to 0x20200002 at 0x"),
])
def test_a_program_that_goes_wrong_ends_with_one_line_naming_its_node_and_address(icnsim, tmp_path, fault, message):
    # Where an instruction faults, the address named is the instruction's own, which the program
    # printed before it ran it (Unicorn reports exceptions 4 bytes past it).
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "faults", f"software.arguments={fault}")
    printed = result["cores"]["console"][1]
    message = message.format(at=printed.split()[-1] if printed.startswith("faults at ") else None)
    assert p.returncode == 6
    assert len(own_lines(p.stderr)) == 1 and message in p.stderr, p.stderr
    assert result["status"]["state"] == "program_error" and message in result["status"]["reason"]


def test_a_program_that_never_halts_ends_at_the_cycle_limit_naming_its_node(icnsim, tmp_path):
    p, result = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "faults", "software.arguments=3",
                    "simulation.cycles=20000")
    assert p.returncode == 6
    assert "node 1 did not halt within simulation.cycles = 20000" in p.stderr
    assert result["cores"]["halt_cycle"][1] is None and result["program"]["cycles"] is None


def test_a_stimulus_given_to_cores_or_a_program_missing_is_one_line(icnsim, tmp_path):
    p = icnsim("platforms/cores-8x8.yaml", "stimuli/selftuned-uniform.yaml")
    assert p.returncode == 2 and "processor.type" in p.stderr and p.stderr.count("\n") == 1
    p = icnsim("platforms/cores-8x8.yaml")
    assert p.returncode == 2 and "software.program" in p.stderr and p.stderr.count("\n") == 1
    (tmp_path / "short.elf").write_bytes((SOFTWARE / "reduce.elf").read_bytes()[:300])
    p = icnsim("platforms/cores-8x8.yaml", tmp_path / "short.elf")
    assert p.returncode == 2 and "cut short" in p.stderr and p.stderr.count("\n") == 1


def test_a_fifo_a_directory_an_unreadable_or_a_text_file_as_the_program_is_refused_at_once_in_one_line(icnsim, tmp_path):
    # A FIFO was opened and read, which blocks for good (and signals waited behind it).
    os.mkfifo(tmp_path / "fifo.elf")
    (tmp_path / "folder.elf").mkdir()
    (tmp_path / "text.elf").write_text("hello\n")
    # /proc/self/mem is a regular file whose read fails (EIO): a stream exception escaped the loader.
    for name, said in [("fifo.elf", "is not a regular file"), ("folder.elf", "is a directory"),
                       ("text.elf", "not an ELF file"), ("/proc/self/mem", "cannot be read (Input/output error)")]:
        p = icnsim("platforms/cores-8x8.yaml", "--set", f"software.program={tmp_path / name}")
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and said in p.stderr, p.stderr


@pytest.mark.parametrize("sig,code", [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_ends_a_run_of_cores_computing_with_the_network_idle(tmp_path, sig, code):
    # Node 0 computes for 2·10^9 cycles with nothing in flight: the clock is stopped, only the cores run.
    import signal
    import subprocess
    import time
    from conftest import as_from_a_terminal
    out = tmp_path / "r.json"
    proc = subprocess.Popen([str(BUILD / "model" / "icnsim"), "platforms/cores-8x8.yaml",
                             str(SOFTWARE / "compute_then_send.elf"), "--set", "software.arguments=2000000000",
                             "--set", "simulation.cycles=3000000000", "-q", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_from_a_terminal)
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(getattr(signal, sig))
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stderr
    assert time.monotonic() - sent < 5
    assert json.loads(out.read_text())["status"]["state"] == "interrupted"


def test_a_program_whose_bss_outgrows_the_cores_memory_is_refused_before_the_run(icnsim, tmp_path):
    import shutil
    import subprocess
    gcc = shutil.which("riscv64-unknown-elf-gcc")
    source = tmp_path / "big.c"
    source.write_text("static char big[600000];\nint main(void) { big[599999] = 1; return big[0]; }\n")
    built = subprocess.run([gcc, "-march=rv32imac", "-mabi=ilp32", "--specs=picolibc.specs", "--crt0=hosted", "-O2",
                            "-Wl,--defsym=__flash=0x80000000", "-Wl,--defsym=__flash_size=0x20000",
                            "-Wl,--defsym=__ram=0x80020000", "-Wl,--defsym=__ram_size=0xe0000",
                            "-o", tmp_path / "big.elf", source, ROOT / "software" / "runtime" / "icn.c",
                            f"-I{ROOT / 'software' / 'runtime'}", f"-I{ROOT / 'model' / 'cores'}"],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    p = icnsim("platforms/cores-8x8.yaml", tmp_path / "big.elf")  # 512 KiB of memory, 600,000 bytes of .bss
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert "lies outside the node's memory" in p.stderr and "processor.memory_bytes" in p.stderr
    p = icnsim("platforms/cores-8x8.yaml", tmp_path / "big.elf", "--set", "processor.memory_bytes=1048576")
    assert p.returncode == 0, p.stderr


def test_a_program_named_in_a_platform_file_is_found_relative_to_that_file(icnsim, tmp_path):
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "ring.elf").write_bytes((SOFTWARE / "token_ring.elf").read_bytes())
    (folder / "cores.yaml").write_text((ROOT / "platforms" / "cores-8x8.yaml").read_text() +
                                       "software:\n  program: ring.elf\n")
    p = icnsim(folder / "cores.yaml", "--quiet")  # run from the repository's root, not the platform's folder
    assert p.returncode == 0, p.stderr
    printed = icnsim(folder / "cores.yaml", "--print-config")
    assert f'program: "{folder / "ring.elf"}"' in printed.stdout  # as --print-config quotes it


def test_a_cached_run_of_a_program_is_keyed_by_the_programs_bytes_not_its_path(icnsim, tmp_path):
    # scripts/sweep and scripts/reproduce keep runs by their resolved configuration: the program's path
    # there becomes a copy named by its content, so a rebuilt program is a new run.
    import sys
    import types
    sys.path.insert(0, str(ROOT / "scripts"))
    import run_cache
    cache = run_cache.RunCache(tmp_path / "cache", types.SimpleNamespace(digest="model"))
    program = tmp_path / "p.elf"
    program.write_bytes((SOFTWARE / "reduce.elf").read_bytes())
    printed = icnsim("platforms/cores-8x8.yaml", program, "--print-config")
    assert printed.returncode == 0, printed.stderr
    first = cache.store(printed.stdout)
    assert cache.store(printed.stdout) == first
    stored = (tmp_path / "cache" / f"{first}.yaml").read_text()
    assert str(program) not in stored and "/programs/" in stored
    program.write_bytes((SOFTWARE / "token_ring.elf").read_bytes())  # rebuilt at the same path
    second = cache.store(printed.stdout)
    assert second != first
    # The stored configuration runs the copy it names.
    ran = icnsim(tmp_path / "cache" / f"{first}.yaml", "-q")
    assert ran.returncode == 0 and "reduce: 64 nodes" in ran.stdout


def test_cores_that_cannot_reserve_their_emulators_address_space_are_refused_in_one_line(tmp_path):
    # Unicorn reserves 1 GiB of address space per core for translated code and ends the process when
    # it cannot: under ulimit -v the run is refused before any core starts.
    import subprocess
    p = subprocess.run(["prlimit", "--as=4000000000", str(BUILD / "model" / "icnsim"), "platforms/cores-8x8.yaml",
                        str(SOFTWARE / "reduce.elf")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert "64 cores reserve about" in p.stderr and "ulimit -v" in p.stderr


def test_a_sweep_of_a_program_that_is_not_an_elf_is_refused_before_it_runs_naming_the_users_file(tmp_path):
    # The sweep's check (icnsim --print-config --points) now loads the program as the run would; the run
    # used to refuse it later, naming the cache's copy runs/programs/HASH.elf.
    import subprocess
    (tmp_path / "notes.elf").write_text("not a program\n")
    (tmp_path / "s.yaml").write_text(f"name: s\nplatform: {ROOT / 'platforms' / 'cores-8x8.yaml'}\n"
                                     f"stimulus: {tmp_path / 'notes.elf'}\naxes:\n  processor.quantum: [10, 100]\n")
    p = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), str(ROOT / "scripts" / "sweep.py"), str(tmp_path / "s.yaml"),
                        "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
    assert f"{tmp_path / 'notes.elf'}: not an ELF file" in p.stderr and "programs/" not in p.stderr


def test_the_result_names_the_emulator_and_another_unicorn_gives_the_same_simulation(icnsim, tmp_path):
    # ICNSIM_UNICORN loads another build of Unicorn 2 (docs/cores.md, "Which Unicorn"): here the
    # system's own file named explicitly. The simulated run must not depend on which one ran it.
    import subprocess
    p, system = run(icnsim, tmp_path, "platforms/cores-8x8.yaml", "stencil", name="system")
    assert p.returncode == 0, p.stderr
    assert system["program"]["emulator"].startswith("Unicorn 2.")
    library = system["program"]["emulator"].split(" (", 1)[1].rstrip(")")
    assert library.endswith("libunicorn.so.2")
    out = tmp_path / "chosen.json"
    chosen = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/cores-8x8.yaml", str(SOFTWARE / "stencil.elf"),
                             "-q", "--out", str(out)], capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, "ICNSIM_UNICORN": library}, timeout=120)
    assert chosen.returncode == 0, chosen.stderr
    again = json.loads(out.read_text())
    assert again["program"]["emulator"] == system["program"]["emulator"]
    assert again["cores"] == system["cores"] and again["program"]["cycles"] == system["program"]["cycles"]


@pytest.mark.parametrize("library, says", [("/nonexistent/libunicorn.so.2", "ICNSIM_UNICORN naming a libunicorn.so.2"),
                                           ("libc.so.6", "has no uc_open")])
def test_an_emulator_library_that_is_not_unicorn_2_is_refused_in_one_line(tmp_path, library, says):
    import subprocess
    p = subprocess.run([str(BUILD / "model" / "icnsim"), "platforms/cores-8x8.yaml", str(SOFTWARE / "reduce.elf"), "-q",
                        "--out", str(tmp_path / "r.json")], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "ICNSIM_UNICORN": library}, timeout=120)
    assert p.returncode == 2 and len(own_lines(p.stderr)) == 1, p.stderr
    assert says in p.stderr and not (tmp_path / "r.json").exists()


def test_1024_cores_run_the_stencil_and_alltoall_to_their_right_answers(icnsim, tmp_path):
    # Issue 70 item 3: platforms/cores-32x32.yaml on this machine (about 3.6 GB; its speed per program
    # is in README.md). Small arguments: each node still exchanges with its four neighbours, or sends
    # a block to each of the other 1,023 nodes and checks the 1,023 it receives. One after the other
    # in one test, so that the suite never holds two such runs in memory at once.
    for program, arguments in (("stencil", "4 2"), ("alltoall", "2 1")):
        p, result = run(icnsim, tmp_path, "platforms/cores-32x32.yaml", program, f"software.arguments={arguments}",
                        name=program)
        assert p.returncode == 0, p.stderr
        assert result["network"]["nodes"] == 1024
        assert result["program"]["passed"] is True, program
        assert result["cores"]["exit_status"] == [0] * 1024
