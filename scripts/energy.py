"""Recomputes a result's energy from its own event counts and coefficients, apart from the model's
code (docs/energy.md): what the tests compare the model's energy with, and a worked reading of it.

    .venv/bin/python scripts/energy.py RUN.json     prints both, exit 1 if they differ

Every part is a count times its coefficient: the routers' buffer writes and reads, crossbar
traversals, route computations and VC and switch allocation requests, link traversals and credits;
the interfaces' injected and ejected flits; the sideband's bits and the entropy circuit's transfers
and register changes; the routers' clock per cycle (per busy cycle when clock-gated); and leakage,
(routers × router leakage + links × link leakage + buffer slots × flit bits × bit leakage) × cycles ×
the clock period."""
import json
import math
import pathlib
import sys


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


def differences(result, relative=1e-9):
    """The parts (and totals) where the model and the recomputation differ by more than `relative`."""
    parts = recompute(result)
    e = result["energy"]
    model = dict(e["breakdown_pj"])
    model["total"] = e["total_pj"]
    parts["total"] = sum(v for k, v in parts.items() if k != "total")
    return {name: (model[name], mine) for name, mine in parts.items()
            if not math.isclose(model[name], mine, rel_tol=relative, abs_tol=1e-9)}


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    result = json.loads(pathlib.Path(argv[0]).read_text())
    if "energy" not in result:
        print("energy.py: the result has no energy section (power.model: events in the platform)", file=sys.stderr)
        return 2
    parts = recompute(result)
    for name, value in parts.items():
        print(f"{name:20s} {value:16.6g} pJ   model {result['energy']['breakdown_pj'][name]:16.6g} pJ")
    wrong = differences(result)
    print("agree" if not wrong else f"DIFFER: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
