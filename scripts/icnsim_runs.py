"""The icnsim build the scripts run (scripts/sweep, scripts/reproduce, scripts/bench): where it is, and
`ModelSnapshot`, a snapshot of one build with its digest, so that rebuilding while runs go on cannot mix two
models and every cached result names the model it came from."""
import hashlib
import os
import pathlib
import shutil
import sys

from tool_io import OutputError, ToolError

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("ICNSIM_BUILD", ROOT / "build"))
# Another icnsim to run in place of the build's (a build with a topology of one's own linked in:
# tests/toy/clique_topology.cpp).
BINARY = pathlib.Path(os.environ.get("ICNSIM_BINARY", BUILD / "model" / "icnsim"))


class ModelSnapshot:
    """One build of the model: its digest (of the icnsim binary and the libicn.so it links: the model's
    code is in the library), and a snapshot copy under `cache`, so that rebuilding while runs go on
    cannot mix two models. `command(args)` runs icnsim from the snapshot, on any machine that sees it.
    A snapshot is checked before it is used: one whose files do not hash to its name (a copy cut short by
    a full disk or a crash) is made again."""

    def __init__(self, cache):
        files = [BINARY, *sorted(BINARY.parent.glob("*.so*"))]
        try:
            self.digest = digest_of(files)
        except OSError as e:
            raise ToolError(f"{BINARY}: the model cannot be read ({e.strerror or e}) (allowed: a build of icnsim: "
                            "scripts/setup builds it)") from None
        self.snapshot = pathlib.Path(cache) / f"model-{self.digest}"
        names = [f.name for f in files]
        if self.snapshot.exists() and not self._intact(names):
            print(f"sweep: {self.snapshot} is not the model it names (cut short?): copied again", file=sys.stderr)
            shutil.rmtree(self.snapshot, ignore_errors=True)
        if not self.snapshot.exists():
            staging = pathlib.Path(cache) / f".model-{self.digest}.{os.getpid()}.tmp"
            shutil.rmtree(staging, ignore_errors=True)
            try:
                staging.mkdir(parents=True)
                for f in files:
                    shutil.copy2(f, staging / f.name)
                    with open(staging / f.name, "rb+") as copy:  # on the disk before the rename names it
                        os.fsync(copy.fileno())
                os.replace(staging, self.snapshot)
            except OSError as e:
                shutil.rmtree(staging, ignore_errors=True)
                if not self.snapshot.exists():  # not another process's snapshot made first: a real failure
                    raise OutputError(f"{self.snapshot}: the model could not be copied ({e.strerror or e})") from None
        self.binary = self.snapshot / BINARY.name
        self.env = dict(os.environ, LD_LIBRARY_PATH=str(self.snapshot))  # before the binary's RUNPATH

    def _intact(self, names):
        try:
            return sorted(p.name for p in self.snapshot.iterdir()) == sorted(names) and \
                digest_of([self.snapshot / n for n in names]) == self.digest
        except OSError:
            return False

    def command(self, args):
        """icnsim with `args`, as one self-contained command line (env sets the library path)."""
        return ["env", f"LD_LIBRARY_PATH={self.snapshot}", str(self.binary), *map(str, args)]


def digest_of(files):
    digest = hashlib.sha256()
    for f in files:
        digest.update(pathlib.Path(f).read_bytes())
    return digest.hexdigest()[:16]
