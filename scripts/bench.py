"""Times icnsim on the default platform; see scripts/bench."""
import argparse
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
# (load in packets/node/cycle, target wall seconds on one core of the reference machine)
POINTS = [(0.005, 2.0), (0.04, 5.0)]
RSS_TARGET_MB = 64


def run(binary, rate, cycles):
    args = [str(binary), str(ROOT / "platforms/default.yaml"), str(ROOT / "stimuli/uniform.yaml"), "-q",
            "--set", f"stimulus.injection.rate={rate}", "--set", f"simulation.cycles={cycles}",
            "--set", f"simulation.warmup={min(10000, cycles // 6)}", "--set", "simulation.progress=false"]
    start = time.perf_counter()
    child = subprocess.Popen(args, stderr=subprocess.PIPE, text=True)
    messages = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"icnsim failed at rate {rate} (status {status}): {messages}")
    notes = ["the watchdog reported a starved packet"] if "watchdog" in messages else []
    return wall, usage.ru_maxrss / 1024.0, notes  # ru_maxrss is in KiB on Linux


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=60000, help="cycles per run (default 60000)")
    parser.add_argument("--build", default=os.environ.get("ICNSIM_BUILD", ROOT / "build"))
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
