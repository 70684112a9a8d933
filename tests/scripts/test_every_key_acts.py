"""Every configuration key either acts or is refused (docs/configuration.md, "Keys that would change
nothing"). The keys come from `icnsim --print-schema`, not from a list here: each key is set away from
its default where one of its declared needs does not hold, and must be refused in one line naming
that need; and set away from its default where its needs hold, and must change the run (the result,
or a file the run writes). A key added without declaring what it needs, or a need declared too
narrowly or too widely, fails here."""
import functools
import json
import pathlib
import subprocess

import pytest

from conftest import BUILD, ROOT

ICNSIM = BUILD / "model" / "icnsim"
PROGRAMS = BUILD / "software"

# The runs the keys are tried on, smallest first: a 4x4 torus near saturation, and 16 cores running a
# program that stores, loads and sends messages across the network. A section's key (a routing
# function's, a topology's) is tried on the first network whose section accepts its choice.
# The stimulus is written by the test (STIMULI): a file that sets no key, so that any may be set, and
# two phases for a phase's keys; the rate is set where the injection process reads one.
SHORT = ["simulation.cycles=3000", "simulation.warmup=500", "simulation.sample_interval=100"]
TORUS = ["platforms/default.yaml", "{STIMULUS}", "--set", "network.radix=4", "--set", "stimulus.injection.rate=0.05"]
NETWORKS = [
    TORUS,
    ["platforms/dragonfly.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.04"],
    ["platforms/fat-tree.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.04"],
    ["platforms/hyperx.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.04"],
    ["platforms/dally-2ary6fly.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.04"],
    ["platforms/chiplets.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.02"],
    ["platforms/ridruejo-ring64.yaml", "{STIMULUS}", "--set", "stimulus.injection.rate=0.01"],
]
# Sections that act on a network of their paper's (Trans-t's u1 comes from its Table 1 there).
NETWORKS_FOR = {"congestion_control.type=trans_t": [["platforms/transt-16ary2cube.yaml", "{STIMULUS}", "--set",
                                                     "stimulus.injection.rate=0.05"]]}
STIMULI = {
    "plain": "name: walk\n",
    "phases": "name: two-phases\nphases:\n  - {end: {cycles: 1000}}\n  - {name: second}\n",
    "repeated": "name: two-phases\nphases:\n  - {end: {cycles: 1000}}\n  - {end: {cycles: 1000}}\n",
}
CORES = ["platforms/cores-8x8.yaml", str(PROGRAMS / "transpose.elf"), "--set", "network.radix=4"]

# Values away from the default for keys whose type alone does not give one that can act.
AWAY = {
    "name": "another",
    "stimulus:name": "another",
    "phase:name": "another",
    "energy.source": "a citation",
    "energy.preset_shape": "5x3x8",
    "software.arguments": "64",
    "software.program": str(PROGRAMS / "token_ring.elf"),
    "network.file": str(ROOT / "platforms" / "networks" / "torus-8x8-failed-link.yaml"),
    "simulation.watchdog_cycles": "100",
    "stimulus:packet_length_weights": "[1, 3]",
    "tlm.trace_from": "4000",  # transpose's remote stores run from cycle 169 to about 7,800
    "software.message_buffer_bytes": "64",
    "stimulus:trace": str(ROOT / "stimuli" / "traces" / "ring-256.trace"),
    "simulation.vcd_routers": "0",
    "simulation.wall_limit": "0.000001",  # a limit this short run exceeds
    "simulation.most_samples": "16",      # fewer than this run's 30 samples
    "tlm.trace_until": "1000",
}
FILES = {"tlm.trace": "trace.json", "simulation.vcd": "signals.vcd"}  # outputs: named in the run's folder

# Settings under which a key can show what it does, where the short run above would not exercise it.
ACTS_WITH = {
    "stimulus:trace": ["network.radix=16"],  # the trace is of 256 nodes
    "stimulus:packet_length_weights": ["stimulus.packet_length=[8, 16]"],
    "router.vc_allocation": ["stimulus.high_priority_fraction=0.5"],
    "router.switching": ["router.buffer_depth=16"],
    "routing.escape_vcs": ["router.virtual_channels=6"],
    "software.message_buffer_bytes": [f"software.program={PROGRAMS / 'alltoall.elf'}"],
    "congestion_control.u4": ["stimulus.injection.rate=0.0625"],
    # A routing header's requested VCs idle while another VC of their channel moves: with 4 VCs
    # on an 8x8 torus at full load (472 recoveries per channel, 447 per VC, timeout 8). With a
    # timeout of 1 the two coincide: detection runs before the cycle's flits cross.
    "deadlock.inactivity_scope": ["router.virtual_channels=4", "network.radix=8", "stimulus.injection.rate=0.0625",
                                  "deadlock.recovery=software"],
    "congestion_control.throttle": ["stimulus.injection.rate=0.0625"],
    "congestion_control.throttle@congestion_control.type=static_threshold": ["congestion_control.threshold=20",
                                                                              "stimulus.injection.rate=0.0625"],
    "software.arguments": [f"software.program={PROGRAMS / 'reduce.elf'}"],
    # A coefficient prices its component's events: where the component is.
    "energy.sideband_bit_pj": ["congestion_control.type=self_tuned"],
    "energy.entropy_transfer_pj": ["congestion_control.type=entropy"],
    "energy.entropy_register_pj": ["congestion_control.type=entropy"],
    "simulation.deadlock_action": ["routing.type=tfar", "router.virtual_channels=1", "stimulus.injection.rate=0.06",
                                   "simulation.watchdog_cycles=100"],
    "simulation.starvation_action": ["simulation.watchdog_cycles=20", "stimulus.injection.rate=0.06"],
    "simulation.watchdog_cycles": ["routing.type=tfar", "router.virtual_channels=1", "stimulus.injection.rate=0.06"],
}

# Stimulus keys that act on a list of phases.
PHASED = {"stimulus:repeat"}

# Keys that by design change how a run is shown, not what it computes.
EXEMPT = {
    "description": "free text for the reader of the platform file",
    "stimulus:description": "free text for the reader of the stimulus file",
    "simulation.progress": "the progress line on a terminal (this test's runs have none)",
    "processor.type": "it picks what drives the nodes: a core needs a program, which generators refuse; the keys of "
                      "both kinds of run are walked here",
    "processor.quantum": "how far a core runs ahead before it synchronises: by design every quantum gives the same "
                         "run cycle for cycle (docs/cores.md), only the simulation's speed changes",
    "processor.memory_bytes": "a program is linked for its memory (docs/cores.md): one that fits runs the same in "
                              "more, one that does not is refused",
    "network.topology": "it picks the network section's keys: another topology is another network section, "
                        "whose keys are walked here on a platform of that topology",
}


@functools.lru_cache(maxsize=None)
def schema():
    p = subprocess.run([str(ICNSIM), "--print-schema"], capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def keys():
    if not ICNSIM.exists():
        return []
    out = []
    for document in ("platform", "stimulus", "phase"):
        for key in schema()[document]:
            # A phase holds the stimulus' traffic keys too: those are walked as the stimulus' own.
            if document == "phase" and any(k["key"] == key["key"] for k in schema()["stimulus"]):
                continue
            out.append((document, key))
    return out


def name(document, key):
    return key["key"] if document == "platform" else f"{document}:{key['key']}"


def setting(document, key, value):
    """The --set argument for `key` of `document` (a phase's: the second of a two-phase stimulus)."""
    if document == "platform":
        return f"{key}={value}"
    if document == "phase":
        return f"stimulus.phases.1.{key}={value}"
    return f"stimulus.{key}={value}"


def away(document, key, folder):
    """Values of `key` other than its default, the likeliest to act first."""
    label = name(document, key)
    if label in AWAY:
        return [AWAY[label]]
    if key["key"] in FILES:
        return ["{OUT}/" + FILES[key["key"]]]
    default = key["default"]
    if key["type"] == "boolean":
        return ["false" if default == "true" else "true"]
    if key["type"] == "choice":
        return [c for c in key["choices"] if c != default]
    if key["type"] == "integer":
        d = int(default, 0)
        tries = (d + 1, d - 1, d + 2, d * 2, d + 3, d + 4, int(key["minimum"]))  # the network's size last
        return list(dict.fromkeys(str(v) for v in tries if key["minimum"] <= v <= key["maximum"] and v != d))
    if key["type"] == "number":
        d = float(default)
        return [repr(v) for v in (d * 2, d + 0.5, d / 2, key["maximum"]) if key["minimum"] <= v <= key["maximum"] and v != d]
    return ["another"]


def condition_value(condition, held):
    """A value of the condition's key that makes it hold (held) or fail: None where its default does."""
    key = spec(condition["key"])
    default = key["default"] if key else None
    listed = condition["values"]
    wants_listed = held != condition["other_than"]
    if key and (default in listed) == wants_listed:
        return None
    if wants_listed:
        return listed[0]
    candidates = (key or {}).get("choices") or {"text": ["another"], "integer": ["1"], "number": ["1"]}.get(
        (key or {}).get("type"), ["another"])
    if key and key["key"] in FILES:
        candidates = ["{OUT}/" + FILES[key["key"]]]
    return next(c for c in candidates if c not in listed)


def spec(key):
    return next((k for doc in ("platform", "stimulus") for k in schema()[doc] if k["key"] == key), None)


def settings_for(conditions, held):
    """Settings under which each condition holds (held) or fails; a key set to hold gets what it needs too.
    A failing condition's key is also named at its default ("key=" + "DEFAULT"), to override the others."""
    out = []
    for condition in conditions:
        if condition["key"] == "virtual_platform":
            continue  # a run of icnsim's own: never a virtual platform
        value = condition_value(condition, held)
        prefix = "" if condition["key"] in {k["key"] for k in schema()["platform"]} else "stimulus."
        if value is None and not held:
            out.append(f"{prefix}{condition['key']}=DEFAULT")
        if value is not None:
            if held and spec(condition["key"]):
                out += settings_for([n["any_of"][0] for n in spec(condition["key"])["needs"]], held=True)
            out.append(f"{prefix}{condition['key']}={value}")
    return list(dict.fromkeys(out))


def combined(held, failing):
    """`held` settings with those of the keys `failing` names replaced by its (DEFAULT: left out)."""
    named = {f.split("=")[0] for f in failing}
    return [h for h in held if h.split("=")[0] not in named] + [f for f in failing if not f.endswith("=DEFAULT")]


def run(base, settings, folder, stimulus="plain"):
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / "result.json"
    written = folder.parent / f"{stimulus}.yaml"
    written.write_text(STIMULI[stimulus])
    base = [a.replace("{STIMULUS}", str(written)) for a in base]
    # A rate only where the process reads one (its need, from the schema), and none with a trace.
    paced = next(k for k in schema()["stimulus"] if k["key"] == "injection.rate")["needs"]
    process = next((s.split("=", 1)[1] for s in settings if s.startswith("stimulus.injection.process=")), "bernoulli")
    if process not in paced[-1]["any_of"][0]["values"] or any(s.startswith("stimulus.trace=") for s in settings):
        pairs = [base[i:i + 2] for i in range(2, len(base), 2)]
        base = base[:2] + [a for pair in pairs if not pair[1].startswith("stimulus.injection.rate=") for a in pair]
    args = [str(ICNSIM), *base, "--out", str(out), "-q"]
    for s in [*SHORT, *settings] if base[0] != CORES[0] else settings:
        args += ["--set", s.replace("{OUT}", str(folder))]
    p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=120)
    if p.returncode == 2:  # refused: no run
        return p, None
    # What the run did: its exit status, its result (a run stopped early writes what it measured), its
    # message, and every other file it wrote.
    result = json.loads(out.read_text()) if out.exists() else None
    if result:
        result.pop("model_version", None)
    outputs = {f.name: f.read_bytes() for f in folder.iterdir() if f.name != "result.json"}
    for f in folder.iterdir():
        f.unlink()
    return p, (p.returncode, result, p.stderr if result is None else "", outputs)


def needs_cores(key):
    return any(c["key"] == "processor.type" and c["values"] == ["core"] and not c["other_than"]
               for need in key["needs"] for c in need["any_of"])


@pytest.mark.parametrize("document,key", keys(), ids=[name(d, k) for d, k in keys()])
def test_a_key_set_away_from_its_default_is_refused_where_it_cannot_act_and_changes_the_run_where_it_can(
        document, key, tmp_path):
    label = name(document, key)
    if label in EXEMPT:
        pytest.skip(EXEMPT[label])
    values = away(document, key, tmp_path / "out")
    # Where a need does not hold (each in turn, the others held): refused in one line naming it.
    for i, need in enumerate(key["needs"]):
        others = [c for j, n in enumerate(key["needs"]) if j != i for c in n["any_of"][:1]]
        settings = combined(settings_for(others, held=True), settings_for(need["any_of"], held=False))
        if key["under"] and not key["under"].startswith("network.topology="):
            settings.insert(0, setting(document, *key["under"].split("=")))
        base = CORES if "processor.type=core" in settings else TORUS
        settings = [f for f in settings if f != "processor.type=core"]  # CORES sets it (with the program)
        p, _ = run(base, [*settings, setting(document, key["key"], values[0])], tmp_path / "refused",
                   "phases" if document == "phase" else "plain")
        assert p.returncode == 2 and p.stderr.count("\n") == 1, (label, need["what"], p.stderr)
        assert "changes nothing in this run" in p.stderr and need["what"] in p.stderr, (label, p.stderr)
    # Where its needs hold: the run changes. A need only a virtual platform's own IP meets cannot hold in a
    # run of icnsim's own: those keys act in the module tests' platforms (tests/module/tlm_*).
    if any(all(c["key"] == "virtual_platform" for c in n["any_of"]) for n in key["needs"]):
        return
    needed = settings_for([n["any_of"][0] for n in key["needs"]], held=True)
    if key["under"] and not key["under"].startswith("network.topology="):  # a topology's: on its platform
        needed.insert(0, setting(document, *key["under"].split("=")))
    needed += ACTS_WITH.get(f"{label}@{key['under']}", ACTS_WITH.get(label, []))
    bases = [CORES] if needs_cores(key) else [*NETWORKS_FOR.get(key["under"], []), *NETWORKS]
    stimulus = "phases" if document == "phase" else "repeated" if label in PHASED else "plain"
    if stimulus != "plain":
        bases = [TORUS]
    tried = []
    for args in bases:
        # A choice the base's file may set otherwise is set to its default for the run to compare with.
        default = setting(document, key["key"], key["default"]) if key["type"] == "choice" else None
        p, before = run(args, [*needed, *([default] if default else [])], tmp_path / "base", stimulus)
        if before is None:
            tried.append(f"{args[0]}: {p.stderr.strip()}")
            continue
        for value in values:
            p, after = run(args, [*needed, setting(document, key["key"], value)], tmp_path / "changed", stimulus)
            if after is None:
                tried.append(f"{args[0]} {value}: {p.stderr.strip()}")
                continue
            if after != before:
                return
            tried.append(f"{args[0]} {value}: the same run")
    pytest.fail(f"{label} set away from its default changed no run it was accepted in:\n" + "\n".join(tried))
