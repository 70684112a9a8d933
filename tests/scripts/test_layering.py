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


# Issue 68 item 1: the input and output units run their part of each stage (route, grant, release,
# take and return credits) behind methods; the router's stages only call them (Garnet's InputUnit and
# OutputUnit). The units hand out their VCs read-only, so a write elsewhere does not compile; this
# check says so in words and keeps a mutable accessor from coming back.
UNIT_FILES = ("input_unit.h", "output_unit.h")


def vc_fields(root):
    """The fields of InputVc and OutputVc, read from their definitions."""
    fields = set()
    for name in UNIT_FILES:
        text = (root / "model" / "router" / name).read_text()
        for struct in re.finditer(r"struct (?:InputVc|OutputVc) \{(.*?)\n\};", text, re.S):
            fields |= set(re.findall(r"^\s+[\w:<>]+\s+(\w+)\s*(?:=|;)", struct.group(1), re.M))
    return fields


def unit_state_writes(text, fields):
    """Lines of `text` that hold a VC of a unit mutably or assign one of its fields."""
    field = "|".join(sorted(fields))
    mutable = re.compile(r"(?<!const )\b(?:InputVc|OutputVc)\s*[&*]")
    # vc(...).field, input_vc(...).field or output_vc(...).field assigned, incremented or decremented.
    through_accessor = re.compile(rf"(?:\bvc|input_vc|output_vc)\([^;]*?\)\s*\.\s*(?:{field})\b\s*(?:[-+*/|&^]?=(?!=)|\+\+|--)"
                                  rf"|(?:\+\+|--)\s*[\w\[\]().]*?(?:\bvc|input_vc|output_vc)\([^;]*?\)\s*\.\s*(?:{field})\b")
    return [line.strip() for line in text.splitlines()
            if not line.lstrip().startswith("//") and (mutable.search(line) or through_accessor.search(line))]


def test_the_check_for_unit_writes_finds_the_writes_the_router_used_to_make(root):
    fields = vc_fields(root)
    assert {"state", "credits", "allocated", "out_port", "out_vc", "tried", "absorbing", "flits_sent"} <= fields
    # As router_switch.inl and router_input.inl wrote them before issue 68.
    old = ("  InputVc& v = in.vc(in_vc);\n  v.state = VcState::Idle;\n"
           "  OutputVc& o = out.vc(v.out_vc);\n  --o.credits;\n"
           "  if (++output_vc(p, vc).credits == 1) {}\n  inputs_[p].vc(vc).state = VcState::Routing;\n")
    assert len(unit_state_writes(old, fields)) == 4
    # Reading is fine.
    assert not unit_state_writes("  const InputVc& v = in.vc(vc);\n  if (v.state == VcState::Idle) {}\n"
                                 "  if (output_vc(p, vc).credits == 0) {}\n"
                                 "  if (injection_vc(c, vc).credits == 0) {}\n", fields)


def test_no_stage_of_the_router_writes_a_units_vc_state_or_credits(root):
    fields = vc_fields(root)
    offending = []
    for f in sorted((root / "model").rglob("*")):
        if f.suffix in (".h", ".cpp", ".inl") and not (f.parent.name == "router" and f.name in UNIT_FILES):
            offending += [f"{f.relative_to(root)}: {line}" for line in unit_state_writes(f.read_text(), fields)]
    assert not offending, "\n".join(offending)


# Issue 68 item 5: a model/ folder's tests are found from an index in docs/testing.md.
def test_every_model_folder_has_its_tests_indexed_and_every_test_file_is_in_the_index(root):
    text = (root / "docs" / "testing.md").read_text()
    table = text.split("## Where a folder's tests are", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    folders = {re.match(r"\| `(\w+)/`", row).group(1) for row in rows}
    missing = sorted(p.name for p in (root / "model").iterdir() if p.is_dir() and p.name not in folders)
    assert not missing, f"model/ folders without a row in docs/testing.md's index: {missing}"
    named = set(re.findall(r"\b((?:unit|module|network|scripts|install|fuzz)/[\w.]+\.(?:cpp|py))\b", table))
    tests = root / "tests"
    present = {str(f.relative_to(tests)) for folder in ("unit", "module", "network") for f in (tests / folder).glob("*.cpp")}
    present |= {str(f.relative_to(tests)) for f in (tests / "scripts").glob("test_*.py")}
    assert not sorted(present - named), f"test files not in docs/testing.md's index: {sorted(present - named)}"
    assert not sorted(n for n in named if not (tests / n).exists()), "the index names test files that do not exist"


# Issue 68 item 3: the files at the top of model/ that assemble a run depend on each other one way.
def top_level_graph(root):
    """{unit: units it includes}, a unit being a top-level file's stem (fabric.h and fabric.cpp are one)."""
    model = root / "model"
    units = {f.stem for f in model.iterdir() if f.suffix in (".h", ".cpp")}
    graph = {u: set() for u in units}
    for f in model.iterdir():
        if f.suffix in (".h", ".cpp"):
            for inc in INCLUDE.findall(f.read_text()):
                stem = inc.rsplit(".", 1)[0]
                if "/" not in inc and stem in units and stem != f.stem:
                    graph[f.stem].add(stem)
    return graph


def cycle_in(graph):
    """One cycle of the graph as a list of units, or []."""
    state = {}

    def visit(unit, path):
        state[unit] = "open"
        for nxt in sorted(graph.get(unit, ())):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[unit] = "done"
        return []

    for unit in sorted(graph):
        if unit not in state:
            found = visit(unit, [unit])
            if found:
                return found
    return []


def test_no_two_top_level_files_of_the_model_include_each_other(root):
    assert cycle_in({"fabric": {"approximate_timing", "node"}, "approximate_timing": {"fabric"}, "node": set()}) == \
        ["approximate_timing", "fabric", "approximate_timing"]  # as it was before issue 68
    assert cycle_in(top_level_graph(root)) == []
