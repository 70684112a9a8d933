#pragma once
// What a basic block of RISC-V code costs a core (docs/cores.md, "Timing"): its instructions, and its
// loads and stores to the node's own memory, counted once per block address by walking the code —
// the emulator reports each block as it enters it, never each instruction.
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace icn {

struct BlockCost {
  std::uint32_t size = 0;          // bytes, as the emulator reported the block
  std::uint32_t instructions = 0;
  std::uint32_t memory_accesses = 0;  // loads, stores and atomics (local unless they trap to a device)
  std::uint32_t atomics = 0;          // A-extension instructions among them
};

// Counts the block of `size` bytes of code at `code` (32-bit and compressed instructions, rv32imac).
BlockCost walk_block(const std::uint8_t* code, std::uint32_t size);

// Each block's cost, walked the first time the emulator enters it and again whenever its bytes are
// not those it was walked from (code rewritten at the same address: a loader, a JIT, self-modifying
// code), so that rewritten code is timed as what it now is. Comparing a block's bytes on entry costs
// a few dozen bytes' compare against the emulator's own call into the hook.
class BlockCosts {
 public:
  const BlockCost& at(std::uint64_t address, const std::uint8_t* code, std::uint32_t size) {
    Walked& block = costs_[address];
    if (block.cost.size != size || (size > 0 && std::memcmp(block.code.data(), code, size) != 0)) {
      block.cost = walk_block(code, size);
      block.code.assign(code, code + size);
    }
    return block.cost;
  }

 private:
  struct Walked {
    BlockCost cost;
    std::vector<std::uint8_t> code;  // the bytes it was walked from
  };
  std::unordered_map<std::uint64_t, Walked> costs_;
};

}  // namespace icn
