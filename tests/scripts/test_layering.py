"""The model's folders depend on each other in one direction (docs/design.md): each
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


def allowed(root):
    """{folder: folders it may include}, from the table in docs/design.md ("What may include what")."""
    text = (root / "docs" / "design.md").read_text()
    block = text.split("**What may include what.**", 1)[1].split("```", 2)[1]
    table = {}
    for line in block.strip().splitlines()[1:]:
        folder, *rest = line.split()
        table[folder] = set(rest)
    folders = [f for f in table if not f.startswith("(")]
    for folder, may in table.items():
        if may == {"(nothing", "of", "the", "model)"}:
            table[folder] = set()
        elif "every" in may and "above" in may:  # every folder listed before it
            table[folder] = set(folders[:folders.index(folder)])
    return table


def test_every_include_is_one_the_layering_table_allows(root):
    table = allowed(root)
    offending = []
    for folder, path, inc in includes(root):
        if folder in (None, "include") or "/" not in inc:
            continue
        target = inc.split("/")[0]
        if target == folder:
            continue
        if folder not in table:
            offending.append(f"{path}: its folder {folder}/ is not in the table of docs/design.md")
        elif target not in table[folder]:
            offending.append(f"{path} includes {inc}: {folder}/ may include {sorted(table[folder]) or 'nothing'}")
    assert not offending, "\n".join(offending)


def test_no_folder_below_platform_includes_it(root):
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder not in (None, "platform", "include") and inc.startswith("platform/")]
    assert not offending, "\n".join(offending)


def test_the_router_depends_on_no_network_interface(root):
    # The NI injects into the router; the router sees only its TerminalPorts (router/router_config.h).
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder in ("router", "routing") and inc.startswith("ni/")]
    assert not offending, "\n".join(offending)


def test_what_feeds_a_node_sees_only_its_endpoint(root):
    # The traffic generator, trace replay, the TLM-2.0 port and the metapacket gatherer are clients of
    # ni/endpoint.h (issue 32 item 4): none includes the network interface itself.
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder in ("traffic", "tlm", "congestion") and inc == "ni/network_interface.h"]
    assert not offending, "\n".join(offending)


def test_the_network_interface_depends_on_no_controller_or_client(root):
    # It asks its controller through ni/injection_gate.h, and hears of no client but through the endpoint.
    offending = [f"{path} includes {inc}" for folder, path, inc in includes(root)
                 if folder == "ni" and inc.split("/")[0] in ("congestion", "traffic", "tlm")]
    assert not offending, "\n".join(offending)
