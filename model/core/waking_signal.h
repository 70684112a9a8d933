#pragma once
// The link signal: an sc_signal (written in one cycle, read in the next) that also wakes its one
// reader if, and only if, that reader is asleep. Readers that sleep while idle would otherwise
// need value-changed events on every link, which the kernel fires on every flit even when the
// reader is awake; here a change costs nothing beyond the signal update unless someone sleeps.
#include <systemc>

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
class WakingSignal : public sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS> {
  using Base = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;

 public:
  WakingSignal() : Base(sc_core::sc_gen_unique_name("signal")) {}
  explicit WakingSignal(const char* name) : Base(name) {}
  // Called by the reader during elaboration; a signal has at most one reader.
  void set_reader(WakeUp* reader) { reader_ = reader; }

 protected:
  void update() override {
    const bool changed = !(this->m_new_val == this->m_cur_val);
    Base::update();
    if (changed && reader_) reader_->wake();
  }

 private:
  WakeUp* reader_ = nullptr;
};

// The reader's side: the signal behind an input port, to register with it.
template <typename T>
WakingSignal<T>& waking_signal_of(sc_core::sc_in<T>& port) {
  auto* signal = dynamic_cast<WakingSignal<T>*>(port.get_interface());
  if (!signal) throw std::logic_error(std::string(port.name()) + " must be bound to a WakingSignal");
  return *signal;
}

}  // namespace icn
