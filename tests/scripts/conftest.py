import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))


@pytest.fixture
def icnsim():
    """Runs the icnsim binary; returns the CompletedProcess."""
    binary = BUILD / "model" / "icnsim"
    assert binary.exists(), f"build icnsim first ({binary})"

    def run(*args, check=False):
        return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, check=check,
                              cwd=ROOT, timeout=600)

    return run


@pytest.fixture
def root():
    return ROOT
