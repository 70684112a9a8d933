"""A generated campaign of 600 hostile inputs to scripts/sweep, plot, make-trace, reproduce and bench (issue 50):
every one ends with a documented exit status, never a traceback, and every refusal is one line. scripts/fuzz
runs more cases with a fresh seed (tests/scripts/tool_campaign.py)."""
import tool_campaign


def test_hostile_arguments_and_files_get_a_documented_status_and_one_line_never_a_traceback(tmp_path):
    failures, tally = tool_campaign.campaign(600, 50, tmp_path, report=lambda line: None)
    assert failures == [], "\n".join(failures[:10])
    # The campaign reaches every outcome it is meant to: work done, bad input refused, an output not written.
    assert tally.get(0, 0) >= 30 and tally.get(2, 0) >= 400 and tally.get(4, 0) >= 1, tally
