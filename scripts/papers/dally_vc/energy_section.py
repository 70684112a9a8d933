"""The VC paper's report in energy: its routers take one crossbar input per lane, which no DSENT row
prices, so the lanes' cost is shown as the events a delivered flit costs (report_energy.counts_table)."""
from papers import report_energy
from papers.dally_vc.tables import MESH_STORAGE


def energy_section(report, plan):
    result = report.study.result
    report.write("## What the lanes cost in router events (Fig. 19's mesh)\n")
    report.write(report_energy.unpriced("one crossbar input per lane, as the paper's simulator has, where DSENT's "
                                        "crossbar has one per port") + " Fig. 19's mesh under saturation sources, "
                 "each lane count with the storage held constant:\n")
    report_energy.counts_table(report, ["lanes × flits", "accepted (flits/node/cycle)"], [
        ([f"{lanes} × {report.derived(MESH_STORAGE // lanes)}",
          f"{result(run)['throughput']['accepted_flits_per_node_cycle']:.3f}"], result(run))
        for lanes, run in plan.k19_saturation.items()])
