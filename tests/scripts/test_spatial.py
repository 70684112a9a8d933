"""Where congestion forms, as the pictures show it (scripts/plot heatmap, animate): the data behind
the picture, read from results (docs/energy.md, "Pictures")."""
import json
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import spatial  # noqa: E402

# A hot spot at the centre of a 9-ary 2-cube (odd radix: no ties between the two ways round a
# ring), a fifth of the traffic to it, well below saturation.
HOT_SPOT = ["platforms/default.yaml", "stimuli/uniform.yaml", "--set", "network.radix=9",
            "--set", "simulation.cycles=11000", "--set", "simulation.warmup=1000",
            "--set", "stimulus.pattern.type=hot_spot", "--set", "stimulus.pattern.nodes=[40]",
            "--set", "stimulus.pattern.fraction=0.2", "--set", "stimulus.injection.rate=0.05",
            "--set", "stimulus.injection.unit=flits", "-q"]


@pytest.fixture(scope="module")
def hot_spot(tmp_path_factory):
    import subprocess
    from conftest import BUILD
    out = tmp_path_factory.mktemp("hot_spot") / "r.json"
    subprocess.run([str(BUILD / "model" / "icnsim"), *HOT_SPOT, "--set", "simulation.activity=per_component",
                    "--set", "simulation.spatial_sample_interval=1000", "--out", str(out)], cwd=ROOT, check=True)
    return json.loads(out.read_text())


def test_the_hottest_links_of_a_hot_spot_run_are_the_hot_spots_incoming_links(hot_spot):
    # Dimension order: every packet for the hot spot ends its path on one of the two y links of
    # its column; those two carry the most, on the window's counts and on the samples alike.
    for window in ({}, {"first": 0, "last": spatial.samples(hot_spot)}):
        hottest = spatial.hottest_links(hot_spot, 2, **window)
        assert {link["to"] for link in hottest} == {40}, hottest
        assert {link["port_name"] for link in hottest} == {"+y", "-y"}
        ordinary = spatial.hottest_links(hot_spot, 40, **window)[-1]["utilisation"]
        assert hottest[1]["utilisation"] > 2 * ordinary


def test_samples_and_the_window_count_the_same_flits(hot_spot):
    # Ten samples of 1,000 cycles cover the 10,000-cycle window exactly.
    by_window = {(l["from"], l["port"]): l["utilisation"] for l in spatial.link_utilisation(hot_spot)}
    by_samples = {(l["from"], l["port"]): l["utilisation"]
                  for l in spatial.link_utilisation(hot_spot, first=0, last=spatial.samples(hot_spot))}
    assert by_window == pytest.approx(by_samples, abs=1e-12)
    one = spatial.link_utilisation(hot_spot, first=3, last=4)
    assert max(l["utilisation"] for l in one) <= 1.0


def test_sampled_throttle_states_agree_with_the_time_series(icnsim, tmp_path):
    # Self-tuned past saturation: the spatial samples' throttling nodes, counted, are the time
    # series' throttled fraction at the same cycles.
    out = tmp_path / "r.json"
    p = icnsim("platforms/selftuned-recovery.yaml", "stimuli/uniform.yaml", "--set", "network.radix=8",
               "--set", "congestion_control.type=self_tuned", "--set", "stimulus.injection.rate=0.05",
               "--set", "simulation.cycles=8000", "--set", "simulation.warmup=1000",
               "--set", "simulation.sample_interval=500", "--set", "simulation.spatial_sample_interval=500",
               "-q", "--out", out)
    assert p.returncode == 0, p.stderr
    r = json.loads(out.read_text())
    series = dict(zip(r["time_series"]["cycle"], r["time_series"]["throttled_fraction"]))
    fractions = [sum(row) / len(row) for row in r["spatial"]["throttled"]]
    assert fractions == [pytest.approx(series[c], abs=1e-12) for c in r["spatial"]["cycles"]]
    assert max(fractions) > 0.1  # it does throttle


def test_heatmap_and_animation_are_drawn(hot_spot, tmp_path):
    run = tmp_path / "r.json"
    run.write_text(json.dumps(hot_spot))
    sys.path.insert(0, str(ROOT / "scripts"))
    import plot
    assert plot.main(["heatmap", str(run), "--out", str(tmp_path / "heat")]) == 0
    assert (tmp_path / "heat.png").stat().st_size > 10000
    assert plot.main(["animate", str(run), "--out", str(tmp_path / "movie")]) == 0
    assert (tmp_path / "movie.gif").stat().st_size > 10000


def test_a_result_without_spatial_data_gets_a_clear_error(icnsim, tmp_path, capsys):
    out = tmp_path / "r.json"
    assert icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "network.radix=4",
                  "--set", "simulation.cycles=500", "--set", "simulation.warmup=100", "-q", "--out", out).returncode == 0
    import plot
    assert plot.main(["heatmap", str(out), "--out", str(tmp_path / "heat")]) == 2
    assert "simulation.activity=per_component" in capsys.readouterr().err


def per_component_run(icnsim, tmp_path, platform, *settings, rate="0.5", cycles=4000, warmup=1000):
    """A run of PLATFORM with uniform.yaml's process at RATE flits/node/cycle and per-component activity;
    its result and where it was written."""
    out = tmp_path / "r.json"
    sets = [a for setting in settings for a in ("--set", setting)]
    p = icnsim(platform, "stimuli/uniform.yaml", *sets, "--set", f"stimulus.injection.rate={rate}",
               "--set", "stimulus.injection.unit=flits", "--set", f"simulation.cycles={cycles}",
               "--set", f"simulation.warmup={warmup}", "--set", "simulation.activity=per_component", "-q",
               "--out", out)
    assert p.returncode == 0, p.stderr
    return json.loads(out.read_text()), out


def test_under_group_shift_a_dragonflys_hottest_links_are_one_global_channel_per_group_drawn_across_a_circle_of_groups(
        icnsim, tmp_path):
    # Minimal routing sends each group's traffic to the next group over the one channel between them
    # (Kim et al. 2008, sec. 4.2): those 8 channels are the 8 hottest links, each to the next group.
    r, out = per_component_run(icnsim, tmp_path, "platforms/dragonfly.yaml", "stimulus.pattern.type=group_shift")
    layout = r["layout"]
    assert layout["kind"] == "groups"
    group = [position[0] for position in layout["positions"]]
    groups = max(group) + 1
    hottest = spatial.hottest_links(r, groups)
    assert all(link["port_name"].startswith("global") for link in hottest), hottest
    assert sorted(group[link["from"]] for link in hottest) == list(range(groups))
    assert all(group[link["to"]] == (group[link["from"]] + 1) % groups for link in hottest)
    assert hottest[-1]["utilisation"] > 0.9  # saturated
    # Drawn as groups on a circle: the groups' centres equally far from the middle, each router nearer
    # its own group's centre than any other's.
    import math
    import plot
    points = plot.placement(layout)
    centres = []
    for g in range(groups):
        members = [points[i] for i in range(len(points)) if group[i] == g]
        centres.append((sum(x for x, _ in members) / len(members), sum(y for _, y in members) / len(members)))
    radii = [math.hypot(x, y) for x, y in centres]
    assert max(radii) - min(radii) < 1e-9 and min(radii) > 1
    for i, (x, y) in enumerate(points):
        distances = [math.hypot(x - cx, y - cy) for cx, cy in centres]
        assert distances.index(min(distances)) == group[i]
    assert plot.main(["heatmap", str(out), "--out", str(tmp_path / "heat")]) == 0


def test_under_bit_reversal_d_mod_k_saturates_one_up_channel_per_leaf_and_a_fat_tree_is_drawn_by_level(
        icnsim, tmp_path):
    # d-mod-k climbs by the destination's low digits, which bit reversal makes equal for a leaf's four
    # nodes: each of the 16 leaves sends everything up one channel, the 16 hottest links, saturated.
    r, out = per_component_run(icnsim, tmp_path, "platforms/fat-tree.yaml", "stimulus.pattern.type=bit_reversal",
                               "routing.up_port=destination")
    layout = r["layout"]
    assert layout["kind"] == "levels"
    level = [position[0] for position in layout["positions"]]
    hottest = spatial.hottest_links(r, 16)
    assert all(link["port_name"].startswith("up") and level[link["from"]] == 0 for link in hottest), hottest
    assert len({link["from"] for link in hottest}) == 16  # one per leaf
    assert hottest[-1]["utilisation"] > 0.9
    # Drawn by level: the leaves at the bottom, each level above the one below it.
    import plot
    points = plot.placement(layout)
    heights = {}
    for i, (_, y) in enumerate(points):
        heights.setdefault(level[i], set()).add(y)
    assert all(len(ys) == 1 for ys in heights.values())
    by_level = [min(heights[l]) for l in sorted(heights)]
    assert by_level == sorted(by_level) and len(set(by_level)) == 3
    assert plot.main(["heatmap", str(out), "--out", str(tmp_path / "heat")]) == 0


def test_under_bit_complement_a_hyperx_saturates_each_switchs_links_to_its_mirror_and_draws_rows_as_arcs(
        icnsim, tmp_path):
    # Bit complement sends a switch's four terminals to the switch at the mirrored coordinates:
    # dimension order crosses dimension 0 from c to 3 - c, then dimension 1 the same way — 32 links at
    # four nodes' load, the hottest, saturated.
    r, out = per_component_run(icnsim, tmp_path, "platforms/hyperx.yaml", "stimulus.pattern.type=bit_complement")
    layout = r["layout"]
    assert layout["kind"] == "rows"
    at = layout["positions"]
    hottest = spatial.hottest_links(r, 32)
    for link in hottest:
        a, b = at[link["from"]], at[link["to"]]
        changed = [d for d in range(2) if a[d] != b[d]]
        assert len(changed) == 1 and b[changed[0]] == 3 - a[changed[0]], link
    assert hottest[-1]["utilisation"] > 0.9
    import plot
    assert plot.main(["heatmap", str(out), "--out", str(tmp_path / "heat")]) == 0


def test_a_network_from_a_file_is_drawn_where_its_file_places_its_routers(icnsim, tmp_path):
    # The chiplet package: four 4 x 4 meshes side by side with a gap between them; the die-to-die links
    # cross the gaps.
    r, out = per_component_run(icnsim, tmp_path, "platforms/chiplets.yaml", rate="0.2", cycles=3000, warmup=500)
    layout = r["layout"]
    assert layout["kind"] == "free"
    assert layout["positions"][16 + 4 * 2 + 3] == [5 + 3, 2]  # chiplet 1, row 2, column 3
    import plot
    points = plot.placement(layout)
    assert points[16 + 4 * 2 + 3] == (8.0, -2.0)
    assert plot.main(["heatmap", str(out), "--out", str(tmp_path / "heat")]) == 0
