#pragma once
// The processors on the nodes (processor.*) and the program they run (software.*), owned here;
// platform/ fills them. processor.type: generator keeps the stimulus' traffic generators; core puts an
// instruction-set simulator core on every node that runs software.program (docs/cores.md).
#include <cstdint>
#include <string>
#include <vector>

#include "common/parameters.h"
#include "common/types.h"

namespace icn {

struct ProcessorConfig {
  bool cores = false;          // processor.type: core (else generator)
  int cycles_per_instruction = 1;
  int memory_latency = 0;      // extra cycles per local load or store
  Cycle quantum = 1000;        // cycles a core runs ahead of the network before it synchronises
  std::uint32_t memory_bytes = 0x80000;
  std::string program;         // the ELF every core runs, as given (resolved against the working directory)
  std::vector<std::int32_t> arguments;  // what ICN_ARG_VALUE reads
  std::uint64_t message_buffer_bytes = 1 << 20;  // a node's messages not yet received, at most

  static std::vector<ParameterSpec> processor_parameters();
  static std::vector<ParameterSpec> software_parameters();
  static ProcessorConfig from(const ParameterSet& processor, const ParameterSet& software);
};

}  // namespace icn
