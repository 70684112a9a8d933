/* A program that checks a deliberately wrong answer: node 0 exits with status 3, the others with 0.
   The tests run it to see a failed program reported as failed (the result and icnsim's exit status). */
#include "icn.h"

int main(void) {
  const unsigned expected = 2 + 2, computed = icn_nodes() > 0 ? 5 : 4;
  return icn_node() == 0 && computed != expected ? 3 : 0;
}
