"""The realistic-loads report (Ridruejo, Navaridas, Miguel-Alonso, Izu):
one function per claim with its margin named, and the report's order (render)."""
import math
import statistics

from papers import report_energy
from papers.report import analytic_checks
from papers.realistic_loads.plan import CONTROLLERS, GAIN, ROUTER_MATTERS
from papers.realistic_loads.sections import NOTES, bursts_section, router_section, traces_section


SLIGHT_HARM = 1.03   # the paper's "at most about 1 % slower", with the seeds' spread


GROWING = 0.005      # the larger b counts as at least as good within this


ABOUT_ONE = 0.03     # "about 1", "very similarly": within this of 1, or of each other


NEGLIGIBLE = 0.04    # the paper's "at most about 4 %" between IPR and LBR on traces


def claim_small_bursts(report, plan, m):
    small = min(plan.sizes)
    harm = max(max(m.fig2[(c, p, small)][0] for c in ("IPR", "LBR")) for p in plan.patterns)
    report.claim("2", f"b = {small}: congestion control is ineffective or slightly harmful (at most about 1 % slower)",
                 "≤ about 1.01", f"worst {harm:.3f}", harm <= SLIGHT_HARM)


def claim_large_bursts(report, plan, m):
    large = max(plan.sizes)
    gain = {p: min(m.fig2[(c, p, large)][0] for c in ("IPR", "LBR")) for p in plan.patterns}
    helped = [p for p in plan.patterns if p != "BC" and gain[p] < GAIN]
    others = [p for p in plan.patterns if p != "BC"]
    report.claim("2", f"b = {large:,}: congestion control is beneficial for most patterns", "below 1 for most",
                 f"below {GAIN} on {len(helped)} of {len(others)} ({', '.join(helped) or 'none'})",
                 len(helped) > len(others) / 2,
                 "" if len(helped) > len(others) / 2 else ROUTER_MATTERS)


def claim_growing(report, plan, m):
    small, large = min(plan.sizes), max(plan.sizes)
    trend = [p for p in plan.patterns if min(m.fig2[(c, p, large)][0] for c in ("IPR", "LBR"))
             <= min(m.fig2[(c, p, small)][0] for c in ("IPR", "LBR")) + GROWING]
    report.claim("2", "improvements grow with b", "growing", f"larger b at least as good on {len(trend)} of "
                 f"{len(plan.patterns)} patterns", len(trend) >= len(plan.patterns) - 1,
                 "" if len(trend) >= len(plan.patterns) - 1 else ROUTER_MATTERS)


def claim_bit_complement(report, plan, m):
    if "BC" not in plan.patterns:
        return
    bc = [m.fig2[(c, "BC", b)][0] for c in ("IPR", "LBR") for b in plan.sizes]
    report.claim("2", "BC: neither benefit nor harm (two bottleneck links at 100 %)", "about 1",
                 f"{min(bc):.3f} … {max(bc):.3f}", all(abs(v - 1) <= ABOUT_ONE for v in bc))


def claim_similar(report, plan, m):
    lbr_vs_ipr = statistics.fmean(m.fig2[("LBR", p, b)][0] - m.fig2[("IPR", p, b)][0]
                                  for p in plan.patterns for b in plan.sizes)
    report.claim("2", "IPR and LBR perform very similarly, LBR slightly better on average", "LBR − IPR slightly < 0",
                 f"mean LBR − IPR {lbr_vs_ipr:+.3f}", abs(lbr_vs_ipr) <= ABOUT_ONE)


def claim_traces_similar(report, plan, m):
    spread = max(abs(m.fig3[("LBR", k)][0] - m.fig3[("IPR", k)][0]) for k in plan.kernels)
    report.claim("3", "with traces, IPR and LBR differ negligibly (at most about 4 %)", "≤ 0.04",
                 f"largest |LBR − IPR| {spread:.3f}", spread <= NEGLIGIBLE)


def claim_heavy(report, plan, m):
    heavy = m.fig3[("LBR", "alltoall")][0] if "alltoall" in plan.kernels else math.nan
    report.claim("3", "communication-heavy applications gain from congestion control (BT, IS, LU, MG, SP: 6–21 %); "
                 "here the saturating all-to-all", "0.79–0.94", f"{heavy:.3f}", heavy < GAIN,
                 "" if heavy < GAIN else "the generated all-to-all is not the NPB kernels' traffic")


def energy_section(report, plan):
    """The controllers' cost in router events on Fig. 3's traces (seed 1): no DSENT row prices the ring."""
    result = report.study.result
    report.write("## What the controllers cost in router events (Fig. 3's traces)\n")
    report.write(report_energy.unpriced("virtual cut-through queues of 64 flits and one crossbar input per VC; the "
                                        f"table's VCs hold at most {report.derived(report_energy.deepest_row())} flits, behind one "
                                        "crossbar input per port") + " Seed 1:\n")
    report_energy.counts_table(report, ["kernel", "controller"], [
        ([k, c], result(plan.traces[(c, k, 1)])) for k in plan.kernels for c in CONTROLLERS])


def render(report, plan, m):
    analytic_checks(report, plan.probe)
    bursts_section(report, plan, m)
    claim_small_bursts(report, plan, m)
    claim_large_bursts(report, plan, m)
    claim_growing(report, plan, m)
    claim_bit_complement(report, plan, m)
    claim_similar(report, plan, m)
    traces_section(report, plan, m)
    claim_traces_similar(report, plan, m)
    router_section(report, plan, m)
    claim_heavy(report, plan, m)
    energy_section(report, plan)
    report.write(NOTES)
