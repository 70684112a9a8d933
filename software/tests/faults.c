/* A program that goes wrong on purpose, for the tests (tests/scripts/test_cores.py): node 1 does what
   argument 0 says, the others halt at once. 0: a load from an unmapped address; 1: a jump to one;
   2: an invalid instruction; 3: never halts; 4: a load past another node's memory; 5: ebreak; 6: ecall;
   7: a misaligned atomic. Before 2, 5 and 6 it prints the address of the instruction that faults. */
#include <stdint.h>

#include "icn.h"

#include <stdio.h>

static const uint32_t not_code[2] = {0xffffffffu, 0xffffffffu};

/* Each faulting instruction at a symbol of its own, so that its address can be printed first. */
__asm__(".globl fault_ebreak\nfault_ebreak:\n\tebreak\n\tret\n"
        ".globl fault_ecall\nfault_ecall:\n\tecall\n\tret\n");
void fault_ebreak(void);
void fault_ecall(void);

static void at(const void *instruction) { printf("faults at 0x%08x\n", (unsigned)(uintptr_t)instruction); }

int main(void) {
  if (icn_node() != 1) return 0;
  switch (icn_argument(0, 0)) {
    case 0: return (int)*(volatile uint32_t *)0x50000000u;
    case 1: ((void (*)(void))0x60000000u)(); return 0;
    case 2: at(not_code); ((void (*)(void))(uintptr_t)not_code)(); return 0;
    case 3: for (;;) {}
    case 4: return (int)*(volatile uint32_t *)(ICN_REMOTE_BASE + 2 * ICN_REMOTE_STRIDE + ICN_RAM_MAX - 2);
    case 5: at((const void *)fault_ebreak); fault_ebreak(); return 0;
    case 6: at((const void *)fault_ecall); fault_ecall(); return 0;
    case 7: return (int)__atomic_fetch_add((volatile uint32_t *)(ICN_REMOTE_BASE + 2 * ICN_REMOTE_STRIDE + 2), 1u,
                                           __ATOMIC_SEQ_CST);
  }
  return 0;
}
