#include "deadlock/watchdog.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <unordered_map>

#include "common/cycle_clock.h"
#include "common/model_error.h"
#include "common/packet_pool.h"
#include "deadlock/deadlock_audit.h"
#include "deadlock/watchdog_config.h"

namespace icn {

namespace {
struct VcKey {
  std::size_t operator()(const VcRef& v) const {
    return (std::size_t(v.node) * 131 + std::size_t(v.port)) * 37 + std::size_t(v.vc);
  }
};
}  // namespace

bool DeadlockAudit::in_knot(const VcRef& header, Cycle now) const { return analyse_wait(query_, header, now).deadlock; }

WaitAnalysis analyse_wait(const WaitForQuery& query, const VcRef& start, Cycle now) {
  // Breadth first over every alternative; `parent` leads back to the start for the chain.
  std::unordered_map<VcRef, VcRef, VcKey> parent;
  std::unordered_map<VcRef, VcWait, VcKey> seen;
  std::vector<VcRef> frontier{start};
  parent[start] = start;
  WaitAnalysis a;
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    const VcRef at = frontier[i];
    VcWait w = query.wait_of(at, now);
    if (w.state != VcWait::State::Waiting) {  // something reachable can move: starvation
      for (VcRef v = at;; v = parent[v]) {
        a.chain.push_back(v);
        if (v == start) break;
      }
      std::reverse(a.chain.begin(), a.chain.end());
      a.knot_size = i + 1;
      return a;
    }
    for (const VcRef& next : w.waits_on)
      if (parent.emplace(next, at).second) frontier.push_back(next);
    seen.emplace(at, std::move(w));
  }
  // Everything reachable waits on something reachable: a knot. Show one cycle in it by following
  // first alternatives from the start until a VC repeats.
  a.deadlock = true;
  a.knot_size = frontier.size();
  std::unordered_map<VcRef, std::size_t, VcKey> position;
  for (VcRef v = start; position.emplace(v, a.chain.size()).second;) {
    a.chain.push_back(v);
    const auto& waits = seen.at(v).waits_on;
    if (waits.empty()) break;  // waits for nothing that could ever change: a knot of itself
    v = waits.front();
    if (position.count(v)) {
      a.chain.erase(a.chain.begin(), a.chain.begin() + std::ptrdiff_t(position[v]));
      break;
    }
  }
  return a;
}

Watchdog::Watchdog(sc_core::sc_module_name name, const WatchdogContext& c, Probes probes)
    : sc_core::sc_module(name),
      nodes_(c.routers),
      query_(c.query),
      probes_(std::move(probes)),
      packets_(c.packets),
      clock_(c.clock),
      config_(c.config),
      recovery_configured_(c.recovery_configured) {
  SC_HAS_PROCESS(Watchdog);
  SC_METHOD(check);
}

std::string Watchdog::describe(const VcRef& stuck, const WaitAnalysis& a, Cycle now, std::size_t limit) const {
  std::ostringstream os;
  auto vc_text = [&](const VcRef& v) {
    const VcWait w = query_.wait_of(v, now);
    std::ostringstream s;
    s << "[node " << v.node << " input " << probes_.describe_port(v.port) << " VC " << v.vc;
    if (w.state == VcWait::State::Empty) {
      s << ": empty, its packet's flits still upstream]";
      return s.str();
    }
    const Packet& p = packets_[w.packet];
    s << ": packet " << p.source << "->" << p.destination << ", unmoved " << now - w.since << " cycles";
    if (w.holds_output) s << ", holds output " << probes_.describe_port(w.out_port) << " VC " << w.out_vc;
    if (w.state == VcWait::State::Movable) s << ", can move";
    else s << ", waits on " << w.waits_on.size() << (w.waits_on.size() == 1 ? " VC" : " VCs (any one)");
    s << "]";
    return s.str();
  };
  os << "at cycle " << now << " " << vc_text(stuck) << " has not moved for " << now - query_.wait_of(stuck, now).since
     << " cycles: ";
  if (a.deadlock)
    os << "deadlock — a knot of " << a.knot_size << " VCs, every alternative of each held inside it; a cycle of "
       << a.chain.size() << " VCs in it: ";
  else
    os << "starvation — its wait reaches, through " << a.chain.size() - 1 << " VCs, one that can move: ";
  for (std::size_t i = 0; i < a.chain.size() && i < limit; ++i) os << (i ? " -> " : "") << vc_text(a.chain[i]);
  if (a.chain.size() > limit) os << " -> … (" << a.chain.size() - limit << " more in the result)";
  if (probes_.note) os << probes_.note();
  return os.str();
}

bool Watchdog::first_stuck(Cycle now, Cycle limit, VcRef& stuck) const {
  for (NodeId id = 0; id < nodes_; ++id) {
    stuck = VcRef{id, 0, 0};
    if (probes_.stuck(id, now, limit, stuck.port, stuck.vc)) return true;
  }
  return false;
}

void Watchdog::check() {
  // Wakes in the first delta of a check cycle and looks one delta later, after the cycle's work.
  const Cycle limit = config_.cycles;
  const Cycle interval = std::max<Cycle>(1, limit / 4);
  // A platform's network at rest (common/cycle_clock.h) has nothing to watch: the watchdog sleeps as
  // soon as the clock stops, and wakes with it.
  auto wait_for_check = [&] { next_trigger(due_ | clock_.rested()); };
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_check_ = interval - 1;
    due_.notify(clock_.time_of(next_check_));
    return wait_for_check();
  }
  if (resting_) {  // woken by the network's clock starting again
    // The checks slept through found an empty network, progress each time: the last of them is the
    // last progress; the grid goes on after it.
    resting_ = false;
    const Cycle next = CycleClock::grid_at_or_after(next_check_, interval, clock_.resumed_at());
    if (next > next_check_) last_delivery_ = next - interval;
    next_check_ = next;
    due_.notify(clock_.time_of(next_check_) - clock_.now());
    return wait_for_check();
  }
  if (clock_.now() != clock_.time_of(next_check_)) {  // woken by the clock stopping between checks
    if (!clock_.at_rest()) return wait_for_check();   // (and already moving again)
    due_.cancel();
    resting_ = true;
    return next_trigger(clock_.resumed());
  }
  if (step_.defer()) return;
  const Cycle now = clock_.cycle();
  if (VcRef stuck; first_stuck(now, limit, stuck)) {  // one finding per check
    const WaitAnalysis a = analyse_wait(query_, stuck, now);
    // With recovery configured a knot is left to it (drained packet by packet): it stops the run
    // only as starvation would, but is counted as the deadlock it is, since recovery has not
    // drained it all this time.
    const bool deadlock_stop = a.deadlock && !recovery_configured_;
    const std::string left = a.deadlock && recovery_configured_ ? " (left to deadlock recovery)" : "";
    const std::string summary = "watchdog: " + describe(stuck, a, now, 4) + left;
    if (first_finding_.empty()) first_finding_ = "watchdog: " + describe(stuck, a, now, a.chain.size()) + left;
    if (deadlock_stop ? config_.deadlock_stops : config_.starvation_stops) {
      stopped_run_ = deadlock_stop;
      model_error(summary);
    }
    if ((a.deadlock ? deadlock_reports_++ : starvation_reports_++) == 0)
      SC_REPORT_WARNING(kWatchdogMessage, (summary + " (further ones are counted in the result)").c_str());
  }
  // Whatever the stuck VCs were classified as: a network that delivers nothing has stopped working.
  // An empty network is progress too: a program may compute for long with nothing in flight, and
  // the first packet it then sends must not be judged by the silence before it.
  const std::uint64_t out = probes_.flits_out(), inside = probes_.flits_inside();
  if (out != flits_out_ || inside == 0) {
    flits_out_ = out;
    last_delivery_ = now;
  } else if (now - last_delivery_ >= limit) {
    frozen_ = stopped_run_ = true;
    // Say what holds it: the first stuck VC's wait, judged as it stands (a knot here is one that
    // deadlock recovery failed to drain).
    std::string why;
    if (VcRef stuck; first_stuck(now, limit, stuck))
      why = "; " + describe(stuck, analyse_wait(query_, stuck, now), now, 8);
    model_error("watchdog: the network delivered nothing from cycle " + std::to_string(last_delivery_) +
                " to " + std::to_string(now) + " while " + std::to_string(inside) +
                " flits were in it: it has stopped working" + why);
  }
  next_check_ = now + interval;
  if (clock_.at_rest()) {  // a platform's network with nothing in it: no event of ours until it moves
    resting_ = true;
    next_trigger(clock_.resumed());
    return;
  }
  due_.notify(clock_.until(next_check_));
  wait_for_check();
}

}  // namespace icn
