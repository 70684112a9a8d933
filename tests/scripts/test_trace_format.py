"""tlm.trace against the Trace Event Format (scripts/trace_events.py): the example virtual platform's
approximately timed processors keep four transactions in flight, so a node's transactions overlap
and take tracks of their own; every event has its fields, every track a name, and on each track the
events start in order and never overlap. The check itself fails on each kind of damage, and
scripts/plot trace draws the trace as docs/tlm.md shows it."""
import copy
import json
import subprocess
import sys

import pytest

from conftest import BUILD, ROOT, script_module

sys.path.insert(0, str(ROOT / "scripts"))  # it reads tool_io, beside it
trace_events = script_module("trace_events")

PYTHON = str(ROOT / ".venv" / "bin" / "python")


@pytest.fixture(scope="module")
def trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("trace") / "vp.json"
    p = subprocess.run([str(BUILD / "platforms" / "memory-vp"), "--at", "--blocks", "4", "--set", f"tlm.trace={path}",
                        "--set", "tlm.trace_packets=true"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    return path


def test_a_transaction_trace_is_valid_trace_event_json_with_a_track_per_concurrent_transaction(trace):
    events = json.loads(trace.read_text())
    assert trace_events.problems(events) == []
    transactions = [e for e in events if e["ph"] == "X" and e["cat"] == "transaction"]
    packets = [e for e in events if e["ph"] == "X" and e["cat"] == "packet"]
    assert len(transactions) == 4 * 2 * 3 * 4  # four processors write and read four blocks in three memories
    assert len(packets) == 2 * len(transactions)  # a request and a response each
    # Transactions on even tracks, packets on odd; concurrent ones need more than one track per node.
    assert {e["tid"] % 2 for e in transactions} == {0} and {e["tid"] % 2 for e in packets} == {1}
    assert max(e["tid"] for e in transactions) >= 2
    assert all(e["args"]["completed_cycle"] >= e["args"]["issued_cycle"] for e in transactions)


@pytest.mark.parametrize("damage", ["field", "phase", "order", "overlap", "unnamed", "negative"])
def test_the_trace_check_finds_each_kind_of_damage(trace, damage):
    events = json.loads(trace.read_text())
    broken = copy.deepcopy(events)
    first = next(i for i, e in enumerate(broken) if e["ph"] == "X")
    track = (broken[first]["pid"], broken[first]["tid"])
    following = next(i for i, e in enumerate(broken) if i > first and (e["pid"], e["tid"]) == track and e["ph"] == "X")
    if damage == "field":
        del broken[first]["dur"]
    elif damage == "phase":
        broken[first]["ph"] = "Q"
    elif damage == "order":
        broken[first], broken[following] = broken[following], broken[first]
    elif damage == "overlap":  # the first event now ends after the next one on its track
        broken[first]["dur"] = broken[following]["ts"] + broken[following]["dur"] - broken[first]["ts"] + 1.0
        broken[following]["ts"] = broken[first]["ts"] + broken[first]["dur"] / 2
    elif damage == "unnamed":
        broken = [e for e in broken if not (e["ph"] == "M" and (e["pid"], e["tid"]) == track)]
    else:
        broken[first]["ts"] = -1.0
    assert trace_events.problems(broken), damage


def test_the_trace_is_drawn_as_a_timeline_of_its_tracks(trace, tmp_path):
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "plot.py"), "trace", str(trace), "--out", str(tmp_path / "t")],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    svg = (tmp_path / "t.svg").read_text()
    for text in ("simulated time (µs)", "transactions 1", "packets 1", "write", "read", "request", "response"):
        assert text in svg, text
    assert (tmp_path / "t.png").stat().st_size > 5000
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "x", "ph": "X", "ts": 1, "pid": 0, "tid": 0}]')
    p = subprocess.run([PYTHON, str(ROOT / "scripts" / "plot.py"), "trace", str(bad), "--out", str(tmp_path / "b")],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode != 0 and "lacks dur" in p.stderr and len(p.stderr.strip().splitlines()) == 1
