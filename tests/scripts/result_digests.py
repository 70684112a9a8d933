"""The runs whose result digests tests/scripts/test_result_digests.py compares, and the recorder:
a change meant to alter results re-records them, and its commit says which moved and why:

    .venv/bin/python tests/scripts/result_digests.py

(runs build/model/icnsim, or $ICNSIM_BUILD/model/icnsim, from the repository root)."""
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import tempfile

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
    "ridruejo-ring64, IPR and flit-by-flit links": ["platforms/ridruejo-ring64.yaml", "stimuli/burst-synchronized.yaml",
                                                    "--set", "congestion_control.type=ipr",
                                                    "--set", "router.link_allocation=flit"],
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
    "dragonfly, group shift": ["platforms/dragonfly.yaml", "stimuli/uniform.yaml", "--set", "stimulus.pattern.type=group_shift",
                               "--set", "stimulus.injection.rate=0.2", "--set", "stimulus.injection.unit=flits"],
    "dragonfly, PAR, group shift": ["platforms/dragonfly.yaml", "stimuli/uniform.yaml",
                                    "--set", "stimulus.pattern.type=group_shift", "--set", "routing.type=par",
                                    "--set", "stimulus.injection.rate=0.3", "--set", "stimulus.injection.unit=flits"],
    "fat tree, random up ports": ["platforms/fat-tree.yaml", "stimuli/uniform.yaml", "--set", "routing.up_port=random",
                                  "--set", "stimulus.injection.rate=0.4", "--set", "stimulus.injection.unit=flits"],
    "hyperx, UGAL, bit complement": ["platforms/hyperx.yaml", "stimuli/uniform.yaml", "--set", "routing.type=ugal",
                                     "--set", "stimulus.pattern.type=bit_complement",
                                     "--set", "stimulus.injection.rate=0.3", "--set", "stimulus.injection.unit=flits"],
    "dragonfly-1056, UGAL-L": ["platforms/dragonfly-1056.yaml", "stimuli/uniform.yaml", "--set", "routing.type=ugal_local",
                               "--set", "router.virtual_channels=6", "--set", "stimulus.injection.rate=0.3",
                               "--set", "stimulus.injection.unit=flits"],
    "chiplets from a file, shortest paths": ["platforms/chiplets.yaml", "stimuli/uniform.yaml",
                                             "--set", "stimulus.injection.rate=0.2",
                                             "--set", "stimulus.injection.unit=flits"],
}


def digest(icnsim, folder, args):
    """SHA-256 of the result of `args` (shortened); `icnsim(*args)` runs the binary."""
    out = pathlib.Path(folder) / "r.json"
    p = icnsim(*args, *SHORT, "--out", out)
    assert p.returncode == 0, p.stderr
    return hashlib.sha256(out.read_bytes()).hexdigest()


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    binary = pathlib.Path(os.environ.get("ICNSIM_BUILD", root / "build")) / "model" / "icnsim"
    if not binary.exists():
        sys.exit(f"build icnsim first ({binary})")

    def icnsim(*args):
        return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, cwd=root)

    with tempfile.TemporaryDirectory() as folder:
        digests = {}
        for name, args in RUNS.items():
            digests[name] = digest(icnsim, folder, args)
            print(f"{name}: {digests[name][:16]}")
    DIGESTS.write_text(json.dumps(digests, indent=1) + "\n")
    print(f"recorded {len(digests)} digests in {DIGESTS}")


if __name__ == "__main__":
    main()


