"""Which numbers in a reproduction report its data do not produce (issue: reports whose words come from
their numbers). A report is rendered again from the same cached runs with every measured number
perturbed (scripts/reproduce --perturb, with three seeds); a number that reads the same in every
render was typed into the script, not computed from a run. It is allowed only where a number cannot come from the data:

* a reference to the paper: "Fig. 7", "secs. 5.3, 5.4", "eq. 10", "Table 1";
* a quotation, between double quotes: the paper's words ("a 2-ary 10-fly network (1024 input butterfly)");
* the claims table's figure, claim and "paper" columns (the paper's own words and values);
* the set-up: any value of a run's resolved configuration (loads, lengths, radices, thresholds ...),
  as it is or as a percentage;
* a number computed from the configuration alone, which the script marks with Report.derived();
* the numbers a script states rather than measures, listed in its STATED_NUMBERS: values quoted from
  the paper's text, and the plan's own (a load as a fraction of capacity, a verdict's threshold).

    .venv/bin/python scripts/papers/report_numbers.py REPORT.md PERTURBED.md... CACHE_FOLDER PAPER_MODULE

prints each number typed into the text with its line, and exits 1 if there is any.
"""
import difflib
import importlib
import json
import pathlib
import re
import sys

import yaml

NUMBER = re.compile(r"(?<![\w.])[-−+]?\d[\d,]*(?:\.\d+)?")
# Before a number that names a part of the paper ("Figs. 4–6", "secs. 5.3, 5.4", "[10]").
REFERENCE = re.compile(r"(?:Figs?\.|[Ff]igures?|[Ss]ecs?\.|[Ss]ections?|[Ee]qs?\.|Tables?|refs?\.|issues?|\[)\s*"
                       r"(?:[\d.]+[a-z]?\s*(?:[–,-]|and)\s*)*$")


def value_of(text):
    """A number as written ("1,000", "−4", "0.50") as a float, or None."""
    try:
        return float(text.replace(",", "").replace("−", "-").lstrip("+"))
    except ValueError:
        return None


def configuration_numbers(cache_folder):
    """Every number in the resolved configurations of the cached runs (the set-up of the report)."""
    numbers = set()

    def walk(v):
        if isinstance(v, bool):
            return
        if isinstance(v, (int, float)):
            numbers.add(float(v))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            for m in NUMBER.finditer(v):
                number = value_of(m.group())
                if number is not None:
                    numbers.add(number)

    for path in pathlib.Path(cache_folder).rglob("*.yaml"):
        walk(yaml.safe_load(path.read_text()))
    return numbers


def claims_table_numbers(text):
    """The numbers of the claims table's figure, claim and paper columns (the claim quotes the paper)."""
    numbers, in_claims = set(), False
    for line in text.splitlines():
        if line.startswith("## "):
            in_claims = line.startswith("## Claims (")  # the table under that heading, not the report's others
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if in_claims and line.startswith("| ") and cells[0] != "figure":
            for cell in cells[:3]:
                numbers.update(v for v in (value_of(m.group()) for m in NUMBER.finditer(cell)) if v is not None)
    return numbers


def numbered_lines(text):
    """The report's lines after its header, each as (line number, text, [(number, names the paper)]): a number
    names the paper when it follows a reference ("Fig. 7") or stands in a quotation."""
    lines = text.splitlines()
    # The title and the citation come before the header that says how the report was written.
    start = next((i for i, line in enumerate(lines) if line.startswith("Written by `scripts/reproduce")), -1) + 1

    open_quote = False  # a quotation may run over the lines of a paragraph

    def numbers(line):
        nonlocal open_quote
        if not line.strip() or line.startswith("|"):
            open_quote = False
        inside = []
        for c in line:
            if c == '"':
                open_quote = not open_quote
            elif c in "“”":
                open_quote = c == "“"
            inside.append(open_quote)
        return [(n.group(), bool(REFERENCE.search(line[:n.start()][-40:])) or inside[n.start()])
                for n in NUMBER.finditer(line)]

    return [(number, line, numbers(line)) for number, line in enumerate(lines[start:], start + 1)
            if not line.startswith("## Claims (")]  # how many claims the report has: its structure


def unchanged(a, b):
    """(line index, number index) of A's numbers that B writes the same: lines are paired where they read the
    same but for their numbers (a table row, a sentence of a template), and their numbers compared in order."""
    def shape(line):
        return NUMBER.sub("#", line[1])

    matcher = difflib.SequenceMatcher(None, [shape(l) for l in a], [shape(l) for l in b], autojunk=False)
    same = set()
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(i2 - i1):
                numbers_a, numbers_b = a[i1 + offset][2], b[j1 + offset][2]
                same |= {(i1 + offset, k) for k, (x, y) in enumerate(zip(numbers_a, numbers_b)) if x[0] == y[0]}
    return same


def matches(text, value):
    """Whether the number written as TEXT is VALUE as printed to TEXT's decimals (or as a percentage)."""
    written = value_of(text)
    decimals = len(text.split(".")[1]) if "." in text else 0
    return any(abs(round(v, decimals) - abs(written)) < 1e-9 for v in (abs(value), abs(100 * value)))


def typed_numbers(report, perturbed, cache_folder, stated_numbers=(), derived=()):
    """The numbers of REPORT that read the same in every one of PERTURBED (renders from perturbed results)
    and are not allowed: [(line, number, the line)]."""
    a = numbered_lines(report)
    same = None
    for other in perturbed:
        pairs = unchanged(a, numbered_lines(other))
        same = pairs if same is None else same & pairs
    allowed = configuration_numbers(cache_folder) | claims_table_numbers(report) | {float(v) for v in stated_numbers}
    allowed |= {round(100 * v, 6) for v in list(allowed) if v <= 1}  # a fraction of the set-up as a percentage
    found = []
    for i, k in sorted(same or ()):
        line_number, line, numbers = a[i]
        text, reference = numbers[k]
        value = value_of(text)
        if reference or value is None or abs(value) in allowed or any(matches(text, v) for v in derived):
            continue
        found.append((line_number, text, line))
    return found


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    *renders, cache, module = argv
    report, *perturbed = (pathlib.Path(p).read_text() for p in renders)
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    stated_numbers = getattr(importlib.import_module(f"papers.{module}"), "STATED_NUMBERS", ())
    derived = [v for p in renders[1:] if pathlib.Path(p).with_suffix(".derived.json").exists()
               for v in json.loads(pathlib.Path(p).with_suffix(".derived.json").read_text())]
    found = typed_numbers(report, perturbed, cache, stated_numbers, derived)
    for line, number, text in found:
        print(f"line {line}: {number}   {text[:160]}")
    print(f"{len(found)} numbers typed into the text", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
