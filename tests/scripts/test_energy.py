"""The energy model (docs/energy.md): the result's energy is its own event counts times its
coefficients — recomputed apart from the model by scripts/energy.py — leakage alone when nothing
moves, and the load sweep plots it."""
import json
import sys

import pytest

from conftest import BUILD, ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import energy  # noqa: E402

# Coefficients for the tests, chosen so that every part is non-zero and distinct; not a technology.
COEFFICIENTS = {"buffer_write_pj": 1.5, "buffer_read_pj": 1.25, "crossbar_pj": 2, "routing_pj": 0.5,
                "vc_allocation_pj": 0.25, "switch_allocation_pj": 0.125, "link_pj": 3, "credit_pj": 0.1,
                "interface_flit_pj": 0.7, "sideband_bit_pj": 0.02, "entropy_transfer_pj": 0.03,
                "entropy_register_pj": 0.04, "router_clock_pj": 0.9, "router_leakage_mw": 0.3,
                "buffer_leakage_nw_per_bit": 2, "link_leakage_mw": 0.05}
POWER = ["--set", "energy.model=events", "--set", "energy.flit_bits=64",
         *[a for k, v in COEFFICIENTS.items() for a in ("--set", f"energy.{k}={v}")]]
SHORT = ["--set", "simulation.cycles=2000", "--set", "simulation.warmup=500", "--set", "network.radix=4", "-q"]

RUNS = {
    "default, uniform": ["platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0.03"],
    "self-tuned over the sideband": ["platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml",
                                     "--set", "congestion_control.type=self_tuned", "--set", "stimulus.injection.rate=0.05"],
    "entropy circuit, clock-gated": ["platforms/entropy-32x32.yaml", "stimuli/uniform.yaml",
                                     "--set", "energy.clock_gating=true", "--set", "simulation.sample_interval=100"],
    "software recovery": ["platforms/transt-8ary3cube.yaml", "stimuli/uniform.yaml", "--set", "congestion_control.type=none",
                          "--set", "stimulus.injection.rate=1", "--set", "stimulus.injection.unit=flits",
                          "--set", "network.radix=8", "--set", "network.dimensions=2", "--set", "simulation.cycles=4000"],
}


def run(icnsim, tmp_path, *args):
    out = tmp_path / "r.json"
    p = icnsim(*SHORT, *POWER, *args, "--out", out)
    assert p.returncode == 0, p.stderr
    return json.loads(out.read_text())


@pytest.mark.parametrize("name", sorted(RUNS))
def test_energy_is_the_counts_times_the_coefficients(icnsim, tmp_path, name):
    r = run(icnsim, tmp_path, *RUNS[name], "--set", "simulation.activity=per_component")
    assert energy.differences(r) == {}
    e = r["energy"]
    assert e["coefficients"] == pytest.approx(COEFFICIENTS)
    assert e["dynamic_pj"] > 0 and e["leakage_pj"] > 0
    assert e["total_pj"] == pytest.approx(e["dynamic_pj"] + e["clock_pj"] + e["leakage_pj"], rel=1e-12)
    # Per router and interface, the whole but the network-wide mechanisms.
    mechanisms = e["breakdown_pj"]["sideband"] + e["breakdown_pj"]["entropy_circuit"]
    assert sum(e["per_router_pj"]) + sum(e["per_interface_pj"]) + mechanisms == pytest.approx(e["total_pj"], rel=1e-9)
    assert e["average_power_mw"] == pytest.approx(e["total_pj"] / (e["cycles"] * e["clock_period_ns"]), rel=1e-12)
    assert e["per_delivered_flit_pj"] == pytest.approx(e["total_pj"] / e["delivered_flits"], rel=1e-12)
    assert e["energy_delay_product_pj_cycles"] == pytest.approx(
        e["total_pj"] / e["delivered_packets"] * r["latency"]["mean"], rel=1e-12)
    if name == "self-tuned over the sideband":
        assert e["breakdown_pj"]["sideband"] > 0
    if name == "entropy circuit, clock-gated":
        assert e["breakdown_pj"]["entropy_circuit"] > 0
        assert e["clock_pj"] == pytest.approx(r["activity"]["routers"]["active_cycles"] * 0.9, rel=1e-12)
    if name == "software recovery":  # absorbed worms' flits cost what any flit costs until ejected
        assert r["activity"]["routers"]["absorbed_flits"] > 0
        assert r["activity"]["network_interfaces"]["reinjected_packets"] > 0


def test_a_wrong_count_is_caught_by_the_recomputation(icnsim, tmp_path):
    # The check can fail: one count off by one changes the recomputed part.
    r = run(icnsim, tmp_path, *RUNS["default, uniform"])
    r["activity"]["routers"]["crossbar_traversals"] += 1
    assert set(energy.differences(r)) == {"crossbar", "total"}


def test_with_no_traffic_the_energy_is_the_leakage_of_the_cycles(icnsim, tmp_path):
    # 4x4 torus, 2 VCs of 4 flits, 5 input ports: 16 routers, 16·5·2·4 = 640 flit slots of 64 bits,
    # 64 links. Clock-gated idle routers spend no clock energy.
    r = run(icnsim, tmp_path, "platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0",
            "--set", "router.virtual_channels=2", "--set", "router.buffer_depth=4",
            "--set", "energy.clock_gating=true")
    e = r["energy"]
    assert (e["routers"], e["buffer_slots"], e["links"]) == (16, 640, 64)
    assert e["dynamic_pj"] == 0 and e["clock_pj"] == 0
    per_cycle = 16 * 0.3 + 64 * 0.05 + 640 * 64 * 2e-6  # mW × 1 ns = pJ
    assert e["leakage_pj"] == pytest.approx(1500 * per_cycle, rel=1e-12)
    assert e["per_delivered_flit_pj"] is None and e["energy_delay_product_pj_cycles"] is None


def test_no_power_model_no_energy(icnsim, tmp_path):
    out = tmp_path / "r.json"
    assert icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *SHORT, "--out", out).returncode == 0
    assert "energy" not in json.loads(out.read_text())


def test_the_load_plot_draws_energy_against_offered_load(icnsim, tmp_path):
    import csv
    import plot
    rows = []
    for rate in (0.01, 0.03):
        r = run(icnsim, tmp_path, *RUNS["default, uniform"][:2], "--set", f"stimulus.injection.rate={rate}")
        rows.append({"stimulus.injection.rate": rate, "congestion_control.type": "none",
                     "throughput.accepted_normalised": r["throughput"]["accepted_normalised"],
                     "latency.mean": r["latency"]["mean"],
                     **{f"energy.{k}": r["energy"][k] for k in ("per_delivered_flit_pj", "average_power_mw",
                                                               "energy_delay_product_pj_cycles")}})
    with open(tmp_path / "runs.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    assert plot.main(["load", str(tmp_path / "runs.csv"), "--energy", "--out", str(tmp_path / "load")]) == 0
    assert (tmp_path / "load.png").stat().st_size > 10000
    # More load, more power.
    assert rows[1]["energy.average_power_mw"] > rows[0]["energy.average_power_mw"]


# The table's rows are read by scripts/energy.py (Python's csv module), apart from the model's own reading.
TABLE_KEYS = energy.ROW_KEYS


@pytest.mark.parametrize("preset", ["dsent_45nm", "dsent_22nm"])
def test_a_preset_platforms_energy_is_its_counts_times_the_table_rows_coefficients(icnsim, tmp_path, preset):
    # The self-tuned platform with recovery: 5 ports, 4 VCs (3 and Disha's VC), depth 8, 128 bits.
    out = tmp_path / "r.json"
    p = icnsim("platforms/selftuned-recovery.yaml", "stimuli/selftuned-uniform.yaml", *SHORT[:-1],
               "--set", f"energy.preset={preset}", "--set", "stimulus.injection.rate=0.05", "-q", "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    assert energy.differences(r) == {}
    row = energy.table_row(preset, (5, 4, 8, 128))
    coefficients = r["energy"]["coefficients"]
    assert {k: coefficients[k] for k in TABLE_KEYS} == row
    assert all(v == 0 for k, v in coefficients.items() if k not in TABLE_KEYS)
    assert "row 5 ports, 4 VCs, depth 8, 128-bit flits" in r["energy"]["source"]
    assert r["energy"]["dynamic_pj"] > 0 and r["energy"]["leakage_pj"] > 0


# Routers as built: a torus's 4 links and 1 terminal; Disha's recovery VC beside 3 VCs; a dragonfly's
# 7 local and 4 global links and 4 terminals.
EXPECTED_SHAPES = {"default.yaml": (5, 3, 8, 128), "selftuned-recovery.yaml": (5, 4, 8, 128),
                   "dragonfly-1056.yaml": (15, 4, 8, 128)}


def test_every_shipped_platform_resolves_both_presets_or_is_refused_in_one_line_naming_the_nearest_rows(icnsim):
    import re
    resolved = refused = 0
    for platform in sorted((ROOT / "platforms").glob("*.yaml")):
        for preset in ("dsent_45nm", "dsent_22nm"):
            # A core platform runs a program instead of a stimulus (its routers are priced the same way).
            drive = BUILD / "software" / "reduce.elf" if "type: core" in platform.read_text() else "stimuli/uniform.yaml"
            p = icnsim(platform, drive, "--set", f"energy.preset={preset}", "--print-config")
            if p.returncode != 0:
                assert p.stderr.count("\n") == 1 and "nearest rows: " in p.stderr, (platform.name, p.stderr)
                refused += 1
                continue
            shape = tuple(map(int, re.search(r"row (\d+) ports, (\d+) VCs?, depth (\d+), (\d+)-bit flits",
                                             p.stdout).groups()))
            assert shape == EXPECTED_SHAPES.get(platform.name, shape), platform.name
            row = energy.table_row(preset, shape)
            printed = dict(re.findall(r"# (\w+): ([-+.e\d]+) +# from energy\.preset", p.stdout))
            assert {k: float(printed[k]) for k in TABLE_KEYS} == row, platform.name
            resolved += 1
    assert resolved >= 10 and refused >= 10


def test_power_gating_would_save_every_idle_routers_leakage_and_clock_an_upper_bound(icnsim, tmp_path):
    # No traffic: every router-cycle idle, so gating saves all but the links' leakage.
    r = run(icnsim, tmp_path, "platforms/default.yaml", "stimuli/uniform.yaml", "--set", "stimulus.injection.rate=0",
            "--set", "router.virtual_channels=2", "--set", "router.buffer_depth=4", "--set", "energy.gating_estimate=true")
    e = r["energy"]
    g = e["power_gating"]
    assert g["idle_router_cycles"] == 16 * 1500 and g["idle_buffer_slot_cycles"] == 640 * 1500
    assert g["saved_pj"] == pytest.approx(1500 * (16 * 0.3 + 640 * 64 * 2e-6 + 16 * 0.9), rel=1e-12)
    assert g["saved_pj"] == pytest.approx(e["total_pj"] - 1500 * 64 * 0.05, rel=1e-12)
    assert energy.differences(r) == {}
    r["energy"]["power_gating"]["saved_pj"] *= 1.01  # the recomputation catches a wrong estimate
    assert "gating saved" in energy.differences(r)


def test_with_a_preset_the_share_power_gating_could_save_falls_as_the_load_rises(icnsim, tmp_path):
    shares = []
    for rate in (0.001, 0.01, 0.05):  # packets of 16 flits a node and cycle; the 4x4 torus saturates near 0.1
        out = tmp_path / f"r{rate}.json"
        p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *SHORT[:-1], "--set", "energy.preset=dsent_45nm",
                   "--set", "energy.gating_estimate=true", "--set", f"stimulus.injection.rate={rate}", "-q", "--out", out)
        assert p.returncode == 0, p.stderr
        r = json.loads(out.read_text())
        assert energy.differences(r) == {}
        shares.append(r["energy"]["power_gating"]["saved_fraction"])
    assert shares[0] > shares[1] > shares[2] >= 0  # at 0.05 every router holds a flit every cycle: nothing idles
    assert shares[0] > 0.5  # nearly idle: most of the energy is idle routers' leakage and clock


def test_a_preset_runs_counts_priced_by_the_other_technologys_row_are_that_presets_run(icnsim, tmp_path):
    # Energy does not change what the network does: the 45 nm run's counts times the 22 nm row (read
    # from the shipped CSV by scripts/energy.py) are the 22 nm run's energy, from its result or its
    # runs.csv row alike.
    sys.path.insert(0, str(ROOT / "scripts"))
    import sweep
    results = {}
    for preset in ("dsent_45nm", "dsent_22nm"):
        out = tmp_path / f"{preset}.json"
        p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *SHORT[:-1], "--set", f"energy.preset={preset}",
                   "--set", "stimulus.injection.rate=0.03", "-q", "--out", out)
        assert p.returncode == 0, p.stderr
        results[preset] = json.loads(out.read_text())
    r45, r22 = results["dsent_45nm"], results["dsent_22nm"]
    assert energy.preset_shape(r45) == (5, 3, 8, 128)
    row = {k: str(v) for k, v in sweep.flatten(r45).items()}
    for priced in (energy.under(r45, "dsent_22nm"), energy.under(energy.unflatten(row), "dsent_22nm")):
        for key in ("total_pj", "per_delivered_flit_pj", "average_power_mw", "energy_delay_product_pj_cycles"):
            assert priced[key] == pytest.approx(r22["energy"][key], rel=1e-9), key
    assert energy.under(r45, "dsent_45nm")["total_pj"] == pytest.approx(r45["energy"]["total_pj"], rel=1e-9)
    assert r22["energy"]["total_pj"] < r45["energy"]["total_pj"]


def test_a_report_prices_a_router_the_table_lacks_by_the_rows_on_either_side_as_runs_naming_each_would(
        icnsim, tmp_path):
    # The Trans-t 8-ary 3-cube's routers have 10 ports (6 network, 4 injection channels): the table has
    # 9 and 11. A run naming row 9 knowingly, priced by rows 9 and 11 (scripts/papers/report_energy.py),
    # gives what runs naming each row give, at 45 and 22 nm; the range runs from the smaller to the larger.
    from papers import report_energy
    results = {}
    for row in ("9x3x8", "11x3x8"):
        out = tmp_path / f"{row}.json"
        p = icnsim("platforms/transt-8ary3cube.yaml", "stimuli/uniform.yaml", "--set", "simulation.cycles=600",
                   "--set", "simulation.warmup=200", "--set", "stimulus.injection.unit=flits",
                   "--set", "stimulus.injection.rate=0.3", "--set", "energy.preset=dsent_45nm",
                   "--set", f"energy.preset_shape={row}", "-q", "--out", out)
        assert p.returncode == 0, p.stderr
        results[row] = json.loads(out.read_text())
    rows = ((9, 3, 8, 128), (11, 3, 8, 128))
    assert [report_energy.preset_shape(r) for r in rows] == ["9x3x8", "11x3x8"]
    priced = report_energy.priced(results["9x3x8"], rows)
    for i, row in enumerate(("9x3x8", "11x3x8")):
        assert priced["dsent_45nm"][i]["total_pj"] == pytest.approx(results[row]["energy"]["total_pj"], rel=1e-9)
    assert priced["dsent_22nm"][1]["total_pj"] < priced["dsent_45nm"][1]["total_pj"]
    low, high = report_energy.per_flit(results["9x3x8"], rows)
    assert low == pytest.approx(results["9x3x8"]["energy"]["per_delivered_flit_pj"], rel=1e-9)
    assert high == pytest.approx(results["11x3x8"]["energy"]["per_delivered_flit_pj"], rel=1e-9)
    assert report_energy.span([high, low]) == f"{low:,.0f}–{high:,.0f}"


def test_energy_py_answers_a_missing_folder_non_json_or_cut_short_input_in_one_line(tmp_path):
    import subprocess
    import sys
    (tmp_path / "text.json").write_text("hello\n")
    (tmp_path / "cut.json").write_text('{"model": "icnsim", "model_version": "0.1", "energy": {"total')
    for name, said in [("missing.json", "cannot be read"), (".", "a directory"), ("text.json", "not JSON"),
                       ("cut.json", "cut short")]:
        p = subprocess.run([sys.executable, str(ROOT / "scripts" / "energy.py"), str(tmp_path / name)],
                           capture_output=True, text=True)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and said in p.stderr, (name, p.stderr)
