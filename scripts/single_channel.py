#!/usr/bin/env python3
"""One channel scheduled flit by flit, the yardstick for Dally's Fig. 17 (virtual-channel paper sec.
V-C): how much can oldest-first scheduling lower the mean and the spread of latency against random
scheduling, on a single channel, with nothing else of a network in the way?

Discrete time, one flit per cycle: packets of L flits arrive as a Poisson stream at `load` (a
fraction of the channel's capacity), take one of `lanes` lanes (first come, first served; no limit
if None) and, each cycle, one packet holding a lane sends a flit — the oldest (oldest-first, which on
one channel is first-in first-out) or one drawn at random among them (random). Latency runs from
arrival to the last flit's cycle. Seeded streams make the numbers the same on every call, and the
arrivals have a stream of their own, so both policies see the same packets.

    scripts/single_channel.py --load 0.3,0.4,0.5 --lanes 4
"""
import argparse
import collections
import math
import random


def latencies(load, policy, packet=20, lanes=None, cycles=2_000_000, seed=1):
    """Latencies of the packets that arrived after the first fifth of the run."""
    arrivals, choice = random.Random(2 * seed), random.Random(2 * seed + 1)
    rate = load / packet  # packets per cycle
    arrival = arrivals.expovariate(rate)
    waiting = collections.deque()  # arrival cycles, waiting for a lane
    holding = []                   # [arrival cycle, flits left], in arrival order
    measured_from = cycles // 5
    out = []
    for now in range(cycles):
        while arrival <= now:
            waiting.append(arrival)
            arrival += arrivals.expovariate(rate)
        while waiting and (lanes is None or len(holding) < lanes):
            holding.append([waiting.popleft(), packet])
        if holding:
            i = 0 if policy == "oldest_first" else choice.randrange(len(holding))
            holding[i][1] -= 1
            if holding[i][1] == 0:
                born = holding.pop(i)[0]
                if born >= measured_from:
                    out.append(now + 1 - born)
    return out


def mean_and_deviation(values):
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def contrast(load, packet=20, lanes=None, cycles=2_000_000, seed=1):
    """Oldest-first against random: (mean ratio, standard-deviation ratio)."""
    (m_old, s_old), (m_rnd, s_rnd) = (mean_and_deviation(latencies(load, p, packet, lanes, cycles, seed))
                                      for p in ("oldest_first", "random"))
    return m_old / m_rnd, s_old / s_rnd


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", default="0.3,0.4,0.5,0.6", help="fractions of the channel's capacity")
    parser.add_argument("--lanes", type=int, default=None, help="lanes of the channel (default: no limit)")
    parser.add_argument("--packet", type=int, default=20, help="flits per packet")
    args = parser.parse_args(argv)
    try:
        loads = [float(x) for x in args.load.split(",")]
    except ValueError:
        parser.error(f"--load: {args.load!r} is not a comma-separated list of numbers")
    if not all(0 < x < 1 for x in loads):
        parser.error("--load: every load must lie strictly between 0 and 1 (a fraction of the channel's capacity)")
    if args.lanes is not None and args.lanes < 1:
        parser.error("--lanes: at least 1")
    if args.packet < 1:
        parser.error("--packet: at least 1 flit")
    for load in loads:
        mean, spread = contrast(load, args.packet, args.lanes)
        print(f"load {load}: oldest-first's mean {100 * (mean - 1):+.0f} %, standard deviation x{spread:.2f}")


if __name__ == "__main__":
    main()
