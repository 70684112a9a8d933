"""scripts/bench --booksim PATH: icnsim's speed against BookSim 2's on the same networks, in one run on one
machine. Each case is run by both simulators on identical networks with identical allocators (docs/routing.md,
"Like for like with BookSim 2": BookSim's separable input-first VC and switch allocators, one iteration,
speculative, a 3-cycle hop, Bernoulli sources, uniform traffic that draws the sender too, 16-flit packets);
each simulator's CPU time (user + system, of its own process) is divided by the cycles it simulated, so
BookSim's drain after its measurement (it runs until every measured packet has arrived) is counted as the
cycles it is. The ratio is BookSim's CPU per cycle over icnsim's. Without a BookSim the benchmark says so."""
import json
import os
import pathlib
import re
import subprocess
import tempfile

from tool_io import ToolError

TARGET = 25.0  # issue 71: at least 25 times BookSim 2 at light load, at overload and on the dragonfly

# BookSim 2 settings every case shares: its input-queued router with the allocators and pipeline of the
# like-for-like anchor (docs/routing.md), Bernoulli sources of uniform traffic, 16-flit packets, and
# thresholds that neither stop a run early nor declare it unstable past saturation.
BOOKSIM_COMMON = {
    "router": "iq", "vc_allocator": "separable_input_first", "sw_allocator": "separable_input_first",
    "alloc_iters": 1, "wait_for_tail_credit": 0, "credit_delay": 0, "use_noc_latency": 0,  # 1-cycle links
    "routing_delay": 0, "vc_alloc_delay": 1,
    "sw_alloc_delay": 1, "st_final_delay": 1, "speculative": 1, "traffic": "uniform",
    "injection_process": "bernoulli", "packet_size": 16, "sim_type": "latency", "warmup_periods": 1,
    "latency_thres": 1e9, "warmup_thres": 0.0, "stopping_thres": 0.0, "acc_warmup_thres": 0.0,
    "acc_stopping_thres": 0.0, "seed": 1,
}
ICNSIM_COMMON = ["router.vc_allocation=separable", "router.switch_allocation=separable",
                 "stimulus.pattern.include_source=true", "stimulus.packet_length=16", "simulation.seed=1",
                 "simulation.progress=false"]


def cases(cycles):
    """(name, icnsim platform, icnsim settings, BookSim settings, cycles, warm-up) for `cycles` cycles of the
    torus runs; the dragonfly, 4 times the torus's nodes with 100-cycle global channels, runs 2/15 of them."""
    torus_icnsim = ["routing.dateline=entry", "router.virtual_channels=4", "router.buffer_depth=8"]
    torus_booksim = {"topology": "torus", "k": 16, "n": 2, "routing_function": "dim_order", "num_vcs": 4,
                     "vc_buf_size": 8, "injection_rate_uses_flits": 0}
    dragonfly_cycles = max(20, cycles * 2 // 15)
    return [
        ("16-ary 2-cube, 0.005 pkt/node/cycle", "platforms/default.yaml",
         torus_icnsim + ["stimulus.injection.rate=0.005", "stimulus.injection.unit=packets"],
         {**torus_booksim, "injection_rate": 0.005}, cycles, min(10000, cycles // 6)),
        ("16-ary 2-cube, 0.04 (overload)", "platforms/default.yaml",
         torus_icnsim + ["stimulus.injection.rate=0.04", "stimulus.injection.unit=packets"],
         {**torus_booksim, "injection_rate": 0.04}, cycles, min(10000, cycles // 6)),
        # BookSim's dragonflynew is the balanced dragonfly of p = k terminals a router (a = 2p, h = p); its
        # local channels take 10 cycles and its global ones 100; min routing uses two VCs, one each side of
        # the global hop — icnsim's path_order with two VCs.
        ("dragonfly 1,056 nodes, 1 flit/node/cycle", "platforms/dragonfly-1056.yaml",
         ["router.virtual_channels=2", "router.buffer_depth=128", "router.link_delay=10",
          "network.global_link_delay=100", "stimulus.injection.rate=1", "stimulus.injection.unit=flits"],
         {"topology": "dragonflynew", "k": 4, "n": 1, "routing_function": "min", "num_vcs": 2,
          "vc_buf_size": 128, "injection_rate": 1.0, "injection_rate_uses_flits": 1},
         dragonfly_cycles, dragonfly_cycles // 8),
    ]


def booksim_config(settings, cycles, warmup):
    """BookSim's configuration file: `warmup` cycles of warm-up (one sample period) and samples of that
    period up to `cycles` in all."""
    period = max(1, warmup)
    values = {**BOOKSIM_COMMON, **settings, "sample_period": period, "max_samples": max(2, cycles // period)}
    return "".join(f"{key} = {value};\n" for key, value in values.items())


def cpu_seconds(args, what, cwd=None):
    """Runs `args`; its CPU seconds (user + system of that process alone) and its output. A failure ends
    the benchmark with one line."""
    with tempfile.TemporaryFile("w+") as out:
        try:
            proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, text=True, cwd=cwd)
        except OSError as e:
            raise ToolError(f"scripts/bench: {what}: cannot start {args[0]}: {e.strerror}") from None
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    if proc.returncode != 0:
        last = text.strip().splitlines()[-1:] or ["(no output)"]
        raise ToolError(f"scripts/bench: {what} failed (status {proc.returncode}): {last[0]}")
    return usage.ru_utime + usage.ru_stime, text


def run_booksim(booksim, config_text, what):
    """CPU seconds, cycles simulated and accepted flits/node/cycle of one BookSim run."""
    with tempfile.TemporaryDirectory(prefix="icnsim-bench-booksim-") as work:
        config = pathlib.Path(work) / "bench.cfg"
        config.write_text(config_text)
        seconds, text = cpu_seconds([str(booksim), str(config)], f"BookSim on {what}", cwd=work)
    cycles = re.findall(r"Time taken is (\d+) cycles", text)
    if not cycles:
        raise ToolError(f"scripts/bench: BookSim on {what} printed no 'Time taken is N cycles' (not BookSim 2, "
                        "or its run ended unstable)")
    accepted = re.findall(r"Overall average accepted rate = ([0-9.eE+-]+)", text)
    return seconds, int(cycles[-1]), float(accepted[-1]) if accepted else float("nan")


def run_icnsim(binary, root, platform, settings, cycles, warmup, what):
    """CPU seconds, cycles simulated and accepted flits/node/cycle of one icnsim run."""
    with tempfile.TemporaryDirectory(prefix="icnsim-bench-") as work:
        out = pathlib.Path(work) / "r.json"
        args = [str(binary), str(root / platform), str(root / "stimuli/uniform.yaml"), "-q", "--out", str(out)]
        for s in ICNSIM_COMMON + settings + [f"simulation.cycles={cycles}", f"simulation.warmup={warmup}"]:
            args += ["--set", s]
        seconds, _ = cpu_seconds(args, f"icnsim on {what}")
        result = json.loads(out.read_text())
    return seconds, result["window"]["cycles"], result["throughput"]["accepted_flits_per_node_cycle"]


def compare(binary, root, booksim, cycles):
    """Prints, per case, both simulators' CPU per cycle, their accepted throughput (the runs carry the same
    traffic) and the ratio against the target; "not available" without a BookSim."""
    print(f"against BookSim 2 (same networks and allocators, CPU seconds per simulated cycle; target >= {TARGET:g}x):")
    if booksim is None:
        print("  BookSim 2: not available (scripts/bench --booksim PATH runs it beside icnsim)")
        return
    print(f"{'case':>42} {'icnsim [ms/cycle]':>18} {'BookSim [ms/cycle]':>19} {'accepted icnsim / BookSim':>26} "
          f"{'ratio':>8}  target")
    for name, platform, icnsim_settings, booksim_settings, n, warmup in cases(cycles):
        i_seconds, i_cycles, i_accepted = run_icnsim(binary, root, platform, icnsim_settings, n, warmup, name)
        b_seconds, b_cycles, b_accepted = run_booksim(booksim, booksim_config(booksim_settings, n, warmup), name)
        i_rate, b_rate = i_seconds / i_cycles, b_seconds / b_cycles
        ratio = b_rate / max(i_rate, 1e-12)
        print(f"{name:>42} {1e3 * i_rate:>18.4f} {1e3 * b_rate:>19.4f} {i_accepted:>12.3f} / {b_accepted:<11.3f} "
              f"{ratio:>7.1f}x  {'met' if ratio >= TARGET else 'MISSED'}")
