/* One remote load at a time: node 0 loads a word from node `target`'s memory, after the network has
   gone quiet, and prints how many cycles the load took beyond the same measurement around nothing
   (the instructions of reading the cycle counter); the word must be the value that node wrote there
   before. Arguments: target (1), loads (4). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

static volatile uint32_t word;

int main(void) {
  const unsigned me = icn_node(), target = (unsigned)icn_argument(0, 1);
  const uint32_t loads = (uint32_t)icn_argument(1, 4);
  word = 0x1000u + me;
  icn_barrier_tree();
  if (me != 0) return 0;
  uint32_t last = 0;
  for (uint32_t i = 0; i < loads; ++i) {
    for (volatile int wait = 0; wait < 200; ++wait) { /* let the barrier's messages drain */
    }
    const uint64_t before = icn_cycle();
    const uint64_t empty = icn_cycle() - before;
    const uint64_t start = icn_cycle();
    const uint32_t value = *ICN_REMOTE(target, word);
    const uint64_t cycles = icn_cycle() - start;
    printf("remote load from node %u: %llu cycles\n", target, (unsigned long long)(cycles - empty));
    if (value != 0x1000u + target) return 1;
    last = value;
  }
  return last == 0x1000u + target ? 0 : 1;
}
