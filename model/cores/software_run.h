#pragma once
// A program run on a fabric (docs/cores.md): a core per node (processor.type: core) that runs
// software.program, its memory reachable from every other node through the node's TLM-2.0 port, and
// a message unit on its network interface. The run's time is the cycle its last core halts; what
// each core did, and the program's verdict (every exit status 0), go into the result.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result_sink.h"
#include "cores/elf_image.h"
#include "cores/iss_core.h"
#include "cores/message_unit.h"
#include "tlm/address_map.h"

namespace icn {

class CycleClock;
class Endpoint;
class TlmPort;
struct ProcessorConfig;

// Where the cores sit on a network, as the fabric gives it (experiment.cpp): the clock, each node's
// endpoint (its message unit's way into the network) and TLM-2.0 port (its core's remote loads and
// stores), and the packets' shape.
struct CoreSites {
  CycleClock& clock;
  NodeId nodes = 0;
  int flit_bytes = 0;
  int longest_packet = 0;
  std::function<Endpoint&(NodeId)> endpoint;
  std::function<TlmPort&(NodeId)> port;
};

class SoftwareRun : public ResultSource {
 public:
  // `halted_all` is called once every core has halted, `failed` when a core's program fails.
  SoftwareRun(const CoreSites& sites, const ProcessorConfig& config, std::function<void(Cycle)> halted_all,
              std::function<void(const std::string&)> failed);
  ~SoftwareRun() override;

  // The remote windows as the TLM-2.0 ports' address map: node n's memory at ICN_REMOTE_BASE + n ×
  // ICN_REMOTE_STRIDE, served by its core (the node's local target 0).
  static AddressMap address_map(NodeId nodes, std::uint32_t memory_bytes);
  // What the cores of `nodes` nodes take in memory: each core's own memory, and about 3 MB for its
  // emulator (translation cache, state) and thread stack, as measured (docs/cores.md, "Limits").
  // 0 without cores (processor.type: generator).
  static std::uint64_t estimated_bytes(NodeId nodes, const ProcessorConfig& config);
  // The address space they reserve: Unicorn 2.0 reserves 1 GiB for each engine's translated code (it
  // touches a few megabytes of it), and ends the process when it cannot.
  static std::uint64_t reserved_address_space(NodeId nodes, const ProcessorConfig& config);

  const std::vector<std::unique_ptr<IssCore>>& cores() const { return cores_; }
  std::optional<Cycle> completed_at() const { return completed_; }
  // The nodes that have not halted (for the run's end without a program's end).
  std::vector<NodeId> running() const;
  bool passed() const;  // every core halted with status 0
  void report(ResultSink& sink) const override;

 private:
  const ProcessorConfig& config_;
  ElfImage image_;
  MessageBoard board_;
  std::vector<std::unique_ptr<MessageUnit>> units_;
  std::vector<std::unique_ptr<IssCore>> cores_;
  std::size_t halted_ = 0;
  std::optional<Cycle> completed_;
  std::optional<Cycle> failed_at_;  // the cycle the first failure ended the program in
};

}  // namespace icn
