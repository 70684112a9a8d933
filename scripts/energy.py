"""Recomputes a result's energy from its own event counts and coefficients, apart from the model's
code (docs/energy.md): what the tests compare the model's energy with, and a worked reading of it.

    .venv/bin/python scripts/energy.py RUN.json     prints both, exit 1 if they differ (one line on stderr
                                                    says where), 2 for an input that is not such a result

Every part is a count times its coefficient: the routers' buffer writes and reads, crossbar
traversals, route computations and VC and switch allocation requests, link traversals and credits;
the interfaces' injected and ejected flits; the sideband's bits and the entropy circuit's transfers
and register changes; the routers' clock per cycle (per busy cycle when clock-gated); and leakage,
(routers × router leakage + links × link leakage + buffer slots × flit bits × bit leakage) × cycles ×
the clock period; and with energy.gating_estimate what gating idle routers would save."""
import json
import math
import pathlib
import sys

from tool_io import ToolError, run, why


def recompute(result):
    """{part: pJ} of the result's measurement window, from its activity and energy sections."""
    e = result["energy"]
    k = e["coefficients"]
    routers = result["activity"]["routers"]
    interfaces = result["activity"]["network_interfaces"]
    cycles = e["cycles"]
    parts = {
        "buffers": routers["buffer_writes"] * k["buffer_write_pj"] + routers["buffer_reads"] * k["buffer_read_pj"],
        "crossbar": routers["crossbar_traversals"] * k["crossbar_pj"],
        "allocators": routers["route_computations"] * k["routing_pj"]
        + routers["vc_allocation_requests"] * k["vc_allocation_pj"]
        + routers["switch_allocation_requests"] * k["switch_allocation_pj"],
        "links": routers["link_traversals"] * k["link_pj"] + routers["credits_sent"] * k["credit_pj"],
        "network_interfaces": (interfaces["injected_flits"] + interfaces["ejected_flits"]) * k["interface_flit_pj"],
        "sideband": result["activity"]["sideband"]["bit_transfers"] * k["sideband_bit_pj"],
        "entropy_circuit": result["activity"]["entropy_circuit"]["register_transfers"] * k["entropy_transfer_pj"]
        + result["activity"]["entropy_circuit"]["register_changes"] * k["entropy_register_pj"],
        "clock": (routers["active_cycles"] if e["clock_gating"] else e["routers"] * cycles) * k["router_clock_pj"],
        "leakage": (e["routers"] * k["router_leakage_mw"] + e["links"] * k["link_leakage_mw"]
                    + e["buffer_slots"] * e["flit_bits"] * k["buffer_leakage_nw_per_bit"] * 1e-6)
        * cycles * e["clock_period_ns"],
    }
    return parts


def gating_saved(result):
    """energy.gating_estimate: (idle router-cycles from the activity, the pJ gating them would save) —
    every idle router-cycle's router leakage and its buffers' (idle slot-cycles from the result), and its
    clock unless clock-gated."""
    e = result["energy"]
    k = e["coefficients"]
    g = e["power_gating"]
    idle = e["routers"] * e["cycles"] - result["activity"]["routers"]["active_cycles"]
    saved = ((g["idle_router_cycles"] * k["router_leakage_mw"]
              + g["idle_buffer_slot_cycles"] * e["flit_bits"] * k["buffer_leakage_nw_per_bit"] * 1e-6)
             * e["clock_period_ns"] + (0 if e["clock_gating"] else g["idle_router_cycles"] * k["router_clock_pj"]))
    return idle, saved


def differences(result, relative=1e-9):
    """The parts (and totals) where the model and the recomputation differ by more than `relative`."""
    parts = recompute(result)
    e = result["energy"]
    model = dict(e["breakdown_pj"])
    model["total"] = e["total_pj"]
    if "power_gating" in e:
        idle, saved = gating_saved(result)
        model["gating idle router-cycles"], parts["gating idle router-cycles"] = e["power_gating"]["idle_router_cycles"], idle
        model["gating saved"], parts["gating saved"] = e["power_gating"]["saved_pj"], saved
    parts["total"] = sum(v for k, v in parts.items() if k in e["breakdown_pj"])
    return {name: (model[name], mine) for name, mine in parts.items()
            if not math.isclose(model[name], mine, rel_tol=relative, abs_tol=1e-9)}


TABLE = pathlib.Path(__file__).resolve().parents[1] / "data" / "energy" / "dsent-coefficients.csv"
TECHNOLOGIES = {"dsent_45nm": "Bulk45LVT", "dsent_22nm": "Bulk22LVT"}
# The energy.* keys a DSENT row gives (data/energy/README.md); the others stay as they were (0 there).
ROW_KEYS = ["buffer_write_pj", "buffer_read_pj", "crossbar_pj", "switch_allocation_pj", "router_clock_pj",
            "router_leakage_mw", "buffer_leakage_nw_per_bit", "link_pj", "link_leakage_mw", "credit_pj"]


def table_row(preset, shape):
    """The coefficients of data/energy/dsent-coefficients.csv's row for a preset and a router shape
    (ports, vcs, depth, flit_bits), read from the shipped table apart from the model; None if absent."""
    import csv
    with open(TABLE, newline="") as f:
        for row in csv.DictReader(f):
            if row["technology"] == TECHNOLOGIES[preset] and tuple(
                    int(row[k]) for k in ("ports", "vcs", "depth", "flit_bits")) == tuple(shape):
                return {k: float(row[k]) for k in ROW_KEYS}
    return None


def preset_shape(result):
    """(ports, vcs, depth, flit_bits) of the row a preset run's energy names in its source."""
    import re
    found = re.search(r"row (\d+) ports, (\d+) VCs?, depth (\d+), (\d+)-bit flits", result["energy"]["source"])
    return tuple(map(int, found.groups())) if found else None


def unflatten(row):
    """A runs.csv row (dotted names, text) as a nested result with numbers, for recompute()."""
    nested = {}
    for key, text in row.items():
        try:
            value = float(text) if text not in ("", None) else None
        except ValueError:
            value = {"True": True, "False": False, "true": True, "false": False}.get(text, text)
        node = nested
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        if isinstance(node, dict):
            node[parts[-1]] = value
    return nested


def under(result, preset, shape=None):
    """The result's window priced by another preset's row (counts × coefficients), for the same router or
    for the row of `shape` (ports, vcs, depth, flit_bits): total pJ, pJ per delivered flit, average mW,
    the energy-delay product, and the leakage's share."""
    e = result["energy"]
    coefficients = dict(e["coefficients"])
    shape = shape or preset_shape(result)
    row = table_row(preset, shape)
    if row is None:
        raise ValueError(f"{preset}: no row for {shape} in {TABLE.name}")
    coefficients.update(row)
    parts = recompute({**result, "energy": {**e, "coefficients": coefficients}})
    total = sum(parts.values())
    flits, packets = e["delivered_flits"], e["delivered_packets"]
    latency = result["latency"]["mean"]
    return {"total_pj": total, "per_delivered_flit_pj": total / flits if flits else None,
            "average_power_mw": total / (e["cycles"] * e["clock_period_ns"]),
            "energy_delay_product_pj_cycles": (total / packets * latency
                                               if packets and latency is not None and latency == latency else None),
            "leakage_share": parts["leakage"] / total if total else None}


def read_result(path):
    """The result JSON at PATH, or a ToolError naming what is wrong with it in one line."""
    path = pathlib.Path(path)
    try:
        text = path.read_text()
    except IsADirectoryError:
        raise ToolError(f"{path}: a directory (allowed: a result JSON icnsim wrote with --out)") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ToolError(f"{path}: cannot be read ({why(e) if isinstance(e, OSError) else 'not text'})") from None
    try:
        result = json.loads(text)
    except json.JSONDecodeError as e:
        # A result is one object: one that opens and never closes was cut short (a full disk, a killed writer).
        cut = text.lstrip().startswith("{") and not text.rstrip().endswith("}")
        what = "cut short" if cut else f"not JSON (line {e.lineno}: {e.msg})"
        raise ToolError(f"{path}: {what} (allowed: a result JSON icnsim wrote with --out)") from None
    except RecursionError:
        raise ToolError(f"{path}: nested too deeply to be a result (allowed: a result JSON icnsim wrote with --out)") \
            from None
    if not isinstance(result, dict) or "model_version" not in result:
        raise ToolError(f"{path}: not an icnsim result (allowed: a result JSON icnsim wrote with --out)")
    return result


def _main(argv):
    if len(argv) != 1:
        raise ToolError("energy.py: expected one result JSON (usage: scripts/energy.py RUN.json)")
    result = read_result(argv[0])
    if "energy" not in result or "activity" not in result:
        raise ToolError(f"{argv[0]}: the result has no energy section (allowed: a run with energy.model: events)")
    try:
        parts = recompute(result)
        rows = [f"{name:20s} {value:16.6g} pJ   model {result['energy']['breakdown_pj'][name]:16.6g} pJ"
                for name, value in parts.items()]
        if "power_gating" in result["energy"]:
            rows.append(f"{'power gating saves':20s} {gating_saved(result)[1]:16.6g} pJ   model "
                        f"{result['energy']['power_gating']['saved_pj']:16.6g} pJ (an upper bound)")
        wrong = differences(result)
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError) as e:
        raise ToolError(f"{argv[0]}: its energy or activity section is not icnsim's ({type(e).__name__}: {e}; "
                        "allowed: a result icnsim wrote with energy.model: events)") from None
    print("\n".join(rows))
    print("agree" if not wrong else f"DIFFER: {wrong}")
    if wrong:
        print(f"energy.py: {argv[0]}: the model's energy and its recomputation differ in {sorted(wrong)}", file=sys.stderr)
    return 1 if wrong else 0


def main(argv):
    """The command: its exit status, every failure as one line on stderr (tool_io.run)."""
    return run(_main, argv, prog="energy.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
