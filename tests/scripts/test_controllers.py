"""Every congestion controller that refuses packets shows it twice, consistently: per node in
`per_node.throttled_cycles` and per sample in `time_series.throttled_fraction`."""
import json

import pytest

# Past saturation on the self-tuned recovery platform every controller refuses packets.
CONTROLLERS = [
    ["congestion_control.type=alo"],
    ["congestion_control.type=self_tuned"],
    ["congestion_control.type=static_threshold", "congestion_control.threshold=50"],
    ["congestion_control.type=trans_t"],
    ["congestion_control.type=ipr"],
    ["congestion_control.type=entropy", "congestion_control.threshold=30"],
]


@pytest.mark.parametrize("controller", CONTROLLERS, ids=lambda c: c[0].split("=")[1])
def test_a_controller_that_refuses_packets_shows_throttling_in_the_time_series(icnsim, tmp_path, controller):
    out = tmp_path / "r.json"
    sets = [*controller, "stimulus.injection.rate=0.03", "simulation.cycles=4000", "simulation.warmup=1000",
            "simulation.sample_interval=100"]
    p = icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml",
               *[a for s in sets for a in ("--set", s)], "-q", "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    refused = sum(r["per_node"]["throttled_cycles"])
    shown = max(r["time_series"]["throttled_fraction"])
    assert refused > 0, "past saturation the controller should refuse packets"
    assert shown > 0, f"{refused} throttled node-cycles, but the time series never shows a throttling node"
