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
import re
import shlex
import subprocess
import sys
import tempfile
import time

import jsonschema

from icnsim_runs import BINARY, ROOT  # the icnsim to run: the build's, or $ICNSIM_BINARY

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




def description():
    """What icnsim's registries know (icnsim --describe): every topology with small shapes of its own and,
    per shape, the routing functions the configuration accepts there (the fewest VCs each takes, the
    values of its choice keys, the controllers it accepts), the patterns, the node count and capacity.
    A topology with no shapes of its own reads its network from a file: the shipped platforms that name
    it are its shapes (icnsim PLATFORM --describe). The draw takes every choice from here, so a topology,
    routing or controller registered later is exercised without being named in this file."""
    found = json.loads(subprocess.run([str(BINARY), "--describe"], capture_output=True, text=True, check=True).stdout)
    for name, topology in found["topologies"].items():
        if topology["shapes"]:
            continue
        for platform in sorted((ROOT / "platforms").glob("*.yaml")):
            if re.search(rf"^\s+topology:\s*{re.escape(name)}\s*(#.*)?$", platform.read_text(), re.M):
                shape = json.loads(subprocess.run([str(BINARY), str(platform), "--describe"], capture_output=True,
                                                  text=True, check=True).stdout)["platform"]
                topology["shapes"].append({**shape, "keys": {}, "platform": str(platform.relative_to(ROOT))})
    return found


DESCRIPTION = description() if BINARY.exists() else {"topologies": {}, "routings": {}, "controllers": {}}
TOPOLOGIES = sorted(name for name, t in DESCRIPTION["topologies"].items() if t["shapes"])
BARE = "platforms/bare.yaml"  # every key at its default: the draw sets the network and the rest


def draw(rng: random.Random):
    """One configuration as a list of --set overrides on a base platform (`platform`: platforms/bare.yaml,
    or the shipped platform of a network read from a file) + stimuli/uniform.yaml: a topology and one of
    its shapes, a routing function, a controller and a pattern, from icnsim --describe.
    Most draws respect what the description says the configuration accepts (so that they run); one in
    ten ignores it on purpose, to check that what cannot work is refused with one line."""
    careful = rng.random() < 0.9
    s = {}
    pattern = rng.choice(PATTERNS)
    topology = rng.choice(TOPOLOGIES)
    shape = rng.choice(DESCRIPTION["topologies"][topology]["shapes"])
    s["platform"] = shape.get("platform", BARE)
    s["network.topology"] = topology
    s.update(shape["keys"])
    nodes, indirect, capacity = shape["nodes"], not shape["direct"], min(1.0, shape["uniform_capacity"])
    if careful and pattern not in shape["patterns"]:
        pattern = rng.choice(shape["patterns"])
    routing = rng.choice(sorted(shape["routings"]) if careful else REGISTRY["routing.type"])
    need = shape["routings"].get(routing, {"virtual_channels": 1, "switching": "wormhole", "choices": {},
                                           "controllers": {"none": {}}})
    s["routing.type"] = routing
    vcs = rng.choice([1, 2, 2, 3, 3, 4, 6])
    # The routing's choice keys (dimension order's dateline): a value it takes here, with its VCs.
    for key, values in need["choices"].items():
        if values and rng.random() < 0.5:
            value = rng.choice(sorted(values)) if careful else rng.choice(REGISTRY.get(f"routing.{key}", sorted(values)))
            s[f"routing.{key}"] = value
            if careful:
                vcs = max(vcs, values.get(value, 1))
    if careful:
        vcs = max(vcs, need["virtual_channels"])
    s["router.virtual_channels"] = vcs
    bubble = DESCRIPTION["routings"].get(routing, {}).get("bubble_escape", False)
    lengths = [4, 16] if rng.random() < 0.3 else [rng.choice([1, 2, 4, 8, 16, 20])]
    switching = rng.choice(["wormhole", "wormhole", "virtual_cut_through"])
    if careful and need["switching"] == "virtual_cut_through":
        switching = "virtual_cut_through"
    depth = rng.choice([1, 2, 4, 8, 8, 16, 32])
    if careful and switching == "virtual_cut_through":  # room for a packet; the bubble rule, for two
        depth = max(depth, max(lengths) * (2 if bubble else 1))
    reallocation = rng.choice(["on_tail", "on_tail", "when_empty"])
    if careful and bubble:
        reallocation = "on_tail"
    s["router.buffer_depth"] = depth
    s["router.switching"] = switching
    s["router.arbitration"] = rng.choice(["round_robin", "random", "oldest_first", "priority"])
    s["router.vc_allocation"] = rng.choice(["oldest_first", "longest_waiting", "separable"])
    s["router.switch_allocation"] = rng.choice(["maximal", "maximal", "separable"])
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
    s["network_interface.packets_in_progress"] = min(vcs, rng.choice([1, 1, 2]))
    s["router.crossbar_inputs"] = rng.choice(["per_channel", "per_channel", "per_vc"])
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
    accepted = need["controllers"]  # with this routing, on this network (its needs: icnsim --describe)
    if careful and controller not in accepted:
        controller = rng.choice(["none", *sorted(accepted)])
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
            not careful or "metapackets" in accepted.get(controller, {}).get("distribution", [])):
        s["congestion_control.distribution"] = "metapackets"  # they go round a torus's rows
    if controller in ("self_tuned", "static_threshold") and s.get("congestion_control.distribution") != "metapackets" \
            and rng.random() < 0.2:  # the sideband's width acts only on counters that travel on it
        s["sideband.width_bits"] = rng.choice([9, 16])

    process = rng.choice(PROCESSES)
    s["stimulus.injection.process"] = process
    if rng.random() < 0.15:
        s["stimulus.high_priority_fraction"] = 0.2
    # Load up to twice the uniform capacity (the topology's own: 8/k flits/node/cycle on a torus, …).
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
    platform = overrides.get("platform", BARE)
    # A process that sets its own pace takes no rate: a base stimulus without one.
    stimulus = ("stimuli/dally-saturation.yaml" if overrides.get("stimulus.injection.process") in PACE_SETTING
                else "stimuli/uniform.yaml")
    args = [str(BINARY), platform, stimulus, "-q"]
    for key, value in overrides.items():
        if key != "platform":
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
