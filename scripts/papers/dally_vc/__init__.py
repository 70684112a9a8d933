"""The virtual-channel paper (Dally, "Virtual-Channel Flow Control", IEEE TPDS 3(2), 1992, sec. V): its
simulations of Figs. 13-18 on 2-ary n-flies beside its analytical model (scripts/analytic), and Fig. 19,
lanes against throughput and latency on a 16-ary 2-cube mesh.

A package in the parts every report has (scripts/reproduce): the set-up, what is read from a run and the
figures (`tables`), the plan of runs (`plan`), the measures and the claims' margins (`measures`), the
fixed texts (`notes`), and the sections with one function per claim, Fig. 19's own, and the render
(`claims`)."""
from papers.dally_vc.claims import render
from papers.dally_vc.measures import measure
from papers.dally_vc.plan import plan_runs
from papers.dally_vc.tables import CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS, TITLE

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
