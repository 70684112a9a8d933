"""Dally's analytical model of k-ary n-fly networks with virtual channels (virtual-channel paper,
sec. IV, eqs. 2-10): saturation throughput and latency for l lanes of unit depth per channel,
uniform random traffic, Poisson sources, fixed packet length.

    scripts/analytic --stages 8 --lanes 1,2,4,8,16             saturation throughput (eq. 10)
    scripts/analytic --stages 8 --lanes 4 --load 0.1,0.2,0.3   latency (eq. 8) at those loads

Throughput and load are fractions of capacity (packets per packet time per source; a channel at
capacity carries one packet per L/W). The radix k does not enter the model.

Stages are numbered from the destination: stage 0 feeds the destination (service time t0 = 1,
one packet time), stage n - 1 is fed by the source. Working back from the destination, for each
stage i:
    b_ij = (w_{i-1} / j)^j          all j occupied lanes blocked downstream (eq. 4, t0 = 1)
    t_ij = 1 + b_ij                 effective service time with j lanes occupied (eq. 5)
    p_ij                            occupancy of the Markov chain of Fig. 10: up at rate lambda,
                                    down at rate 1 / t_ij, the last state's rate reduced (eqs. 6-7)
    x_i  = p_il t_il / 2            wait to acquire a lane at stage i (eq. 2)
    w_i  = x_0 + ... + x_i          wait to acquire lanes from stage i to the destination (eq. 3)

The source queue is M/D/1 with service time s. Eq. (10) as printed has s = t0 + x_{n-1}; the text
says the waiting time w_{n-1} "determines the service time seen by the source queue", and only
s = t0 + w_{n-1} gives the paper's own numbers (sec. IV: conventional 4- and 14-stage networks 0.39
and 0.14, here 0.388 and 0.141; with 18 lanes "0.83 versus 0.88", a 6 % difference, here 0.823 and
0.867; with x_{n-1} they come out 0.46, 0.15, 0.91 and 0.91, and the 6 % gap vanishes). So
s = t0 + w_{n-1} here, in the throughput lambda_max = 1 / s (eq. 10) and in the latency's
queueing term alike, so that the latency diverges exactly at lambda_max:
    T = L/W (j_avg + w_{n-1} + lambda s^2 / (2 (1 - lambda s))) + T_d n     (eq. 8; its w_n is w_{n-1})
    j_avg = sum j^2 p_{n-1,j} / sum j p_{n-1,j}                              (eq. 9)
"""
import argparse
import math
import sys
from dataclasses import dataclass


@dataclass
class Solution:
    waits: list          # x_i, i = 0 .. n-1
    occupancy: list      # p_{n-1, j}, j = 0 .. l (the source-side stage)

    @property
    def total_wait(self):  # w_{n-1}
        return sum(self.waits)

    @property
    def source_service(self):  # s = t0 + w_{n-1}
        return 1.0 + self.total_wait


def solve(load, lanes, stages):
    """The stage-by-stage solution at `load`, or None if some stage's chain has no steady state."""
    if lanes < 1 or stages < 1:
        raise ValueError("lanes and stages must be at least 1")
    waits, occupancy, w_before = [], None, 0.0
    for _ in range(stages):
        service = [1.0] + [1.0 + (w_before / j) ** j for j in range(1, lanes + 1)]
        if load >= 1.0 / service[lanes]:
            return None
        q = [1.0]
        for j in range(1, lanes):
            q.append(q[-1] * load * service[j])
        q.append(q[lanes - 1] * load / (1.0 / service[lanes] - load))
        total = sum(q)
        occupancy = [v / total for v in q]
        x = occupancy[lanes] * service[lanes] / 2.0
        waits.append(x)
        w_before += x
    return Solution(waits, occupancy)


def saturation_throughput(lanes, stages):
    """lambda_max: the largest load whose source queue is stable, lambda * s < 1 (eq. 10)."""
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2.0
        s = solve(mid, lanes, stages)
        if s is not None and mid * s.source_service < 1.0:
            low = mid
        else:
            high = mid
    return low


def latency(load, lanes, stages, packet_flits=20, node_delay=1.0):
    """Mean network latency in flit times (eq. 8), or math.inf at or beyond saturation."""
    s = solve(load, lanes, stages)
    if s is None or load * s.source_service >= 1.0:
        return math.inf
    p = s.occupancy
    busy = sum(j * p[j] for j in range(1, lanes + 1))
    j_avg = sum(j * j * p[j] for j in range(1, lanes + 1)) / busy if busy > 0 else 1.0
    rho = load * s.source_service
    queueing = load * s.source_service ** 2 / (2.0 * (1.0 - rho))
    return packet_flits * (j_avg + s.total_wait + queueing) + node_delay * stages


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stages", default="8", help="n, comma-separated (default 8)")
    ap.add_argument("--lanes", default="1,2,4,8,16", help="l, comma-separated (default 1,2,4,8,16)")
    ap.add_argument("--load", help="fractions of capacity: print latency (eq. 8) instead of throughput")
    ap.add_argument("--packet-flits", type=float, default=20, help="L/W (default 20, the paper's sec. V)")
    ap.add_argument("--node-delay", type=float, default=1, help="T_d, flit times per stage (default 1)")
    a = ap.parse_args(argv)
    try:
        stages = [int(v) for v in a.stages.split(",")]
        lanes = [int(v) for v in a.lanes.split(",")]
        loads = [float(v) for v in a.load.split(",")] if a.load else None
    except ValueError as e:
        sys.exit(f"analytic: {e} (allowed: comma-separated numbers)")
    if min(stages) < 1 or min(lanes) < 1 or (loads and not all(0 < v < 1 for v in loads)):
        sys.exit("analytic: --stages and --lanes must be >= 1, --load within (0, 1)")
    if loads is None:
        print("stages\t" + "\t".join(f"l={l}" for l in lanes))
        for n in stages:
            print(f"{n}\t" + "\t".join(f"{saturation_throughput(l, n):.3f}" for l in lanes))
    else:
        print("stages\tlanes\tload\tlatency")
        for n in stages:
            for l in lanes:
                for load in loads:
                    t = latency(load, l, n, a.packet_flits, a.node_delay)
                    print(f"{n}\t{l}\t{load:g}\t{'saturated' if math.isinf(t) else f'{t:.1f}'}")


if __name__ == "__main__":
    main()
