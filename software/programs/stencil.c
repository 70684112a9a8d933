/* A 2-D stencil with halo exchange: a (P·B) × (P·B) grid of words on a periodic square, P × P nodes
   (N = P², node i at column i mod P, row i / P) each holding a B × B block with a halo of one word.
   Each of T steps exchanges the block's four edges with the neighbouring nodes (messages), then sets
   every word to 1·east + 2·west + 3·north + 5·south of its old neighbours (modulo 2^32). The
   coefficients differ so that the check sees a halo that went to the wrong side: with the weight
   i^x (i² = −1) of a word at column x, a step multiplies Σ i^x·u by (3 + 5) + i(2 − 1) = 8 + i, and
   with i^y (rows counted southward) Σ i^y·u by (1 + 2) + i(3 − 5) = 3 − 2i, and the plain sum by 11 (exactly, in
   Gaussian integers modulo 2^32; P·B a multiple of 4). Every node adds the three sums of its
   block into node 0's (icn_reduce_add); node 0 checks them against the starting sums times those factors to the
   power T. Arguments: B (16, a multiple of 4, at most 64), T (10). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { MOST = 64, TAG_EAST = 30, TAG_WEST = 31, TAG_NORTH = 32, TAG_SOUTH = 33 };

static uint32_t grid[2][MOST + 2][MOST + 2];
static uint32_t edge[MOST];

typedef struct { uint32_t re, im; } Gauss; /* a Gaussian integer modulo 2^32 */

static Gauss times(Gauss a, Gauss b) { return (Gauss){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
static Gauss plus(Gauss a, Gauss b) { return (Gauss){a.re + b.re, a.im + b.im}; }
/* v · i^k */
static Gauss turned(uint32_t v, uint32_t k) {
  switch (k & 3) {
    case 0: return (Gauss){v, 0};
    case 1: return (Gauss){0, v};
    case 2: return (Gauss){-v, 0};
    default: return (Gauss){0, -v};
  }
}

static uint32_t start(uint32_t x, uint32_t y) { return (x * 40503u + y * 2654435761u) ^ 0x5bd1e995u; }

/* The sums of a block (its words at global columns x0.., rows y0..): plain, by i^x, by i^y. */
static void sums(uint32_t (*u)[MOST + 2], uint32_t b, uint32_t x0, uint32_t y0, Gauss out[3]) {
  out[0] = out[1] = out[2] = (Gauss){0, 0};
  for (uint32_t r = 1; r <= b; ++r)
    for (uint32_t c = 1; c <= b; ++c) {
      out[0].re += u[r][c];
      out[1] = plus(out[1], turned(u[r][c], x0 + c - 1));
      out[2] = plus(out[2], turned(u[r][c], y0 + r - 1));
    }
}

static void send_column(unsigned to, uint32_t tag, uint32_t (*u)[MOST + 2], uint32_t c, uint32_t b) {
  for (uint32_t r = 0; r < b; ++r) edge[r] = u[r + 1][c];
  icn_send(to, tag, edge, b * sizeof edge[0]);
}

static void receive_column(unsigned from, uint32_t tag, uint32_t (*u)[MOST + 2], uint32_t c, uint32_t b) {
  icn_recv(from, tag, edge, b * sizeof edge[0]);
  for (uint32_t r = 0; r < b; ++r) u[r + 1][c] = edge[r];
}

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t b = (uint32_t)icn_argument(0, 16), steps = (uint32_t)icn_argument(1, 10);
  unsigned p = 1;
  while ((p + 1) * (p + 1) <= nodes) ++p;
  if (p * p != nodes || b == 0 || b > MOST || b % 4 != 0) {
    printf("stencil: %u nodes, blocks of %lu (allowed: a square number of nodes, blocks a multiple of 4 up to %d)\n",
           nodes, (unsigned long)b, MOST);
    return 2;
  }
  const unsigned column = me % p, row = me / p;
  const unsigned east = row * p + (column + 1) % p, west = row * p + (column + p - 1) % p;
  const unsigned north = ((row + p - 1) % p) * p + column, south = ((row + 1) % p) * p + column;
  const uint32_t x0 = column * b, y0 = row * b;
  for (uint32_t r = 1; r <= b; ++r)
    for (uint32_t c = 1; c <= b; ++c) grid[0][r][c] = start(x0 + c - 1, y0 + r - 1);
  Gauss total[3];
  sums(grid[0], b, x0, y0, total);

  for (uint32_t t = 0; t < steps; ++t) {
    uint32_t(*u)[MOST + 2] = grid[t & 1], (*next)[MOST + 2] = grid[(t + 1) & 1];
    /* Edges out (each tagged by the side it fills at the receiver), then the halo in. */
    send_column(east, TAG_WEST, u, b, b);
    send_column(west, TAG_EAST, u, 1, b);
    icn_send(north, TAG_SOUTH, &u[1][1], b * sizeof u[0][0]);
    icn_send(south, TAG_NORTH, &u[b][1], b * sizeof u[0][0]);
    receive_column(west, TAG_WEST, u, 0, b);
    receive_column(east, TAG_EAST, u, b + 1, b);
    icn_recv(north, TAG_NORTH, &u[0][1], b * sizeof u[0][0]);
    icn_recv(south, TAG_SOUTH, &u[b + 1][1], b * sizeof u[0][0]);
    for (uint32_t r = 1; r <= b; ++r)
      for (uint32_t c = 1; c <= b; ++c)
        next[r][c] = u[r][c + 1] + 2 * u[r][c - 1] + 3 * u[r - 1][c] + 5 * u[r + 1][c];
  }

  Gauss mine[3];
  sums(grid[steps & 1], b, x0, y0, mine);
  Gauss both[6] = {total[0], total[1], total[2], mine[0], mine[1], mine[2]};
  icn_reduce_add(&both[0].re, 12); /* Gaussian integers add part by part */
  if (me != 0) return 0;
  const Gauss factor[3] = {{11, 0}, {8, 1}, {3, (uint32_t)-2}};
  int wrong = 0;
  for (int k = 0; k < 3; ++k) {
    Gauss expected = both[k];
    for (uint32_t t = 0; t < steps; ++t) expected = times(expected, factor[k]);
    wrong += expected.re != both[3 + k].re || expected.im != both[3 + k].im;
  }
  printf("stencil: %u x %u nodes, %lu x %lu words each, %lu steps%s\n", p, p, (unsigned long)b, (unsigned long)b,
         (unsigned long)steps, wrong ? ": WRONG" : "");
  return wrong ? 1 : 0;
}
