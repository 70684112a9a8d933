"""scripts/reproduce: every paper's report runs at its reduced scale (--quick), as CI runs it, and
produces its claims table and its figures: non-empty PNGs, and SVGs whose text carries the axis labels
and legend entries a reader looks for; and every number in its text comes from its runs, or from the
paper or the plan (scripts/papers/report_numbers.py)."""
import os
import pathlib
import re
import subprocess

import pytest

from conftest import BUILD, ROOT

PYTHON = str(ROOT / ".venv" / "bin" / "python")
# paper -> {figure: texts its SVG must carry (axis labels, legend entries)}
EXPECTED = {
    "selftuned": {"fig4": ["offered load (packets/node/cycle)", "accepted (fraction of capacity)",
                           "mean latency (cycles)", "Base", "ALO", "Tune"],
                  "fig6": ["static 50", "static 250"], "fig7": ["threshold", "cycle"],
                  "fig9": ["accepted (flits/node/cycle)"], "fig12": ["Tune (metapackets)"]},
    "transt": {"fig3": ["u1 = 4", "latency (cycles)"],
               "fig4-6": ["accepted traffic (flits/node/cycle)", "No-Lim", "Self-Tuned", "Trans-t"],
               "fig7": ["Trans-t"], "fig8": ["cycle", "No-Lim"]},
    "entropy": {"fig6": ["collective duration, normalised to noth", "base(90, 30)", "torn"],
                "fig7": ["critical load ratio, normalised to noth"]},
    "dally-vc": {"fig13": ["lanes per physical channel", "model (eq. 10)"],
                 "fig19": ["offered traffic (fraction of capacity)", "mean latency (cycles)", "1 lane × 32"]},
    "realistic-loads": {"fig2": ["time to consume a burst, normalised to Base", "IPR", "LBR"],
                        "fig3": ["completion time, normalised to Base", "alltoall"]},
    "dragonfly": {"routing": ["offered load (flits/node/cycle)", "mean latency (cycles)", "UGAL-L", "UGAL-G", "PAR",
                              "VAL", "MIN"]},
    "cosim": {"controllers": ["run time, normalised to none", "self-tuned", "4-byte flits, Duato"],
              "scaling": ["nodes", "cycles per barrier", "barrier, tree"],
              "bursts": ["accepted (flits/node/cycle)", "synthetic twin"]},
}
# The co-simulation report runs RISC-V programs: built only where the cross-compiler is (scripts/setup).
PROGRAMS_BUILT = (BUILD / "software" / "reduce.elf").exists()



@pytest.mark.skipif(os.environ.get("ICNSIM_SANITIZE") == "1",
                    reason="minutes of simulation under AddressSanitizer; the Release pass of scripts/test runs them")
@pytest.mark.parametrize("paper", list(EXPECTED))
def test_the_quick_reproduction_writes_its_claims_and_figures(tmp_path, paper):
    if paper == "cosim" and not PROGRAMS_BUILT:
        pytest.skip("the programs are not built (no RISC-V cross-compiler: scripts/setup installs it)")
    env = dict(os.environ, ICNSIM_BUILD=str(BUILD))
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "reproduce.py"), paper, "--quick", "--out", str(tmp_path),
                        "--cache", str(tmp_path / "cache")],
                       capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    report = (tmp_path / f"{paper}.md").read_text()
    assert "## Claims" in report and "| figure | the paper's claim |" in report
    claims = re.search(r"## Claims \((\d+) of (\d+) agree\)", report)
    assert claims and int(claims.group(2)) >= 2
    # Every figure the report shows exists, as SVG and PNG.
    shown = re.findall(rf"\]\({re.escape(paper)}/([\w-]+)\.svg\)", report)
    assert set(EXPECTED[paper]) <= set(shown)
    for name in shown:
        assert (tmp_path / paper / f"{name}.png").stat().st_size > 5000
        svg = (tmp_path / paper / f"{name}.svg").read_text()
        for text in EXPECTED[paper].get(name, []):
            assert text in svg, f"{paper}/{name}.svg lacks {text!r}"

    # Its words come from its numbers: rendered again from the same runs with every measured number
    # perturbed (three times: a ratio of two perturbed numbers can come out the same in one render), no number
    # may read the same unless the paper or the plan states it.
    renders = []
    for seed in (1, 2, 3):
        p = subprocess.run([PYTHON, str(ROOT / "scripts" / "reproduce.py"), paper, "--quick", "--perturb", str(seed),
                            "--out", str(tmp_path / f"perturbed{seed}"), "--cache", str(tmp_path / "cache")],
                           capture_output=True, text=True, cwd=ROOT, env=env)
        assert p.returncode == 0, p.stderr[-3000:]
        renders.append(tmp_path / f"perturbed{seed}" / f"{paper}.md")
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "papers" / "report_numbers.py"), str(tmp_path / f"{paper}.md"),
                        *map(str, renders), str(tmp_path / "cache" / paper), paper.replace("-", "_")],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]


def test_the_zero_load_model_of_the_reports_matches_a_lightly_loaded_run():
    """The analytical check the reports print must itself be right: hops and latency of uniform traffic
    at 0.0002 packets/node/cycle on the default torus and on the entropy paper's one-cycle-hop torus."""
    import json
    import sys
    import tempfile

    import yaml
    sys.path.insert(0, str(ROOT / "scripts"))
    from papers.report import zero_load_model
    for platform, settings in (("platforms/default.yaml", []),
                               ("platforms/entropy-32x32.yaml", ["stimulus.packet_length=8"])):
        args = [str(BUILD / "model" / "icnsim"), platform, "stimuli/uniform.yaml", "-q",
                *[a for s in ["congestion_control.type=none", "stimulus.injection.rate=0.0002", "simulation.cycles=20000",
                              "simulation.warmup=0", *settings] for a in ("--set", s)]]
        config = yaml.safe_load(subprocess.run(args + ["--print-config"], capture_output=True, text=True, cwd=ROOT,
                                               check=True).stdout)
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(args + ["--out", f"{folder}/r.json"], cwd=ROOT, check=True)
            result = json.loads(pathlib.Path(f"{folder}/r.json").read_text())
        hops, latency = zero_load_model(config)
        # The measured mean has a few collisions and a sample of destinations: within 3 %.
        assert abs(result["mean_hops"] - hops) < 0.03 * hops, platform
        assert abs(result["latency"]["mean"] - latency) < 0.03 * latency, platform
