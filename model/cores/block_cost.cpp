#include "cores/block_cost.h"

namespace icn {

namespace {

// A 32-bit instruction's major opcode that touches memory: LOAD, LOAD-FP, STORE, STORE-FP, AMO.
bool accesses_memory(std::uint32_t instruction) {
  const std::uint32_t opcode = instruction & 0x7f;
  return opcode == 0x03 || opcode == 0x07 || opcode == 0x23 || opcode == 0x27 || opcode == 0x2f;
}

// A compressed one (RVC): quadrant 0's loads and stores (funct3 001..011, 101..111) and quadrant 2's
// stack-pointer ones (the same funct3 values).
bool compressed_accesses_memory(std::uint16_t instruction) {
  const unsigned quadrant = instruction & 3, funct3 = instruction >> 13;
  return (quadrant == 0 || quadrant == 2) && funct3 != 0 && funct3 != 4;
}

}  // namespace

BlockCost walk_block(const std::uint8_t* code, std::uint32_t size) {
  BlockCost cost;
  cost.size = size;
  for (std::uint32_t at = 0; at < size;) {
    const std::uint16_t low = std::uint16_t(code[at] | code[at + 1] << 8);
    if ((low & 3) == 3 && at + 4 <= size) {  // a 32-bit instruction
      const std::uint32_t instruction = low | std::uint32_t(code[at + 2] | code[at + 3] << 8) << 16;
      cost.memory_accesses += accesses_memory(instruction);
      cost.atomics += (instruction & 0x7f) == 0x2f;
      at += 4;
    } else {
      cost.memory_accesses += compressed_accesses_memory(low);
      at += 2;
    }
    ++cost.instructions;
  }
  return cost;
}

}  // namespace icn
