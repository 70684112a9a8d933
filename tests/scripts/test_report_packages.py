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


def report_shape(folder):
    """What keeps a report folder from the one shape every report has (docs/sweeps.md, "A new paper"):
    plan.py, measures.py and claims.py, with plan_runs, measure and render defined in them, and the
    package's __init__.py exporting those and TITLE, CITATION, FULL_LENGTH, QUICK_LENGTH, STATED_NUMBERS."""
    if not folder.is_dir():
        return [f"{folder.name} is not a package"]
    problems = []
    for part, function in (("plan", "plan_runs"), ("measures", "measure"), ("claims", "render")):
        module = folder / f"{part}.py"
        if not module.exists():
            problems.append(f"no {part}.py")
        elif function not in {n.name for n in ast.parse(module.read_text()).body if isinstance(n, ast.FunctionDef)}:
            problems.append(f"{part}.py defines no {function}")
    init = folder / "__init__.py"
    exported = set()
    if init.exists():
        for node in ast.parse(init.read_text()).body:
            if isinstance(node, ast.ImportFrom):
                exported |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Assign):
                exported |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    missing = {"TITLE", "CITATION", "FULL_LENGTH", "QUICK_LENGTH", "STATED_NUMBERS", "plan_runs", "measure",
               "render"} - exported
    if missing:
        problems.append(f"__init__.py lacks {sorted(missing)}")
    return problems


def test_every_report_has_one_shape(root):
    papers = next(ast.literal_eval(node.value) for node in ast.parse((root / "scripts" / "reproduce.py").read_text()).body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAPERS")
    assert len(papers) >= 7
    shapes = {name: report_shape(root / "scripts" / "papers" / module) for name, module in papers.items()}
    assert {name: p for name, p in shapes.items() if p} == {}


def test_the_shape_check_finds_a_report_in_one_module(tmp_path):
    (tmp_path / "single.py").write_text("def plan_runs(report):\n    pass\n")
    assert report_shape(tmp_path / "single") == ["single is not a package"]
    package = tmp_path / "partial"
    package.mkdir()
    (package / "plan.py").write_text("def plan_runs(report):\n    pass\n")
    (package / "claims.py").write_text("def claim_x(report, m):\n    pass\n")
    (package / "__init__.py").write_text("from x.plan import plan_runs\nTITLE = 't'\n")
    problems = report_shape(package)
    assert problems[:2] == ["no measures.py", "claims.py defines no render"]
    assert "'CITATION'" in problems[2] and "'measure'" in problems[2]
