"""Results change only when the model is meant to change. A short run of every shipped platform, with a
stimulus that exercises what the platform is for, has the SHA-256 digest of its result JSON recorded in
result_digests.json. A change of structure or speed (the topology interface, a leaner data layout) must
leave every digest as it is. A change meant to alter results re-records them (tests/scripts/result_digests.py
says how), and its commit says why.
"""
import json

import pytest

from result_digests import DIGESTS, RUNS, digest


def test_every_shipped_platform_is_covered(root):
    platforms = {a[0] for a in RUNS.values()}
    shipped = {f"platforms/{p.name}" for p in (root / "platforms").glob("*.yaml")}
    # The two largest Trans-t platforms, and the 16,512-node dragonfly, differ from the covered ones only
    # in size (tests/scripts/test_large_dragonfly.py runs the dragonfly). The core platforms'
    # results depend on the programs as the cross-compiler built them: tests/scripts/test_cores.py
    # checks that the same program gives a byte-identical result. platforms/bare.yaml sets no key (a
    # base for --set): its network is the defaults', the same as platforms/default.yaml's.
    assert shipped - platforms <= {"platforms/transt-16ary3cube.yaml", "platforms/dragonfly-16k.yaml", "platforms/cores-8x8.yaml",
                                   "platforms/cores-16x16.yaml", "platforms/cores-32x32.yaml",
                                   "platforms/bare.yaml"}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_result_is_byte_identical_to_the_recorded_one(icnsim, tmp_path, name):
    recorded = json.loads(DIGESTS.read_text())
    assert name in recorded, f"no digest recorded for {name!r} (re-record: tests/scripts/result_digests.py)"
    assert digest(icnsim, tmp_path, RUNS[name]) == recorded[name], (
        f"{name}: the result changed. If the change is meant, re-record (tests/scripts/result_digests.py) and say why in the commit.")
