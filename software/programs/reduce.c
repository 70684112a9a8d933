/* A parallel reduction: every node sums its slice of i² over i < M = nodes × chunk, the partial sums
   travel up a binomial tree to node 0 and the total back down; every node checks it against
   (M − 1) M (2M − 1) / 6. Argument 0: chunk (4096). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { TAG_UP = 1, TAG_DOWN = 2 };

static uint64_t f(uint32_t i) { return (uint64_t)i * i; }
/* (m − 1) m (2m − 1) / 6 modulo 2^64, as the sum wraps: the division done on the factors first. */
static uint64_t expected(uint64_t m) {
  uint64_t a = m - 1, b = m, c = 2 * m - 1;
  if (a % 2 == 0) a /= 2; else b /= 2;
  if (a % 3 == 0) a /= 3; else if (b % 3 == 0) b /= 3; else c /= 3;
  return a * b * c;
}

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t chunk = (uint32_t)icn_argument(0, 4096);
  uint64_t sum = 0;
  for (uint32_t i = me * chunk; i < (me + 1) * chunk; ++i) sum += f(i);
  /* Up: at step d a node whose bit d is set sends to the node without it, and is done. */
  unsigned distance = 1;
  for (; distance < nodes; distance <<= 1) {
    if (me & distance) {
      icn_send(me - distance, TAG_UP, &sum, sizeof sum);
      break;
    }
    if (me + distance < nodes) {
      uint64_t part;
      icn_recv(me + distance, TAG_UP, &part, sizeof part);
      sum += part;
    }
  }
  uint64_t total = sum;
  if (me == 0) {
    if (total != expected((uint64_t)nodes * chunk)) {
      printf("reduce: total %llu, expected %llu\n", (unsigned long long)total,
             (unsigned long long)expected((uint64_t)nodes * chunk));
      return 1;
    }
    printf("reduce: %u nodes x %lu values, total %llu\n", nodes, (unsigned long)chunk, (unsigned long long)total);
  } else {
    icn_recv(me - distance, TAG_DOWN, &total, sizeof total);
  }
  /* Down the same tree: to the nodes this one received from, farthest first. */
  for (distance >>= 1; distance > 0; distance >>= 1)
    if (me + distance < nodes && !(me & distance)) icn_send(me + distance, TAG_DOWN, &total, sizeof total);
  return total == expected((uint64_t)nodes * chunk) ? 0 : 2;
}
