"""Dally's analytical model (virtual-channel paper sec. IV; scripts/analytic.py): the paper's own
numbers, the trends it states, and the latency's limits."""
import math
import subprocess

import pytest

from conftest import script_module


@pytest.fixture
def model():
    return script_module("analytic")


def test_conventional_networks_of_4_and_14_stages_saturate_at_039_and_014(model):
    assert round(model.saturation_throughput(1, 4), 2) == 0.39
    assert round(model.saturation_throughput(1, 14), 2) == 0.14


def test_with_18_lanes_the_gap_between_4_and_14_stages_narrows_to_about_6_percent(model):
    # Sec. IV: "0.83 versus 0.88"; the model gives 0.823 and 0.867 (within 0.015; docs/results/dally-vc.md).
    four, fourteen = model.saturation_throughput(18, 4), model.saturation_throughput(18, 14)
    assert abs(four - 0.88) < 0.015 and abs(fourteen - 0.83) < 0.01
    assert 0.04 < (four - fourteen) / four < 0.07
    conventional = model.saturation_throughput(1, 4), model.saturation_throughput(1, 14)
    assert (conventional[0] - conventional[1]) / conventional[0] > 0.6  # without lanes: 64 % apart


def test_throughput_rises_with_lanes_and_falls_with_stages(model):
    for n in (4, 8, 14):
        values = [model.saturation_throughput(l, n) for l in (1, 2, 4, 8, 16)]
        assert values == sorted(values) and len(set(values)) == len(values)
    for l in (1, 4, 16):
        values = [model.saturation_throughput(l, n) for n in (4, 6, 8, 10)]
        assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_latency_starts_at_the_pipeline_and_diverges_at_saturation(model):
    # At zero load: one packet time (20 flits) plus one flit time per stage.
    assert model.latency(1e-9, 4, 8) == pytest.approx(20 + 8, abs=1e-3)
    saturation = model.saturation_throughput(4, 8)
    assert model.latency(0.99 * saturation, 4, 8) > 5 * model.latency(0.5 * saturation, 4, 8)
    assert math.isinf(model.latency(saturation * 1.001, 4, 8))
    # Lanes do little below saturation (Fig. 11: the curves lie on top of each other).
    assert model.latency(0.1, 8, 8) == pytest.approx(model.latency(0.1, 4, 8), rel=0.1)


def test_the_command_line_prints_a_table_and_refuses_bad_input(root):
    out = subprocess.run([str(root / "scripts" / "analytic"), "--stages", "4,14", "--lanes", "1"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == ["stages\tl=1", "4\t0.388", "14\t0.141"]
    bad = subprocess.run([str(root / "scripts" / "analytic"), "--lanes", "0"], capture_output=True, text=True)
    assert bad.returncode != 0 and "--lanes" in bad.stderr


def test_eight_lanes_give_at_least_80_percent_of_the_throughput_of_20(model):
    # Sec. IV, on Fig. 12: "for all of the networks shown, eight lanes per physical channel results
    # in at least 80% of the throughput as a network with 20 lanes".
    for n in (4, 6, 8, 10, 14):
        assert model.saturation_throughput(8, n) >= 0.8 * model.saturation_throughput(20, n)
