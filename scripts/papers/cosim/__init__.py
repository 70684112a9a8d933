"""Software on the network: the RISC-V programs of software/programs/ on a core per node (docs/cores.md),
each under every congestion controller, two routings and two flit widths, the central barrier against
the tree, the stencil and the barriers as the network grows, and the programs beside synthetic traffic
of the same volume — where a program's answer differs from what a synthetic curve predicts, and why.

Not a paper's reproduction: its claims are what an architect expects from queueing theory and from the
controllers' papers, each judged by the runs.

In four parts, as every report: the plan (plan.py), the measures (measures.py), the tables, figures
and notes (sections.py), and one function per claim with its margin named (claims.py)."""
from papers.cosim.claims import render
from papers.cosim.measures import measure
from papers.cosim.plan import CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS, TITLE, plan_runs

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
