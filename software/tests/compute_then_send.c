/* A long compute phase with nothing in the network, then one message (docs/cores.md): node 0 computes
   until cycle C, then sends 4 bytes to the node farthest from it on a k x k torus (k/2 hops in each
   dimension), which receives them and checks them. An empty network is progress: the watchdog must
   not take the message, caught in flight at its next check, for a network that stopped. Argument: C
   (24950). */
#include <stdio.h>

#include "icn.h"

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  unsigned k = 1;
  while (k * k < nodes) ++k;
  const unsigned far = k / 2 + (k / 2) * k;
  const uint64_t until = (uint64_t)(uint32_t)icn_argument(0, 24950);
  uint32_t word = 0x600dcafe;
  if (me == 0) {
    uint32_t x = 1;
    while (icn_cycle() < until) x = x * 1664525u + 1013904223u; /* work, in the core alone */
    icn_send(far, 1, &word, sizeof word);
    return x == 0; /* keeps the work; x is odd-even mixed, never 0 in practice */
  }
  if (me == far) {
    word = 0;
    icn_recv(0, 1, &word, sizeof word);
    printf("received %08x at cycle %llu\n", (unsigned)word, (unsigned long long)icn_cycle());
    return word == 0x600dcafe ? 0 : 1;
  }
  return 0;
}
