// The stimulus document read against its platform (platform/stimulus_document.h).
#include "platform/stimulus_document.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "common/config_error.h"
#include "common/text.h"
#include "platform/configuration_schema.h"
#include "platform/schema.h"
#include "traffic/injection_process.h"

namespace icn {

namespace {

// A stimulus key a condition names that the stimulus document does not hold: the platform's.
Schema::Lookup in_platform(const PlatformConfig& platform) {
  return [&platform](const std::string& key) -> const ParameterValue* {
    const auto it = platform.resolved.values().find(key);
    return it == platform.resolved.values().end() ? nullptr : &it->second;
  };
}

// Whether a phase's (or a stimulus') injection process reads injection.rate.
bool uses_rate(const ParameterSet& p) { return ProcessRegistry::get(p.text("injection.process")).traits.uses_rate; }

// A rate written (in `lists`) where the process that would read it sets its own pace: refused, not ignored.
void refuse_unused_rate(const ParameterSet& p, std::initializer_list<const FlatEntries*> lists, const std::string& scope) {
  for (const auto* list : lists)
    for (const auto& [key, value] : *list)
      if (key == "injection.rate")
        throw ConfigError(value.origin + ": " + scope + "injection.rate: the " + p.text("injection.process") +
                          " process does not use a rate (allowed: no injection.rate with process " +
                          p.text("injection.process") + ")");
}

// A stimulus document split: its top-level keys and, per phase, the phase's own keys (file and
// overrides apart), as "phases.<i>.<key>" flattened them.
struct StimulusEntries {
  FlatEntries top, top_overrides;
  std::map<std::size_t, std::pair<FlatEntries, FlatEntries>> phases;
};

StimulusEntries split_stimulus(const FlatEntries& entries, const FlatEntries& overrides) {
  StimulusEntries e;
  auto split = [&](const FlatEntries& from, FlatEntries& to_top, bool is_override) {
    for (const auto& [key, value] : from) {
      if (key == "phases")  // a list that is empty or not of mappings: it did not flatten into phases
        throw ConfigError(value.origin + ": phases: " +
                          (value.items.empty() ? std::string("the list is empty") : "is not a list of phase mappings") +
                          " (allowed: a list of at least one phase, each a mapping of traffic keys and an end)");
      if (key.rfind("phases.", 0) != 0) {
        to_top.emplace_back(key, value);
        continue;
      }
      const std::string rest = key.substr(7);
      const auto dot = rest.find('.');
      std::size_t index = 0;
      try {
        index = std::stoul(rest.substr(0, dot));
      } catch (const std::exception&) {
        dot == std::string::npos ? throw ConfigError(value.origin + ": phases: expected a list of phases")
                                 : throw ConfigError(value.origin + ": " + key + ": unknown key in this stimulus");
      }
      if (dot == std::string::npos) throw ConfigError(value.origin + ": phases: every phase must be a mapping");
      auto& slot = e.phases[index];
      (is_override ? slot.second : slot.first).emplace_back(rest.substr(dot + 1), value);
    }
  };
  split(entries, e.top, false);
  split(overrides, e.top_overrides, true);
  return e;
}

// A trace stimulus: all its traffic from the trace, which no other traffic key may change.
void read_trace_stimulus(StimulusConfig& s, const ParameterSet& p, const StimulusEntries& e, const std::string& source,
                         const PlatformConfig& platform) {
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  for (const auto* list : {&top, &top_overrides})
    for (const auto& [key, value] : *list)
      if (is_traffic_key(key) || key == "repeat")
        throw ConfigError(value.origin + ": " + key + ": a trace stimulus takes its traffic from the trace (allowed with trace: name, description)");
  if (!e.phases.empty()) throw ConfigError(p.problem("trace", "a trace stimulus has no phases"));
  if (s.attempts)
    throw ConfigError(p.problem("source.model", "a trace's messages cannot fail: its receives would wait for ever "
                                                "(allowed with a trace: queue)"));
  if (platform.network_interface.source_queue_limit > 0 && platform.network_interface.drop_when_full)
    throw ConfigError(platform.resolved.problem(
        "network_interface.source_queue_full",
        "a trace's messages cannot be dropped: its receives would wait for ever (allowed with a trace: block)"));
  std::string path = p.text("trace");
  const auto slash = source.rfind('/');
  if (path[0] != '/' && slash != std::string::npos) path = source.substr(0, slash + 1) + path;
  s.trace = std::make_shared<const Trace>(read_trace(path, platform.network.topology().node_count()));
  // Printed absolute, so that --print-config's output runs as it is from any folder.
  ParameterValue absolute = p.values().at("trace");
  absolute.items = {std::filesystem::absolute(path).lexically_normal().string()};
  s.resolved.set("trace", absolute);
  PhaseConfig phase = PhaseConfig::from(p, platform.network.topology(), platform.simulation.seed, false);
  phase.injection.rate = 0;
  phase.injection.packets_per_cycle = 0;
  phase.name = "trace";
  s.phases.push_back(phase);
}

// A stimulus with phases: each from the top-level traffic keys, then its own; every phase but the
// last has an end.
void read_phases(StimulusConfig& s, const ParameterSet& p, const StimulusEntries& e, const std::string& source,
                 const PlatformConfig& platform) {
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  const auto& phase_entries = e.phases;
  s.phased = true;
  // Each phase starts from the traffic keys written at the top level, then its own.
  FlatEntries inherited;
  for (const auto* list : {&top, &top_overrides})
    for (const auto& entry : *list)
      if (is_traffic_key(entry.first)) inherited.push_back(entry);
  // An override must take effect: a phase the file does not have is not made up from --set keys,
  // and a top-level traffic key that every phase sets for itself would change nothing.
  std::size_t written = 0;
  for (const auto& [index, own] : phase_entries) written += own.first.empty() ? 0 : 1;
  for (const auto& [index, own] : phase_entries)
    if (own.first.empty())
      throw ConfigError(own.second.front().second.origin + ": phases." + std::to_string(index) + ": the stimulus has " +
                        (written == 0 ? std::string("no phases list")
                                      : count_of(written, "phase", "phases") + " (allowed: phases.0 .. phases." +
                                            std::to_string(written - 1) + ")"));
  for (const auto& [key, value] : top_overrides) {
    if (!is_traffic_key(key)) continue;
    bool everywhere = true;
    for (const auto& [index, own] : phase_entries) {
      bool own_key = false;
      for (const auto& entry : own.first) own_key |= entry.first == key;
      everywhere &= own_key;
    }
    if (everywhere)
      throw ConfigError(value.origin + ": " + key + ": every phase sets its own " + key + ", so this changes nothing "
                        "(allowed: --set stimulus.phases.N." + key + ")");
  }
  std::size_t expected = 0;
  std::vector<std::string> where;  // "file:line" of each phase's first key, for its messages
  bool any_phase_uses_rate = false;
  for (auto& [index, own] : phase_entries) {
    const std::string origin = own.first.front().second.origin;
    if (index != expected)
      throw ConfigError(origin + ": phases." + std::to_string(expected) + ": missing (phases are numbered from 0)");
    where.push_back(origin);
    ++expected;
    FlatEntries base = inherited;
    // A phase that picks another destination pattern does not inherit the top level's pattern's
    // parameters (a uniform's include_source means nothing to bit_reversal), only the other keys.
    std::string own_pattern;
    for (const auto* list : {&own.first, &own.second})
      for (const auto& entry : *list)
        if (entry.first == "pattern.type" && !entry.second.items.empty()) own_pattern = entry.second.items.front();
    if (!own_pattern.empty() && own_pattern != p.text("pattern.type"))
      base.erase(std::remove_if(base.begin(), base.end(),
                                [](const auto& entry) {
                                  return entry.first.rfind("pattern.", 0) == 0 && entry.first != "pattern.type";
                                }),
                 base.end());
    for (const auto& entry : own.first) base.push_back(entry);
    const ParameterSet q =
        phase_schema()
            .resolve(base, own.second, source, "phases." + std::to_string(index))
            .labelled("phases." + std::to_string(index));
    // The phase's own keys must act in it (the inherited ones act in some phase: checked below).
    std::set<std::string> written;
    for (const auto* list : {&own.first, &own.second})
      for (const auto& entry : *list) written.insert(entry.first);
    phase_schema().refuse_idle_keys(
        q,
        [&](const std::string& key) -> const ParameterValue* {
          const auto it = p.values().find(key);
          return it != p.values().end() ? &it->second : in_platform(platform)(key);
        },
        [&](const std::string& key) { return written.count(key) != 0; });
    if (!uses_rate(q)) refuse_unused_rate(q, {&own.first, &own.second}, "phases." + std::to_string(index) + ".");
    any_phase_uses_rate |= uses_rate(q);
    PhaseConfig phase = PhaseConfig::from(q, platform.network.topology(), platform.simulation.seed, s.attempts);
    phase.name = q.text("name").empty() ? "phase " + std::to_string(index) : q.text("name");
    phase.end = PhaseEnd::from(q);
    s.phases.push_back(std::move(phase));
    s.resolved_phases.push_back(q);
  }
  // A rate at the top level is inherited by the phases; if none of them reads it, it changes nothing.
  if (!any_phase_uses_rate) refuse_unused_rate(p, {&top, &top_overrides}, "");
  for (std::size_t i = 0; i + 1 < s.phases.size(); ++i)
    if (s.phases[i].end.kind == PhaseEnd::Kind::Never)
      throw ConfigError(where[i] + ": phases." + std::to_string(i) +
                        ": has no end (allowed: end.cycles, end.packets, end.packets_per_node or end.drain; only the last phase may run to the end of the simulation)");
  if (s.repeat > 1 && s.phases.back().end.kind == PhaseEnd::Kind::Never)
    throw ConfigError(p.problem("repeat", std::to_string(s.repeat) + " repeats need an end on the last phase too"));
}

}  // namespace

StimulusConfig build_stimulus(const FlatEntries& entries, const FlatEntries& overrides, const std::string& source,
                              const PlatformConfig& platform) {
  const StimulusEntries e = split_stimulus(entries, overrides);
  const FlatEntries& top = e.top;
  const FlatEntries& top_overrides = e.top_overrides;
  StimulusConfig s;
  s.source = source;
  const ParameterSet p = stimulus_schema().resolve(top, top_overrides, source);
  stimulus_schema().refuse_idle_keys(p, in_platform(platform));
  s.name = p.text("name");
  s.description = p.text("description");
  s.repeat = int(p.integer("repeat"));
  s.attempts = p.text("source.model") == "attempts";
  s.waiting_limit = std::uint64_t(p.integer("source.waiting_limit"));
  s.resolved = p;
  if (!p.text("trace").empty()) {
    read_trace_stimulus(s, p, e, source, platform);
    return s;
  }
  if (e.phases.empty()) {
    if (s.repeat > 1)  // nothing to run again: the one phase runs to the end of the simulation
      throw ConfigError(p.problem("repeat", std::to_string(s.repeat) + " changes nothing in this run: it runs a list of "
                                            "phases again, and this stimulus has none (allowed: phases, the last with an "
                                            "end; docs/stimuli.md)"));
    if (!uses_rate(p)) refuse_unused_rate(p, {&top, &top_overrides}, "");
    s.phases.push_back(PhaseConfig::from(p, platform.network.topology(), platform.simulation.seed, s.attempts));
    s.phases.back().name = s.name;
    return s;
  }
  read_phases(s, p, e, source, platform);
  return s;
}


}  // namespace icn
