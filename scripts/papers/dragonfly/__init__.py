"""A what-if report on the networks built this decade: the dragonfly of Kim, Dally, Scott and Abts (ISCA
2008) under minimal, Valiant, UGAL-L, UGAL-G and PAR routing (Jiang, Kim, Dally, ISCA 2009), the papers'
claims first; then the congestion controllers of the self-tuned and Trans-t papers on the dragonfly and a
fat tree: does throttling help there, where, and at what latency cost.

In four parts, as every report: the plan (plan.py), the measures (measures.py), the tables, figures
and notes (sections.py), and one function per claim with its margin named (claims.py)."""
from papers.dragonfly.claims import render
from papers.dragonfly.measures import measure
from papers.dragonfly.plan import CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS, TITLE, plan_runs

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
