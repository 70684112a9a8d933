"""Every result icnsim writes — completed, phased, traced, ramped, gathered in metapackets, stopped by
a deadlock, nothing measured — follows docs/result.schema.json, and its numbers agree with each
other: p50 <= p99 <= max, the histogram holds every measured packet, Jain fairness in (0, 1],
per-node arrays have one entry per node, time-series columns have one entry per sample."""
import json

import jsonschema
import pytest

from conftest import ROOT

SHORT = ["--set", "simulation.cycles=3000", "--set", "simulation.warmup=500", "--set", "simulation.sample_interval=500"]
SMALL = ["--set", "network.radix=8", *SHORT]
DEADLOCK = ["--set", "network.radix=8", "--set", "routing.type=tfar", "--set", "router.virtual_channels=1",
            "--set", "router.buffer_depth=4", "--set", "simulation.cycles=40000", "--set", "simulation.warmup=1000",
            "--set", "simulation.watchdog_cycles=3000", "--set", "stimulus.injection.rate=1",
            "--set", "stimulus.injection.unit=flits"]

RUNS = {
    "uniform": (["platforms/default.yaml", "stimuli/uniform.yaml", *SMALL], 0),
    "self-tuned over the sideband": (["platforms/selftuned-recovery.yaml", "stimuli/uniform.yaml", *SMALL,
                                      "--set", "congestion_control.type=self_tuned",
                                      "--set", "stimulus.injection.rate=0.03"], 0),
    "metapackets": (["platforms/selftuned-recovery.yaml", "stimuli/uniform.yaml", *SMALL,
                     "--set", "congestion_control.type=self_tuned",
                     "--set", "congestion_control.distribution=metapackets"], 0),
    "phases": (["platforms/default.yaml", "stimuli/collective.yaml", *SMALL], 0),
    "ramp": (["platforms/default.yaml", "stimuli/ramp.yaml", *SMALL], 0),
    "trace": (["platforms/default.yaml", "stimuli/trace-ring.yaml", *SHORT], 0),
    "nothing measured": (["platforms/default.yaml", "stimuli/uniform.yaml", *SMALL,
                          "--set", "stimulus.injection.rate=0.000001"], 0),
    "deadlock": (["platforms/default.yaml", "stimuli/uniform.yaml", *DEADLOCK], 3),
    "per-component activity and spatial samples": (["platforms/selftuned-recovery.yaml", "stimuli/uniform.yaml", *SMALL,
                                                     "--set", "congestion_control.type=self_tuned",
                                                     "--set", "simulation.activity=per_component",
                                                     "--set", "simulation.spatial_sample_interval=250"], 0),
    "per-component activity on a k-ary n-fly": (["platforms/dally-2ary6fly.yaml", "stimuli/uniform.yaml", *SHORT,
                                                 "--set", "simulation.activity=per_component"], 0),
    "priority classes": (["platforms/dally-2ary6fly.yaml", "stimuli/uniform.yaml", *SHORT,
                          "--set", "stimulus.high_priority_fraction=0.2", "--set", "router.arbitration=priority"], 0),
}


@pytest.fixture(scope="module")
def schema():
    document = json.loads((ROOT / "docs" / "result.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(document)
    return document


@pytest.mark.parametrize("name", sorted(RUNS))
def test_result_follows_the_schema_and_agrees_with_itself(icnsim, tmp_path, schema, name):
    args, code = RUNS[name]
    out = tmp_path / "r.json"
    p = icnsim(*args, "-q", "--out", out)
    assert p.returncode == code, p.stderr
    r = json.loads(out.read_text())
    jsonschema.Draft202012Validator(schema).validate(r)

    nodes = r["network"]["nodes"]
    for key, column in r["per_node"].items():
        assert len(column) == nodes, key
    samples = {len(column) for column in r["time_series"].values()}
    assert len(samples) == 1
    assert samples.pop() >= 1
    assert r["time_series"]["cycle"] == sorted(r["time_series"]["cycle"])

    for which, stats in (("latency", r["latency"]), ("network_latency", r["network_latency"]),
                         ("high_priority", r["high_priority"]["latency"])):
        if stats["count"] == 0:
            assert all(stats[k] is None for k in ("mean", "stddev", "p50", "p99", "max")), which
        else:
            assert stats["p50"] <= stats["p99"] <= stats["max"], which
            assert stats["mean"] <= stats["max"]
    assert r["network_latency"]["count"] == r["latency"]["count"]
    assert sum(r["latency_histogram"]["counts"]) == r["latency"]["count"]
    high = r["high_priority"]
    assert sum(high["latency_histogram"]["counts"]) == high["latency"]["count"] <= r["latency"]["count"]
    assert high["latency_histogram"]["bin_width"] == r["latency_histogram"]["bin_width"]
    if name == "priority classes":  # a fifth of the packets, and they are the faster ones
        assert high["latency"]["count"] == pytest.approx(0.2 * r["latency"]["count"], rel=0.2)
        assert high["latency"]["mean"] < r["latency"]["mean"]
    else:
        assert high["latency"]["count"] == 0
    assert (r["mean_hops"] is None) == (r["latency"]["count"] == 0)
    assert 0 < r["throughput"]["fairness_jain"] <= 1

    packets = r["packets"]
    assert packets["delivered"] <= packets["injected"] <= packets["created"]
    per_node = r["per_node"]  # counted in the measurement window
    assert sum(per_node["created_packets"]) <= packets["created"]
    assert sum(per_node["delivered_flits"]) == sum(per_node["accepted_flits_by_source"])
    measured = r["window"]["measured_cycles"]
    if measured:
        assert sum(per_node["delivered_flits"]) / (nodes * measured) == \
            pytest.approx(r["throughput"]["accepted_flits_per_node_cycle"], rel=1e-9)
    assert packets["queued_at_end"] + packets["in_network_at_end"] + packets["delivered"] <= packets["created"] + \
        packets["deadlock_recoveries"]
    assert r["window"]["measured_cycles"] == r["window"]["cycles"] - min(r["window"]["cycles"], r["window"]["warmup"])
    assert r["status"]["last_cycle"] < r["window"]["cycles"]
    if code == 0:
        assert r["status"]["state"] == "completed" and r["status"]["reason"] == ""
    else:
        assert r["status"]["state"] != "completed" and r["status"]["reason"]
    activity = r["activity"]
    assert activity["cycles"] == measured
    routers = activity["routers"]
    router_cycles = routers["active_cycles"] + routers["idle_cycles"]  # every router every measured cycle
    if "layout" in r:
        assert router_cycles == measured * len(r["layout"]["positions"])
    else:
        assert measured == 0 or router_cycles % measured == 0 and router_cycles >= measured * nodes / 2
    assert routers["buffer_reads"] == routers["crossbar_traversals"] == routers["switch_allocation_grants"]
    assert routers["switch_allocation_requests"] >= routers["switch_allocation_grants"]
    assert routers["vc_allocation_requests"] >= routers["vc_allocation_grants"]
    assert (activity["scope"] == "per_component") == ("per_router" in activity) == ("links" in activity)
    if "per_router" in activity:
        for key, column in activity["per_router"].items():
            assert len(column) == len(r["layout"]["positions"]) and sum(column) == routers[key], key
        for key, column in activity["per_node"].items():
            assert len(column) == nodes and sum(column) == activity["network_interfaces"][key], key
        assert sum(activity["links"]["flits"]) == routers["link_traversals"]
    if "spatial" in r:
        spatial = r["spatial"]
        assert spatial["cycles"] == [r["window"]["warmup"] + (i + 1) * spatial["interval"] - 1
                                     for i in range(measured // spatial["interval"])]
        assert all(len(row) == len(spatial["links"]["from"]) for row in spatial["link_flits"])
        assert all(len(row) == nodes for row in spatial["throttled"])
        # The samples cover the window here: together they are the window's link traversals.
        assert sum(map(sum, spatial["link_flits"])) == routers["link_traversals"]
        assert activity["sideband"]["value_transfers"] > 0  # the self-tuned controller's gathers
    if name == "metapackets":
        assert r["metapackets"]["gathers"] > 0
        assert r["metapackets"]["min_cycles"] <= r["metapackets"]["mean_cycles"] <= r["metapackets"]["max_cycles"]
    if name == "ramp":
        assert "ramp" in r
    if name == "self-tuned over the sideband":
        assert "controller.threshold" in r["time_series"]
    if name == "phases":
        assert r["schedule"]["phased"] and r["schedule"]["phases"]
    if name == "trace":
        assert r["schedule"]["trace"] and r["schedule"]["trace_messages"] > 0
    if name == "nothing measured":
        assert r["latency"]["count"] == 0
        # A sample in which nothing was delivered has no mean latency, not a 0 that looks measured.
        assert r["time_series"]["mean_latency"] and all(m is None for m in r["time_series"]["mean_latency"])


def registered(icnsim, section, selector):
    """The implementations registered for `section.selector`, as --print-config lists them: the test
    follows the registry, so a controller added later is checked without being named here."""
    lines = icnsim("platforms/default.yaml", "stimuli/uniform.yaml", "--print-config").stdout.splitlines()
    start = lines.index(f"{section}:")
    line = next(l for l in lines[start + 1:] if l.strip().startswith(f"{selector}:"))
    return line.rsplit("[one of ", 1)[1].rstrip("]").split(", ")


def test_every_registered_controller_writes_a_result_that_follows_the_schema(icnsim, tmp_path, schema):
    # Each on the first shipped platform it accepts (the default first): its time-series columns
    # (controller.<name>.<quantity>) included.
    platforms = ["platforms/default.yaml"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "platforms").glob("*.yaml")
                                                    if p.name != "default.yaml")
    controllers = registered(icnsim, "congestion_control", "type")
    assert {"none", "self_tuned", "trans_t", "entropy"} <= set(controllers)
    for controller in controllers:
        out = tmp_path / f"{controller}.json"
        for platform in platforms:
            p = icnsim(platform, "stimuli/uniform.yaml", "--set", f"congestion_control.type={controller}",
                       "--set", "simulation.cycles=1500", "--set", "simulation.warmup=300",
                       "--set", "simulation.sample_interval=300", "-q", "--out", out)
            if p.returncode != 2:
                break
        assert p.returncode == 0, (controller, platform, p.stderr)
        r = json.loads(out.read_text())
        jsonschema.Draft202012Validator(schema).validate(r)
        assert r["status"]["state"] == "completed"


def test_both_latency_conventions_agree_below_saturation_and_part_past_it(icnsim_result):
    """`latency` (packets created in the window) and `latency_by_injection` (BookSim's: packets whose head
    entered the network in it), over the same run: below saturation the same packets, the same mean
    within 1 %; past it the sources hold packets created in the window, so `latency` measures fewer
    packets than the window delivered, while `latency_by_injection` takes every packet injected and
    delivered in it — created before the window too."""
    def run(rate):
        return icnsim_result("platforms/default.yaml", "stimuli/uniform.yaml", "--set", "network.radix=8",
                             "--set", "simulation.cycles=8000", "--set", "simulation.warmup=2000",
                             "--set", f"stimulus.injection.rate={rate}", "-q")
    light, heavy = run(0.005), run(0.05)
    assert light["latency_by_injection"]["mean"] == pytest.approx(light["latency"]["mean"], rel=0.01)
    assert heavy["packets"]["queued_at_end"] > 1000  # past saturation: the sources hold a backlog
    assert heavy["latency"]["count"] < 0.8 * heavy["latency_by_injection"]["count"]
