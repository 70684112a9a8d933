"""The entropy-throttling paper (Yokota, Ootsu, Ohkawa, IEICE 2016): collective communication duration
and speed-up per traffic pattern (Fig. 6) and critical load ratios by the ramp-load method (Fig. 7)
on its 32x32 torus, for no throttling and the paper's average-best parameter sets.

In four parts, as every report: the plan (plan.py), the measures (measures.py), the tables, figures
and notes (sections.py), and one function per claim with its margin named (claims.py)."""
from papers.entropy.claims import render
from papers.entropy.measures import measure
from papers.entropy.plan import CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS, TITLE, plan_runs

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
