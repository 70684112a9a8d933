"""The self-tuned paper (Thottethodi, Lebeck, Mukherjee, TPDS 2004): Figs. 4 (recovery and avoidance),
6 (static thresholds), 7 (tuning at work), 9 (bursty load), 11/12 (metapackets) and 13/14 (other
patterns) on its own set-up, each with the paper's statement beside icnsim's numbers, a verdict, and
for each difference its cause.

A package in the parts every report has (scripts/reproduce): the set-up and its tables (`tables`), the
plan of runs (`plan`), the measures and the claims' margins (`measures`), the prose (`notes`,
`figure_notes`: templates filled from the measures alone, reading no run; tests/scripts/test_reproduce.py checks that every number
moves with the data), and the sections with one function per claim and the render (`claims`). What
earlier versions of icnsim gave is in docs/results/selftuned-history.md."""
from papers.selftuned.claims import render
from papers.selftuned.measures import measure
from papers.selftuned.notes import STATED_NUMBERS
from papers.selftuned.plan import plan_runs
from papers.selftuned.tables import CITATION, FULL_LENGTH, QUICK_LENGTH, TITLE

__all__ = ["CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "TITLE", "measure", "plan_runs", "render"]
