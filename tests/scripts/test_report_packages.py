"""The report scripts stay readable (docs/sweeps.md, "A new paper"): no script file over 600 lines, and a
report package's notes are templates over its measures — they read no run, so a number in the prose has one
place it comes from."""
import ast

import pytest

LIMIT = 600
NOTE_MODULES = ["scripts/papers/selftuned/notes.py", "scripts/papers/selftuned/figure_notes.py",
                "scripts/papers/dally_vc/notes.py"]
# What reads a run: the study's results and configurations, or the study itself.
RUN_READERS = {"study", "result", "configuration"}


def test_no_script_file_is_over_600_lines(root):
    files = [p for p in (root / "scripts").rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and (p.suffix == ".py" or p.read_bytes()[:2] == b"#!")]
    assert files
    long = {str(p.relative_to(root)): n for p in files if (n := len(p.read_text(errors="replace").splitlines())) > LIMIT}
    assert not long, f"over {LIMIT} lines: {long}"


def run_reads(source):
    """The lines where SOURCE reads a run: an attribute named study, result or configuration."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and node.attr in RUN_READERS)


@pytest.mark.parametrize("module", NOTE_MODULES)
def test_a_reports_notes_read_no_run(root, module):
    assert run_reads((root / module).read_text()) == [], f"{module} reads runs; give the number a field of Measures"


def test_the_check_finds_a_note_that_reads_a_run():
    assert run_reads("def note(report, plan):\n    return report.study.result(plan.x)['latency']\n") == [2, 2]
    assert run_reads("def note(m):\n    return m.latency\n") == []
