#include "cores/iss_core.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "common/cycle_clock.h"
#include "cores/device_map.h"
#include "cores/message_unit.h"
#include "cores/unicorn_library.h"

namespace icn {

namespace {

std::string hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%08llx", (unsigned long long)value);
  return text;
}

const UnicornLibrary& unicorn() { return UnicornLibrary::get(); }

// A core's thread runs the emulator, whose translator and callbacks (which wait on the network)
// need more stack than SystemC gives a thread by default.
constexpr std::size_t kCoreStack = 2 << 20;

}  // namespace

IssCore::IssCore(sc_core::sc_module_name name, NodeId node, NodeId nodes, const ProcessorConfig& config,
                 const ElfImage& image, CycleClock& clock, MessageUnit& messages, CoreEvents events)
    : sc_core::sc_module(name),
      socket("socket"),
      memory_socket("memory_socket"),
      node_(node),
      nodes_(nodes),
      config_(config),
      clock_(clock),
      messages_(messages),
      events_(std::move(events)),
      memory_(image.memory),
      entry_(image.entry),
      hooked_atomics_(image.atomic_instructions) {
  UnicornLibrary::get();  // loaded now, as the platform is built: a missing library is refused in one line
  memory_socket.register_b_transport(this, &IssCore::memory_transport);
  memory_socket.register_transport_dbg(this, &IssCore::memory_debug);
  SC_HAS_PROCESS(IssCore);
  SC_THREAD(run);
  set_stack_size(kCoreStack);
}

IssCore::~IssCore() {
  if (uc_) unicorn().close(uc_);
}

Cycle IssCore::local_cycle() const { return clock_.cycle_at(quantum_.get_current_time()); }

std::uint32_t IssCore::pc() const {
  std::uint32_t value = 0;
  unicorn().reg_read(uc_, UC_RISCV_REG_PC, &value);
  return value;
}

bool IssCore::local_range(std::uint32_t address, std::uint32_t length) const {
  return address >= ICN_RAM_BASE && address - ICN_RAM_BASE <= memory_.size() &&
         length <= memory_.size() - (address - ICN_RAM_BASE);
}

void IssCore::fail(const std::string& what) {
  if (failed_ || halted_) return;
  failed_ = true;
  fault_ = "node " + std::to_string(node_) + ": " + what;
  unicorn().emu_stop(uc_);
}

void IssCore::run() {
  const auto check = [this](uc_err e, const char* what) {
    if (e != UC_ERR_OK) fail(std::string("the emulator refused to ") + what + " (" + unicorn().strerror(e) + ")");
    return e == UC_ERR_OK;
  };
  if (!check(unicorn().open(UC_ARCH_RISCV, UC_MODE_RISCV32, &uc_), "start")) {
    events_.failed(fault_);
    return;
  }
  // The node's memory at the emulator's own speed; devices and other nodes' memory through callbacks.
  uc_hook hook;
  const bool ready =
      check(unicorn().mem_map_ptr(uc_, ICN_RAM_BASE, memory_.size(), UC_PROT_ALL, memory_.data()), "map the memory") &&
      check(unicorn().mmio_map(uc_, ICN_DEVICE_BASE, ICN_DEVICE_SIZE, device_read, this, device_write, this), "map the devices") &&
      check(unicorn().mmio_map(uc_, ICN_REMOTE_BASE, std::uint64_t(nodes_) * ICN_REMOTE_STRIDE, remote_read, this, remote_write,
                        this), "map the other nodes' memory") &&
      check(unicorn().hook_add(uc_, &hook, UC_HOOK_BLOCK, reinterpret_cast<void*>(on_block), this, 1, 0), "count blocks") &&
      check(unicorn().hook_add(uc_, &hook, UC_HOOK_MEM_INVALID, reinterpret_cast<void*>(on_fault), this, 1, 0), "trap faults") &&
      check(unicorn().hook_add(uc_, &hook, UC_HOOK_INSN_INVALID, reinterpret_cast<void*>(on_invalid), this, 1, 0),
            "trap invalid instructions") &&
      check(unicorn().hook_add(uc_, &hook, UC_HOOK_INTR, reinterpret_cast<void*>(on_interrupt), this, 1, 0), "trap exceptions");
  // Every atomic instruction the program holds is seen before it runs (docs/cores.md, "Atomics").
  const std::vector<std::uint32_t> atomics = std::move(hooked_atomics_);
  hooked_atomics_.clear();
  bool hooked = ready;
  for (std::uint32_t at : atomics) hooked = hooked && hook_atomic(at);
  quantum_.reset();
  if (hooked) {
    const uc_err e = unicorn().emu_start(uc_, entry_, 0, 0, 0);
    if (!halted_ && !failed_)
      fail(e == UC_ERR_OK ? "the program stopped at " + hex(pc()) + " without writing ICN_EXIT"
                          : std::string("the emulator stopped: ") + unicorn().strerror(e) + " near " + hex(pc()));
  }
  if (!console_line_.empty()) (console_out_ ? *console_out_ : std::cout) << "node " << node_ << ": " << console_line_ << "\n";
  if (failed_) {
    events_.failed(fault_);
    return;
  }
  sync();  // the network's time reaches the halt
  events_.halted(node_);
}

void IssCore::sync() {
  // Nothing reaches the network before its first cycle (one period after time zero).
  wait_until(std::max(quantum_.get_current_time(), clock_.time_of(0)));
  quantum_.reset();
}

void IssCore::wait_until(const sc_core::sc_time& at) {
  if (at <= sc_core::sc_time_stamp()) return;
  sc_core::wait(at - sc_core::sc_time_stamp());
  // A timed wake-up shares the first delta of a cycle with the network's clocked work, in an order
  // the kernel's event queue decides (and with it how often the core synchronised: the quantum). One
  // delta more and the core always acts after the cycle's work, as it does when the network wakes it.
  sc_core::wait(sc_core::SC_ZERO_TIME);
}

bool IssCore::hook_atomic(std::uint32_t pc) {
  const auto at = std::lower_bound(hooked_atomics_.begin(), hooked_atomics_.end(), pc);
  if (at != hooked_atomics_.end() && *at == pc) return true;
  uc_hook hook;
  const uc_err e = unicorn().hook_add(uc_, &hook, UC_HOOK_CODE, reinterpret_cast<void*>(on_atomic), this, pc, pc);
  if (e != UC_ERR_OK) {
    fail(std::string("the emulator refused to watch the atomic instruction at ") + hex(pc) + " (" + unicorn().strerror(e) + ")");
    return false;
  }
  hooked_atomics_.insert(at, pc);
  return true;
}

void IssCore::on_block(uc_struct*, std::uint64_t address, std::uint32_t size, void* p) {
  IssCore& core = *static_cast<IssCore*>(p);
  if (core.halted_ || core.failed_) return;
  // A block that is one invalid instruction is reported 4 bytes short of nothing (65,532 bytes): no
  // block is longer than a page and an instruction, so a longer one counts as empty.
  if (size > 4096 + 4 || !core.local_range(std::uint32_t(address), size)) size = 0;
  const std::uint8_t* code = core.memory_.data() + (address - ICN_RAM_BASE);
  const BlockCost& cost = core.costs_.at(address, code, size);
  if (cost.atomics) {
    // Code written at run time: its atomics are watched from the block's next translation on.
    bool fresh = false;
    for (std::uint32_t at = 0; at + 4 <= size; at += (code[at] & 3) == 3 ? 4 : 2) {
      if (atomic_at(code + at) &&
          !std::binary_search(core.hooked_atomics_.begin(), core.hooked_atomics_.end(), std::uint32_t(address + at))) {
        if (!core.hook_atomic(std::uint32_t(address + at))) return;
        fresh = true;
      }
    }
    if (fresh) unicorn().ctl(core.uc_, UC_CTL_WRITE(UC_CTL_TB_REMOVE_CACHE, 2), address, address + size);
  }
  core.instructions_ += cost.instructions;
  core.quantum_.inc(core.clock_.cycles(Cycle(cost.instructions) * Cycle(core.config_.cycles_per_instruction) +
                                       Cycle(cost.memory_accesses) * Cycle(core.config_.memory_latency)));
  if (core.quantum_.need_sync()) core.sync();
}

void IssCore::on_atomic(uc_struct*, std::uint64_t address, std::uint32_t, void* p) {
  static_cast<IssCore*>(p)->atomic(std::uint32_t(address));
}

void IssCore::set_register(unsigned index, std::uint32_t value) {
  if (index != 0) unicorn().reg_write(uc_, UC_RISCV_REG_X0 + int(index), &value);
}

void IssCore::atomic(std::uint32_t pc) {
  if (halted_ || failed_ || !local_range(pc, 4)) return;
  const std::uint8_t* code = memory_.data() + (pc - ICN_RAM_BASE);
  const auto a = atomic_at(code);
  if (!a) return;  // rewritten since: no longer an atomic
  std::uint32_t address = 0, operand = 0;
  unicorn().reg_read(uc_, UC_RISCV_REG_X0 + int(a->rs1), &address);
  if (a->rs2 != 0) unicorn().reg_read(uc_, UC_RISCV_REG_X0 + int(a->rs2), &operand);
  // Which memory: this node's (its own addresses or its own window) or another node's.
  const bool window = address >= ICN_REMOTE_BASE && address - ICN_REMOTE_BASE < std::uint64_t(nodes_) * ICN_REMOTE_STRIDE;
  if (!window && !local_range(address, 4)) return;  // the emulator reports the unmapped access
  if (address % 4 != 0)
    return fail("a misaligned atomic access to " + hex(address) + " at " + hex(pc) + " (allowed: 4-byte aligned)");
  const NodeId owner = window ? NodeId((address - ICN_REMOTE_BASE) / ICN_REMOTE_STRIDE) : node_;
  const std::uint32_t offset = window ? (address - ICN_REMOTE_BASE) % ICN_REMOTE_STRIDE : address - ICN_RAM_BASE;
  if (offset + 4 > memory_.size())
    return fail("an atomic access to " + hex(address) + ", past node " + std::to_string(owner) + "'s " +
                std::to_string(memory_.size()) + " bytes of memory");
  const bool lr = a->op == AtomicOp::LoadReserved, sc = a->op == AtomicOp::StoreConditional;
  // An atomic is how cores share words: it happens at the network's time, not a quantum ahead of
  // it, so that other nodes' accesses to the word order with it whatever the quantum.
  sync();
  if (owner == node_ && !lr && !sc) {
    // An AMO on its own memory runs in the emulator, which does not yield in an instruction: atomic.
    // It is a store: other nodes' reservations of the word end.
    reservations_.stored(offset, 4);
    return;
  }
  std::uint32_t result = 1;  // an SC that does not pair with this core's last LR fails untried
  if (sc && !(reserved_.valid && reserved_.node == owner && reserved_.offset == offset)) {
    result = 1;
  } else if (owner == node_) {
    result = execute_atomic(a->op, node_, offset, operand);
  } else {
    AtomicExtension extension;
    extension.op = a->op;
    extension.initiator = node_;
    const std::uint64_t window_offset = std::uint64_t(owner) * ICN_REMOTE_STRIDE + offset;
    result = std::uint32_t(remote(lr ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND, window_offset, 4, operand, &extension));
    if (failed_) return;
  }
  if (lr) reserved_ = {true, owner, offset};
  if (sc) reserved_.valid = false;
  set_register(a->rd, result);
  const std::uint32_t next = pc + 4;  // the emulator skips the instruction: it was executed here
  unicorn().reg_write(uc_, UC_RISCV_REG_PC, &next);
}

std::uint32_t IssCore::execute_atomic(AtomicOp op, NodeId hart, std::uint32_t offset, std::uint32_t operand) {
  std::uint32_t old = 0;
  std::memcpy(&old, memory_.data() + offset, 4);
  if (op == AtomicOp::LoadReserved) {
    reservations_.reserve(hart, offset, old);
    return old;
  }
  if (op == AtomicOp::StoreConditional && !reservations_.consume(hart, offset, old)) return 1;
  const std::uint32_t value = op == AtomicOp::StoreConditional ? operand : amo_result(op, old, operand);
  std::memcpy(memory_.data() + offset, &value, 4);
  reservations_.stored(offset, 4);
  return op == AtomicOp::StoreConditional ? 0 : old;
}

bool IssCore::on_fault(uc_struct*, int type, std::uint64_t address, int size, std::int64_t, void* p) {
  IssCore& core = *static_cast<IssCore*>(p);
  const char* what = type == UC_MEM_FETCH_UNMAPPED || type == UC_MEM_FETCH_PROT ? "a jump to"
                     : type == UC_MEM_WRITE_UNMAPPED || type == UC_MEM_WRITE_PROT ? "a store to"
                                                                                  : "a load from";
  const bool fetch = type == UC_MEM_FETCH_UNMAPPED || type == UC_MEM_FETCH_PROT;
  core.fail(std::string(what) + " unmapped address " + hex(address) + " (" +
            (fetch ? std::string() : std::to_string(size) + " bytes; ") + "docs/cores.md has the memory map)");
  return false;
}

bool IssCore::on_invalid(uc_struct*, void* p) {
  IssCore& core = *static_cast<IssCore*>(p);
  // Unicorn reports ebreak here, with the program counter at it.
  const std::uint32_t at = core.pc();
  const bool ebreak = core.local_range(at, 2) && ((core.memory_[at - ICN_RAM_BASE] | core.memory_[at - ICN_RAM_BASE + 1] << 8) == 0x9002 ||
                                                  (core.local_range(at, 4) && std::memcmp(&core.memory_[at - ICN_RAM_BASE], "\x73\x00\x10\x00", 4) == 0));
  core.fail(std::string(ebreak ? "ebreak" : "an invalid instruction") + " at " + hex(at) +
            (ebreak ? ", which the cores do not handle (no debugger is attached)" : ""));
  return false;
}

void IssCore::on_interrupt(uc_struct*, std::uint32_t number, void* p) {
  IssCore& core = *static_cast<IssCore*>(p);
  // RISC-V exception causes: 0 misaligned fetch, 2 illegal instruction, 3 breakpoint, 4/6 misaligned
  // load/store, 8/11 environment call. The cores run no trap handler: each ends the program. Unicorn
  // advances the program counter by 4 before it reports an exception (to step over an ecall): the
  // faulting instruction is 4 bytes before it.
  const char* cause = number == 3 ? "ebreak" : number == 8 || number == 11 ? "ecall" : number == 2 ? "an illegal instruction"
                      : number == 0 ? "a misaligned jump" : number == 4 || number == 6 ? "a misaligned access" : "an exception";
  core.fail(std::string(cause) + " (cause " + std::to_string(number) + ") at " + hex(core.pc() - 4) +
            ", which the cores do not handle");
}

std::uint64_t IssCore::device_read(uc_struct*, std::uint64_t offset, unsigned, void* p) {
  return static_cast<IssCore*>(p)->read_device(offset);
}

void IssCore::device_write(uc_struct*, std::uint64_t offset, unsigned, std::uint64_t value, void* p) {
  static_cast<IssCore*>(p)->write_device(offset, std::uint32_t(value));
}

std::uint64_t IssCore::remote_read(uc_struct*, std::uint64_t offset, unsigned size, void* p) {
  return static_cast<IssCore*>(p)->remote(tlm::TLM_READ_COMMAND, offset, size, 0);
}

void IssCore::remote_write(uc_struct*, std::uint64_t offset, unsigned size, std::uint64_t value, void* p) {
  static_cast<IssCore*>(p)->remote(tlm::TLM_WRITE_COMMAND, offset, size, value);
}

void IssCore::stall_until_visible(Cycle arrival) {
  // A message is seen from the cycle after its tail arrived.
  wait_until(clock_.time_of(arrival + 1));
}

std::uint64_t IssCore::read_device(std::uint64_t offset) {
  if (halted_ || failed_) return 0;
  const MessageUnit::Filter from{receive_from_ == ICN_ANY ? MessageUnit::kAny : NodeId(receive_from_), receive_tag_};
  switch (offset) {
    case ICN_NODE_ID: return node_;
    case ICN_NODE_COUNT: return nodes_;
    case ICN_CYCLE_LO: {
      const Cycle now = local_cycle();
      cycle_high_ = std::uint32_t(now >> 32);
      return std::uint32_t(now);
    }
    case ICN_CYCLE_HI: return cycle_high_;
    case ICN_ARG_COUNT: return config_.arguments.size();
    case ICN_ARG_VALUE:
      if (argument_index_ < config_.arguments.size()) return std::uint32_t(config_.arguments[argument_index_]);
      fail("ICN_ARG_VALUE: argument " + std::to_string(argument_index_) + ", and software.arguments gives " +
           std::to_string(config_.arguments.size()));
      return 0;
    case ICN_MESSAGE_MAX: return messages_.max_bytes();
    case ICN_RECV_COUNT:
      sync();
      return messages_.count(from, clock_.cycle_at(sc_core::sc_time_stamp()));
    case ICN_RECV_SOURCE: {
      sync();
      const ProgramMessage* m = messages_.first(from, clock_.cycle_at(sc_core::sc_time_stamp()));
      return m ? m->source : ICN_ANY;
    }
    case ICN_RECV_HEAD_TAG: {
      sync();
      const ProgramMessage* m = messages_.first(from, clock_.cycle_at(sc_core::sc_time_stamp()));
      return m ? m->tag : ICN_ANY;
    }
    case ICN_RECV_TOTAL: {
      sync();
      const ProgramMessage* m = messages_.first(from, clock_.cycle_at(sc_core::sc_time_stamp()));
      return m ? m->total : ICN_ANY;
    }
    case ICN_RECV_WAIT: {
      sync();
      const sc_core::sc_time waiting = sc_core::sc_time_stamp();
      for (;;) {
        const Cycle now = clock_.cycle_at(sc_core::sc_time_stamp());
        if (const ProgramMessage* m = messages_.first(from, now)) {
          stall_cycles_ += clock_.whole_cycles(sc_core::sc_time_stamp() - waiting);
          quantum_.reset();
          return m->bytes.size();
        }
        const Cycle next = messages_.next_arrival(from, now);
        if (next != kNoEnd) stall_until_visible(next);
        else sc_core::wait(messages_.arrived());
      }
    }
    default:
      fail("a load from device register " + hex(ICN_DEVICE_BASE + offset) + ", which is not one to read " +
           "(docs/cores.md has the memory map)");
      return 0;
  }
}

void IssCore::write_device(std::uint64_t offset, std::uint32_t value) {
  if (halted_ || failed_) return;
  switch (offset) {
    case ICN_CONSOLE: {
      const char c = char(value);
      console_ += c;
      if (c == '\n') {
        (console_out_ ? *console_out_ : std::cout) << "node " << node_ << ": " << console_line_ << "\n";
        console_line_.clear();
      } else {
        console_line_ += c;
      }
      return;
    }
    case ICN_EXIT:
      halted_ = true;
      exit_status_ = std::int32_t(value);
      halt_cycle_ = local_cycle();
      unicorn().emu_stop(uc_);
      return;
    case ICN_ARG_INDEX: argument_index_ = value; return;
    case ICN_SEND_DEST: send_destination_ = value; return;
    case ICN_SEND_ADDRESS: send_address_ = value; return;
    case ICN_SEND_LENGTH: send_length_ = value; return;
    case ICN_SEND_TAG: send_tag_ = value; return;
    case ICN_SEND_TOTAL: send_total_ = value; return;
    case ICN_RECV_LENGTH: receive_length_ = value; return;
    case ICN_RECV_TAG: receive_tag_ = value; return;
    case ICN_RECV_FROM:
      if (value != ICN_ANY && value >= nodes_)
        return fail("ICN_RECV_FROM: node " + std::to_string(value) + " (allowed: 0.." + std::to_string(nodes_ - 1) +
                    " or ICN_ANY)");
      receive_from_ = value;
      return;
    case ICN_SEND_GO: {
      if (send_destination_ >= nodes_)
        return fail("ICN_SEND_GO to node " + std::to_string(send_destination_) + " (allowed: 0.." +
                    std::to_string(nodes_ - 1) + ")");
      if (send_length_ == 0 || send_length_ > messages_.max_bytes())
        return fail("ICN_SEND_GO of " + std::to_string(send_length_) + " bytes (allowed: 1.." +
                    std::to_string(messages_.max_bytes()) + ", ICN_MESSAGE_MAX)");
      if (!local_range(send_address_, send_length_))
        return fail("ICN_SEND_GO from " + hex(send_address_) + ", not " + std::to_string(send_length_) +
                    " bytes of the node's memory");
      sync();
      const sc_core::sc_time waiting = sc_core::sc_time_stamp();
      while (!messages_.endpoint().can_send()) sc_core::wait(messages_.endpoint().can_send_event());
      stall_cycles_ += clock_.whole_cycles(sc_core::sc_time_stamp() - waiting);
      quantum_.reset();
      messages_.send(NodeId(send_destination_), send_tag_, memory_.data() + (send_address_ - ICN_RAM_BASE), send_length_,
                     send_total_ == ICN_ANY ? send_length_ : send_total_);
      return;
    }
    case ICN_RECV_ADDRESS: {
      sync();
      const MessageUnit::Filter from{receive_from_ == ICN_ANY ? MessageUnit::kAny : NodeId(receive_from_),
                                     receive_tag_};
      const Cycle now = clock_.cycle_at(sc_core::sc_time_stamp());
      const ProgramMessage* m = messages_.first(from, now);
      if (!m) return fail("ICN_RECV_ADDRESS with no message waiting (ICN_RECV_WAIT waits for one)");
      if (receive_length_ != ICN_ANY && m->total != receive_length_)
        return fail("icn_recv of " + std::to_string(receive_length_) + " bytes from node " + std::to_string(m->source) +
                    " with tag " + hex(m->tag) + ", and the message node " + std::to_string(m->source) + " sent is " +
                    std::to_string(m->total) + " bytes (allowed: the length it was sent with; icn_wait gives it)");
      if (!local_range(value, std::uint32_t(m->bytes.size())))
        return fail("ICN_RECV_ADDRESS " + hex(value) + ", not " + std::to_string(m->bytes.size()) +
                    " bytes of the node's memory");
      const ProgramMessage taken = messages_.take_first(from, now);
      std::memcpy(memory_.data() + (value - ICN_RAM_BASE), taken.bytes.data(), taken.bytes.size());
      return;
    }
    default:
      fail("a store to device register " + hex(ICN_DEVICE_BASE + offset) + ", which is not one to write " +
           "(docs/cores.md has the memory map)");
  }
}

std::uint64_t IssCore::remote(tlm::tlm_command command, std::uint64_t offset, unsigned size, std::uint64_t value,
                              AtomicExtension* atomic) {
  if (halted_ || failed_) return 0;
  const NodeId target = NodeId(offset / ICN_REMOTE_STRIDE);
  const std::uint64_t within = offset % ICN_REMOTE_STRIDE;
  const bool write = command == tlm::TLM_WRITE_COMMAND;
  if (within + size > memory_.size()) {
    fail(std::string(write ? "a store to " : "a load from ") + hex(ICN_REMOTE_BASE + offset) + ", past node " +
         std::to_string(target) + "'s " + std::to_string(memory_.size()) + " bytes of memory");
    return 0;
  }
  std::uint8_t data[8] = {};
  std::memcpy(data, &value, sizeof data);  // little-endian host, as the core
  if (target == node_) {  // its own memory through the window: a local access
    if (write) {
      std::memcpy(memory_.data() + within, data, size);
      reservations_.stored(within, size);
    } else {
      std::memcpy(data, memory_.data() + within, size);
    }
  } else {
    sync();
    tlm::tlm_generic_payload payload;
    payload.set_command(command);
    payload.set_address(ICN_REMOTE_BASE + offset);
    payload.set_data_ptr(data);
    payload.set_data_length(size);
    payload.set_streaming_width(size);
    payload.set_byte_enable_ptr(nullptr);
    payload.set_dmi_allowed(false);
    payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (atomic) payload.set_extension(atomic);
    const sc_core::sc_time issued = sc_core::sc_time_stamp();
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(payload, delay);  // returns when the response has crossed the network
    if (atomic) payload.clear_extension(atomic);
    stall_cycles_ += clock_.whole_cycles(sc_core::sc_time_stamp() - issued);
    quantum_.reset();
    quantum_.inc(delay);  // approximate timing annotates the round trip instead
    if (!payload.is_response_ok()) {
      fail(std::string(write ? "a store to " : "a load from ") + hex(ICN_REMOTE_BASE + offset) + " failed (" +
           payload.get_response_string() + ")");
      return 0;
    }
    ++(write ? remote_stores_ : remote_loads_);
  }
  std::uint64_t result = 0;
  std::memcpy(&result, data, size);
  return result;
}

void IssCore::memory_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time&) {
  // Another node's access to this node's memory: the address map gives the offset into it.
  const std::uint64_t address = payload.get_address(), length = payload.get_data_length();
  if (address > memory_.size() || length > memory_.size() - address || payload.get_byte_enable_ptr()) {
    payload.set_response_status(address > memory_.size() || length > memory_.size() - address
                                    ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                    : tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  if (const AtomicExtension* atomic = payload.get_extension<AtomicExtension>()) {
    // One indivisible operation on the word; the old value (or SC's outcome) goes back in the data.
    if (length != 4 || address % 4 != 0) {
      payload.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
      return;
    }
    std::uint32_t operand = 0;
    std::memcpy(&operand, payload.get_data_ptr(), 4);
    const std::uint32_t result = execute_atomic(atomic->op, atomic->initiator, std::uint32_t(address), operand);
    std::memcpy(payload.get_data_ptr(), &result, 4);
  } else if (payload.is_write()) {
    std::memcpy(memory_.data() + address, payload.get_data_ptr(), length);
    reservations_.stored(address, length);
  } else {
    std::memcpy(payload.get_data_ptr(), memory_.data() + address, length);
  }
  payload.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned IssCore::memory_debug(tlm::tlm_generic_payload& payload) {
  sc_core::sc_time none = sc_core::SC_ZERO_TIME;
  memory_transport(payload, none);
  return payload.is_response_ok() ? unsigned(payload.get_data_length()) : 0;
}

}  // namespace icn
