#include "cores/software_run.h"

#include <tlm>

#include <algorithm>

#include "common/cycle_clock.h"
#include "cores/device_map.h"
#include "cores/processor_config.h"
#include "cores/unicorn_library.h"
#include "ni/endpoint.h"
#include "tlm/tlm_port.h"

namespace icn {

AddressMap SoftwareRun::address_map(NodeId nodes, std::uint32_t memory_bytes) {
  std::vector<AddressRange> ranges;
  for (NodeId n = 0; n < nodes; ++n) {
    AddressRange r;
    r.base = std::uint64_t(ICN_REMOTE_BASE) + std::uint64_t(n) * ICN_REMOTE_STRIDE;
    r.size = memory_bytes;
    r.node = n;
    r.target = 0;
    ranges.push_back(r);
  }
  return AddressMap(std::move(ranges));
}

std::uint64_t SoftwareRun::estimated_bytes(NodeId nodes, const ProcessorConfig& config) {
  if (!config.cores) return 0;
  constexpr std::uint64_t kEmulator = 3'000'000;
  return std::uint64_t(nodes) * (config.memory_bytes + kEmulator);
}

std::uint64_t SoftwareRun::reserved_address_space(NodeId nodes, const ProcessorConfig& config) {
  if (!config.cores) return 0;
  constexpr std::uint64_t kTranslationBuffer = std::uint64_t(1) << 30;
  return std::uint64_t(nodes) * (kTranslationBuffer + (8 << 20));
}

SoftwareRun::SoftwareRun(const CoreSites& sites, const ProcessorConfig& config, std::function<void(Cycle)> halted_all,
                         std::function<void(const std::string&)> failed)
    : config_(config), image_(ElfImage::load(config.program, config.memory_bytes)) {
  // How far a core may run ahead: TLM-2.0's global quantum, which every core's quantum keeper reads
  // (the run owns the simulation, as a virtual platform's top level would).
  CycleClock& clock = sites.clock;
  tlm::tlm_global_quantum::instance().set(clock.cycles(config.quantum));
  const NodeId nodes = sites.nodes;
  CoreEvents events;
  // A failure ends the program: its time is then the cycle of the first one (the run stops there).
  events.failed = [this, &clock, failed = std::move(failed)](const std::string& reason) {
    if (!failed_at_) failed_at_ = clock.cycle_at(clock.now());
    failed(reason);
  };
  // A core that halts with a status other than 0 ends the program at once (its answer is wrong, and
  // the others may wait for it forever), as a parallel job ends when one of its processes fails.
  events.halted = [this, nodes, halted_all = std::move(halted_all), failed = events.failed](NodeId node) {
    if (const std::int32_t status = cores_[node]->exit_status(); status != 0)
      return failed("node " + std::to_string(node) + " exited with status " + std::to_string(status) +
                    " (its program found its answer wrong)");
    if (++halted_ < nodes) return;
    Cycle last = 0;
    for (const auto& core : cores_) last = std::max(last, core->halt_cycle());
    completed_ = last;
    halted_all(last);
  };
  for (NodeId n = 0; n < nodes; ++n) {
    units_.push_back(std::make_unique<MessageUnit>(n, nodes, sites.endpoint(n), board_, clock, sites.flit_bytes,
                                                   sites.longest_packet, config_.message_buffer_bytes, events.failed));
    cores_.push_back(std::make_unique<IssCore>(("core_" + std::to_string(n)).c_str(), n, nodes, config_, image_, clock,
                                               *units_.back(), events));
    TlmPort& port = sites.port(n);
    cores_.back()->socket.bind(port.target_socket);
    port.initiator_socket.bind(cores_.back()->memory_socket);
  }
}

SoftwareRun::~SoftwareRun() = default;

std::vector<NodeId> SoftwareRun::running() const {
  std::vector<NodeId> nodes;
  for (const auto& core : cores_)
    if (!core->halted()) nodes.push_back(core->node());
  return nodes;
}

bool SoftwareRun::passed() const {
  return std::all_of(cores_.begin(), cores_.end(),
                     [](const auto& core) { return core->halted() && core->exit_status() == 0; });
}

void SoftwareRun::report(ResultSink& sink) const {
  sink.put("program.file", config_.program);
  // Which emulator ran it: the simulated time does not depend on it, the wall time does (docs/cores.md).
  sink.put("program.emulator", "Unicorn " + UnicornLibrary::get().version + " (" + UnicornLibrary::get().file + ")");
  sink.put("program.passed", passed());
  if (completed_ || failed_at_) sink.put("program.cycles", std::uint64_t((completed_ ? *completed_ : *failed_at_) + 1));
  else sink.declare("program.cycles");
  std::uint64_t instructions = 0, stalls = 0;
  for (const auto& core : cores_) {
    sink.append("cores.instructions", core->instructions());
    sink.append("cores.halt_cycle", core->halted() ? ResultValue(std::uint64_t(core->halt_cycle())) : ResultValue(nullptr));
    sink.append("cores.exit_status", core->halted() ? ResultValue(std::int64_t(core->exit_status())) : ResultValue(nullptr));
    sink.append("cores.stall_cycles", core->stall_cycles());
    sink.append("cores.remote_loads", core->remote_loads());
    sink.append("cores.remote_stores", core->remote_stores());
    sink.append("cores.messages_sent", units_[core->node()]->messages_sent());
    sink.append("cores.console", core->console());
    instructions += core->instructions();
    stalls += core->stall_cycles();
  }
  sink.put("program.instructions", instructions);
  sink.put("program.stall_cycles", stalls);
  const bool passed_now = passed();
  sink.row("program", [passed_now](const ResultReader& r) -> std::optional<std::string> {
    const std::string instructions = std::to_string(std::uint64_t(r.number("program.instructions"))) + " instructions";
    if (!r.has("program.cycles")) return "did not finish, " + instructions;
    return std::string(passed_now ? "passed, " : "FAILED, ") + std::to_string(std::uint64_t(r.number("program.cycles"))) +
           " cycles, " + instructions;
  });
}

}  // namespace icn
