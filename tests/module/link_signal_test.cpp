// The link signal keeps sc_signal's semantics while adding two things for its one reader: a bit
// in the reader's changed-inputs mask and a wake-up if the reader sleeps. Other SystemC IP
// watching a link through value_changed_event() must see every change, as with a plain signal.
#include <catch2/catch.hpp>

#include <sstream>

#include "common/flit.h"
#include "common/waking_signal.h"
#include "support/child_process.h"

using namespace icn;

namespace {

// Writes flit `i` in cycle i for i in [1, 5], then in cycle 6 the same value again (no change);
// sleeps until cycle 9, then sends once more. Cycle c runs at time c ns.
struct Sender : sc_core::sc_module {
  WakingSignal<Flit>& link;
  int cycle = 0;
  Sender(sc_core::sc_module_name name, WakingSignal<Flit>& l) : sc_core::sc_module(name), link(l) {
    SC_HAS_PROCESS(Sender);
    SC_METHOD(step);
  }
  Flit flit(int i) const {
    Flit f;
    f.packet = 7;
    f.sent = std::uint32_t(i);
    f.index = std::uint16_t(i);
    return f;
  }
  void step() {
    if (cycle >= 1 && cycle <= 5) link.send(flit(cycle));
    if (cycle == 6) link.write(flit(5));  // unchanged value
    if (cycle == 9) link.send(flit(9));
    ++cycle;
    next_trigger(1, sc_core::SC_NS);
  }
};

// Reads each cycle until cycle 7, then sleeps on its wake-up; records what it saw.
struct Reader : sc_core::sc_module {
  WakingSignal<Flit>& link;
  WakeUp wake;
  std::uint64_t changed = 0;
  std::ostringstream log;
  Reader(sc_core::sc_module_name name, WakingSignal<Flit>& l) : sc_core::sc_module(name), link(l) {
    link.set_reader(&wake, &changed, 3);
    SC_HAS_PROCESS(Reader);
    SC_METHOD(step);
  }
  void step() {
    const auto now = sc_core::sc_time_stamp().value() / 1000;  // ps -> ns: the cycle
    if (wake.sleeping) {  // woken in the delta after the change
      wake.sleeping = false;
      log << "woken@" << now << " ";
      next_trigger(1, sc_core::SC_NS);
      return;
    }
    if (changed) log << now << ":" << changed << "/" << link.read().index << " ";
    changed = 0;
    if (now == 7) {
      wake.sleeping = true;
      next_trigger(wake.event);
      return;
    }
    next_trigger(1, sc_core::SC_NS);
  }
};

// Another IP watching the link the ordinary way.
struct Monitor : sc_core::sc_module {
  int events = 0;
  Monitor(sc_core::sc_module_name name, WakingSignal<Flit>& link) : sc_core::sc_module(name) {
    SC_HAS_PROCESS(Monitor);
    SC_METHOD(count);
    sensitive << link.value_changed_event();
    dont_initialize();
  }
  void count() { ++events; }
};

}  // namespace

TEST_CASE("a link signal marks its reader's mask and wakes it only on a change, and keeps sc_signal's events",
          "[link]") {
  // With a monitor the signal has a value-changed event and updates through sc_signal's own code;
  // without one it takes the inline path. The reader must not tell the difference.
  for (const bool monitored : {false, true}) {
    INFO((monitored ? "with" : "without") << " a value-changed monitor");
    const std::string result = testing::in_child_process([monitored] {
      sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
      auto* link = new WakingSignal<Flit>("link");
      new Sender("sender", *link);
      auto* reader = new Reader("reader", *link);
      auto* monitor = monitored ? new Monitor("monitor", *link) : nullptr;
      sc_core::sc_start(12, sc_core::SC_NS);
      std::ostringstream out;
      out << reader->log.str() << "| " << (monitor ? monitor->events : -1);
      return out.str();
    });
    // Written in cycle c, seen in cycle c + 1 with bit 3 (= 8) set; the unchanged write of cycle 6
    // sets nothing; the sleeping reader is woken in cycle 9 itself and reads in cycle 10; the
    // monitor sees the six changes.
    CHECK(result == std::string("2:8/1 3:8/2 4:8/3 5:8/4 6:8/5 woken@9 10:8/9 | ") + (monitored ? "6" : "-1"));
  }
}
