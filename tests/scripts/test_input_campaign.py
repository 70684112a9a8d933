"""A generated campaign of hostile network files, program files and cores', energy and trace keys (issue 66):
every case ends with a documented exit status, never a crash or a SystemC error, and every refusal is one
line. Under the sanitizer pass (scripts/test --sanitize) the same cases run on the instrumented icnsim, where
a damaged ELF or network file that reads out of bounds is an error. scripts/fuzz runs more cases with a
fresh seed (tests/scripts/input_campaign.py)."""
import os

import input_campaign


def test_hostile_network_files_programs_and_sections_get_a_documented_status_and_one_line(tmp_path):
    cases = 120 if os.environ.get("ICNSIM_SANITIZE") == "1" else 300
    failures, tally = input_campaign.campaign(cases, 66, tmp_path, report=lambda line: None)
    assert failures == [], "\n".join(failures[:10])
    # The campaign reaches the outcomes it is meant to: runs that work, refusals, programs that go wrong.
    assert tally.get(0, 0) >= cases // 10 and tally.get(2, 0) >= cases // 2, tally
