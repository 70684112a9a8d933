"""Randomized configuration sweep: draws valid-looking configurations over every axis from a seed,
runs each briefly and checks that icnsim either completes with a consistent result or refuses the
configuration with one line. Anything else — a crash, a hang, an invalid or inconsistent JSON, a
deadlock where the routing is deadlock-free by construction, a network that stopped delivering
reported as success — is a failure, printed with the one command that reproduces it.

    scripts/stress [--count N] [--seed S] [--jobs J] [--keep DIR] [--address-space MB]

With --address-space every run gets that address-space limit (prlimit --as): a network the limit
cannot hold must be refused up front with one line, and one that runs out of memory later must end
with one line, exit 1, and no result or temporary file left.
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import random
import shlex
import subprocess
import sys
import tempfile
import time

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
BINARY = BUILD / "model" / "icnsim"

# The dragonfly's and the HyperX's routing functions (routing/dragonfly_*, hyperx_*_routing.cpp).
DRAGONFLY_ROUTINGS = ["minimal", "valiant", "ugal_local", "ugal_global", "par"]
HYPERX_ROUTINGS = ["minimal", "minimal_adaptive", "valiant", "ugal"]


def registries():
    """Every key with a fixed set of values, as icnsim --print-schema lists them, by its dotted path: the registered topologies, routing functions, controllers, patterns and processes. The
    draw takes its choices from here, so an implementation registered later is exercised without being
    named in this file."""
    schema = json.loads(subprocess.run([str(BINARY), "--print-schema"], capture_output=True, text=True,
                                       check=True).stdout)
    found = {key["key"]: key["choices"] for key in schema["platform"] if key["type"] == "choice"}
    found.update({"stimulus." + key["key"]: key["choices"] for key in schema["stimulus"] if key["type"] == "choice"})
    return found


REGISTRY = registries() if BINARY.exists() else {}
PATTERNS = REGISTRY.get("stimulus.pattern.type", [])
PROCESSES = ["bernoulli", *REGISTRY.get("stimulus.injection.process", [])]  # Bernoulli twice as often
CONTROLLERS = ["none", *REGISTRY.get("congestion_control.type", [])]        # no control twice as often


def pace_setting(processes):
    """The processes that set their own pace and take no injection.rate (icnsim refuses one written beside
    them): those that injection.rate's declared need leaves out (icnsim --print-schema)."""
    schema = json.loads(subprocess.run([str(BINARY), "--print-schema"], capture_output=True, text=True,
                                       check=True).stdout)
    rate = next(key for key in schema["stimulus"] if key["key"] == "injection.rate")
    paced = {value for need in rate["needs"] for c in need["any_of"] if c["key"] == "injection.process"
             for value in c["values"]}
    return {p for p in processes if p not in paced}


PACE_SETTING = pace_setting(set(PROCESSES)) if BINARY.exists() else set()
SCHEMA = json.loads((ROOT / "docs" / "result.schema.json").read_text())
WATCHDOG = 1500  # cycles: short runs must still catch a stopped network


BIT_PATTERNS = {"bit_complement", "bit_reversal", "bit_rotation", "butterfly", "perfect_shuffle"}


def draw(rng: random.Random):
    """One configuration as a list of --set overrides on platforms/default.yaml (a k-ary n-fly:
    platforms/dally-2ary6fly.yaml; a dragonfly: platforms/dragonfly.yaml; a fat tree:
    platforms/fat-tree.yaml; a HyperX: platforms/hyperx.yaml; a network from a file:
    platforms/chiplets.yaml) + stimuli/uniform.yaml; a k-ary n-cube has 2 or 4 terminals per router
    one time in three.
    Most draws respect the documented rules (so that they run); one in ten ignores them on purpose,
    to check that what cannot work is refused with one line."""
    careful = rng.random() < 0.9
    s = {}
    terminals = 1
    pattern = rng.choice(PATTERNS)
    shape = rng.random()
    fly = shape < 0.15  # a k-ary n-fly (on platforms/dally-2ary6fly.yaml) instead of a k-ary n-cube
    dragonfly = 0.15 <= shape < 0.27  # a dragonfly (on platforms/dragonfly.yaml)
    tree = 0.27 <= shape < 0.37  # a k-ary n-tree (on platforms/fat-tree.yaml)
    hyperx = 0.37 <= shape < 0.47  # a HyperX (on platforms/hyperx.yaml)
    from_file = 0.47 <= shape < 0.52  # one of the shipped network files (on platforms/chiplets.yaml)
    indirect = fly or dragonfly or tree or hyperx or from_file  # or direct with one terminal a switch: treated alike
    if careful and pattern == "group_shift" and not dragonfly:  # defined on a dragonfly's groups
        pattern = "uniform"
    if dragonfly:
        p, a, h = rng.choice([1, 2, 3]), rng.choice([2, 3, 4]), rng.choice([1, 2])
        groups = rng.choice([0, rng.randint(2, a * h + 1)])
        if careful and pattern in BIT_PATTERNS | {"transpose", "tornado"}:  # a power of two or a k-ary n-cube
            pattern = rng.choice(["uniform", "group_shift"])
        s["network.topology"] = "dragonfly"
        s["network.terminals_per_router"] = p
        s["network.routers_per_group"] = a
        s["network.global_per_router"] = h
        s["network.groups"] = groups
        nodes = p * a * (groups or a * h + 1)
        wraps = []
        routing = rng.choice(DRAGONFLY_ROUTINGS)
        s["routing.type"] = routing
    elif from_file:
        if careful and pattern in ("transpose", "tornado"):  # defined on a k-ary n-cube's coordinates
            pattern = "uniform"
        s["network.topology"] = "file"
        s["network.file"] = str(ROOT / "platforms" / "networks" / rng.choice(["chiplets-2x2.yaml",
                                                                            "torus-8x8-failed-link.yaml"]))
        nodes = 64
        wraps = []
        routing = "shortest_path"
        s["routing.type"] = routing
    elif hyperx:
        l, sw, t = rng.choice([1, 2, 2, 3]), rng.choice([2, 3, 4]), rng.choice([1, 2, 4])
        if careful and pattern in BIT_PATTERNS:
            sw, t = rng.choice([2, 4]), rng.choice([1, 2, 4])
        if careful and pattern in ("transpose", "tornado"):  # defined on a k-ary n-cube's coordinates
            pattern = "uniform"
        s["network.topology"] = "hyperx"
        s["network.dimensions"] = l
        s["network.switches"] = sw
        s["network.terminals_per_router"] = t
        nodes = sw ** l * t
        wraps = []
        routing = rng.choice(HYPERX_ROUTINGS)
        s["routing.type"] = routing
    elif tree:
        radix = rng.choice([2, 3, 4])
        if careful and pattern in BIT_PATTERNS:
            radix = rng.choice([2, 4])
        if careful and pattern in ("transpose", "tornado"):  # defined on a k-ary n-cube's coordinates
            pattern = "uniform"
        levels = rng.randint(1, {2: 5, 3: 3, 4: 3}[radix])
        s["network.topology"] = "kary_ntree"
        s["network.radix"] = radix
        s["network.levels"] = levels
        nodes = radix ** levels
        wraps = []
        routing = "nearest_common_ancestor"
        s["routing.type"] = routing
        s["routing.up_port"] = rng.choice(["least_loaded", "random", "destination"])
    elif fly:
        radix = rng.choice([2, 2, 3, 4])
        if careful and pattern in BIT_PATTERNS:
            radix = rng.choice([2, 4])
        if careful and pattern in ("transpose", "tornado"):  # defined on a k-ary n-cube's coordinates
            pattern = "uniform"
        stages = rng.randint(1, {2: 6, 3: 3, 4: 3}[radix])
        s["network.topology"] = "kary_nfly"
        s["network.radix"] = radix
        s["network.stages"] = stages
        nodes = radix ** stages
        wraps = []
        routing = "destination_tag"
        s["routing.type"] = routing
    else:
        dimensions = rng.choice([1, 1, 2, 2, 2, 3])
        if careful and pattern == "transpose":
            dimensions = rng.choice([2, 3])
        largest_radix = {1: 32, 2: 12, 3: 6}[dimensions]
        radix = rng.randint(2, largest_radix)
        if careful and pattern in BIT_PATTERNS:
            radix = rng.choice([r for r in (2, 4, 8, 16, 32) if r <= largest_radix])
        s["network.radix"] = radix
        s["network.dimensions"] = dimensions
        nodes = radix ** dimensions
        wraps = [rng.choice(["torus", "torus", "mesh"]) for _ in range(dimensions)]
        s["network.wrap"] = wraps[0] if len(set(wraps)) == 1 else "[" + ",".join(wraps) + "]"
        terminals = rng.choice([1, 1, 1, 1, 2, 4])  # concentration: several terminals a router
        if terminals > 1:
            s["network.terminals_per_router"] = terminals
            nodes *= terminals
            indirect = True  # no longer one node per router: the same rules as an indirect network

        # Every routing function registered for k-ary n-cubes (destination_tag is the n-fly's,
        # nearest_common_ancestor the fat tree's; the dragonfly's are its own).
        routing = rng.choice(["dimension_order"] + [r for r in REGISTRY["routing.type"]
                                                    if r not in ("destination_tag", "nearest_common_ancestor")
                                                    and r not in DRAGONFLY_ROUTINGS + HYPERX_ROUTINGS])
        s["routing.type"] = routing
        if routing == "dimension_order" and ("torus" in wraps or not careful):  # a mesh has no ring to cut
            s["routing.dateline"] = rng.choice(REGISTRY["routing.dateline"])
    lanes = rng.choice([1, 2, 2, 3, 3, 4, 6])
    if careful and routing == "dimension_order" and "torus" in wraps:
        lanes = max(lanes, 2)
        if s.get("routing.dateline") == "counted":  # one VC more than the torus dimensions
            lanes = max(lanes, 1 + wraps.count("torus"))
    if careful and routing == "duato":
        lanes = max(lanes, 3)
    if careful and dragonfly and routing == "minimal":  # a VC class before and after the global hop
        lanes = max(lanes, 2)
    if careful and dragonfly and routing in ("valiant", "ugal_local", "ugal_global"):  # to the intermediate group, to the destination's, within it
        lanes = max(lanes, 3)
    if careful and hyperx and routing != "minimal":  # an escape VC, or a class per phase
        lanes = max(lanes, 2)
    if careful and routing == "par":  # and a second local hop in the source group
        lanes = max(lanes, 4)
    s["router.virtual_channels"] = lanes
    lengths = [4, 16] if rng.random() < 0.3 else [rng.choice([1, 2, 4, 8, 16, 20])]
    switching = rng.choice(["wormhole", "wormhole", "virtual_cut_through"])
    if careful and routing == "bubble":
        switching = "virtual_cut_through"
    depth = rng.choice([1, 2, 4, 8, 8, 16, 32])
    if careful and switching == "virtual_cut_through":
        depth = max(depth, max(lengths) * (2 if routing == "bubble" else 1))
    reallocation = rng.choice(["on_tail", "on_tail", "when_empty"])
    if careful and routing == "bubble":
        reallocation = "on_tail"
    s["router.buffer_depth"] = depth
    s["router.switching"] = switching
    s["router.arbitration"] = rng.choice(["round_robin", "random", "oldest_first", "priority"])
    s["router.vc_allocation"] = rng.choice(["oldest_first", "longest_waiting"])
    s["router.vc_reallocation"] = reallocation
    s["router.routing_delay"] = rng.choice([0, 1, 1, 2])
    s["router.link_delay"] = rng.choice([1, 1, 2])
    recovery = "none"
    if routing == "tfar":
        recovery = rng.choice(["disha", "software", "none"])
    elif rng.random() < 0.1:
        recovery = rng.choice(["disha", "software"])
    if careful and indirect and recovery == "software":  # re-injects at the absorbing router's node
        recovery = "disha"
    s["deadlock.recovery"] = recovery
    if recovery == "disha":
        s["deadlock.token_release"] = rng.choice(["tail", "header"])
    if recovery != "none":
        s["deadlock.detection"] = rng.choice(["timeout", "inactivity"])
        if s["deadlock.detection"] == "inactivity":
            s["deadlock.inactivity_scope"] = rng.choice(["physical_channel", "virtual_channel"])

    s["network_interface.injection_channels"] = rng.choice([1, 1, 1, 2, 4])
    s["network_interface.delivery_channels"] = rng.choice([1, 1, 2])
    s["network_interface.packets_in_progress"] = min(lanes, rng.choice([1, 1, 2]))
    s["router.crossbar_inputs"] = rng.choice(["per_channel", "per_channel", "per_lane"])
    if rng.random() < 0.3:
        s["network_interface.source_queue_limit"] = rng.choice([1, 4, 64])
        s["network_interface.source_queue_full"] = rng.choice(["block", "drop"])

    s["stimulus.pattern.type"] = pattern
    if pattern == "hot_region":
        s["stimulus.pattern.last"] = min(7, nodes - 1) if careful else 7
    if pattern == "hot_spot":
        s["stimulus.pattern.nodes"] = f"[{rng.randrange(nodes)}]"
    if len(lengths) > 1:
        s["stimulus.packet_length"] = "[4,16]"
        s["stimulus.packet_length_weights"] = "[3,1]"
    else:
        s["stimulus.packet_length"] = lengths[0]

    controller = rng.choice(CONTROLLERS)
    if careful and controller == "lbr" and not (routing == "bubble" and switching == "virtual_cut_through"):
        controller = "ipr"  # LBR is defined for the bubble router under virtual cut-through only
    if careful and indirect and controller in ("entropy", "ipr", "lbr"):
        controller = "alo"  # they need the entropy circuit (a k-ary n-cube's) or a router of their own
    if careful and fly and controller in ("self_tuned", "static_threshold"):
        controller = "alo"  # a k-ary n-fly delivers at other routers than its nodes inject into
    s["congestion_control.type"] = controller
    if controller == "alo":
        s["congestion_control.vcs"] = rng.choice(["all", "adaptive"])
    if controller == "trans_t" and careful:
        s["congestion_control.u1"] = rng.choice([2, 3, 4, 5])  # Table 1 covers only the paper's networks
    if controller == "ipr":
        s["congestion_control.probability"] = rng.choice([0, 0.5, 1])
    if controller == "entropy":
        model = s["congestion_control.model"] = rng.choice(["base", "hyst", "gt.a", "gt.x"])
        if model == "base":  # each model's own keys: the others' would change nothing (refused)
            s["congestion_control.threshold"] = rng.choice([30, 60, 90])
        if model.startswith("gt."):
            s["congestion_control.guard_time"] = rng.choice([0, 4, 16])
        s["congestion_control.virtual_control_channel"] = rng.choice(["false", "true"])
    if controller in ("self_tuned", "static_threshold") and rng.random() < 0.25 and (
            not careful or (not indirect and "mesh" not in wraps)):  # metapackets go round a torus's rows
        s["congestion_control.distribution"] = "metapackets"
    if controller in ("self_tuned", "static_threshold") and s.get("congestion_control.distribution") != "metapackets" \
            and rng.random() < 0.2:  # the sideband's width acts only on counters that travel on it
        s["sideband.width_bits"] = rng.choice([9, 16])

    process = rng.choice(PROCESSES)
    s["stimulus.injection.process"] = process
    if rng.random() < 0.15:
        s["stimulus.high_priority_fraction"] = 0.2
    # Load up to twice the uniform capacity (8/k flits/node/cycle on a torus, 4/k on a mesh).
    capacity = 1.0 if indirect and not terminals > 1 else min(1.0, (8.0 if "mesh" not in wraps else 4.0) / radix / terminals)
    s["stimulus.injection.unit"] = "flits"
    if process == "ramp":
        s["stimulus.injection.step"] = round(capacity / 10, 6)
        s["stimulus.injection.interval"] = 300
    elif process not in PACE_SETTING:
        rate = round(min(1.0, capacity * rng.uniform(0.05, 2.0)), 6)
        s["stimulus.injection.rate"] = rate
        if process == "on_off":
            # The on-state rate, rate x (on + off) / on packets per cycle, must stay at most 1.
            mean_length = 7.0 if len(lengths) > 1 else lengths[0]
            packets = rate / mean_length
            on = rng.choice([20, 100, 500])
            off = on * rng.uniform(0.2, 9)
            if careful:
                off = min(off, on * (1 / packets - 1) * 0.999)
                if off < 1:  # too dense for on/off with this on-length: plain Bernoulli instead
                    process = "bernoulli"
                    s["stimulus.injection.process"] = process
            if process == "on_off":
                s["stimulus.injection.mean_on"] = on
                s["stimulus.injection.mean_off"] = round(max(1.0, off), 3)

    cycles = rng.choice([1500, 3000, 4000])
    s["simulation.cycles"] = cycles
    s["simulation.warmup"] = rng.choice([0, 300, 1000])
    s["simulation.sample_interval"] = 250
    s["simulation.watchdog_cycles"] = WATCHDOG
    s["simulation.wall_limit"] = 60
    s["simulation.progress"] = "false"
    s["simulation.seed"] = rng.randint(0, 10**6)
    return s


def command(overrides, out):
    platform = {"kary_nfly": "platforms/dally-2ary6fly.yaml", "dragonfly": "platforms/dragonfly.yaml",
                "kary_ntree": "platforms/fat-tree.yaml", "hyperx": "platforms/hyperx.yaml",
                "file": "platforms/chiplets.yaml"}.get(
        overrides.get("network.topology"), "platforms/default.yaml")
    # A process that sets its own pace takes no rate: a base stimulus without one.
    stimulus = ("stimuli/dally-saturation.yaml" if overrides.get("stimulus.injection.process") in PACE_SETTING
                else "stimuli/uniform.yaml")
    args = [str(BINARY), platform, stimulus, "-q"]
    for key, value in overrides.items():
        args += ["--set", f"{key}={value}"]
    return args + ["--out", str(out)]


def deadlock_free(s):
    """Deadlock-freedom by construction (docs/routing.md); TFAR without recovery is not."""
    return not (s["routing.type"] == "tfar" and s["deadlock.recovery"] == "none")


def check(result, s):
    """Problems with a result that claims to be consistent; [] when it is."""
    problems = []
    try:
        jsonschema.Draft202012Validator(SCHEMA).validate(result)
    except jsonschema.ValidationError as e:
        problems.append(f"the result does not follow docs/result.schema.json: {e.message[:300]} at {list(e.absolute_path)}")
    packets = result["packets"]
    series = result["time_series"]
    nodes = result["network"]["nodes"]
    if packets["delivered"] > packets["injected"] or packets["injected"] > packets["created"] + packets["deadlock_recoveries"]:
        problems.append(f"packet counts out of order: {packets}")
    if any(len(v) != nodes for v in result["per_node"].values()):
        problems.append("a per-node array is not one entry per node")
    if len({len(v) for v in series.values()}) != 1:
        problems.append("time-series columns differ in length")
    if result["latency"]["count"] and not (result["latency"]["p50"] <= result["latency"]["p99"] <= result["latency"]["max"]):
        problems.append("latency percentiles out of order")
    if sum(result["latency_histogram"]["counts"]) != result["latency"]["count"]:
        problems.append("latency histogram does not hold every measured packet")
    if not 0 < result["throughput"]["fairness_jain"] <= 1:
        problems.append("Jain fairness outside (0, 1]")
    limit = s.get("network_interface.source_queue_limit")
    # Packets absorbed by software recovery re-enter the queue whatever its limit: they were admitted.
    if limit and s["deadlock.recovery"] != "software" and series["packets_queued"] and max(series["packets_queued"]) > limit * nodes + nodes * 4:
        problems.append("source queues exceed their limit")
    # Independent of the model's own watchdog: a success must not end in a stretch of samples that
    # deliver nothing while packets are in the network, longer than the watchdog period.
    idle = 0
    for accepted, in_network in zip(series["accepted"], series["packets_in_network"]):
        idle = idle + 1 if accepted == 0 and in_network > 0 else 0
    if idle * s["simulation.sample_interval"] > WATCHDOG + s["simulation.sample_interval"]:
        problems.append(f"reported completed, but delivered nothing for the last {idle} samples with packets inside")
    return problems


def address_space_limit(megabytes):
    """A preexec_fn that caps the child's address space, or None."""
    if not megabytes:
        return None

    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
    return limit


def run_one(index, overrides, folder, address_space=0):
    out = pathlib.Path(folder) / f"run-{index}.json"
    args = command(overrides, out)
    start = time.monotonic()
    try:
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120,
                           preexec_fn=address_space_limit(address_space))
    except subprocess.TimeoutExpired:
        return index, "failure", "hang: no exit within 120 s (simulation.wall_limit is 60 s)", args
    wall = time.monotonic() - start
    stderr_lines = [line for line in p.stderr.splitlines() if line.strip()]
    if address_space and p.returncode == 1 and stderr_lines and "out of memory" in stderr_lines[0]:
        left = sorted(x.name for x in pathlib.Path(folder).iterdir() if f"run-{index}.json" in x.name)
        if len(stderr_lines) != 1 or left:
            return index, "failure", f"out of memory must be one line and leave no file: {p.stderr!r}, {left}", args
        return index, "out of memory", stderr_lines[0], args
    if p.returncode == 2:
        if len(stderr_lines) != 1 or out.exists():
            return index, "failure", f"a refusal must be one line and write nothing: {p.stderr!r}", args
        return index, "refused", stderr_lines[0], args
    if p.returncode < 0 or p.returncode == 1 or p.returncode > 5:
        return index, "failure", f"crash or unexpected exit {p.returncode}: {p.stderr[-500:]!r}", args
    try:
        result = json.loads(out.read_text())
    except (OSError, ValueError) as e:
        return index, "failure", f"exit {p.returncode} without a valid result JSON: {e}", args
    state = result["status"]["state"]
    if p.returncode == 5:
        return index, "failure", f"wall limit reached (a hang?): {result['status']['reason']}", args
    if p.returncode == 3:
        if state in ("deadlock", "frozen") and not deadlock_free(overrides):
            return index, "expected deadlock", result["status"]["reason"][:200], args
        return index, "failure", f"{state}: {result['status']['reason'][:400]}", args
    if p.returncode == 4:
        return index, "failure", f"result not written: {p.stderr!r}", args
    if state != "completed":
        return index, "failure", f"exit 0 with status {state}", args
    problems = check(result, overrides)
    if problems:
        return index, "failure", "; ".join(problems), args
    out.unlink()
    return index, "completed", f"{wall:.2f} s", args


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=50, help="configurations to draw and run (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the draw (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs in parallel (default: cores)")
    parser.add_argument("--keep", type=pathlib.Path, help="keep the result JSON of failing runs in this folder")
    parser.add_argument("--verbose", action="store_true", help="one line per run")
    parser.add_argument("--address-space", type=int, default=0, metavar="MB",
                        help="run each configuration under this address-space limit (prlimit --as)")
    options = parser.parse_args()
    if not BINARY.exists():
        sys.exit(f"stress: build icnsim first ({BINARY})")
    rng = random.Random(options.seed)
    drawn = [draw(rng) for _ in range(options.count)]
    tally = {"completed": 0, "refused": 0, "expected deadlock": 0, "out of memory": 0, "failure": 0}
    refusals = {}
    failures = []
    start = time.monotonic()
    folder = options.keep or pathlib.Path(tempfile.mkdtemp(prefix="icnsim-stress-"))
    folder.mkdir(parents=True, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        futures = [pool.submit(run_one, i, s, folder, options.address_space) for i, s in enumerate(drawn)]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            index, outcome, message, args = future.result()
            tally[outcome] += 1
            if outcome == "refused":
                refusals[message] = refusals.get(message, 0) + 1
            if outcome == "failure":
                failures.append((index, message, args))
                print(f"FAILURE #{index}: {message}\n  reproduce: cd {ROOT} && {shlex.join(args)}", flush=True)
            elif options.verbose:
                print(f"#{index} {outcome}: {message}", flush=True)
            if sys.stderr.isatty():
                print(f"\r  {done}/{options.count} runs, {time.monotonic() - start:.0f} s", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"stress: {options.count} configurations (seed {options.seed}) in {time.monotonic() - start:.0f} s: "
          + ", ".join(f"{n} {k}" for k, n in tally.items()))
    for reason, n in sorted(refusals.items(), key=lambda item: -item[1]):
        print(f"  refused {n}×: {reason[:160]}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
