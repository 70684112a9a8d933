"""The realistic-loads paper (Ridruejo, Navaridas, Miguel-Alonso, Izu): IPR and LBR against the base
under burst-synchronized traffic (Fig. 2, b = 10 ... 10,000) and under trace-driven traffic (Fig. 3)
on its 64-node ring, normalised to the base, with 99 % confidence intervals over seeds.

In four parts, as every report: the plan (plan.py), the measures (measures.py), the tables, figures
and notes (sections.py), and one function per claim with its margin named (claims.py)."""
from papers.realistic_loads.claims import render
from papers.realistic_loads.measures import measure
from papers.realistic_loads.plan import CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS, TITLE, plan_runs

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
