"""The Trans-t paper (Baydal, López, Duato, Euro-Par 2002): the u1 sensitivity of Fig. 3, latency
against accepted traffic for No-Lim, Self-Tuned and Trans-t in Figs. 4-7, and the bursty load of
Fig. 8 (total delivery time); the routing unit and buffer depth the paper leaves open, and energy.

In four parts, as the self-tuned report: the plan (plan.py), the measures and margins (measures.py),
the tables and figures (sections.py), and one function per claim with its margin named (claims.py)."""
from papers import report_energy
from papers.transt.claims import render
from papers.transt.measures import measure
from papers.transt.plan import plan_runs

__all__ = ["render", "measure", "plan_runs"]

TITLE = "The Trans-t paper on icnsim"
CITATION = ("Baydal, López, Duato, \"Congestion Control Based on Transmission Times\", Euro-Par 2002 "
            "([references](../references.md)), sec. 4.")


FULL_LENGTH = (20000, 5000)
QUICK_LENGTH = (1000, 250)
# Numbers the report states rather than measures (scripts/papers/report_numbers.py): the paper's (Table
# 1's u1 of the 16-ary networks; the 16-ary 3-cube's 4,096 nodes against the 16-ary 2-cube's 256; sec.
# 4's 500,000 messages of which the last 300,000 are measured), and the energy section's.
STATED_NUMBERS = [2.25, 2.5, 4096, 256, 500000, 300000, *report_energy.STATED_NUMBERS]
