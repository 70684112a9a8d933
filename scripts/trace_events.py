"""Transaction traces (tlm.trace, docs/tlm.md): reading one, and checking it against the Trace Event
Format that ui.perfetto.dev and chrome://tracing read — the array form, complete events ("X") with
their fields, track names ("M"), and on every track (pid, tid) events that start in order and nest
(a complete event on a track must end before the next one starts or contain it whole)."""
import json
import math

from tool_io import ToolError

# Times are written in microseconds to the picosecond (six decimals): an end computed as ts + dur may
# exceed the next start by rounding alone.
EPSILON = 1e-7
FIELDS = {"X": ("name", "ph", "ts", "dur", "pid", "tid"), "M": ("name", "ph", "pid", "tid", "args")}


def problems(events):
    """Every way `events` (a parsed trace) departs from the format, one line each ([] when valid)."""
    if not isinstance(events, list):
        return ["not the format's array form (a JSON list of events)"]
    found, last, named = [], {}, set()
    for i, e in enumerate(events):
        where = f"event {i}"
        if not isinstance(e, dict) or e.get("ph") not in FIELDS:
            found.append(f"{where}: not an event of phase X (complete) or M (metadata)")
            continue
        missing = [f for f in FIELDS[e["ph"]] if f not in e]
        if missing:
            found.append(f"{where}: lacks {', '.join(missing)}")
            continue
        if not all(isinstance(e[f], int) and e[f] >= 0 for f in ("pid", "tid")):
            found.append(f"{where}: pid and tid must be non-negative integers")
            continue
        track = (e["pid"], e["tid"])
        if e["ph"] == "M":
            if e["name"] != "thread_name" or not isinstance(e["args"].get("name"), str):
                found.append(f"{where}: a metadata event names a track (thread_name, args.name)")
            named.add(track)
            continue
        ts, dur = e["ts"], e["dur"]
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in (ts, dur)) or ts < 0 or dur < 0:
            found.append(f"{where}: ts and dur must be finite times, not negative")
            continue
        if "args" in e and not isinstance(e["args"], dict):
            found.append(f"{where}: args must be an object")
        if track not in named:
            found.append(f"{where}: track {track} has no thread_name before its first event")
        start, open_ends = last.get(track, (ts, []))
        if ts < start - EPSILON:
            found.append(f"{where}: starts at {ts} before the previous event of track {track} ({start})")
        while open_ends and open_ends[-1] <= ts + EPSILON:  # the events it comes after
            open_ends.pop()
        if open_ends and ts + dur > open_ends[-1] + EPSILON:
            found.append(f"{where}: overlaps an earlier event of track {track} without nesting in it (it ends at "
                         f"{open_ends[-1]}, this one at {ts + dur})")
        open_ends.append(ts + dur)
        last[track] = (ts, open_ends)
    return found


def read_trace(path):
    """The events of a trace file, checked; a ToolError naming the file and its first problem otherwise.
    A file cut short (no closing bracket: the format allows it, a run killed leaves it) is read up to
    its last whole event."""
    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as e:
        raise ToolError(f"{path}: cannot read the trace ({e})") from None
    try:
        events = json.loads(text)
    except json.JSONDecodeError:
        cut = text.rstrip().rstrip(",")
        try:
            events = json.loads(cut[:cut.rfind("}") + 1] + "]") if "}" in cut else None
        except json.JSONDecodeError:
            events = None
        if events is None:
            raise ToolError(f"{path}: not a trace-event JSON array") from None
    found = problems(events)
    if found:
        raise ToolError(f"{path}: {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    return events
