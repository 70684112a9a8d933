"""The icnsim build the scripts run (scripts/sweep, scripts/reproduce, scripts/bench): where it is, and
`Model`, a snapshot of one build with its digest, so that rebuilding while runs go on cannot mix two
models and every cached result names the model it came from."""
import hashlib
import os
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
BINARY = BUILD / "model" / "icnsim"


class Model:
    """One build of the model: its digest (of the icnsim binary and the libicn.so it links: the model's
    code is in the library), and a snapshot copy under `cache`, so that rebuilding while runs go on
    cannot mix two models. `command(args)` runs icnsim from the snapshot, on any machine that sees it."""

    def __init__(self, cache):
        files = [BINARY, *sorted(BINARY.parent.glob("*.so*"))]
        digest = hashlib.sha256()
        for f in files:
            digest.update(f.read_bytes())
        self.digest = digest.hexdigest()[:16]
        self.snapshot = pathlib.Path(cache) / f"model-{self.digest}"
        if not self.snapshot.exists():
            staging = pathlib.Path(cache) / f"model-{self.digest}.tmp{os.getpid()}"
            shutil.rmtree(staging, ignore_errors=True)
            staging.mkdir(parents=True)
            for f in files:
                shutil.copy2(f, staging / f.name)
            try:
                os.replace(staging, self.snapshot)
            except OSError:  # another process made the same snapshot first
                shutil.rmtree(staging, ignore_errors=True)
        self.binary = self.snapshot / BINARY.name
        self.env = dict(os.environ, LD_LIBRARY_PATH=str(self.snapshot))  # before the binary's RUNPATH

    def command(self, args):
        """icnsim with `args`, as one self-contained command line (env sets the library path)."""
        return ["env", f"LD_LIBRARY_PATH={self.snapshot}", str(self.binary), *map(str, args)]
