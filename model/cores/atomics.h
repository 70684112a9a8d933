#pragma once
// The RISC-V A extension on a node's memory (docs/cores.md, "Atomics"): what an AMO computes, and
// the reservations LR makes and SC consumes. Every node's memory keeps the reservations on it, its
// own core's and other nodes' alike; any store to a reserved word the model sees (a remote store, an
// AMO or SC from any node) breaks them, and an SC also fails when the word no longer holds what its
// LR read (the owner's own plain stores run at the emulator's speed, unseen).
#include <cstdint>
#include <optional>
#include <vector>

#include "common/types.h"
#include "tlm/atomic_extension.h"

namespace icn {

// An A-extension instruction decoded (rv32: the .w forms), or nothing for any other instruction.
struct AtomicInstruction {
  AtomicOp op;
  unsigned rd, rs1, rs2;
};
std::optional<AtomicInstruction> decode_atomic(std::uint32_t instruction);
// The same for the instruction at `code` (little-endian, at least 4 bytes readable); nothing for a
// compressed one (RVC has no atomics).
inline std::optional<AtomicInstruction> atomic_at(const std::uint8_t* code) {
  if ((code[0] & 3) != 3) return std::nullopt;
  return decode_atomic(std::uint32_t(code[0] | code[1] << 8 | code[2] << 16) | std::uint32_t(code[3]) << 24);
}

// The value an AMO leaves in memory, given the old one and the operand (rs2).
std::uint32_t amo_result(AtomicOp op, std::uint32_t old, std::uint32_t operand);

class Reservations {
 public:
  // `hart` reserves the word at `offset` that now holds `value`; its earlier reservation here ends.
  void reserve(NodeId hart, std::uint32_t offset, std::uint32_t value);
  // Whether `hart`'s SC to `offset` may succeed with the word now holding `value`; it ends the
  // reservation either way (an SC consumes it, RISC-V unprivileged spec, "Load-Reserved/Store-Conditional").
  bool consume(NodeId hart, std::uint32_t offset, std::uint32_t value);
  // A store of `length` bytes at `offset`: every reservation of a word it touches ends.
  void stored(std::uint64_t offset, std::uint64_t length);

 private:
  struct Reservation {
    NodeId hart;
    std::uint32_t offset, value;
  };
  std::vector<Reservation> held_;  // at most one per hart; few at once
};

}  // namespace icn
