// The RISC-V A extension as the cores execute it at a word's owner (cores/atomics.h, docs/cores.md
// "Atomics"): each AMO's result, the decoding of every .w instruction, and LR/SC reservations that
// any store to the word ends.
#include <catch2/catch.hpp>

#include "cores/atomics.h"

using namespace icn;

TEST_CASE("each A-extension word instruction decodes to its operation and registers", "[cores]") {
  // amoadd.w a0,a1,(a2); amoswap.w.aq a5,a4,(a3); lr.w a0,(a1); sc.w a2,a3,(a4); amomaxu.w zero,a1,(a0)
  const auto add = decode_atomic(0x00b6252f);
  REQUIRE(add);
  CHECK(add->op == AtomicOp::Add);
  CHECK((add->rd == 10 && add->rs1 == 12 && add->rs2 == 11));
  CHECK(decode_atomic(0x0ce6a7af)->op == AtomicOp::Swap);
  CHECK(decode_atomic(0x1005a52f)->op == AtomicOp::LoadReserved);
  CHECK(decode_atomic(0x18d7262f)->op == AtomicOp::StoreConditional);
  CHECK(decode_atomic(0xe0b5202f)->op == AtomicOp::MaxU);
  CHECK_FALSE(decode_atomic(0x0007a703));  // lw: not an atomic
  CHECK_FALSE(decode_atomic(0x00b6352f));  // amoadd.d: not rv32's
}

TEST_CASE("an AMO leaves the operation of the old value and the operand, signed or unsigned as named", "[cores]") {
  CHECK(amo_result(AtomicOp::Add, 0xffffffff, 2) == 1);
  CHECK(amo_result(AtomicOp::Swap, 5, 9) == 9);
  CHECK(amo_result(AtomicOp::Xor, 0b1100, 0b1010) == 0b0110);
  CHECK(amo_result(AtomicOp::And, 0b1100, 0b1010) == 0b1000);
  CHECK(amo_result(AtomicOp::Or, 0b1100, 0b1010) == 0b1110);
  CHECK(amo_result(AtomicOp::Min, 0xffffffff, 1) == 0xffffffff);  // -1 < 1
  CHECK(amo_result(AtomicOp::MinU, 0xffffffff, 1) == 1);
  CHECK(amo_result(AtomicOp::Max, 0xffffffff, 1) == 1);
  CHECK(amo_result(AtomicOp::MaxU, 0xffffffff, 1) == 0xffffffff);
}

TEST_CASE("an SC succeeds only on its hart's reservation of that word, unbroken by any store to the word",
          "[cores]") {
  Reservations r;
  r.reserve(1, 0x100, 7);
  CHECK(r.consume(1, 0x100, 7));
  CHECK_FALSE(r.consume(1, 0x100, 7));  // consumed: a second SC fails

  r.reserve(1, 0x100, 7);
  r.stored(0x102, 1);  // a byte of the word, even of the same value
  CHECK_FALSE(r.consume(1, 0x100, 7));

  r.reserve(1, 0x100, 7);
  r.stored(0x104, 4);  // the next word: the reservation holds
  CHECK(r.consume(1, 0x100, 7));

  r.reserve(1, 0x100, 7);
  r.reserve(2, 0x100, 7);
  CHECK_FALSE(r.consume(1, 0x200, 7));  // another word than its LR's
  CHECK(r.consume(2, 0x100, 7));        // each hart's own

  r.reserve(3, 0x100, 7);
  CHECK_FALSE(r.consume(3, 0x100, 8));  // the word changed unseen (the owner's own plain store)
}
