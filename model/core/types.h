#pragma once
// Basic vocabulary shared by every part of the model.
#include <cstdint>

namespace icn {

using Cycle = std::uint64_t;    // simulated clock cycles since the start of the run
using NodeId = std::uint32_t;   // canonical node number, dimension 0 varies fastest
using PacketId = std::uint32_t; // index into the PacketPool

constexpr NodeId kNoNode = 0xffffffffu;

}  // namespace icn
