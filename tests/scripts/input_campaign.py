"""A generated campaign of hostile inputs to the simulator's newest inputs: network files (topology: file),
program files for the cores, and the platform sections of cores, energy and traces (processor.*, software.*,
energy.*, tlm.trace*, simulation.vcd*, stimulus.trace). Each case is drawn from what a user, a script gone
wrong or a damaged disk can produce — a valid file mutated (a key dropped, doubled or given a hostile value,
a second YAML document, names holding NUL, a line break or bytes that are not UTF-8, a file cut short, an
ELF header or program header with a byte changed), folders and devices where files belong. Every case must
end with a documented exit status (0; 2 for bad input, in one line on stderr; 4 for an output that could
not be written; 6 for a program that went wrong), never a crash, a signal, a SystemC error or a message of
more than one line.

Used by tests/scripts/test_input_campaign.py (a fixed seed, within the suite's time) and by scripts/fuzz
(as many cases as its seconds allow, a fresh seed): python tests/scripts/input_campaign.py --seconds S."""
import argparse
import os
import pathlib
import random
import struct
import subprocess
import sys
import time

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
ICNSIM = BUILD / "model" / "icnsim"
PROGRAMS = BUILD / "software"

HOSTILE = [None, True, False, 0, -1, 1, 2, 3, 65, 4096, 4097, 2 ** 31, 2 ** 63, -2 ** 63, 1e308, float("nan"),
           float("inf"), "", " ", "x", "a\nb", "\x00", "é", "..", "/", "/dev/null", "/dev/zero", "/proc/self/mem",
           "a" * 3000, [], [None], [[]], [1, [2]], [0, 0], [0, 1, 0], [0, 9999], [-1, 0], [0, 1, 2, 3], [{}], {},
           {"a": 1}, "0x10", "1e3", "08", 0.5, [1, 2, 2000], [0, 1, "x"]]
PATHS = ["", "/", "/dev/null", "/dev/zero", "/nonexistent/x", ".", "..", "a\nb", "/proc/self/mem", "x" * 300]
SECTION_KEYS = {
    "processor.cycles_per_instruction": HOSTILE, "processor.memory_latency": HOSTILE, "processor.quantum": HOSTILE,
    "processor.memory_bytes": HOSTILE + [4096, 8192, 1 << 20, 1 << 21],
    "software.arguments": HOSTILE + ["1 2 3", "x y", "99999999999999999999", "-1", "1" * 5000],
    "software.message_buffer_bytes": HOSTILE + [64, 65],
    "software.program": PATHS, "energy.model": HOSTILE + ["events"], "energy.preset": HOSTILE + ["dsent_45nm"],
    "energy.preset_shape": HOSTILE + ["5x3x8", "0x0x0", "5x3x8x1", "99999x3x8"], "energy.flit_bits": HOSTILE,
    "energy.source": HOSTILE, "energy.router_clock_pj": HOSTILE, "energy.clock_gating": HOSTILE,
    "tlm.trace": PATHS, "tlm.trace_from": HOSTILE, "tlm.trace_until": HOSTILE, "tlm.trace_packets": HOSTILE,
    "tlm.flit_bytes": HOSTILE, "simulation.vcd": PATHS + ["x.vcd", "/dev/null.vcd"], "simulation.vcd_routers": HOSTILE,
    "stimulus.trace": PATHS,
}
NETWORK = {"name": "four", "routers": 4, "terminals": [1, 0, 1, 2],
           "links": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2, 3]], "positions": [[0, 0], [1, 0], [1, 1], [0, 1]]}


def yaml_text(value):
    return yaml.safe_dump(value, allow_unicode=True, default_flow_style=None, sort_keys=False)


def network_case(rng, folder):
    """A network file mutated, and a platform that reads it."""
    spec = yaml.safe_load(yaml_text(NETWORK))
    choice = rng.randrange(8)
    if choice == 0:
        spec[rng.choice(list(spec))] = rng.choice(HOSTILE)
    elif choice == 1:
        spec.pop(rng.choice(list(spec)))
    elif choice == 2:
        spec[rng.choice(["link", "Routers", "nodes", "extra"])] = rng.choice(HOSTILE)
    elif choice == 3:
        spec["links"].append(rng.choice(HOSTILE))
    elif choice == 4:
        spec["routers"] = rng.choice([1, 2, 4096, 4097, 100000])
        spec["terminals"] = rng.choice([1, 0, [1], 64, 65])
        spec["links"] = rng.choice([[], [[0, 1]], [[0, 0]], [[0, 1, 0]], [[0, 1, 1025]]])
        spec.pop("positions")
    text = yaml_text(spec).encode()
    if choice == 5:
        text += rng.choice([b"links:\n  - [0, 1]\n", b"---\nrouters: 2\n", b"...\n", b"name: again\n"])
    elif choice == 6:  # a name with bytes no YAML name should hold
        text = text.replace(b"name: four", b"name: " + rng.choice([b"\"a\\0b\"", b"\"a\\nb\"", b"\xff\xfe", b"[a, b]",
                                                                    b"{a: 1}", b"\"\\t\"", b"''"]))
    elif choice == 7 and text:  # cut short
        text = text[:rng.randrange(len(text))]
    network = folder / "network.yaml"
    network.write_bytes(text)
    platform = folder / "platform.yaml"
    platform.write_text("network: {topology: file, file: network.yaml}\nrouting: {type: shortest_path}\n"
                        "router: {virtual_channels: 2}\nsimulation: {cycles: 400, warmup: 100}\n")
    return [platform, ROOT / "stimuli" / "uniform.yaml"]


def program_case(rng, folder):
    """A shipped program's ELF file damaged, or a file that is no program."""
    data = bytearray((PROGRAMS / "token_ring.elf").read_bytes())
    choice = rng.randrange(7)
    if choice == 0:
        data = data[:rng.randrange(len(data))]
    elif choice == 1:  # the ELF header
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(52)] = rng.randrange(256)
    elif choice == 2:  # the program headers
        phoff, = struct.unpack_from("<I", data, 28)
        for _ in range(rng.randint(1, 3)):
            data[phoff + rng.randrange(64)] = rng.randrange(256)
    elif choice == 3:  # a segment's sizes or address
        phoff, = struct.unpack_from("<I", data, 28)
        field = rng.choice([4, 8, 16, 20])
        struct.pack_into("<I", data, phoff + field, rng.choice([0, 1, 0x7fffffff, 0xffffffff, 0x80000000, 0x80080000]))
    elif choice == 4:
        data = bytearray(rng.choice([b"", b"\x7fELF", b"#!/bin/sh\n", os.urandom(rng.randrange(1, 4096))]))
    elif choice == 5:  # the code itself: the run must still end (a fault, or not halting, exit 6)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(52, len(data))] = rng.randrange(256)
    program = folder / "program.elf"
    if choice == 6:
        program.mkdir()
    else:
        program.write_bytes(bytes(data))
    return [ROOT / "platforms" / "cores-8x8.yaml", program, "--set", "network.radix=4",
            "--set", "simulation.cycles=200000"]


def section_case(rng, folder):
    """The cores', energy's and traces' keys given hostile values, on a core run or a synthetic one."""
    cores = rng.random() < 0.5
    args = ([ROOT / "platforms" / "cores-8x8.yaml", PROGRAMS / "token_ring.elf", "--set", "network.radix=4"] if cores
            else [ROOT / "platforms" / "default.yaml", ROOT / "stimuli" / "uniform.yaml", "--set", "network.radix=4",
                  "--set", "simulation.cycles=400", "--set", "simulation.warmup=100"])
    for key in rng.sample(sorted(SECTION_KEYS), rng.randint(1, 3)):
        value = rng.choice(SECTION_KEYS[key])
        if isinstance(value, str) and value.endswith(".vcd") and not value.startswith("/"):
            value = str(folder / value)
        text = value if isinstance(value, str) else yaml_text(value).strip().replace("\n...", "")
        if "\x00" not in text:  # no command line holds a NUL byte
            args += ["--set", f"{key}={text}"]
    return args


def problems(args, p):
    """What is wrong with how icnsim answered, or []."""
    found = []
    lines = p.stderr.splitlines()
    if p.returncode < 0:
        found.append(f"ended by signal {-p.returncode}")
    elif p.returncode not in (0, 2, 4, 6):
        found.append(f"exit {p.returncode}")
    if p.returncode == 2 and len(lines) != 1:
        found.append(f"a refusal of {len(lines)} lines")
    for marker in ("terminate called", "Assertion", "Error: (E", "AddressSanitizer", "runtime error:", "Traceback"):
        if marker in p.stderr:
            found.append(f"'{marker}' on stderr")
    return [f"icnsim {' '.join(map(str, args))}: {', '.join(found)}: {p.stderr.strip()[:300]!r}"] if found else []


def campaign(count, seed, folder, seconds=None, report=print):
    rng = random.Random(seed)
    folder = pathlib.Path(folder)
    failures, tally = [], {}
    started = time.time()
    kinds = [network_case, section_case] + ([program_case] if (PROGRAMS / "token_ring.elf").exists() else [])
    for case in range(count):
        if seconds is not None and time.time() - started > seconds:
            break
        where = folder / f"case-{case}"
        where.mkdir(parents=True)
        args = rng.choice(kinds)(rng, where)
        try:
            p = subprocess.run([str(ICNSIM), *map(str, args), "-q", "--out", str(where / "result.json")],
                               capture_output=True, text=True, errors="replace", cwd=where, timeout=120)
        except subprocess.TimeoutExpired:
            failures.append(f"icnsim {' '.join(map(str, args))}: still running after 120 s")
            continue
        tally[p.returncode] = tally.get(p.returncode, 0) + 1
        failures += problems(args, p)
    report(f"input campaign: seed {seed}, {sum(tally.values())} cases, exit statuses {dict(sorted(tally.items()))}, "
           f"{len(failures)} failures")
    return failures, tally


def main():
    ap = argparse.ArgumentParser(description="the simulator's campaign of hostile network files, programs and sections")
    ap.add_argument("--cases", type=int, default=10 ** 9)
    ap.add_argument("--seconds", type=float, default=None, help="stop drawing cases after this long")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--folder", required=True)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    failures, _ = campaign(args.cases, seed, args.folder, args.seconds)
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
