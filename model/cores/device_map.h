#ifndef ICNSIM_CORES_DEVICE_MAP_H
#define ICNSIM_CORES_DEVICE_MAP_H
/* What a program on an icnsim core sees (docs/cores.md): the one header of its memory map, shared
   by the model (cores/) and the runtime the programs are built with (software/runtime/icn.h).
   C and C++; 32-bit registers, little-endian, accessed with 32-bit loads and stores. */

/* The node's own memory: code, data, stack. processor.memory_bytes of it, at most ICN_RAM_MAX. */
#define ICN_RAM_BASE 0x80000000u
#define ICN_RAM_MAX 0x00100000u
/* Node n's memory, seen from any node: a load or store here is a request and a response packet
   through the network (the data in the packet of its direction), timed by the network. */
#define ICN_REMOTE_BASE 0x20000000u
#define ICN_REMOTE_STRIDE 0x00100000u
#define ICN_REMOTE_NODES 1536u
/* The node's devices: one page of registers. */
#define ICN_DEVICE_BASE 0x10000000u
#define ICN_DEVICE_SIZE 0x1000u

#define ICN_NODE_ID 0x00    /* r: this node */
#define ICN_NODE_COUNT 0x04 /* r: nodes running the program */
#define ICN_CYCLE_LO 0x08   /* r: the core's cycle now; reading it latches ICN_CYCLE_HI */
#define ICN_CYCLE_HI 0x0c   /* r */
#define ICN_CONSOLE 0x10    /* w: one byte of the node's console (kept in the result) */
#define ICN_EXIT 0x14       /* w: halts the core; the value is its status (0: success) */
#define ICN_ARG_COUNT 0x18  /* r: software.arguments given */
#define ICN_ARG_INDEX 0x1c  /* w: which argument ICN_ARG_VALUE reads */
#define ICN_ARG_VALUE 0x20  /* r */

/* The message unit: send a local buffer to a node with a tag; receive what arrived from a source with a
   tag (either may be ICN_ANY), in the order each source sent it. */
#define ICN_SEND_DEST 0x40    /* w: the node to send to */
#define ICN_SEND_ADDRESS 0x44 /* w: local address of the bytes */
#define ICN_SEND_LENGTH 0x48  /* w: bytes, 1..ICN_MESSAGE_MAX */
#define ICN_SEND_GO 0x4c      /* w: sends them as one packet; the core waits while its source queue is full */
#define ICN_MESSAGE_MAX 0x50  /* r: bytes one message carries at most on this platform */
#define ICN_SEND_TAG 0x54     /* w: the tag the next messages carry */
#define ICN_RECV_FROM 0x60    /* w: the source the receive registers look at, or ICN_ANY */
#define ICN_RECV_COUNT 0x64   /* r: messages from it that have arrived (does not wait) */
#define ICN_RECV_WAIT 0x68    /* r: waits until one has arrived, then its length in bytes */
#define ICN_RECV_SOURCE 0x6c  /* r: the source of the first that has arrived (after ICN_RECV_WAIT) */
#define ICN_RECV_ADDRESS 0x70 /* w: copies the first that has arrived to this local address, removes it */
#define ICN_RECV_TAG 0x74     /* w: the tag the receive registers look at, or ICN_ANY */
#define ICN_RECV_HEAD_TAG 0x78 /* r: the tag of the first that has arrived (after ICN_RECV_WAIT) */
#define ICN_SEND_TOTAL 0x58   /* w: bytes of the whole message the next parts belong to (ICN_ANY: each part is one) */
#define ICN_RECV_TOTAL 0x7c   /* r: bytes of the whole message the first that has arrived belongs to */
#define ICN_RECV_LENGTH 0x80  /* w: bytes the program expects of the message it takes next (ICN_ANY: no check) */
#define ICN_ANY 0xffffffffu

#endif
