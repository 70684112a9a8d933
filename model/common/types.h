#pragma once
// Basic vocabulary shared by every part of the model.
#include <cstdint>

namespace icn {

using Cycle = std::uint64_t;    // simulated clock cycles since the start of the run
using NodeId = std::uint32_t;   // canonical node number, dimension 0 varies fastest
using PacketId = std::uint32_t; // index into the PacketPool

constexpr NodeId kNoNode = 0xffffffffu;
// The end of a run that has none: a network a virtual platform embeds (icnsim::Interconnect) runs as
// long as the platform does, its only limit SystemC's time (2^64 ps); command-line runs end at
// simulation.cycles.
constexpr Cycle kNoEnd = ~Cycle(0);

}  // namespace icn
