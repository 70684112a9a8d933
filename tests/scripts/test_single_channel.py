"""scripts/single_channel.py, the one-channel yardstick of Dally's Fig. 17: first-come first-served
on one channel is the M/D/1 queue, one lane leaves nothing to schedule, and random scheduling
spreads latency more than oldest-first."""
import math
import subprocess
import sys

import pytest

from conftest import ROOT, script_module


@pytest.fixture
def channel():
    return script_module("single_channel")


def test_oldest_first_on_one_channel_is_the_m_d_1_queue(channel):
    # Pollaczek-Khinchine for service S = 20 at rho = 0.5: waiting mean rho S / (2 (1 - rho)) = 10,
    # variance lambda E[S^3] / (3 (1 - rho)) + (lambda E[S^2] / (2 (1 - rho)))^2 = 233.3; arrivals in
    # continuous time served in whole cycles add half a cycle to the mean. Measured: 30.56 and 15.77
    # (seeds 2-4: 30.28-30.58, 14.73-15.28: the deviation of some 40,000 correlated latencies is
    # known to about 4 %).
    mean, deviation = channel.mean_and_deviation(channel.latencies(0.5, "oldest_first"))
    assert mean == pytest.approx(20 + 10 + 0.5, rel=0.02)
    assert deviation == pytest.approx(math.sqrt(0.025 * 8000 / 1.5 + (0.025 * 400 / 1.0) ** 2), rel=0.05)


def test_with_one_lane_there_is_nothing_to_schedule(channel):
    assert channel.latencies(0.5, "random", lanes=1) == channel.latencies(0.5, "oldest_first", lanes=1)


def test_random_scheduling_spreads_latency_more_and_more_so_with_more_lanes(channel):
    # Measured at 0.5: four lanes -20 % and x0.71, no limit -23 % and x0.62.
    four, unlimited = channel.contrast(0.5, lanes=4), channel.contrast(0.5)
    assert four[0] < 0.9 and four[1] < 0.8
    assert unlimited[1] < four[1]


def test_the_command_line_prints_a_line_per_load_and_refuses_bad_input():
    script = str(ROOT / "scripts" / "single_channel.py")
    out = subprocess.run([sys.executable, script, "--load", "0.3,0.5", "--lanes", "4"], capture_output=True, text=True)
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 2 and "load 0.5" in out.stdout
    for bad in (["--lanes", "0"], ["--load", "1.5"], ["--load", "half"]):
        refused = subprocess.run([sys.executable, script, *bad], capture_output=True, text=True)
        assert refused.returncode == 2 and bad[0] in refused.stderr
