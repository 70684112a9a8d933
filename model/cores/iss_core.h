#pragma once
// A node's processor that runs software (docs/cores.md): a RISC-V rv32imac core emulated by Unicorn 2
// in its own SystemC thread, with the node's memory, its device page and message unit, and a
// TLM-2.0 initiator socket through which its loads and stores to other nodes' memory leave the node.
//
// Timing (loosely timed, TLM-2.0's temporal decoupling): each basic block the emulator enters adds
// its instructions × processor.cycles_per_instruction and its loads and stores ×
// processor.memory_latency to the core's local time; the core runs ahead of the network by at most
// processor.quantum cycles (tlm_quantumkeeper) and synchronises on every access that leaves the node
// (another node's memory, a message sent or received, a look at what has arrived). Local code, loads
// and stores run at the emulator's own speed: no hook sees them. A core that waits on the network
// counts stall cycles, not instructions.
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <systemc>
#include <vector>

#include "common/types.h"
#include "cores/atomics.h"
#include "cores/block_cost.h"
#include "cores/elf_image.h"
#include "cores/processor_config.h"

struct uc_struct;

namespace icn {

class CycleClock;
class MessageUnit;

// What a core tells its run: it halted (its status written to ICN_EXIT), or its program failed (an
// unmapped address, an invalid instruction, a device misused) with one line naming the node.
struct CoreEvents {
  std::function<void(NodeId node)> halted;
  std::function<void(const std::string& reason)> failed;
};

class IssCore : public sc_core::sc_module {
 public:
  // Its loads and stores to other nodes' memory (the remote window), as the node's local initiator.
  tlm_utils::simple_initiator_socket<IssCore> socket;
  // Its own memory as the node's local target, for the other nodes' remote accesses.
  tlm_utils::simple_target_socket<IssCore> memory_socket;

  IssCore(sc_core::sc_module_name name, NodeId node, NodeId nodes, const ProcessorConfig& config,
          const ElfImage& image, CycleClock& clock, MessageUnit& messages, CoreEvents events);
  ~IssCore() override;

  NodeId node() const { return node_; }
  bool halted() const { return halted_; }
  std::int32_t exit_status() const { return exit_status_; }
  Cycle halt_cycle() const { return halt_cycle_; }
  std::uint64_t instructions() const { return instructions_; }
  std::uint64_t stall_cycles() const { return stall_cycles_; }
  std::uint64_t remote_loads() const { return remote_loads_; }
  std::uint64_t remote_stores() const { return remote_stores_; }
  const std::string& console() const { return console_; }
  // Where the cores print their consoles' lines ("node N: …"): standard output unless the command's
  // result goes there (--out -), when they go to standard error, so that the result stays JSON alone.
  static void print_consoles_to(std::ostream& out) { console_out_ = &out; }
  // The core's cycle now: the network's time plus what it has run ahead.
  Cycle local_cycle() const;

 private:
  void run();
  // Unicorn's callbacks (the engine's C interface), each passed the core.
  static void on_block(uc_struct* uc, std::uint64_t address, std::uint32_t size, void* core);
  static void on_atomic(uc_struct* uc, std::uint64_t address, std::uint32_t size, void* core);
  static bool on_fault(uc_struct* uc, int type, std::uint64_t address, int size, std::int64_t value, void* core);
  static bool on_invalid(uc_struct* uc, void* core);
  static void on_interrupt(uc_struct* uc, std::uint32_t number, void* core);
  static std::uint64_t device_read(uc_struct* uc, std::uint64_t offset, unsigned size, void* core);
  static void device_write(uc_struct* uc, std::uint64_t offset, unsigned size, std::uint64_t value, void* core);
  static std::uint64_t remote_read(uc_struct* uc, std::uint64_t offset, unsigned size, void* core);
  static void remote_write(uc_struct* uc, std::uint64_t offset, unsigned size, std::uint64_t value, void* core);

  std::uint64_t read_device(std::uint64_t offset);
  void write_device(std::uint64_t offset, std::uint32_t value);
  // Another node's memory through the network (or this node's own, seen through the window).
  std::uint64_t remote(tlm::tlm_command command, std::uint64_t offset, unsigned size, std::uint64_t value,
                       AtomicExtension* atomic = nullptr);
  // An A-extension instruction about to run at `pc` (a code hook sees each one): AMOs on other
  // nodes' memory and every LR and SC are executed here, as one operation at the memory's owner, and
  // the emulator skips the instruction; an AMO on the node's own memory runs in the emulator.
  void atomic(std::uint32_t pc);
  bool hook_atomic(std::uint32_t pc);  // a code hook on the instruction at pc, once
  // The word at `offset` of this node's memory, read or changed as one operation (local or remote).
  std::uint32_t execute_atomic(AtomicOp op, NodeId hart, std::uint32_t offset, std::uint32_t operand);
  void set_register(unsigned index, std::uint32_t value);
  void sync();  // the network's time catches up with the core's
  void wait_until(const sc_core::sc_time& at);  // and after that cycle's clocked work
  void stall_until_visible(Cycle arrival);
  void fail(const std::string& what);  // ends the program: `what` said of this node
  std::uint32_t pc() const;
  bool local_range(std::uint32_t address, std::uint32_t length) const;
  void memory_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);
  unsigned memory_debug(tlm::tlm_generic_payload& payload);

  const NodeId node_, nodes_;
  const ProcessorConfig& config_;
  CycleClock& clock_;
  MessageUnit& messages_;
  CoreEvents events_;
  uc_struct* uc_ = nullptr;
  std::vector<std::uint8_t> memory_;
  const std::uint32_t entry_;
  tlm_utils::tlm_quantumkeeper quantum_;
  BlockCosts costs_;
  std::vector<std::uint32_t> hooked_atomics_;  // sorted
  Reservations reservations_;  // on this node's memory, of every node's LR
  // The most recent LR of this core: an SC pairs with it only (node, offset), or none.
  struct { bool valid = false; NodeId node = 0; std::uint32_t offset = 0; } reserved_;
  // Device registers a program writes before the access that uses them.
  std::uint32_t argument_index_ = 0, send_destination_ = 0, send_address_ = 0, send_length_ = 0;
  std::uint32_t send_tag_ = 0, receive_from_ = 0xffffffffu, receive_tag_ = 0xffffffffu;
  std::uint32_t send_total_ = 0xffffffffu, receive_length_ = 0xffffffffu;  // ICN_ANY: unset
  std::uint32_t cycle_high_ = 0;
  bool halted_ = false, failed_ = false;
  std::int32_t exit_status_ = 0;
  Cycle halt_cycle_ = 0;
  std::uint64_t instructions_ = 0, stall_cycles_ = 0, remote_loads_ = 0, remote_stores_ = 0;
  std::string console_, console_line_;
  std::string fault_;  // what stopped the emulator, if a fault did
  static inline std::ostream* console_out_ = nullptr;  // null: std::cout
};

}  // namespace icn
