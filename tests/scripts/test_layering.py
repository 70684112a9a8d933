"""The model's folders depend on each other in one direction (docs/design.md, Configuration): each
configuration struct lives beside what it configures and platform/ parses YAML into them, so no folder
below platform/ includes it; only the files that assemble a whole run (model/*.cpp, *.h) do."""
import re

INCLUDE = re.compile(r'#include "([^"]+)"')


def includes(root):
    """(folder of the including file, included path) for every quoted include under model/."""
    model = root / "model"
    for f in model.rglob("*"):
        if f.suffix not in (".h", ".cpp", ".inl"):
            continue
        parts = f.relative_to(model).parts
        folder = parts[0] if len(parts) > 1 else None  # None: model/ itself (node, fabric, experiment, main)
        for m in INCLUDE.finditer(f.read_text()):
            yield folder, f.relative_to(root), m.group(1)


def test_no_folder_below_platform_includes_it(root):
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder not in (None, "platform", "include") and inc.startswith("platform/")]
    assert not offending, "\n".join(offending)


def test_the_router_depends_on_no_network_interface(root):
    # The NI injects into the router; the router sees only its TerminalPorts (router/router_config.h).
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder in ("router", "routing") and inc.startswith("ni/")]
    assert not offending, "\n".join(offending)
