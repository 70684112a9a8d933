/* An all-to-all transpose through remote memory: the matrix A of (N·B) × (N·B) words is spread by
   rows, node i holding rows i·B … i·B + B − 1; each node writes the B × B block (i, j) of its rows,
   transposed, into node j's copy of the result with remote stores — to node i + 1 first, then i + 2,
   …, so that no node is every sender's first target — then waits at a barrier and checks every word
   it received: T[r][c] = A[c][r], A[r][c] = r · (N·B) + c + 7. Argument 0: B (4, at most 8). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { MOST_NODES = 1024, MOST_BLOCK = 8 };

/* This node's rows of T. Every word of them is written before it is read, so they live in picolibc's
   .preserve section, which start-up does not clear (.bss would cost every run a clear of all 256 KB). */
static uint32_t result[MOST_BLOCK][MOST_NODES * MOST_BLOCK] __attribute__((section(".preserve")));

static uint32_t a(uint32_t row, uint32_t column, uint32_t width) { return row * width + column + 7; }

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t block = (uint32_t)icn_argument(0, 4), width = nodes * block;
  if (nodes > MOST_NODES || block == 0 || block > MOST_BLOCK) {
    printf("transpose: %u nodes and blocks of %lu (allowed: up to %d nodes, blocks of 1..%d)\n", nodes,
           (unsigned long)block, MOST_NODES, MOST_BLOCK);
    return 2;
  }
  for (unsigned k = 1; k <= nodes; ++k) {
    const unsigned to = (me + k) % nodes; /* k = nodes: this node's own block, last */
    volatile uint32_t(*target)[MOST_NODES * MOST_BLOCK] = *ICN_REMOTE(to, result);
    /* T[to·B + r][me·B + c] = A[me·B + c][to·B + r] */
    for (uint32_t r = 0; r < block; ++r)
      for (uint32_t c = 0; c < block; ++c) target[r][me * block + c] = a(me * block + c, to * block + r, width);
  }
  icn_barrier_tree();
  uint32_t wrong = 0;
  for (uint32_t r = 0; r < block; ++r)
    for (uint32_t c = 0; c < width; ++c) wrong += result[r][c] != a(c, me * block + r, width);
  if (me == 0) printf("transpose: %u nodes, %lu x %lu words, %lu remote stores per node\n", nodes,
                      (unsigned long)width, (unsigned long)width, (unsigned long)(block * block * (nodes - 1)));
  if (wrong) printf("transpose: %lu words wrong\n", (unsigned long)wrong);
  return wrong ? 1 : 0;
}
