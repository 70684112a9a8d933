#include "cores/atomics.h"

#include <algorithm>

namespace icn {

std::optional<AtomicInstruction> decode_atomic(std::uint32_t instruction) {
  // AMO major opcode, funct3 010 (word); funct5 in bits 31..27 (The RISC-V ISA, Vol. I, "A" chapter).
  if ((instruction & 0x7f) != 0x2f || ((instruction >> 12) & 7) != 2) return std::nullopt;
  AtomicInstruction a{AtomicOp::Add, (instruction >> 7) & 31, (instruction >> 15) & 31, (instruction >> 20) & 31};
  switch (instruction >> 27) {
    case 0x00: a.op = AtomicOp::Add; break;
    case 0x01: a.op = AtomicOp::Swap; break;
    case 0x02: a.op = AtomicOp::LoadReserved; break;
    case 0x03: a.op = AtomicOp::StoreConditional; break;
    case 0x04: a.op = AtomicOp::Xor; break;
    case 0x08: a.op = AtomicOp::Or; break;
    case 0x0c: a.op = AtomicOp::And; break;
    case 0x10: a.op = AtomicOp::Min; break;
    case 0x14: a.op = AtomicOp::Max; break;
    case 0x18: a.op = AtomicOp::MinU; break;
    case 0x1c: a.op = AtomicOp::MaxU; break;
    default: return std::nullopt;
  }
  return a;
}

std::uint32_t amo_result(AtomicOp op, std::uint32_t old, std::uint32_t operand) {
  const auto s = [](std::uint32_t v) { return std::int32_t(v); };
  switch (op) {
    case AtomicOp::Swap: return operand;
    case AtomicOp::Add: return old + operand;
    case AtomicOp::Xor: return old ^ operand;
    case AtomicOp::And: return old & operand;
    case AtomicOp::Or: return old | operand;
    case AtomicOp::Min: return s(old) < s(operand) ? old : operand;
    case AtomicOp::Max: return s(old) > s(operand) ? old : operand;
    case AtomicOp::MinU: return std::min(old, operand);
    case AtomicOp::MaxU: return std::max(old, operand);
    case AtomicOp::LoadReserved:
    case AtomicOp::StoreConditional: break;
  }
  return old;
}

void Reservations::reserve(NodeId hart, std::uint32_t offset, std::uint32_t value) {
  for (Reservation& r : held_)
    if (r.hart == hart) {
      r = {hart, offset, value};
      return;
    }
  held_.push_back({hart, offset, value});
}

bool Reservations::consume(NodeId hart, std::uint32_t offset, std::uint32_t value) {
  const auto it = std::find_if(held_.begin(), held_.end(), [&](const Reservation& r) { return r.hart == hart; });
  if (it == held_.end()) return false;
  const bool valid = it->offset == offset && it->value == value;
  held_.erase(it);
  return valid;
}

void Reservations::stored(std::uint64_t offset, std::uint64_t length) {
  if (held_.empty()) return;
  held_.erase(std::remove_if(held_.begin(), held_.end(),
                             [&](const Reservation& r) { return r.offset < offset + length && offset < r.offset + 4u; }),
              held_.end());
}

}  // namespace icn
