/* Random updates to a table spread over the nodes (GUPS, HPCC's RandomAccess, in its message-passing
   form): each node draws updates from its own stream, x ← x·6364136223846793005 + 1442695040888963407
   (Knuth's MMIX constants) seeded by its number, the word index and the value from the top bits of x;
   updates to other nodes' words are sent in buckets of up to 32 per owner, which XORs them into its
   words. Because each owner applies its updates itself, none is lost; two checksums over GF(2) show
   that every update was applied once and to its word: the XOR of all words, which an update changes by
   its value, and the XOR of each word rotated by its index, changed by the value rotated by the
   update's index. Each node adds its updates' share to both; icn_reduce_xor brings them to node 0,
   which checks them. Arguments: updates per node (4096), words per node (1024, a power of 2). */
#include <stdint.h>
#include <stdio.h>

#include "icn.h"

enum { BUCKET = 32, MOST_WORDS = 16384, MOST_NODES = 1024, TAG_UPDATES = 20, TAG_DONE = 21 };

/* The words and the buckets are written before they are read (the words set below, a bucket's pairs
   counted by `filled`), so they live in picolibc's .preserve section, which start-up does not clear
   (.bss would cost every run a clear of all 320 KB); the counts must start at 0 and stay in .bss. */
static uint32_t table[MOST_WORDS] __attribute__((section(".preserve")));
/* (global index, value) pairs waiting for each owner */
static uint32_t bucket[MOST_NODES][2 * BUCKET] __attribute__((section(".preserve")));
static uint8_t filled[MOST_NODES];

static uint32_t rotl(uint32_t v, unsigned by) { by &= 31; return by ? v << by | v >> (32 - by) : v; }

typedef struct {
  uint32_t plain, rotated;
} Checksum;

/* An update this node owns: its global index's word here. */
static void apply(uint32_t global, uint32_t value, uint32_t words) { table[global & (words - 1)] ^= value; }

/* Takes one bucket of updates (from `from`, or any node) and applies it. */
static void apply_bucket(unsigned from, uint32_t words) {
  uint32_t got[2 * BUCKET];
  icn_recv(from, TAG_UPDATES, got, sizeof got);
  for (unsigned i = 0; i < BUCKET; ++i) apply(got[2 * i], got[2 * i + 1], words);
}

int main(void) {
  const unsigned me = icn_node(), nodes = icn_nodes();
  const uint32_t updates = (uint32_t)icn_argument(0, 4096), words = (uint32_t)icn_argument(1, 1024);
  if (nodes > MOST_NODES || words > MOST_WORDS || (words & (words - 1)) != 0) {
    printf("gups: %u nodes, %lu words (allowed: up to %d nodes, a power of 2 up to %d words)\n", nodes,
           (unsigned long)words, MOST_NODES, MOST_WORDS);
    return 2;
  }
  Checksum before = {0, 0}, expected = {0, 0};
  for (uint32_t w = 0; w < words; ++w) {
    table[w] = (me * words + w) * 2654435761u;
    before.plain ^= table[w];
    before.rotated ^= rotl(table[w], me * words + w);
  }
  uint64_t x = me + 1;
  for (uint32_t u = 0; u < updates; ++u) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const uint32_t global = (uint32_t)(x >> 40) % (nodes * words), value = (uint32_t)(x >> 8);
    const unsigned owner = global / words;
    expected.plain ^= value;
    expected.rotated ^= rotl(value, global);
    if (owner == me) {
      apply(global, value, words);
      continue;
    }
    bucket[owner][2 * filled[owner]] = global;
    bucket[owner][2 * filled[owner] + 1] = value;
    if (++filled[owner] == BUCKET) {
      icn_send(owner, TAG_UPDATES, bucket[owner], sizeof bucket[owner]);
      filled[owner] = 0;
    }
    /* Apply what has arrived meanwhile, so that no node's messages pile up. */
    while (icn_waiting(ICN_ANY, TAG_UPDATES)) apply_bucket(ICN_ANY, words);
  }
  /* The last buckets, each told how many it holds, then every node's last message ends its stream:
     to node me + 1 first, then me + 2, …, so that no node is every sender's first target (in owner
     order all of them went to node 0 at once: on 1,024 nodes 621,226 cycles against 546,097). */
  for (unsigned k = 1; k < nodes; ++k) {
    const unsigned owner = (me + k) % nodes;
    uint32_t last[2 * BUCKET + 1];
    last[0] = filled[owner];
    for (unsigned i = 0; i < 2u * filled[owner]; ++i) last[1 + i] = bucket[owner][i];
    icn_send(owner, TAG_DONE, last, sizeof last);
  }
  for (unsigned done = 1; done < nodes;) {
    icn_wait(ICN_ANY, ICN_ANY); /* until something has arrived */
    if (icn_waiting(ICN_ANY, TAG_UPDATES)) {
      apply_bucket(ICN_ANY, words);
    } else if (icn_waiting(ICN_ANY, TAG_DONE)) {
      uint32_t last[2 * BUCKET + 1];
      const unsigned from = icn_recv(ICN_ANY, TAG_DONE, last, sizeof last);
      /* A source's buckets all arrived before its last message (messages keep their order per source),
         unless they are still waiting under the other tag: take those first. */
      while (icn_waiting(from, TAG_UPDATES)) apply_bucket(from, words);
      for (unsigned i = 0; i < last[0]; ++i) apply(last[1 + 2 * i], last[2 + 2 * i], words);
      ++done;
    }
  }
  /* This node's share of the checksums: its words after, against its words before and its updates. */
  Checksum share = {before.plain ^ expected.plain, before.rotated ^ expected.rotated}, after = {0, 0};
  for (uint32_t w = 0; w < words; ++w) {
    after.plain ^= table[w];
    after.rotated ^= rotl(table[w], me * words + w);
  }
  uint32_t sums[4] = {share.plain, share.rotated, after.plain, after.rotated};
  icn_reduce_xor(sums, 4);
  if (me != 0) return 0;
  printf("gups: %u nodes x %lu updates into %lu words each\n", nodes, (unsigned long)updates, (unsigned long)words);
  return sums[0] == sums[2] && sums[1] == sums[3] ? 0 : 1;
}
