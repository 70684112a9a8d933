#pragma once
// The deadlock and starvation watchdog. Every watchdog_cycles / 4 cycles it looks for an input VC
// whose flits have not moved for watchdog_cycles, and follows what that VC waits for
// (deadlock/wait_for.h) through every alternative:
//   * if everything reachable waits — a knot — no VC in it can ever move: a deadlock;
//   * if the search reaches a VC that can move, the stuck VC is starved, not deadlocked: it waits
//     behind traffic that flows but keeps being served before it.
// A deadlock stops the run (simulation.deadlock_action: stop) or is counted; starvation is counted
// (or stops the run with starvation_action: stop). With deadlock recovery configured a knot is
// not final — recovery drains it one packet at a time — so it counts as starvation.
// Whatever the classification, a network that delivers nothing for watchdog_cycles while flits
// are in it has stopped working: the run stops (frozen), never reported as a success.
#include <cstdint>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "common/end_of_cycle.h"
#include "deadlock/wait_for.h"

namespace icn {

class CycleClock;
class PacketPool;
class Topology;
struct WatchdogConfig;

struct WaitAnalysis {
  bool deadlock = false;
  // Deadlock: a cycle inside the knot, from the stuck VC's first alternative on. Starvation: the
  // chain of waits from the stuck VC to the first VC that can move (its last element).
  std::vector<VcRef> chain;
  std::size_t knot_size = 0;  // VCs in the knot (deadlock), or VCs searched (starvation)
};

// Follows every alternative from `start`. Pure: tests call it on constructed wait-for graphs.
WaitAnalysis analyse_wait(const WaitForQuery& query, const VcRef& start, Cycle now);

// What the watchdog watches: the routers (their number), what their VCs wait for, the packets, the
// clock; its settings, and whether a deadlock recovery is configured (a knot is then left to it).
struct WatchdogContext {
  NodeId routers;
  const WaitForQuery& query;
  const PacketPool& packets;
  CycleClock& clock;
  const WatchdogConfig& config;
  bool recovery_configured;
};

class Watchdog : public sc_core::sc_module {
 public:
  // `stuck(node, now, limit, port, vc)` finds a VC of `node` unmoved for `limit` cycles;
  // `describe_port(port)` names a port (+x, injection 0, …); `note()` adds a line (Disha's token).
  struct Probes {
    std::function<bool(NodeId, Cycle, Cycle, int&, int&)> stuck;
    std::function<std::string(int)> describe_port;
    std::function<std::string()> note;
    std::function<std::uint64_t()> flits_out;     // delivered or absorbed so far
    std::function<std::uint64_t()> flits_inside;  // in buffers and on links now
  };
  Watchdog(sc_core::sc_module_name name, const WatchdogContext& context, Probes probes);

  std::uint64_t deadlock_reports() const { return deadlock_reports_; }
  std::uint64_t starvation_reports() const { return starvation_reports_; }
  // The first finding in full (every VC of the chain or cycle), for the result; empty if none.
  const std::string& first_finding() const { return first_finding_; }
  // Whether it stopped the run (by a ModelError, which SystemC turns into an sc_report).
  bool stopped_run() const { return stopped_run_; }
  bool found_frozen() const { return frozen_; }

  // A finding as text: the stuck VC, the verdict, and the chain (all of it, or its first `limit`).
  std::string describe(const VcRef& stuck, const WaitAnalysis& analysis, Cycle now, std::size_t limit) const;
  // The first VC, in node order, unmoved for `limit` cycles; false if none.
  bool first_stuck(Cycle now, Cycle limit, VcRef& stuck) const;

 private:
  void check();

  const NodeId nodes_;
  const WaitForQuery& query_;
  Probes probes_;
  const PacketPool& packets_;
  CycleClock& clock_;
  const WatchdogConfig& config_;
  const bool recovery_configured_;
  EndOfCycle step_;
  std::uint64_t deadlock_reports_ = 0, starvation_reports_ = 0;
  std::string first_finding_;
  bool stopped_run_ = false, frozen_ = false;
  std::uint64_t flits_out_ = 0;
  bool resting_ = false;  // asleep with a resting network (common/cycle_clock.h)
  Cycle next_check_ = 0;
  sc_core::sc_event due_;  // the next check's time, cancelled when the network rests
  Cycle last_delivery_ = 0;  // the check at which flits_out last grew or the network was empty
};

}  // namespace icn
