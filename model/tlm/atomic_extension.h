#pragma once
// A read-modify-write that the target executes as one indivisible operation (the RISC-V A extension's
// AMOs, LR and SC on another node's memory; docs/cores.md, "Atomics"). The transaction is a write
// whose data is the operand; the target replaces the data with the old value (or, for SC, 0 on
// success and 1 on failure), so its response packet carries data back as a read's does.
#include <tlm>

#include <cstdint>

#include "common/types.h"

namespace icn {

enum class AtomicOp : std::uint8_t { Swap, Add, Xor, And, Or, Min, Max, MinU, MaxU, LoadReserved, StoreConditional };

struct AtomicExtension : tlm::tlm_extension<AtomicExtension> {
  AtomicOp op = AtomicOp::Add;
  NodeId initiator = 0;  // whose reservation an LR makes and an SC asks for

  tlm::tlm_extension_base* clone() const override { return new AtomicExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const AtomicExtension&>(other);
  }
  // Whether a transaction's response carries data: a read's, and an atomic's old value.
  static bool data_back(const tlm::tlm_generic_payload& payload) {
    return payload.is_read() || payload.get_extension<AtomicExtension>() != nullptr;
  }
};

}  // namespace icn
