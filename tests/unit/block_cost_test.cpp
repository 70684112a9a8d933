// A core's time comes from its basic blocks (cores/block_cost.h): each block's instructions and its
// loads and stores are counted by walking its code once, 32-bit and compressed instructions alike.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "cores/block_cost.h"

using namespace icn;

namespace {

// Little-endian bytes of a sequence of 32-bit and 16-bit instructions.
std::vector<std::uint8_t> code(std::initializer_list<std::uint32_t> words32, std::initializer_list<std::uint16_t> words16) {
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t w : words32)
    for (int i = 0; i < 4; ++i) bytes.push_back(std::uint8_t(w >> (8 * i)));
  for (std::uint16_t w : words16)
    for (int i = 0; i < 2; ++i) bytes.push_back(std::uint8_t(w >> (8 * i)));
  return bytes;
}

}  // namespace

TEST_CASE("a block's instructions are counted whatever their length, and its loads, stores and atomics apart",
          "[cores]") {
  // lui a5,0x10000; lw a4,0(a5); sw a3,20(a5); amoadd.w a0,a1,(a2); add a0,a0,a1 — then the compressed
  // c.lw a4,0(a5); c.swsp ra,12(sp); c.addi a5,1; c.j (a jump, no memory).
  const auto bytes = code({0x100007b7, 0x0007a703, 0x00d7aa23, 0x00b6252f, 0x00b50533}, {0x4398, 0xc606, 0x0785, 0xa001});
  const BlockCost cost = walk_block(bytes.data(), std::uint32_t(bytes.size()));
  CHECK(cost.instructions == 9);
  CHECK(cost.memory_accesses == 5);
  CHECK(cost.atomics == 1);
  CHECK(cost.size == bytes.size());
}

TEST_CASE("a block is walked again whenever its bytes or its size are not those it was walked from", "[cores]") {
  auto bytes = code({0x0007a703, 0x00b50533}, {});
  BlockCosts costs;
  CHECK(costs.at(0x80000000, bytes.data(), 8).memory_accesses == 1);
  CHECK(costs.at(0x80000000, bytes.data(), 8).memory_accesses == 1);  // unchanged: the same cost
  bytes[0] = 0x33;  // the load rewritten to an add (a JIT, a loader): timed as what it now is
  CHECK(costs.at(0x80000000, bytes.data(), 8).memory_accesses == 0);
  CHECK(costs.at(0x80000000, bytes.data(), 4).instructions == 1);  // another size: walked again
}
