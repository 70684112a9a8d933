/* A personalised all-to-all by messages (MPI_Alltoall's exchange), the communication-bound program:
   in each round every node sends a block of W words to every other node — to node i + 1 first, then
   i + 2, …, so that at each step the nodes together send a shift permutation — without waiting for
   them to arrive (the message unit reads the block itself, as a DMA engine would; a send waits only
   while the node's source queue is full), then receives the N − 1 blocks meant for it, each checked
   as it comes (a receive waits, stalled, until the block is whole): block (i → j) of round r is a word
   naming j, then W − 1 words a + w·b (a, b hashed from r and i), checked by its first word and its
   sum, (W − 1)·a + b·W(W − 1)/2. Arguments: W (64, at most 256), rounds (2). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { MOST_WORDS = 256, MOST_NODES = 1024 };

static uint32_t outgoing[MOST_WORDS], incoming[MOST_WORDS];

/* A mixing hash of three numbers. */
static uint32_t word(uint32_t round, uint32_t from, uint32_t index) {
  uint32_t x = (round * 257u + from) * 2654435761u + index * 40503u + 1u;
  x ^= x >> 15;
  x *= 2246822519u;
  return x ^ (x >> 13);
}

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t words = (uint32_t)icn_argument(0, 64), rounds = (uint32_t)icn_argument(1, 2);
  if (words < 2 || words > MOST_WORDS || nodes > MOST_NODES) {
    printf("alltoall: blocks of %lu words on %u nodes (allowed: 2..%d words, up to %d nodes)\n",
           (unsigned long)words, nodes, MOST_WORDS, MOST_NODES);
    return 2;
  }
  uint32_t wrong = 0;
  const uint64_t start = icn_cycle();
  for (uint32_t round = 0; round < rounds; ++round) {
    for (uint32_t w = 1; w < words; ++w) outgoing[w] = word(round, me, 0) + w * word(round, me, 1);
    for (unsigned k = 1; k < nodes; ++k) {
      const unsigned to = (me + k) % nodes;
      outgoing[0] = word(round, me, 1000000u + to); /* names the destination: a block delivered wrong shows */
      icn_send(to, round, outgoing, words * sizeof outgoing[0]);
    }
    for (unsigned k = 1; k < nodes; ++k) { /* in the order they were sent to this node; waiting is a stall */
      const unsigned from = (me + nodes - k) % nodes;
      icn_recv(from, round, incoming, words * sizeof incoming[0]);
      uint32_t sum = 0;
      for (uint32_t w = 1; w < words; ++w) sum += incoming[w];
      /* Σ_{w=1}^{W−1} (a + w·b) = (W − 1)·a + b·W(W − 1)/2, modulo 2^32 */
      const uint32_t expected = (words - 1) * word(round, from, 0) + word(round, from, 1) * (words * (words - 1) / 2);
      wrong += (incoming[0] != word(round, from, 1000000u + me)) + (sum != expected);
    }
  }
  if (me == 0)
    printf("alltoall: %u nodes, %lu rounds of %lu-word blocks, %lu cycles\n", nodes, (unsigned long)rounds,
           (unsigned long)words, (unsigned long)(icn_cycle() - start));
  if (wrong) printf("alltoall: %lu blocks wrong\n", (unsigned long)wrong);
  return wrong ? 1 : 0;
}
