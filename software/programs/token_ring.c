/* A token ring: node 0 sends a token to node 1, each node passes it on to the next and back to node
   0, for a number of laps; each hop adds one to the token, so after L laps it must read L × nodes.
   Node 0 prints the mean cycles per hop (the network's latency for a one-flit-data message plus the
   cores' own work). Argument 0: laps (10). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { TAG_TOKEN = 7 };

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t laps = (uint32_t)icn_argument(0, 10);
  const unsigned next = (me + 1) % nodes, previous = (me + nodes - 1) % nodes;
  uint32_t token = 0;
  const uint64_t start = icn_cycle();
  for (uint32_t lap = 0; lap < laps; ++lap) {
    if (me == 0) {
      token += 1;
      icn_send(next, TAG_TOKEN, &token, sizeof token);
      icn_recv(previous, TAG_TOKEN, &token, sizeof token);
    } else {
      icn_recv(previous, TAG_TOKEN, &token, sizeof token);
      token += 1;
      icn_send(next, TAG_TOKEN, &token, sizeof token);
    }
  }
  if (me != 0) return 0;
  const uint64_t cycles = icn_cycle() - start;
  printf("token ring: %lu laps of %u nodes, %llu cycles per hop\n", (unsigned long)laps, nodes,
         (unsigned long long)(cycles / ((uint64_t)laps * nodes)));
  return token == laps * nodes ? 0 : 1;
}
