#pragma once
// What a basic block of RISC-V code costs a core (docs/cores.md, "Timing"): its instructions, and its
// loads and stores to the node's own memory, counted once per block address by walking the code —
// the emulator reports each block as it enters it, never each instruction.
#include <cstdint>
#include <unordered_map>

namespace icn {

struct BlockCost {
  std::uint32_t size = 0;          // bytes, as the emulator reported the block
  std::uint32_t instructions = 0;
  std::uint32_t memory_accesses = 0;  // loads, stores and atomics (local unless they trap to a device)
};

// Counts the block of `size` bytes of code at `code` (32-bit and compressed instructions, rv32imac).
BlockCost walk_block(const std::uint8_t* code, std::uint32_t size);

// Each block's cost, walked the first time the emulator enters it (and again if it reports another
// size there: code rewritten).
class BlockCosts {
 public:
  const BlockCost& at(std::uint64_t address, const std::uint8_t* code, std::uint32_t size) {
    BlockCost& cost = costs_[address];
    if (cost.size != size) cost = walk_block(code, size);
    return cost;
  }

 private:
  std::unordered_map<std::uint64_t, BlockCost> costs_;
};

}  // namespace icn
