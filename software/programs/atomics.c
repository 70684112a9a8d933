/* Atomic memory operations across the network (docs/cores.md, "Atomics"): every node updates words
   in node 0's memory K times with amoadd.w, with an LR/SC loop, and under a spin lock taken with
   amoswap.w (inside it a plain remote load and store, which only the lock keeps whole); then once
   with each other AMO. Node 0 reads them after a barrier and checks each against its closed form:
   a lost update anywhere shows as a count short of N·K. Node 0 uses its own addresses (local
   atomics); the others reach the words through the network. Argument: K (8). */
#include <stdio.h>

#include "icn.h"

static volatile uint32_t added, conditional, locked, lock, most, least, bits, exclusive;

/* Node 0's copy of a variable: its own on node 0, across the network elsewhere. */
#define AT_NODE_0(variable) (icn_node() == 0 ? &(variable) : ICN_REMOTE(0, variable))

static uint32_t lr_sc_add(volatile uint32_t *word, uint32_t value, unsigned *retries) {
  uint32_t old, failed;
  for (;;) {
    __asm__ volatile("lr.w %0, (%2)\n\tadd %1, %0, %3\n\tsc.w %1, %1, (%2)"
                     : "=&r"(old), "=&r"(failed)
                     : "r"(word), "r"(value)
                     : "memory");
    if (!failed) return old;
    ++*retries;
  }
}

/* GCC offers no builtin for these two AMOs. */
static void amo_max_unsigned(volatile uint32_t *word, uint32_t value) {
  __asm__ volatile("amomaxu.w zero, %1, (%0)" : : "r"(word), "r"(value) : "memory");
}
static void amo_min(volatile uint32_t *word, int32_t value) {
  __asm__ volatile("amomin.w zero, %1, (%0)" : : "r"(word), "r"(value) : "memory");
}

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const unsigned k = (unsigned)icn_argument(0, 8);
  unsigned retries = 0;
  icn_barrier_tree(); /* node 0's words are zero before anyone adds */
  for (unsigned i = 0; i < k; ++i) {
    __atomic_fetch_add(AT_NODE_0(added), 1u, __ATOMIC_SEQ_CST);
    lr_sc_add(AT_NODE_0(conditional), 1u, &retries);
    /* Test and set with exponential back-off, as a lock on a distant word is written: spinning on the
       swap alone would fill node 0's links with requests. */
    for (uint64_t wait = 16; __atomic_exchange_n(AT_NODE_0(lock), 1u, __ATOMIC_ACQUIRE) != 0; wait = wait < 4096 ? 2 * wait : wait) {
      const uint64_t until = icn_cycle() + wait;
      while (icn_cycle() < until) {
      }
    }
    *AT_NODE_0(locked) = *AT_NODE_0(locked) + 1; /* a plain load and store: whole only under the lock */
    __atomic_store_n(AT_NODE_0(lock), 0u, __ATOMIC_RELEASE);
  }
  amo_max_unsigned(AT_NODE_0(most), me + 1);
  amo_min(AT_NODE_0(least), -(int32_t)me);
  __atomic_fetch_or(AT_NODE_0(bits), 1u << (me % 32), __ATOMIC_SEQ_CST);
  __atomic_fetch_xor(AT_NODE_0(exclusive), me, __ATOMIC_SEQ_CST);
  icn_barrier_tree();
  if (me != 0) return 0;
  uint32_t xor_all = 0, mask = 0;
  for (unsigned n = 0; n < nodes; ++n) {
    xor_all ^= n;
    mask |= 1u << (n % 32);
  }
  const int right = added == nodes * k && conditional == nodes * k && locked == nodes * k && most == nodes &&
                    (int32_t)least == -(int32_t)(nodes - 1) && bits == mask && exclusive == xor_all;
  printf("atomics: %u nodes x %u: amoadd %u, lr/sc %u (node 0 retried %u), locked %u, max %u, min %d, or %08x, "
         "xor %u: %s\n",
         nodes, k, (unsigned)added, (unsigned)conditional, retries, (unsigned)locked, (unsigned)most, (int)(int32_t)least,
         (unsigned)bits, (unsigned)exclusive, right ? "right" : "WRONG");
  return right ? 0 : 1;
}
