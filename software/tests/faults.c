/* A program that goes wrong on purpose, for the tests (tests/scripts/test_cores.py): node 1 does what
   argument 0 says, the others halt at once. 0: a load from an unmapped address; 1: a jump to one;
   2: an invalid instruction; 3: never halts; 4: a load past another node's memory. */
#include <stdint.h>

#include "icn.h"

static const uint32_t not_code[2] = {0xffffffffu, 0xffffffffu};

int main(void) {
  if (icn_node() != 1) return 0;
  switch (icn_argument(0, 0)) {
    case 0: return (int)*(volatile uint32_t *)0x50000000u;
    case 1: ((void (*)(void))0x60000000u)(); return 0;
    case 2: ((void (*)(void))(uintptr_t)not_code)(); return 0;
    case 3: for (;;) {}
    case 4: return (int)*(volatile uint32_t *)(ICN_REMOTE_BASE + 2 * ICN_REMOTE_STRIDE + ICN_RAM_MAX - 2);
  }
  return 0;
}
