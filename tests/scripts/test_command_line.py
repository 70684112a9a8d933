"""The icnsim command line: results, configuration printing, and one-line errors for bad input."""
import json
import os
import pathlib
import threading

from conftest import BUILD

SMALL = ["--set", "network.radix=4", "--set", "simulation.cycles=3000", "--set", "simulation.warmup=500"]


def test_run_writes_a_result_naming_platform_stimulus_seed_and_version(icnsim, tmp_path):
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *SMALL, "--seed", "5", "--out", out)
    assert p.returncode == 0, p.stderr
    assert "accepted [flits/node/cycle]" in p.stdout
    r = json.loads(out.read_text())
    assert r["platform"]["name"] == "default"
    assert r["stimulus"]["name"] == "uniform"
    assert r["seed"] == 5
    assert r["model_version"]
    assert r["network"]["nodes"] == 16
    assert 0 < r["throughput"]["accepted_flits_per_node_cycle"] <= r["load"]["offered_flits_per_node_cycle"] * 1.05
    assert len(r["time_series"]["cycle"]) == 3
    assert len(r["per_node"]["delivered_flits"]) == 16


def test_same_seed_gives_byte_identical_json(icnsim, tmp_path):
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    for path, seed in ((a, 3), (b, 3), (c, 4)):
        assert icnsim("platforms/default.yaml", "stimuli/uniform.yaml", *SMALL, "--seed", seed, "-q",
                      "--out", path).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_print_config_shows_defaults_and_descriptions(icnsim):
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--print-config")
    assert p.returncode == 0
    assert "virtual_channels: 3" in p.stdout
    assert "# V: virtual channels" in p.stdout
    assert "histogram_bin_width: 10" in p.stdout  # a default not written in the file
    assert "stimulus:" in p.stdout


def one_line_error(p):
    assert p.returncode == 2, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert p.stdout == ""  # nothing simulated
    return lines[0]


def test_unknown_key_is_rejected_with_file_line_and_key(icnsim, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("network:\n  radix: 4\nrouter:\n  virtual_chanels: 2\n")
    line = one_line_error(icnsim(bad, "stimuli/uniform.yaml"))
    assert f"{bad}:4" in line and "router.virtual_chanels" in line and "virtual_channels" in line


def test_out_of_range_value_is_rejected(icnsim):
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "router.buffer_depth=0"))
    assert "router.buffer_depth" in line and "1..4096" in line


def test_wrong_type_is_rejected(icnsim, tmp_path):
    bad = tmp_path / "s.yaml"
    bad.write_text("packet_length: long\n")
    line = one_line_error(icnsim("platforms/default.yaml", bad))
    assert f"{bad}:1" in line and "packet_length" in line and "not an integer" in line


def test_a_platform_with_the_old_power_section_is_told_its_new_name(icnsim, tmp_path):
    old = tmp_path / "p.yaml"
    old.write_text("power:\n  model: events\n")
    assert one_line_error(icnsim(old, "stimuli/uniform.yaml")).endswith(
        "power.model: unknown key in this platform: it has no section power (it is energy now)")
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "power.preset=dsent_45nm"))
    assert "(it is energy now)" in line


def test_missing_file_and_bad_option(icnsim):
    assert "cannot open" in one_line_error(icnsim("nowhere.yaml", "stimuli/uniform.yaml"))
    assert icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--bogus").returncode == 2


def test_every_shipped_platform_and_stimulus_is_valid(icnsim, root):
    # Every platform with uniform traffic, every stimulus on the default 256-node platform (the
    # traces are written for 256 nodes, so they do not fit the 64-node ring).
    for platform in sorted((root / "platforms").glob("*.yaml")):
        # A core platform runs a program instead (tests/scripts/test_cores.py).
        drive = BUILD / "software" / "reduce.elf" if "type: core" in platform.read_text() else "stimuli/uniform.yaml"
        p = icnsim(platform, drive, "--print-config")
        assert p.returncode == 0, (platform, p.stderr)
    for stimulus in sorted((root / "stimuli").glob("*.yaml")):
        p = icnsim("platforms/default.yaml", stimulus, "--print-config")
        assert p.returncode == 0, (stimulus, p.stderr)


def test_configuration_reference_is_current(icnsim, root):
    """docs/configuration.md embeds --print-config; scripts/make-config-doc regenerates it."""
    printed = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--print-config").stdout
    assert printed in (root / "docs" / "configuration.md").read_text()


def test_settings_of_the_saturation_policies_are_checked(icnsim):
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml",
                                 "--set", "network_interface.packets_in_progress=4"))
    assert "network_interface.packets_in_progress" in line and "at most router.virtual_channels" in line
    line = one_line_error(icnsim("platforms/selftuned-avoidance.yaml", "stimuli/uniform.yaml",
                                 "--set", "routing.dateline=entry"))
    assert "routing.dateline" in line and "wrap, two_datelines" in line
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "router.vc_allocation=fifo"))
    assert "router.vc_allocation" in line and "oldest_first" in line


def test_inputs_that_are_not_yaml_files_are_refused(icnsim, tmp_path):
    for path, why in (("platforms", "not a regular file"), ("/dev/zero", "not a regular file"),
                      ("/proc/self/mem", "cannot be read")):
        line = one_line_error(icnsim(path, "stimuli/uniform.yaml"))
        assert path in line and why in line


def test_duplicate_keys_are_refused_not_merged(icnsim, tmp_path):
    same = tmp_path / "same.yaml"
    same.write_text("network:\n  radix: 8\n  radix: 4\n")
    line = one_line_error(icnsim(same, "stimuli/uniform.yaml"))
    assert f"{same}:3" in line and "network.radix" in line and "twice" in line
    sections = tmp_path / "sections.yaml"
    sections.write_text("network:\n  radix: 8\nnetwork:\n  dimensions: 1\n")
    assert "twice" in one_line_error(icnsim(sections, "stimuli/uniform.yaml"))


def test_a_negative_or_malformed_seed_is_refused_as_written(icnsim):
    for seed in ("-1", "1x", "99999999999999999999"):
        line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", f"--seed={seed}"))
        assert f"--seed {seed}" in line and "0..9007199254740991" in line


def test_usage_errors_go_to_stderr(icnsim):
    # Without arguments: one line with the usage and a hint to --help, not the whole help.
    line = one_line_error(icnsim())
    assert "usage: icnsim PLATFORM.yaml" in line and "icnsim --help" in line
    p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--no-such-option")
    assert p.returncode == 2
    assert p.stdout == "" and "--help" in p.stderr


SHORT = ("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "simulation.cycles=300", "--set",
         "simulation.warmup=0")


def test_out_to_standard_output_a_device_or_a_fifo_is_written_directly(icnsim, tmp_path):
    p = icnsim(*SHORT, "--out", "-")  # for | jq: the JSON alone, no summary mixed in
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["status"]["state"] == "completed"
    assert icnsim(*SHORT, "--out", "/dev/null").returncode == 0
    full = icnsim(*SHORT, "--out", "/dev/full", "-q")  # a write error: exit 4, one line
    assert full.returncode == 4 and full.stderr.strip().splitlines() == [
        "/dev/full: the result could not be written (write failed: No space left on device)"]
    fifo = tmp_path / "result.fifo"
    os.mkfifo(fifo)
    read = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_text()))
    reader.start()
    assert icnsim(*SHORT, "--out", fifo, "-q").returncode == 0
    reader.join(timeout=60)
    assert json.loads(read[0])["status"]["state"] == "completed"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["result.fifo"]  # no temporary file beside it


def test_out_follows_a_symbolic_link_and_refuses_what_it_cannot_write_before_simulating(icnsim, tmp_path):
    link = tmp_path / "latest.json"
    link.symlink_to("runs/first.json")
    (tmp_path / "runs").mkdir()
    assert icnsim(*SHORT, "--out", link, "-q").returncode == 0
    assert link.is_symlink() and json.loads((tmp_path / "runs" / "first.json").read_text())["model"] == "icnsim"
    for target, words in (("", "an empty name"), (tmp_path, "is not a regular file, character device or FIFO"),
                          ("/proc/version", "cannot"), (tmp_path / "no" / "such.json", "No such file or directory")):
        line = one_line_error(icnsim(*SHORT, "--out", target))
        assert words in line
    assert sorted(f.name for f in tmp_path.iterdir()) == ["latest.json", "runs"]


def test_bubble_flow_control_needs_room_for_two_packets_per_buffer(icnsim):
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "routing.type=bubble",
                                 "--set", "router.switching=virtual_cut_through", "--set", "router.buffer_depth=16"))
    assert "router.buffer_depth" in line and "2 of the stimulus' 16-flit packets" in line and "at least 32" in line


def test_text_that_is_not_utf8_or_holds_control_characters_is_refused_without_echoing_it(icnsim, tmp_path):
    for name, content, why in (("bytes", b"name: bad\xff\xfe\n", "not valid UTF-8 at byte 4"),
                               ("nul", b'name: "a\\0b"\n', "control character at byte 2"),
                               ("c1", b'description: "x\\x85y"\n', "control character at byte 2")):
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(content)
        line = one_line_error(icnsim(path, "stimuli/uniform.yaml"))
        assert why in line and "\xff" not in line and "\x00" not in line
    good = tmp_path / "good.yaml"
    good.write_text("name: Zürich ✓\nnetwork: {radix: 4}\nsimulation: {cycles: 200, warmup: 10}\n", encoding="utf-8")
    out = tmp_path / "r.json"
    assert icnsim(good, "stimuli/uniform.yaml", "-q", "--out", out).returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["platform"]["name"] == "Zürich ✓"


def test_an_empty_or_malformed_phase_list_says_so(icnsim, tmp_path):
    for text, why in (("phases: []\n", "the list is empty"), ("phases: [1, 2]\n", "not a list of phase mappings")):
        stimulus = tmp_path / "s.yaml"
        stimulus.write_text(text)
        line = one_line_error(icnsim("platforms/default.yaml", stimulus))
        assert f"{stimulus}:1: phases:" in line and why in line and "unknown key" not in line


def test_a_phase_error_names_the_line_of_that_phase(icnsim, tmp_path):
    stimulus = tmp_path / "s.yaml"
    stimulus.write_text("phases:\n  - name: a\n    injection: {rate: 0.01}\n  - name: b\n    end: {cycles: 10}\n")
    line = one_line_error(icnsim("platforms/default.yaml", stimulus))
    assert f"{stimulus}:2: phases.0: has no end" in line
    stimulus.write_text("phases:\n  - name: a\n    end: {cycles: 10}\n  - name: b\n    injection: {rate: 7}\n")
    line = one_line_error(icnsim("platforms/default.yaml", stimulus))
    assert f"{stimulus}:5:" in line and "phases.1.injection.rate" in line


def test_a_controller_refuses_a_platform_it_is_not_defined_for(icnsim, tmp_path):
    # LBR (realistic-loads paper sec. III) restricts the adaptive VCs of the bubble router under
    # virtual cut-through; on a wormhole dimension-order torus it has nothing to act on.
    out = tmp_path / "r.json"
    line = one_line_error(icnsim("platforms/default.yaml", "stimuli/uniform.yaml",
                                 "--set", "congestion_control.type=lbr", "--out", out))
    assert "congestion_control.type" in line and "lbr" in line and "routing.type: bubble" in line
    assert not out.exists()
    assert icnsim("platforms/ridruejo-ring64.yaml", "stimuli/uniform.yaml", "-q", "--set", "congestion_control.type=lbr",
                  "--set", "simulation.cycles=2000", "--set", "simulation.warmup=500").returncode == 0


def test_summary_reports_the_peak_memory_a_larger_network_needs_more_of(icnsim):
    # The process's own peak (VmHWM), which scripts/bench --scale reads: it grows with the network.
    peaks = []
    for radix in (4, 16):
        p = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--set", f"network.radix={radix}",
                   "--set", "simulation.cycles=1", "--set", "simulation.warmup=0")
        assert p.returncode == 0, p.stderr
        line = next(line for line in p.stdout.splitlines() if line.strip().startswith("peak memory"))
        peaks.append(float(line.split()[2]))
        assert line.split()[3] == "MB"
    assert 1 < peaks[0] < peaks[1] < 1000
    # 240 more nodes of well over 4 KB each
    assert peaks[1] - peaks[0] > 240 * 4096 / 1e6


def test_print_config_round_trips_names_yaml_would_read_as_null(icnsim, tmp_path):
    # Printed bare, "null" and "~" read back as YAML's null, which a text key refuses.
    for name in ("null", "~", "NULL"):
        platform = tmp_path / "p.yaml"
        platform.write_text(f'name: "{name}"\n')
        printed = icnsim(str(platform), "stimuli/uniform.yaml", "--print-config")
        assert printed.returncode == 0, printed.stderr
        again = tmp_path / "printed.yaml"
        again.write_text(printed.stdout)
        reprinted = icnsim(str(again), "--print-config")
        assert reprinted.returncode == 0, reprinted.stderr
        def keys(text):  # the header lines name the files read
            return [line for line in text.splitlines() if not line.startswith("#")]
        assert keys(reprinted.stdout) == keys(printed.stdout)
        assert f'name: "{name}"' in printed.stdout


def test_describe_reports_each_topologys_shapes_with_what_the_configuration_accepts_and_a_bad_platform_in_one_line(icnsim):
    import json
    described = json.loads(icnsim("--describe").stdout)
    torus = described["topologies"]["kary_ncube"]["shapes"][0]
    assert torus["keys"] == {"network.radix": "4", "network.dimensions": "2", "network.wrap": "torus"}
    # Dimension order takes 2 VCs on a torus (a dateline class each side), counted datelines one more per torus dimension.
    assert torus["routings"]["dimension_order"]["virtual_channels"] == 2
    assert torus["routings"]["dimension_order"]["choices"]["dateline"]["counted"] == 3
    assert torus["routings"]["bubble"]["switching"] == "virtual_cut_through"
    assert "lbr" in torus["routings"]["bubble"]["controllers"] and "lbr" not in torus["routings"]["duato"]["controllers"]
    fly = described["topologies"]["kary_nfly"]["shapes"][0]
    # An n-fly delivers at other routers than its nodes inject into: no self-tuned count, no router rule.
    assert not {"self_tuned", "ipr", "entropy"} & set(fly["routings"]["destination_tag"]["controllers"])
    mesh = described["topologies"]["kary_ncube"]["shapes"][1]
    assert "metapackets" not in mesh["routings"]["dimension_order"]["controllers"]["self_tuned"]["distribution"]
    assert described["controllers"]["entropy"]["needs"]["entropy_circuit"]
    line = one_line_error(icnsim("/proc/self/mem", "--describe"))
    assert "/proc/self/mem" in line and "cannot be read" in line
    platform = json.loads(icnsim("platforms/chiplets.yaml", "--describe").stdout)["platform"]
    assert platform["nodes"] == 64 and "shortest_path" in platform["routings"]
