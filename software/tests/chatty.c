/* A program that prints a lot and may fail on every node at once, for the result on standard output
   (docs/cores.md, "Results"): every node prints L lines of 64 characters (about 1.3 MB on 64 nodes
   at the default), then exits with status S. Arguments: L (300), S (0). */
#include <stdio.h>

#include "icn.h"

int main(void) {
  const unsigned lines = (unsigned)icn_argument(0, 300);
  for (unsigned i = 0; i < lines; ++i)
    printf("line %5u of node %4u: the console goes where the result does not ..........\n", i, icn_node());
  return icn_argument(1, 0);
}
