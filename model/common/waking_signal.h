#pragma once
// The link signal: an sc_signal (written in one cycle, read in the next) that also wakes its one
// reader if, and only if, that reader is asleep, and marks itself in the reader's changed-inputs
// mask. Readers that sleep while idle would otherwise need value-changed events on every link,
// which the kernel fires on every flit even when the reader is awake; and a reader with many
// inputs looks only at those whose bit is set instead of testing every port every cycle.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace icn {

// A process that sleeps until one of its input signals changes (or it is told directly).
struct WakeUp {
  sc_core::sc_event event;
  bool sleeping = false;
  void wake() {
    if (sleeping) event.notify(sc_core::SC_ZERO_TIME);
  }
};

template <typename T>
class WakingSignal final : public sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS> {
  using Base = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;

 public:
  WakingSignal() : Base(sc_core::sc_gen_unique_name("signal")) {}
  explicit WakingSignal(const char* name) : Base(name) {}
  // Called by the reader during elaboration; a signal has at most one reader. When the value
  // changes, bit `bit` of `*changed` is set (if given); the reader clears it when it has looked.
  void set_reader(WakeUp* reader, std::uint64_t* changed = nullptr, int bit = 0) {
    reader_ = reader;
    changed_ = changed;
    bit_ = std::uint64_t(1) << bit;
  }
  // write() for a value known to differ from the current one (every flit and credit carries the
  // cycle it was sent): no virtual call through the port and no comparison. Same semantics.
  void send(const T& value) {
    this->m_new_val = value;
    this->request_update();
  }
  // The value sent this cycle (or the last one sent), to add to it before the update.
  const T& pending() const { return this->m_new_val; }

 protected:
  void update() override {
    // sc_signal's update (unchecked writers have no policy update), with the change-stamp kept
    // inline: the library's out-of-line do_update is needed only for a value-changed event.
    if (this->m_new_val == this->m_cur_val) return;
    if (this->m_change_event_p) {
      Base::do_update();
    } else {
      this->m_change_stamp = this->simcontext()->change_stamp();
      this->m_cur_val = this->m_new_val;
    }
    if (changed_) *changed_ |= bit_;
    if (reader_) reader_->wake();
  }

 private:
  WakeUp* reader_ = nullptr;
  std::uint64_t* changed_ = nullptr;
  std::uint64_t bit_ = 0;
};

// A few signals a module owns, named NAME_0, NAME_1, … as sc_vector names its elements, without
// sc_vector's own sc_object (its name, registry entry and bookkeeping cost a node 280 bytes each).
template <typename Signal>
class SignalBank {
 public:
  SignalBank(const char* name, std::size_t count) {
    signals_.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
      signals_.push_back(std::make_unique<Signal>((std::string(name) + "_" + std::to_string(i)).c_str()));
  }
  Signal& operator[](std::size_t i) { return *signals_[i]; }
  const Signal& operator[](std::size_t i) const { return *signals_[i]; }
  std::size_t size() const { return signals_.size(); }

 private:
  std::vector<std::unique_ptr<Signal>> signals_;
};

// The links: flits one way, credits the other (common/flit.h).
struct Flit;
struct Credit;
using FlitSignal = WakingSignal<Flit>;
using CreditSignal = WakingSignal<Credit>;

}  // namespace icn
