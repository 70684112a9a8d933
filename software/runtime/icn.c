/* The icnsim runtime (icn.h): start-up glue for picolibc, the console, messages and barriers. */
#include "icn.h"

#include <stdio.h>

/* picolibc's stdio writes through this stream: each byte to the node's console. */
static int console_put(char c, FILE *file) {
  (void)file;
  ICN_REG(ICN_CONSOLE) = (unsigned char)c;
  return (unsigned char)c;
}
static FILE console = FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;

/* picolibc's exit() ends here (crt0-hosted calls exit with main's value). */
void _exit(int status) {
  ICN_REG(ICN_EXIT) = (uint32_t)status;
  for (;;) {
  }
}

void icn_exit(int status) { _exit(status); }

uint64_t icn_cycle(void) {
  const uint32_t low = ICN_REG(ICN_CYCLE_LO); /* latches the high word */
  return (uint64_t)ICN_REG(ICN_CYCLE_HI) << 32 | low;
}

int32_t icn_argument(unsigned i, int32_t fallback) {
  if (i >= ICN_REG(ICN_ARG_COUNT)) return fallback;
  ICN_REG(ICN_ARG_INDEX) = i;
  return (int32_t)ICN_REG(ICN_ARG_VALUE);
}

void icn_send(unsigned node, uint32_t tag, const void *bytes, size_t length) {
  static const uint8_t nothing = 0;
  const size_t most = ICN_REG(ICN_MESSAGE_MAX);
  const uint8_t *at = length == 0 ? &nothing : bytes;
  ICN_REG(ICN_SEND_DEST) = node;
  ICN_REG(ICN_SEND_TAG) = tag;
  ICN_REG(ICN_SEND_TOTAL) = length; /* the receiver checks its length against it */
  do { /* a message of no bytes still goes, as one byte */
    const size_t part = length == 0 ? 1 : length < most ? length : most;
    ICN_REG(ICN_SEND_ADDRESS) = (uint32_t)(uintptr_t)at;
    ICN_REG(ICN_SEND_LENGTH) = part;
    ICN_REG(ICN_SEND_GO) = 1;
    at += part;
    length -= length == 0 ? 0 : part;
  } while (length > 0);
}

unsigned icn_recv(unsigned node, uint32_t tag, void *bytes, size_t length) {
  uint8_t *at = bytes;
  uint8_t spare[4];
  unsigned source;
  ICN_REG(ICN_RECV_FROM) = node;
  ICN_REG(ICN_RECV_TAG) = tag;
  ICN_REG(ICN_RECV_LENGTH) = length; /* a message of another length ends the program, naming both */
  /* The first part fixes the source when any was asked for: the rest come from it. */
  do {
    const uint32_t part = ICN_REG(ICN_RECV_WAIT);
    source = ICN_REG(ICN_RECV_SOURCE);
    ICN_REG(ICN_RECV_FROM) = source;
    ICN_REG(ICN_RECV_ADDRESS) = (uint32_t)(uintptr_t)(length == 0 ? spare : at);
    at += length == 0 ? 0 : part;
    length -= length == 0 ? 0 : (part < length ? part : length);
  } while (length > 0);
  return source;
}

unsigned icn_waiting(unsigned node, uint32_t tag) {
  ICN_REG(ICN_RECV_FROM) = node;
  ICN_REG(ICN_RECV_TAG) = tag;
  return ICN_REG(ICN_RECV_COUNT);
}

size_t icn_wait(unsigned node, uint32_t tag) {
  ICN_REG(ICN_RECV_FROM) = node;
  ICN_REG(ICN_RECV_TAG) = tag;
  (void)ICN_REG(ICN_RECV_WAIT);
  return ICN_REG(ICN_RECV_TOTAL);
}

#define TAG_ARRIVE 0xffff0000u
#define TAG_RELEASE 0xffff0001u
#define TAG_REDUCE 0xffff0002u
#define TAG_ROUND 0xffff0100u /* + the round */

void icn_barrier_central(void) {
  const unsigned nodes = icn_nodes();
  if (icn_node() == 0) {
    for (unsigned i = 1; i < nodes; ++i) icn_recv(ICN_ANY, TAG_ARRIVE, NULL, 0);
    for (unsigned i = 1; i < nodes; ++i) icn_send(i, TAG_RELEASE, NULL, 0);
  } else {
    icn_send(0, TAG_ARRIVE, NULL, 0);
    icn_recv(0, TAG_RELEASE, NULL, 0);
  }
}

void icn_barrier_tree(void) {
  /* Hensgen, Finkel and Manber's dissemination barrier: in round k node i signals i + 2^k and waits
     for i − 2^k; after ceil(log2 N) rounds every node has heard, through some path, from all. */
  const unsigned nodes = icn_nodes(), me = icn_node();
  unsigned round = 0;
  for (unsigned distance = 1; distance < nodes; distance <<= 1, ++round) {
    icn_send((me + distance) % nodes, TAG_ROUND + round, NULL, 0);
    icn_recv((me + nodes - distance) % nodes, TAG_ROUND + round, NULL, 0);
  }
}

/* At step d a node with bit d set sends what it has to the node without it, and is done; the others
   take in what the node d above them sends. */
static void reduce_words(uint32_t *words, unsigned count, int exclusive_or) {
  enum { MOST = 64 };
  const unsigned me = icn_node(), nodes = icn_nodes();
  uint32_t part[MOST];
  if (count > MOST) {
    printf("icn_reduce: %u words (allowed: up to %d)\n", count, MOST);
    icn_exit(2);
  }
  for (unsigned distance = 1; distance < nodes; distance <<= 1) {
    if (me & distance) {
      icn_send(me - distance, TAG_REDUCE, words, count * sizeof words[0]);
      return;
    }
    if (me + distance < nodes) {
      icn_recv(me + distance, TAG_REDUCE, part, count * sizeof words[0]);
      for (unsigned i = 0; i < count; ++i) words[i] = exclusive_or ? words[i] ^ part[i] : words[i] + part[i];
    }
  }
}

void icn_reduce_add(uint32_t *words, unsigned count) { reduce_words(words, count, 0); }
void icn_reduce_xor(uint32_t *words, unsigned count) { reduce_words(words, count, 1); }
