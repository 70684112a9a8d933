/* The icnsim runtime: what a program on an icnsim core calls (docs/cores.md). The memory map and the
   device registers are in device_map.h, the model's own header. */
#ifndef ICN_H
#define ICN_H
#include <stddef.h>
#include <stdint.h>

#include "device_map.h"

#define ICN_REG(offset) (*(volatile uint32_t *)(ICN_DEVICE_BASE + (offset)))

static inline unsigned icn_node(void) { return ICN_REG(ICN_NODE_ID); }
static inline unsigned icn_nodes(void) { return ICN_REG(ICN_NODE_COUNT); }
/* The core's cycle now (the network's cycles, the core's own time). */
uint64_t icn_cycle(void);
/* software.arguments[i], or `fallback` when fewer are given. */
int32_t icn_argument(unsigned i, int32_t fallback);

/* Node `node`'s copy of a variable of this program (a volatile pointer to it): each load and store
   through it crosses the network (one request and one response packet), timed by it. */
#define ICN_REMOTE(node, variable)                                                                           \
  ((volatile __typeof__(variable) *)(uintptr_t)(ICN_REMOTE_BASE + (uint32_t)(node) * ICN_REMOTE_STRIDE +     \
                                                ((uint32_t)(uintptr_t)&(variable) - ICN_RAM_BASE)))

/* Messages: `length` bytes to `node` with `tag` (split into packets of ICN_MESSAGE_MAX bytes);
   received from `node` (or ICN_ANY) with `tag` (or ICN_ANY) in the order each source sent them.
   icn_recv waits for exactly `length` bytes; it returns the source. Tags from 0xffff0000 on are the
   runtime's own. */
void icn_send(unsigned node, uint32_t tag, const void *bytes, size_t length);
unsigned icn_recv(unsigned node, uint32_t tag, void *bytes, size_t length);
/* Messages from `node` with `tag` (either ICN_ANY) that have arrived, without waiting; and waiting
   until one has, without taking it (its length in bytes). */
unsigned icn_waiting(unsigned node, uint32_t tag);
size_t icn_wait(unsigned node, uint32_t tag);

/* Every node waits until all have arrived: a central counter at node 0 (N − 1 arrivals, then N − 1
   releases), or a dissemination tree (log2 N rounds of one message each way per node). */
void icn_barrier_central(void);
void icn_barrier_tree(void);

/* Word-wise sums (modulo 2^32) or XORs of `count` words (at most 64) over all nodes, into node 0's
   `words`, up a binomial tree (⌈log2 N⌉ steps); the other nodes' words are left partial. */
void icn_reduce_add(uint32_t *words, unsigned count);
void icn_reduce_xor(uint32_t *words, unsigned count);

/* Ends this core's program with `status` (0: success); returning from main does the same. */
void icn_exit(int status) __attribute__((noreturn));

#endif
