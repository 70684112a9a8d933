"""Results change only when the model is meant to change. A short run of every shipped platform, with a
stimulus that exercises what the platform is for, has the SHA-256 digest of its result JSON recorded in
result_digests.json. A change of structure or speed (the topology interface, a leaner data layout) must
leave every digest as it is. A change meant to alter results re-records them, and its commit says why:

    ICNSIM_RECORD_DIGESTS=1 .venv/bin/python -m pytest tests/scripts/test_result_digests.py
"""
import hashlib
import json
import os
import pathlib

import pytest

DIGESTS = pathlib.Path(__file__).with_name("result_digests.json")
SHORT = ["--set", "simulation.cycles=3000", "--set", "simulation.warmup=1000", "-q"]
SELFTUNED = "stimuli/selftuned-uniform.yaml"
RUNS = {
    "default, uniform": ["platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.03"],
    "default, trace": ["platforms/default.yaml", "stimuli/trace-stencil.yaml"],
    "default, pre-routed injection": ["platforms/default.yaml", "stimuli/uniform.yaml",
                                      "--set", "network_interface.injection_channels=4",
                                      "--set", "network_interface.injection_dispatch=by_direction"],
    "selftuned-recovery, Tune past saturation": ["platforms/selftuned-recovery.yaml", SELFTUNED,
                                                 "--set", "stimulus.injection.rate=0.03",
                                                 "--set", "congestion_control.type=self_tuned"],
    "selftuned-recovery, metapackets": ["platforms/selftuned-recovery.yaml", SELFTUNED,
                                        "--set", "stimulus.injection.rate=0.02",
                                        "--set", "congestion_control.type=self_tuned",
                                        "--set", "congestion_control.distribution=metapackets"],
    "selftuned-avoidance, ALO": ["platforms/selftuned-avoidance.yaml", SELFTUNED,
                                 "--set", "stimulus.injection.rate=0.03", "--set", "congestion_control.type=alo"],
    "selftuned-avoidance, bursts": ["platforms/selftuned-avoidance.yaml", "stimuli/selftuned-bursty.yaml",
                                    "--set", "congestion_control.type=self_tuned"],
    "entropy at 8x8, tornado collective": ["platforms/entropy-32x32.yaml", "stimuli/collective.yaml",
                                           "--set", "network.radix=8", "--set", "stimulus.pattern.type=tornado"],
    "transt-8ary3cube, bursts": ["platforms/transt-8ary3cube.yaml", "stimuli/transt-bursty.yaml"],
    "transt-16ary2cube, uniform": ["platforms/transt-16ary2cube.yaml", "stimuli/uniform.yaml",
                                   "--set", "stimulus.injection.rate=0.2", "--set", "stimulus.injection.unit=flits"],
    "ridruejo-ring64, synchronized bursts": ["platforms/ridruejo-ring64.yaml", "stimuli/burst-synchronized.yaml"],
    "memory-vp (the example platform's network), uniform": ["platforms/memory-vp.yaml", "stimuli/uniform.yaml",
                                                            "--set", "stimulus.injection.rate=0.05"],
    "dally mesh, bit reversal": ["platforms/dally-16ary2cube-mesh.yaml", "stimuli/uniform.yaml",
                                 "--set", "stimulus.pattern.type=bit_reversal"],
    "dally 2-ary 8-fly, 20-flit packets": ["platforms/dally-2ary8fly.yaml", "stimuli/uniform.yaml",
                                           "--set", "stimulus.packet_length=20",
                                           "--set", "stimulus.injection.rate=0.4", "--set", "stimulus.injection.unit=flits"],
    "dally 2-ary 6-fly, priority classes": ["platforms/dally-2ary6fly.yaml", "stimuli/uniform.yaml",
                                            "--set", "stimulus.packet_length=20", "--set", "router.arbitration=priority",
                                            "--set", "stimulus.high_priority_fraction=0.1",
                                            "--set", "stimulus.injection.rate=0.5", "--set", "stimulus.injection.unit=flits"],
}


def digest(icnsim, tmp_path, args):
    out = tmp_path / "r.json"
    p = icnsim(*args, *SHORT, "--out", out)
    assert p.returncode == 0, p.stderr
    return hashlib.sha256(out.read_bytes()).hexdigest()


def test_every_shipped_platform_is_covered(root):
    platforms = {a[0] for a in RUNS.values()}
    shipped = {f"platforms/{p.name}" for p in (root / "platforms").glob("*.yaml")}
    # The two largest Trans-t platforms differ from the covered ones only in size.
    assert shipped - platforms <= {"platforms/transt-16ary3cube.yaml"}


@pytest.mark.skipif(os.environ.get("ICNSIM_RECORD_DIGESTS") != "1", reason="only when re-recording")
def test_record(icnsim, tmp_path):
    DIGESTS.write_text(json.dumps({name: digest(icnsim, tmp_path, args) for name, args in RUNS.items()}, indent=1) + "\n")


@pytest.mark.parametrize("name", sorted(RUNS))
def test_result_is_byte_identical_to_the_recorded_one(icnsim, tmp_path, name):
    if os.environ.get("ICNSIM_RECORD_DIGESTS") == "1":
        pytest.skip("re-recording")
    recorded = json.loads(DIGESTS.read_text())
    assert name in recorded, f"no digest recorded for {name!r} (re-record: see this file's docstring)"
    assert digest(icnsim, tmp_path, RUNS[name]) == recorded[name], (
        f"{name}: the result changed. If the change is meant, re-record (this file's docstring) and say why in the commit.")
