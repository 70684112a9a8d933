/* Barriers back to back, the central counter's or the dissemination tree's: before barrier k each
   node records k in its own word, after it each node loads its two neighbours' words from their
   memory (remote loads) and checks that they have reached k, which a barrier that let a node through
   early would break. Node 0 prints the mean cycles per barrier. Arguments: kind (0 central, 1 tree),
   barriers (20). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

static volatile uint32_t reached;

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const int tree = icn_argument(0, 1) != 0;
  const uint32_t barriers = (uint32_t)icn_argument(1, 20);
  const unsigned left = (me + nodes - 1) % nodes, right = (me + 1) % nodes;
  uint32_t wrong = 0;
  const uint64_t start = icn_cycle();
  for (uint32_t k = 1; k <= barriers; ++k) {
    reached = k;
    if (tree) icn_barrier_tree();
    else icn_barrier_central();
    wrong += *ICN_REMOTE(left, reached) < k;
    wrong += *ICN_REMOTE(right, reached) < k;
  }
  const uint64_t cycles = icn_cycle() - start;
  if (me == 0)
    printf("barrier: %s, %u nodes, %lu barriers, %llu cycles each (with two remote loads)\n",
           tree ? "dissemination tree" : "central counter", nodes, (unsigned long)barriers,
           (unsigned long long)(cycles / barriers));
  if (wrong) printf("barrier: %lu neighbours behind\n", (unsigned long)wrong);
  return wrong ? 1 : 0;
}
