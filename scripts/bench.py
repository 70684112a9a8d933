"""Times icnsim on the default platform; see scripts/bench. With --sweep: the sweep layer's throughput;
with --scale: the cost of a node-cycle, elaboration and memory as the network grows; with --vp: what
a virtual platform pays for an idle or lightly used network."""
import argparse
import json
import os
import re
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import bench_booksim  # noqa: E402
import tool_io  # noqa: E402
from tool_io import Parser, ToolError, positive_int  # noqa: E402
# (load in packets/node/cycle, target wall seconds on one core of the reference machine)
POINTS = [(0.005, 2.0), (0.04, 5.0)]
RSS_TARGET_MB = 64
BUILD = ROOT / "build"


def measured(args, what, env=None):
    """Runs icnsim with `args` (no -q: it prints its peak resident memory, its own VmHWM; the rusage of a
    child started from Python keeps Python's peak from before the exec). Wall seconds, peak bytes, stderr."""
    start = time.perf_counter()
    run = subprocess.run(args, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"icnsim failed on {what} (status {run.returncode}): {run.stderr}")
    peak = re.search(r"peak memory\s+([0-9.]+) MB", run.stdout)
    if not peak:
        sys.exit(f"icnsim did not print its peak memory:\n{run.stdout}")
    return wall, float(peak.group(1)) * 1e6, run.stderr


def run(binary, rate, cycles):
    args = [str(binary), str(ROOT / "platforms/default.yaml"), str(ROOT / "stimuli/uniform.yaml"),
            "--set", f"stimulus.injection.rate={rate}", "--set", f"simulation.cycles={cycles}",
            "--set", f"simulation.warmup={min(10000, cycles // 6)}", "--set", "simulation.progress=false"]
    wall, peak, messages = measured(args, f"rate {rate}")
    notes = ["the watchdog reported a starved packet"] if "watchdog" in messages else []
    return wall, peak / 2 ** 20, notes


def bench_sweep(points, cycles):
    """Runs per minute of scripts/sweep with 1 and 2 local workers and on a 2-worker Dask cluster, against
    the same runs made one after another by hand; the overhead per run is what the sweep adds."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import sweep
    rates = [round(0.005 + 0.035 * i / max(1, points - 1), 5) for i in range(points)]
    work = pathlib.Path(tempfile.mkdtemp(prefix="icnsim-bench-sweep-"))
    try:
        spec = work / "bench.yaml"
        spec.write_text(f"name: bench\nplatform: {ROOT}/platforms/default.yaml\nstimulus: {ROOT}/stimuli/uniform.yaml\n"
                        f"set: {{simulation.cycles: {cycles}, simulation.warmup: {cycles // 6}}}\n"
                        f"axes: {{stimulus.injection.rate: {rates}}}\n")
        model = sweep.ModelSnapshot(work)

        def runs_alone():  # the simulations alone, as one would run them by hand
            start = time.perf_counter()
            for r in rates:
                subprocess.run(model.command([ROOT / "platforms/default.yaml", ROOT / "stimuli/uniform.yaml", "-q",
                                              "--set", f"stimulus.injection.rate={r}", "--set",
                                              f"simulation.cycles={cycles}", "--set", f"simulation.warmup={cycles // 6}"]),
                               check=True)
            return time.perf_counter() - start

        # Before and after the sweeps, so that a noisy machine's drift does not pass for overhead.
        before = runs_alone()
        print(f"icnsim sweep benchmark: {points} runs of the default platform, {cycles} cycles each")
        print(f"{'execution':>28} {'wall [s]':>9} {'runs/min':>9}  vs. the runs alone")
        print(f"{'runs one after another':>28} {before:>9.2f} {60 * points / before:>9.1f}")
        walls = {}
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        dask = str(ROOT / ".venv" / "bin" / "dask")
        env = dict(os.environ, PYTHONPATH=str(ROOT / "scripts"))
        cluster = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
                   subprocess.Popen([dask, "worker", f"tcp://127.0.0.1:{port}", "--nworkers", "2", "--nthreads", "1",
                                     "--no-dashboard"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        try:
            time.sleep(3)  # the cluster comes up while nothing is measured
            for name, where in (("sweep, 1 local worker", ["--jobs", "1"]), ("sweep, 2 local workers", ["--jobs", "2"]),
                                ("sweep, Dask, 2 workers", ["--scheduler", f"tcp://127.0.0.1:{port}"])):
                out = work / name.replace(" ", "-").replace(",", "")
                start = time.perf_counter()
                with open(os.devnull, "w") as quiet:
                    streams, (sys.stdout, sys.stderr) = (sys.stdout, sys.stderr), (quiet, quiet)
                    try:
                        code = sweep.main([str(spec), "--out", str(out), *where])
                    finally:
                        sys.stdout, sys.stderr = streams
                walls[name] = time.perf_counter() - start
                if code != 0:
                    sys.exit(f"bench: the sweep failed ({name})")
                print(f"{name:>28} {walls[name]:>9.2f} {60 * points / walls[name]:>9.1f}  " +
                      ("" if "1 local" in name else f"{walls['sweep, 1 local worker'] / walls[name]:.2f}x one worker"))
            after = runs_alone()
            alone = (before + after) / 2
            print(f"{'runs one after another again':>28} {after:>9.2f} {60 * points / after:>9.1f}")
            print(f"overhead of the sweep layer per run, 1 worker against the runs alone (mean of both): "
                  f"{100 * (walls['sweep, 1 local worker'] - alone) / alone:+.1f} %")
        finally:
            for p in cluster:
                p.terminate()
                p.wait(timeout=30)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --scale: the default router (3 VCs x 8 flits, 5 ports) on tori of growing size.
SCALES = [(16, 2), (32, 2), (64, 2), (32, 3)]


def timed(binary, radix, dimensions, rate, cycles):
    """Wall seconds and peak resident memory (bytes) of one run of `cycles` cycles, none of them warm-up."""
    args = [str(binary), str(ROOT / "platforms/default.yaml"), str(ROOT / "stimuli/uniform.yaml"),
            "--set", f"network.radix={radix}", "--set", f"network.dimensions={dimensions}",
            "--set", f"stimulus.injection.rate={rate:.6g}", "--set", f"simulation.cycles={cycles}",
            "--set", "simulation.warmup=0", "--set", "simulation.progress=false"]
    wall, peak, _ = measured(args, f"a {radix}-ary {dimensions}-cube")
    return wall, peak


def kernel_floor(nodes, cycles, state_bytes):
    """Node-cycles per second of SystemC's kernel alone on `nodes` one-method modules touching
    `state_bytes` each per cycle (bench/kernel_floor.cpp)."""
    run = subprocess.run([str(pathlib.Path(BUILD) / "bench" / "kernel_floor"), str(nodes), str(cycles), str(state_bytes)],
                         capture_output=True, text=True, env={**os.environ, "SYSC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    if run.returncode != 0:
        sys.exit(f"kernel_floor failed: {run.stderr}")
    return float(run.stdout.split()[1])


def bench_scale(router_load, cycles, largest):
    """At `router_load` flits entering each router per cycle (injected plus forwarded), so that every size
    does the same work per router: node-cycles per second over `cycles` cycles after the first
    `cycles` (the difference of two runs, so elaboration and the network's filling are not counted),
    the time to elaborate and finish a one-cycle run, and the bytes each node adds (peak resident
    memory against a 4-node ring's). Beside them, SystemC's kernel alone with one method per node
    touching nothing or 1 KB of its own each cycle: how much of the growth is the kernel's."""
    print(f"icnsim scale benchmark: the default router (3 VCs x 8 flits) on k-ary n-cube tori, uniform traffic, "
          f"{router_load} flits entering each router per cycle")
    print(f"{'network':>14} {'nodes':>7} {'pkt/node/cycle':>15} {'node-cycles/s':>14} {'elaboration [s]':>16} "
          f"{'bytes/node':>11} {'SystemC alone: 0 B':>19} {'1 KB':>9}")
    base_wall, base_rss = timed(binary_of(), 4, 1, 0.0, 1)
    for radix, dimensions in SCALES:
        nodes = radix ** dimensions
        if nodes > largest:
            continue
        hops = dimensions * (radix / 4) * nodes / (nodes - 1)  # mean distance of uniform traffic on a torus
        rate = router_load / (hops + 1) / 16                   # 16-flit packets (stimuli/uniform.yaml)
        work = max(200, cycles * 256 // nodes)                 # about the same wall time per size
        elaboration, rss = timed(binary_of(), radix, dimensions, rate, 1)
        short, _ = timed(binary_of(), radix, dimensions, rate, work)
        long, _ = timed(binary_of(), radix, dimensions, rate, 2 * work)
        floor = [kernel_floor(nodes, work, state) for state in (0, 1024)]
        print(f"{f'{radix}-ary {dimensions}-cube':>14} {nodes:>7} {rate:>15.3g} {nodes * work / (long - short):>14.3g} "
              f"{elaboration:>16.2f} {(rss - base_rss) / (nodes - 4):>11,.0f} {floor[0]:>19.3g} {floor[1]:>9.3g}")


# --topologies: each at full overload (1 flit/node/cycle of 8-flit packets), uniform traffic.
TOPOLOGIES = [("16-ary 2-cube", "platforms/default.yaml", []),
              ("dragonfly-1056", "platforms/dragonfly-1056.yaml", []),
              ("dragonfly-1056 UGAL-L", "platforms/dragonfly-1056.yaml",
               ["routing.type=ugal_local", "router.virtual_channels=6"]),
              ("fat tree 4-ary 3-tree", "platforms/fat-tree.yaml", []),
              ("HyperX L=2 S=T=4", "platforms/hyperx.yaml", []),
              ("chiplets (file)", "platforms/chiplets.yaml", [])]


def bench_topologies(cycles):
    """The cost of simulating each shipped topology at full overload: router-cycles per second over
    `cycles` cycles after the first `cycles` (the difference of two runs, so that elaboration and the
    network's filling are not counted), the wall time per flit through a crossbar in those cycles
    (routers of more ports and terminals move more flits a cycle), and the peak resident memory per
    node above a 4-node ring's. The issue's target: the 1,056-node dragonfly no dearer a router-cycle
    than the 16-ary 2-cube, and no more memory a node."""
    import json
    print(f"icnsim topology benchmark: full overload (1 flit/node/cycle, 8-flit packets, uniform), {cycles} cycles "
          f"measured after {cycles} of filling")
    print(f"{'network':>24} {'routers':>8} {'nodes':>6} {'ports':>6} {'router-cycles/s':>16} {'us/router-cycle':>16} "
          f"{'flits/router-cycle':>19} {'ns/flit':>8} {'KB/node':>8}")
    base = None
    _, floor = timed(binary_of(), 4, 1, 0.0, 1)  # a 4-node ring: the process alone
    with tempfile.TemporaryDirectory(prefix="icnsim-bench-") as work:
        for name, platform, extra in TOPOLOGIES:
            def once(n):
                out = pathlib.Path(work) / "r.json"
                args = [str(binary_of()), str(ROOT / platform), str(ROOT / "stimuli/uniform.yaml"),
                        "--set", "stimulus.injection.rate=1", "--set", "stimulus.injection.unit=flits",
                        "--set", "stimulus.packet_length=8", "--set", f"simulation.cycles={n}",
                        "--set", "simulation.warmup=0", "--set", "simulation.progress=false",
                        "--set", "simulation.activity=per_component", "--out", str(out)]
                for e in extra:
                    args += ["--set", e]
                wall, peak, _ = measured(args, name)
                return wall, peak, json.loads(out.read_text())
            short, _, first = once(cycles)
            long, peak, result = once(2 * cycles)
            routers = len(result["layout"]["positions"])
            nodes = result["network"]["nodes"]
            ports = len(result["layout"]["port_names"])
            flits = result["activity"]["routers"]["crossbar_traversals"] - first["activity"]["routers"]["crossbar_traversals"]
            seconds = max(1e-9, long - short)
            rate = routers * cycles / seconds
            per_node = (peak - floor) / nodes / 1024
            row = (f"{name:>24} {routers:>8} {nodes:>6} {ports:>6} {rate:>16.3g} {1e6 / rate:>16.3f} "
                   f"{flits / (routers * cycles):>19.2f} {1e9 * seconds / max(1, flits):>8.0f} {per_node:>8.1f}")
            if base is None:
                base = (rate, seconds / max(1, flits), per_node)
            else:
                row += (f"  router-cycle {base[0] / rate:.2f}x, flit {seconds / max(1, flits) / base[1]:.2f}x, "
                        f"memory {per_node / base[2]:.2f}x the 16-ary 2-cube's")
            print(row)


def bench_vp_memory(cycles):
    """A virtual platform's resident memory as it runs (bench/vp_memory.cpp): a 4x4 torus with icnsim's own
    uniform traffic in the background (0.01 packets/node/cycle), at 10^6, a tenth of CYCLES and CYCLES.
    Packets delivered must keep rising (no hidden end) and memory stay within 5 % from the tenth on."""
    program = pathlib.Path(BUILD) / "bench" / "vp_memory"
    points = [10 ** 6, cycles // 10, cycles]
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    print(f"icnsim virtual-platform memory benchmark: 4x4 torus, uniform background traffic, to {cycles:,} cycles")
    start = time.perf_counter()
    run = subprocess.run([str(program), "0.01", *map(str, points)], capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"vp_memory failed: {run.stderr}{run.stdout}")
    print(run.stdout.rstrip())
    rows = [line.split() for line in run.stdout.splitlines()[1:]]
    packets = [int(r[1]) for r in rows]
    resident = [float(r[2]) for r in rows]
    growth = resident[2] / resident[1] - 1
    print(f"packets keep rising: {'yes' if packets[0] < packets[1] < packets[2] else 'NO'}; resident memory from "
          f"{points[1]:,} to {points[2]:,} cycles: {100 * growth:+.1f} % (target within 5 %: "
          f"{'met' if abs(growth) <= 0.05 else 'MISSED'}); {time.perf_counter() - start:.0f} s")


# (program, its arguments, what bounds it): compute-bound, computing with messages, and bound by the network.
CORE_PROGRAMS = [("reduce", "1000000", "compute-bound: each core sums 1,000,000 squares, then one tree reduction"),
                 ("stencil", "64 200", "computes and communicates: 200 steps of a 64 x 64 block, halos by messages"),
                 ("token_ring", "200", "communication-bound: a token round the 64 nodes 200 times")]
CORE_TARGET = 50e6  # simulated instructions per second of wall time, all cores together (compute-bound)


def bench_cores(unicorn=None):
    """Simulated instructions per second of wall time on 64 cores (platforms/cores-8x8.yaml, docs/cores.md):
    a compute-bound program, whose local code runs at the emulator's own speed between quantum switches;
    one that computes and communicates, whose rate the issue holds to a third of the first; and a
    communication-bound one, bounded by the network's own cost (node-cycles per second). With `unicorn`
    (a libunicorn.so.2), each again with that emulator (ICNSIM_UNICORN), in the same run."""
    binary = pathlib.Path(BUILD) / "model" / "icnsim"
    print("icnsim cores benchmark: platforms/cores-8x8.yaml (64 rv32imac cores on an 8x8 torus)")
    print(f"{'program':>12} {'emulator':>12} {'instructions':>13} {'cycles':>11} {'wall [s]':>9} {'instr/s':>9} "
          f"{'node-cycles/s':>14}  {'peak RSS [MB]':>13}")
    emulators = [("system", None)] + ([("ICNSIM_UNICORN", str(pathlib.Path(unicorn).resolve()))] if unicorn else [])
    rates = {}
    for name, arguments, what in CORE_PROGRAMS:
        elf = pathlib.Path(BUILD) / "software" / f"{name}.elf"
        if not elf.is_file():
            raise ToolError(f"scripts/bench --cores: {elf} is not built (allowed: a build with the RISC-V cross-compiler; "
                            "scripts/setup installs it)")
        for label, library in emulators:
            env = {k: v for k, v in os.environ.items() if k != "ICNSIM_UNICORN"}
            if library:
                env["ICNSIM_UNICORN"] = library
            with tempfile.TemporaryDirectory() as folder:
                out = pathlib.Path(folder) / "result.json"
                wall, peak, _ = measured([str(binary), str(ROOT / "platforms/cores-8x8.yaml"), str(elf), "--set",
                                          f"software.arguments={arguments}", "--set", "simulation.cycles=1000000000",
                                          "--set", "simulation.progress=false", "--out", str(out)], name, env)
                program = json.loads(out.read_text())["program"]
            if not program["passed"]:
                raise ToolError(f"scripts/bench --cores: {name} failed its own check ({program['emulator']})")
            rate = program["instructions"] / wall
            rates[(name, label)] = rate
            version = program["emulator"].split(" (")[0]
            verdict = f" (target {CORE_TARGET / 1e6:.0f} M: {'met' if rate >= CORE_TARGET else 'MISSED'})" if name == "reduce" else ""
            print(f"{name:>12} {version:>12} {program['instructions']:>13,} {program['cycles']:>11,} {wall:>9.2f} "
                  f"{rate / 1e6:>8.1f}M {64 * program['cycles'] / wall:>14.3g}  {peak / 2 ** 20:>13.0f}  {what}{verdict}")
    for label, _ in emulators:
        share = rates[("stencil", label)] / rates[("reduce", label)]
        print(f"stencil against reduce with the {label} emulator: {share:.2f} of the compute-bound rate "
              f"(target at least 1/3: {'met' if share >= 1 / 3 else 'MISSED'})")


def bench_vp(milliseconds):
    """A 4x4 torus at 1 GHz in a virtual platform (bench/vp_speed.cpp), idle and with one 64-byte LT access
    per node every 10 us, against the same platform with its clock kept ticking every cycle (as before
    an idle network stopped it), in one run."""
    program = pathlib.Path(BUILD) / "bench" / "vp_speed"
    env = {**os.environ, "SYSC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    print(f"icnsim virtual-platform benchmark: 4x4 torus at 1 GHz, {milliseconds} ms simulated")
    print(f"{'load':>34} {'wall [s]':>9} {'clock ticks':>12} {'accesses':>9} {'ticking every cycle [s]':>24} "
          f"{'speed-up':>9}  target")
    for load, target in (("idle", "<= 10 ms wall per 10 ms"), ("sparse", ">= 20x")):
        measured = {}
        for ticking in (False, True):
            run = subprocess.run([str(program), load, str(milliseconds)] + (["--always-ticking"] if ticking else []),
                                 capture_output=True, text=True, env=env)
            if run.returncode != 0:
                sys.exit(f"vp_speed failed ({load}): {run.stderr}{run.stdout}")
            fields = dict(re.findall(r"(wall|clock ticks|accesses) ([0-9.]+)", run.stdout))
            measured[ticking] = {k: float(v) for k, v in fields.items()}
        gated, ticking = measured[False], measured[True]
        speedup = ticking["wall"] / gated["wall"]
        met = (gated["wall"] <= 0.010 * milliseconds / 10) if load == "idle" else speedup >= 20
        name = "idle" if load == "idle" else "one 64-byte access/node/10 us (LT)"
        print(f"{name:>34} {gated['wall']:>9.4f} {gated['clock ticks']:>12.0f} {gated['accesses']:>9.0f} "
              f"{ticking['wall']:>24.3f} {speedup:>8.0f}x  {target}: {'met' if met else 'MISSED'}")
    # The approximate timing mode (tlm.timing: approximate, docs/tlm.md) against the cycle-accurate one,
    # the processors decoupled by a quantum keeper (10 us) in the approximate run, as a platform booting
    # software would run it. An access's cost is the steady one: each mode also runs a hundredth as
    # long, and the difference of the two runs' wall times is divided by the difference of their
    # accesses, so that the start of a simulation (SystemC creating its thread stacks: 1-2 ms, a tenth
    # of a short approximate run) is not charged to the accesses. Each run is made five times,
    # alternating the modes, and keeps its fastest: on a shared machine the slowest measure the
    # neighbours. The approximate mode runs ten times as long as the cycle mode, for a comparable wall time.
    print(f"\n{'load':>34} {'cycle [us/access]':>17} {'approximate [us/access]':>23} {'accesses':>9} "
          f"{'speed-up':>9}  target")

    def run_vp(load, simulated, approximate):
        run = subprocess.run([str(program), load, f"{simulated:g}", *(["--approximate"] if approximate else [])],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            sys.exit(f"vp_speed failed ({load}, approximate={approximate}): {run.stderr}{run.stdout}")
        fields = dict(re.findall(r"(wall|accesses) ([0-9.]+)", run.stdout))
        return float(fields["wall"]), int(float(fields["accesses"]))

    for load, length in (("sparse", milliseconds), ("heavy", max(1, milliseconds // 10))):
        fastest = {}  # (approximate, scale) -> (wall, accesses): scale 0.01 the short run, 1 the long one
        for _ in range(5):
            for approximate in (False, True):
                for scale in (0.01, 1):
                    wall, accesses = run_vp(load, length * (10 if approximate else 1) * scale, approximate)
                    known = fastest.get((approximate, scale))
                    fastest[(approximate, scale)] = (min(wall, known[0]) if known else wall, accesses)
        per_access = {}
        for approximate in (False, True):
            (short_wall, short_accesses), (long_wall, long_accesses) = (fastest[(approximate, scale)]
                                                                        for scale in (0.01, 1))
            per_access[approximate] = ((long_wall - short_wall) / (long_accesses - short_accesses), long_accesses)
        speedup = per_access[False][0] / per_access[True][0]
        name = ("one 64-byte access/node/10 us" if load == "sparse" else "one 64-byte access/node/100 ns") + \
            f", {length} ms"
        print(f"{name:>34} {per_access[False][0] * 1e6:>17.3f} {per_access[True][0] * 1e6:>23.4f} "
              f"{per_access[False][1]:>9} {speedup:>8.0f}x  >= 100x: {'met' if speedup >= 100 else 'MISSED'}")


def binary_of():
    return pathlib.Path(BUILD) / "model" / "icnsim"


def positive_number(text, most):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value <= most:
        raise argparse.ArgumentTypeError(f"{text} is out of range (allowed: more than 0, at most {most})")
    return value


def parse_arguments(argv):
    parser = Parser(prog="scripts/bench", description=__doc__)
    parser.add_argument("--cycles", type=lambda t: positive_int(t, 4000000000), default=60000,
                        help="cycles per run (default 60000)")
    parser.add_argument("--build", default=os.environ.get("ICNSIM_BUILD", ROOT / "build"))
    parser.add_argument("--sweep", action="store_true", help="the sweep layer's throughput instead (scripts/sweep)")
    parser.add_argument("--points", type=lambda t: positive_int(t, 10000), default=16,
                        help="with --sweep: runs in the sweep (default 16)")
    parser.add_argument("--scale", action="store_true",
                        help="node-cycles/s, elaboration time and bytes per node from 256 to 32,768 nodes")
    parser.add_argument("--router-load", type=lambda t: positive_number(t, 8.0), default=1.0,
                        help="with --scale: flits entering each router per cycle (default 1.0)")
    parser.add_argument("--largest", type=lambda t: positive_int(t, 1 << 24), default=32768,
                        help="with --scale: the most nodes to run (default 32768)")
    parser.add_argument("--topologies", action="store_true",
                        help="the cost of a router-cycle and memory per node at full overload on every shipped topology "
                             "(the 16-ary 2-cube, the 1,056-node dragonfly, the fat tree, the HyperX, a network from a file)")
    parser.add_argument("--cores", action="store_true",
                        help="simulated instructions per second of 64 RISC-V cores: a compute-bound program, one "
                             "that computes and communicates, and a communication-bound one (docs/cores.md)")
    parser.add_argument("--unicorn", metavar="LIBRARY",
                        help="with --cores: also run each program with this libunicorn.so.2 (ICNSIM_UNICORN), "
                             "e.g. a newer Unicorn 2 than the system's")
    parser.add_argument("--vp", action="store_true",
                        help="a virtual platform's 4x4 network idle and under sparse LT traffic, 10 simulated ms")
    parser.add_argument("--booksim", metavar="PATH",
                        help="also run BookSim 2 (this binary) on the same networks and print icnsim's speed as a "
                             "multiple of BookSim's at light load, overload and on the dragonfly (scripts/bench_booksim.py)")
    parser.add_argument("--vp-memory", action="store_true",
                        help="a virtual platform's resident memory over --cycles of background traffic "
                             "(default here 10^8: about two minutes)")
    args = parser.parse_args(argv)
    if args.unicorn is not None and not args.cores:
        raise ToolError("scripts/bench: --unicorn acts only with --cores")
    if args.unicorn is not None and not pathlib.Path(args.unicorn).is_file():
        raise ToolError(f"scripts/bench: --unicorn {args.unicorn}: no such file (allowed: a libunicorn.so.2)")
    if args.booksim is not None and (args.scale or args.topologies or args.cores or args.vp or args.vp_memory
                                     or args.sweep):
        raise ToolError("scripts/bench: --booksim acts only with the default benchmark (no --scale, --topologies, "
                        "--cores, --vp, --vp-memory or --sweep)")
    if args.booksim is not None and not (pathlib.Path(args.booksim).is_file() and os.access(args.booksim, os.X_OK)):
        raise ToolError(f"scripts/bench: --booksim {args.booksim}: no such executable file (allowed: a BookSim 2 binary)")
    if not (pathlib.Path(args.build) / "model" / "icnsim").is_file():
        raise ToolError(f"scripts/bench: --build {args.build}: holds no model/icnsim (allowed: a build folder; "
                        "scripts/setup builds one)")
    return args


def _main(argv=None):
    args = parse_arguments(argv)
    global BUILD
    BUILD = args.build
    if args.vp:
        bench_vp(10)
        return 0
    if args.cores:
        bench_cores(args.unicorn)
        return 0
    if args.vp_memory:
        bench_vp_memory(args.cycles if args.cycles != 60000 else 10 ** 8)
        return 0
    if args.scale:
        bench_scale(args.router_load, min(args.cycles, 20000), args.largest)
        return 0
    if args.topologies:
        bench_topologies(min(args.cycles, 5000))
        return 0
    if args.sweep:
        os.environ["ICNSIM_BUILD"] = str(args.build)
        bench_sweep(args.points, min(args.cycles, 20000))
        return 0
    binary = pathlib.Path(args.build) / "model" / "icnsim"
    nodes = 256
    print(f"icnsim benchmark: platforms/default.yaml (16-ary 2-cube, {nodes} nodes), uniform, {args.cycles} cycles")
    print(f"{'load [pkt/node/cycle]':>22} {'wall [s]':>9} {'node-cycles/s':>14} {'peak RSS [MB]':>14}  target")
    for rate, target in POINTS:
        wall, rss, notes = run(binary, rate, args.cycles)
        scaled_target = target * args.cycles / 60000
        verdict = "met" if wall <= scaled_target and rss <= RSS_TARGET_MB else "MISSED"
        print(f"{rate:>22} {wall:>9.2f} {nodes * args.cycles / wall:>14.3g} {rss:>14.1f}  "
              f"<= {scaled_target:.2f} s, <= {RSS_TARGET_MB} MB: {verdict}" + "".join(f" ({n})" for n in notes))
    bench_booksim.compare(binary, ROOT, args.booksim, args.cycles)
    return 0


def main(argv=None):
    return tool_io.run(_main, argv, "scripts/bench")


if __name__ == "__main__":
    sys.exit(main())
