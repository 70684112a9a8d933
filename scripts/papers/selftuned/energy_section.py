"""The self-tuned report's energy: what throttling saves or costs past saturation, and how much of the
clogged base network's energy is leakage (scripts/papers/report_energy.py, docs/energy.md)."""
from papers import report_energy
from papers.selftuned.tables import AVOIDANCE, RECOVERY, pct

# Both networks' routers have rows of their own in the table (5 ports: 4 network, 1 injection channel;
# 4 VCs on the recovery network with Disha's, 3 on the avoidance network; 8 flits per VC).
PRICED = ["energy.preset=dsent_45nm"]
NAMES = ("Base", "ALO", "Tune")


def energy_section(report, plan, m):
    result = report.study.result
    w = report.write
    w("## Energy (45 and 22 nm)\n")
    w(report_energy.what_is_priced() + " Both networks' routers have rows of their own.\n")
    loads = {p: (m.fig4[p][1], plan.loads4[-1]) for p in (RECOVERY, AVOIDANCE)}
    w("Fig. 4's uniform traffic at the base's peak and at the highest load, past saturation (packets/node/cycle; "
      "accepted in % of capacity):\n")
    entries = []
    for p, network in ((RECOVERY, "recovery"), (AVOIDANCE, "avoidance")):
        for load in loads[p]:
            for n in NAMES:
                r = result(plan.fig4[p][(n, load)])
                entries.append(([network, str(load), n, f"{pct(r):.1f} %"], r, report_energy.own_row(r)))
    report_energy.table(report, ["network", "offered", "controller", "accepted"], entries)
    for p, network in ((RECOVERY, "recovery"), (AVOIDANCE, "avoidance")):
        peak_load, last = loads[p]
        base, base_peak = result(plan.fig4[p][("Base", last)]), result(plan.fig4[p][("Base", peak_load)])
        rows = report_energy.own_row(base)
        w(f"On the {network} network at {last}, Tune spends "
          f"{report_energy.saving(result(plan.fig4[p][('Tune', last)]), base, rows, 'the base')}, and ALO "
          f"{report_energy.saving(result(plan.fig4[p][('ALO', last)]), base, rows, 'the base')}. In the base "
          f"network there leakage is {report_energy.leakage_text((base, rows), (base_peak, rows), peak_load)}.\n")
    w("Fig. 9's bursty load (the whole run):\n")
    report_energy.table(report, ["network", "controller"], [
        ([network, n], result(plan.fig9[p][n]), report_energy.own_row(result(plan.fig9[p][n])))
        for p, network in ((RECOVERY, "recovery"), (AVOIDANCE, "avoidance")) for n in NAMES])
