/* Code rewritten at the same address is timed as what it now is (docs/cores.md, "Timing"): a
   function written into memory as seven compressed additions and a return (8 instructions, 16 bytes)
   is called N times, then rewritten in place, in the same 16 bytes, as three 32-bit additions, a
   compressed one and a return (5 instructions) and called N times again. At one cycle per
   instruction the second phase takes exactly 3·N cycles less than the first, and the sums show both
   versions ran. Exit 0 when both hold. Argument: N (1000). */
#include <stdio.h>

#include "icn.h"

#define ADDI_A0_1 0x0513u, 0x0015u /* addi a0, a0, 1 (32 bits, low half first) */
#define C_ADDI_A0_1 0x0505u        /* c.addi a0, 1 */
#define C_RET 0x8082u              /* c.jr ra */

static uint16_t code[8] __attribute__((aligned(64)));

static void write_function(const uint16_t *halves) {
  for (unsigned i = 0; i < 8; ++i) code[i] = halves[i];
  __asm__ volatile(".4byte 0x0000100f" ::: "memory"); /* fence.i (Zifencei: not in picolibc's rv32imac multilib name) */
}

static uint64_t run(unsigned calls, uint32_t *sum) {
  uint32_t (*volatile function)(uint32_t) = (uint32_t(*)(uint32_t))(uintptr_t)code;
  const uint64_t start = icn_cycle();
  for (unsigned i = 0; i < calls; ++i) *sum = function(*sum);
  return icn_cycle() - start;
}

int main(void) {
  if (icn_node() != 0) return 0;
  const unsigned calls = (unsigned)icn_argument(0, 1000);
  uint32_t first = 0, second = 0;
  static const uint16_t seven[8] = {C_ADDI_A0_1, C_ADDI_A0_1, C_ADDI_A0_1, C_ADDI_A0_1,
                                    C_ADDI_A0_1, C_ADDI_A0_1, C_ADDI_A0_1, C_RET};
  static const uint16_t four[8] = {ADDI_A0_1, ADDI_A0_1, ADDI_A0_1, C_ADDI_A0_1, C_RET};
  write_function(seven);
  const uint64_t before = run(calls, &first);
  write_function(four);
  const uint64_t after = run(calls, &second);
  printf("%u calls: %llu cycles as 8 instructions, %llu as 5 in the same bytes\n", calls, (unsigned long long)before,
         (unsigned long long)after);
  return first == 7 * calls && second == 4 * calls && before - after == 3ull * calls ? 0 : 1;
}
