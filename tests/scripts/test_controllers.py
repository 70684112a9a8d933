"""Every congestion controller that refuses packets shows it twice, consistently: per node in
`per_node.throttled_cycles` and per sample in `time_series.throttled_fraction`. The controllers are
those icnsim has registered (its --print-config names them), so a new one without a case here fails."""
import json
import re

import pytest

RECOVERY = "platforms/selftuned-recovery.yaml"
UNIFORM = "stimuli/selftuned-uniform.yaml"
# Past saturation, each on a platform it applies to, every controller refuses packets: its platform,
# stimulus, load (packets/node/cycle) and settings.
CASES = {
    "alo": (RECOVERY, UNIFORM, 0.03, []),
    "self_tuned": (RECOVERY, UNIFORM, 0.03, []),
    "static_threshold": (RECOVERY, UNIFORM, 0.03, ["congestion_control.threshold=50"]),
    "trans_t": (RECOVERY, UNIFORM, 0.03, []),
    "ipr": (RECOVERY, UNIFORM, 0.03, []),
    "entropy": (RECOVERY, UNIFORM, 0.03, ["congestion_control.threshold=30"]),
    # LBR needs the adaptive bubble router under cut-through: the realistic-loads paper's ring.
    "lbr": ("platforms/ridruejo-ring64.yaml", UNIFORM, 0.016, ["stimulus.packet_length=16"]),
}
NEVER_REFUSES = {"none"}


def registered_controllers(icnsim):
    p = icnsim(RECOVERY, UNIFORM, "--print-config")
    assert p.returncode == 0, p.stderr
    section = p.stdout.split("\ncongestion_control:\n", 1)[1]
    allowed = re.search(r"^  type: .*\[one of ([^\]]+)\]$", section, re.M)
    assert allowed, "--print-config names no congestion controllers"
    return set(allowed.group(1).split(", "))


def test_every_registered_controller_has_a_case_here(icnsim):
    assert registered_controllers(icnsim) == set(CASES) | NEVER_REFUSES


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_controller_that_refuses_packets_shows_throttling_in_the_time_series(icnsim, tmp_path, name):
    platform, stimulus, load, settings = CASES[name]
    out = tmp_path / "r.json"
    sets = [f"congestion_control.type={name}", *settings, f"stimulus.injection.rate={load}", "simulation.cycles=4000",
            "simulation.warmup=1000", "simulation.sample_interval=100"]
    p = icnsim(platform, stimulus, *[a for s in sets for a in ("--set", s)], "-q", "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    refused = sum(r["per_node"]["throttled_cycles"])
    shown = max(r["time_series"]["throttled_fraction"])
    assert refused > 0, "past saturation the controller should refuse packets"
    assert shown > 0, f"{refused} throttled node-cycles, but the time series never shows a throttling node"
