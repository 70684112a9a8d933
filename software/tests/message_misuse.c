/* Messages misused on purpose (docs/cores.md, "Messages"). Argument 0: node 1 sends node 0 32 bytes
   with tag 7, node 0 receives 16: the run ends naming node 0, the source, the tag and both lengths,
   and node 0's buffer past 16 bytes is never written. Argument 1: every node sends node 0 ten
   messages of 64 bytes that node 0 never receives, which software.message_buffer_bytes bounds.
   Argument 2: node 0 asks icn_wait for the length of node 1's 40-byte message and receives it whole. */
#include <stdio.h>
#include <string.h>

#include "icn.h"

int main(void) {
  const unsigned me = icn_node();
  const int mode = icn_argument(0, 0);
  uint8_t bytes[64];
  memset(bytes, 0x5a, sizeof bytes);
  if (mode == 0 || mode == 2) {
    const size_t sent = mode == 0 ? 32 : 40;
    if (me == 1) icn_send(0, 7, bytes, sent);
    if (me != 0) return 0;
    uint8_t buffer[16 + 48];
    memset(buffer, 0, sizeof buffer);
    const size_t length = mode == 0 ? 16 : icn_wait(1, 7);
    icn_recv(1, 7, buffer, length);
    printf("received %u bytes\n", (unsigned)length);
    return length == sent ? 0 : 1;
  }
  if (me != 0)
    for (unsigned i = 0; i < 10; ++i) icn_send(0, 1, bytes, sizeof bytes);
  if (me == 0) {
    const uint64_t until = icn_cycle() + 100000;
    while (icn_cycle() < until) {
    }
  }
  return 0;
}
