"""scripts/papers/report_numbers.py: which numbers of a report its data do not produce, on texts made up
for the purpose (tests/scripts/test_reproduce.py runs it on every paper's quick report)."""
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from papers.report_numbers import typed_numbers  # noqa: E402
from study import perturbed  # noqa: E402

CONFIGURATION = "stimulus: {injection: {rate: 0.03}}\nsimulation: {cycles: 60000}\ncongestion_control: {threshold: 250}\n"
HEADER = "# A report\n\nA citation, 2016.\n\nWritten by `scripts/reproduce x`: 3 runs.\n\n"
CLAIMS = ("## Claims (1 of 1 agree)\n\n| figure | the paper's claim | paper | icnsim | agrees | why it may differ |\n"
          "|---|---|---|---|---|---|\n| 7 | throughput holds within 10 % | 0.45 | {icnsim} | yes |  |\n\n")


def report(measured, typed="74.0"):
    return HEADER + CLAIMS.format(icnsim=measured) + (
        f"## Fig. 7 (sec. 5.1.2)\n\nAt 0.03 icnsim accepts {measured} %, the paper's 0.52 and static 250's {typed} %; "
        f"the model gives 12.5 and the run lasted 60,000 cycles.\n")


def test_a_number_that_does_not_move_with_the_data_is_typed_in(tmp_path):
    (tmp_path / "run.yaml").write_text(CONFIGURATION)
    found = typed_numbers(report("61.2"), [report("80.3"), report("95.0")], tmp_path, stated_numbers=[0.52],
                          derived=[12.5004])
    assert [number for _, number, _ in found] == ["74.0"]


def test_nothing_is_typed_in_when_every_number_is_measured_stated_derived_or_configured(tmp_path):
    (tmp_path / "run.yaml").write_text(CONFIGURATION)
    found = typed_numbers(report("61.2", typed="{typed}"), [report("80.3", typed="{typed}")], tmp_path,
                          stated_numbers=[0.52], derived=[12.5004])
    assert found == []
    # Without the derived value the model's 12.5 is typed in; without the stated one the paper's 0.52
    # (the 0.45 of the claims table's paper column is the paper's by its place).
    assert [n for _, n, _ in typed_numbers(report("61.2"), [report("80.3")], tmp_path, [0.52], [])] == ["74.0", "12.5"]
    assert [n for _, n, _ in typed_numbers(report("61.2"), [report("80.3")], tmp_path, [], [12.5])] == ["0.52", "74.0"]


def test_a_number_quoted_from_the_paper_is_the_papers(tmp_path):
    def text(measured):
        return HEADER + (f'The paper: "for a 2-ary 10-fly network (1024 input butterfly) ..."; icnsim: {measured}, 1024 nodes;\n'
                         f'and "a quotation over\n2,048 lines"; icnsim: {measured}, 2,048 nodes.\n')

    (tmp_path / "run.yaml").write_text(CONFIGURATION)
    found = typed_numbers(text("1.8"), [text("2.5")], tmp_path)
    assert [(number, line.count(number)) for _, number, line in found] == [("1024", 2), ("2,048", 2)]  # outside the quotes


def test_perturbed_results_keep_their_shape_and_move_every_number():
    result = {"status": {"state": "completed"}, "throughput": {"accepted": 0.25, "flits": 1200},
              "time_series": {"accepted": [0.1, 0.2]}, "converged": True, "count": 0}
    once, again = perturbed(result, "1:key"), perturbed(result, "1:key")
    assert once == again  # the same seed and run: the same factors
    assert once["status"] == result["status"] and once["converged"] is True and once["count"] == 0
    assert isinstance(once["throughput"]["flits"], int)
    for before, after in ((0.25, once["throughput"]["accepted"]), (1200, once["throughput"]["flits"]),
                          (0.1, once["time_series"]["accepted"][0])):
        assert 1.3 * before <= after <= 2.0 * before
    assert perturbed(result, "2:key") != once


def test_perturbed_results_keep_their_structure():
    # The cycle axis, the window and the stimulus's phases are what the run was asked for: perturbed, a burst
    # would no longer lie on the axis and a report would find it empty.
    result = {"window": {"cycles": 20000, "warmup": 0}, "seed": 3,
              "schedule": {"phases": [{"name": "burst 1", "start": 10000}], "completion_cycles": 9000},
              "time_series": {"cycle": [999, 1999], "phase": [0, 1], "accepted": [0.1, 0.2]}}
    once = perturbed(result, "1:key")
    assert once["window"] == result["window"] and once["seed"] == 3
    assert once["schedule"]["phases"] == result["schedule"]["phases"]
    assert once["time_series"]["cycle"] == [999, 1999] and once["time_series"]["phase"] == [0, 1]
    assert once["schedule"]["completion_cycles"] > 9000 and once["time_series"]["accepted"][0] > 0.1
