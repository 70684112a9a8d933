/* LR/SC reservations as the RISC-V A extension defines them (docs/cores.md, "Atomics"): a store from
   another node to the reserved word makes the SC fail even when it stores the value the word
   already held; an SC with no store in between succeeds; an SC that does not pair with the core's
   last LR fails. Node 1 reserves a word of node 0 (remote), node 0 one of its own (local); node 2
   stores into each between LR and SC. Each node exits 0 when every SC did what the rules say. */
#include <stdio.h>

#include "icn.h"

static volatile uint32_t remote_word = 7, local_word = 9, other_word = 5;

static uint32_t load_reserved(volatile uint32_t *word) {
  uint32_t value;
  __asm__ volatile("lr.w %0, (%1)" : "=r"(value) : "r"(word) : "memory");
  return value;
}

static uint32_t store_conditional(volatile uint32_t *word, uint32_t value) {
  uint32_t failed;
  __asm__ volatile("sc.w %0, %2, (%1)" : "=&r"(failed) : "r"(word), "r"(value) : "memory");
  return failed;
}

#define GO 1
#define DONE 2

/* Reserves `word`, lets node 2 store the value it holds into it, and checks the SC fails; then
   checks an undisturbed LR/SC succeeds, and an SC to another word than the last LR's fails. */
static int check(volatile uint32_t *word, volatile uint32_t *other, unsigned tag) {
  const uint32_t value = load_reserved(word);
  icn_send(2, tag, NULL, 0);
  icn_recv(2, tag + DONE, NULL, 0);
  const uint32_t disturbed = store_conditional(word, value + 1);
  const uint32_t again = load_reserved(word);
  const uint32_t undisturbed = store_conditional(word, again + 1);
  (void)load_reserved(word);
  const uint32_t elsewhere = store_conditional(other, 1);
  printf("SC after another node's store of the same value: %s; undisturbed: %s; to another word: %s\n",
         disturbed ? "failed" : "succeeded", undisturbed ? "failed" : "succeeded", elsewhere ? "failed" : "succeeded");
  return disturbed == 1 && undisturbed == 0 && elsewhere == 1 && *word == value + 1 ? 0 : 1;
}

int main(void) {
  switch (icn_node()) {
    case 0: return check(&local_word, &other_word, 0x10);
    case 1: return check(ICN_REMOTE(0, remote_word), ICN_REMOTE(0, other_word), 0x20);
    case 2:
      for (unsigned served = 0; served < 2; ++served) {
        unsigned tag;
        const unsigned from = icn_recv(ICN_ANY, ICN_ANY, NULL, 0);
        volatile uint32_t *word = from == 0 ? ICN_REMOTE(0, local_word) : ICN_REMOTE(0, remote_word);
        tag = from == 0 ? 0x10 : 0x20;
        *word = *word; /* the same value: only the store itself may end the reservation */
        icn_send(from, tag + DONE, NULL, 0);
      }
      return 0;
    default: return 0;
  }
}
