"""network_interface.source_queue_limit bounds what a node holds past saturation: under `block` the
processor stalls (offered load falls to what the network takes, nothing is lost), under `drop` the
excess is discarded and counted; a trace's sends wait for room and the replay still completes."""
import json

OVERLOAD = ["--set", "network.radix=8", "--set", "stimulus.injection.rate=0.1", "--set", "stimulus.packet_length=8",
            "--set", "simulation.cycles=6000", "--set", "simulation.warmup=1000", "--set", "simulation.sample_interval=250",
            "-q"]
NODES = 64


def result(icnsim, tmp_path, *extra, stimulus="stimuli/uniform.yaml", base=OVERLOAD):
    out = tmp_path / "r.json"
    p = icnsim("platforms/default.yaml", stimulus, *base, *extra, "--out", out)
    assert p.returncode == 0, p.stderr
    return json.loads(out.read_text())


def test_unbounded_queues_grow_without_limit_past_saturation(icnsim, tmp_path):
    r = result(icnsim, tmp_path)
    assert r["packets"]["queued_at_end"] > 20 * NODES  # the control: without a limit the backlog grows
    assert r["packets"]["dropped_at_full_source_queue"] == 0


def test_block_keeps_every_queue_within_the_limit_and_stalls_the_source(icnsim, tmp_path):
    unbounded = result(icnsim, tmp_path)
    r = result(icnsim, tmp_path, "--set", "network_interface.source_queue_limit=3")
    assert max(r["time_series"]["packets_queued"]) <= 3 * NODES
    assert r["packets"]["queued_at_end"] <= 3 * NODES
    assert r["packets"]["dropped_at_full_source_queue"] == 0
    # The processor stalls: with bounded queues what it offers equals, in the long run, what the
    # network accepts (about 0.5 flits/node/cycle here), well below the 0.8 its process would offer.
    assert r["load"]["offered_flits_per_node_cycle"] <= 1.1 * r["throughput"]["accepted_flits_per_node_cycle"]
    assert r["load"]["offered_flits_per_node_cycle"] < 0.75 * unbounded["load"]["offered_flits_per_node_cycle"]
    # Latency now excludes an ever-growing queue: far below the unbounded run's.
    assert r["latency"]["mean"] < 0.5 * unbounded["latency"]["mean"]


def test_drop_discards_and_counts_what_a_full_queue_cannot_take(icnsim, tmp_path):
    unbounded = result(icnsim, tmp_path)
    r = result(icnsim, tmp_path, "--set", "network_interface.source_queue_limit=3",
               "--set", "network_interface.source_queue_full=drop")
    assert max(r["time_series"]["packets_queued"]) <= 3 * NODES
    dropped = r["packets"]["dropped_at_full_source_queue"]
    assert dropped > 0
    assert sum(r["per_node"]["dropped_packets"]) <= dropped
    # Dropped packets count as attempted, not offered: the attempted load is the process's, as
    # without a limit; the offered load is what entered the queues.
    assert abs(r["load"]["attempted_flits_per_node_cycle"] - unbounded["load"]["offered_flits_per_node_cycle"]) < \
        0.05 * unbounded["load"]["offered_flits_per_node_cycle"]
    assert r["load"]["offered_flits_per_node_cycle"] < r["load"]["attempted_flits_per_node_cycle"]
    # Every packet is accounted for: created ones are delivered, in flight or queued; dropped ones never exist.
    packets = r["packets"]
    assert packets["created"] == packets["delivered"] + packets["in_network_at_end"] + packets["queued_at_end"]


def test_below_saturation_a_generous_limit_changes_nothing(icnsim, tmp_path):
    light = ["--set", "stimulus.injection.rate=0.005"]
    a = result(icnsim, tmp_path, *light)
    b = result(icnsim, tmp_path, *light, "--set", "network_interface.source_queue_limit=1000")
    assert a == b


def test_a_trace_waits_for_room_and_still_completes(icnsim, tmp_path):
    args = dict(stimulus="stimuli/trace-alltoall.yaml",
                base=["--set", "simulation.cycles=400000", "--set", "simulation.warmup=0", "-q"])
    free = result(icnsim, tmp_path, **args)
    limited = result(icnsim, tmp_path, "--set", "network_interface.source_queue_limit=1", **args)
    assert free["schedule"]["completion_cycles"] is not None
    assert limited["schedule"]["completion_cycles"] is not None
    assert limited["packets"]["delivered"] == free["packets"]["delivered"] == free["schedule"]["trace_messages"]
    assert max(limited["time_series"]["packets_queued"]) <= 256


def test_a_trace_cannot_drop_messages(icnsim):
    p = icnsim("platforms/default.yaml", "stimuli/trace-ring.yaml", "--set", "network_interface.source_queue_limit=2",
               "--set", "network_interface.source_queue_full=drop")
    assert p.returncode == 2
    assert "network_interface.source_queue_full" in p.stderr and "allowed with a trace: block" in p.stderr
