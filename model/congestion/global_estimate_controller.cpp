#include "congestion/global_estimate_controller.h"

#include "common/cycle_clock.h"
#include "common/packet_pool.h"
#include "router/router_view.h"
#include "sideband/global_gather.h"
#include "topology/topology.h"

namespace icn {

namespace {
int bits_for(double maximum) { return std::max(1, int(std::ceil(std::log2(std::max(2.0, maximum))))); }
}  // namespace

GlobalEstimateController::GlobalEstimateController(sc_core::sc_module_name name, const ControllerContext& c,
                                                   bool extrapolate)
    : CongestionController(name),
      router_(c.router),
      sideband_(c.needs_sideband()),
      clock_(c.clock),
      extrapolate_(extrapolate),
      throttle_(c.parameters.boolean("throttle")),
      total_buffers_(double(c.topology.router_count()) * c.topology.network_ports() * c.router.routing_vcs()),
      // A router's counters are summed once: by the node on its first terminal slot.
      counts_router_(c.topology.injection_point(c.node).slot == 0) {
  // Counter widths as in sec. 5.1: all buffers (12 bits for 3,072) and the most flits the network
  // can deliver in one gather at full width (13 bits for 32 cycles × 256 nodes).
  const double full_width_gather = double(sideband_.hops_per_gather()) * sideband_.hop_delay();
  const std::vector<int> bits = {bits_for(total_buffers_),
                                 bits_for(full_width_gather * double(c.topology.node_count()))};
  GlobalGather& gather = c.parameters.text("distribution") == "metapackets"
                             ? *c.metapackets
                             : static_cast<GlobalGather&>(c.needs_sideband());
  gather.attach(c.node, this, bits);
}

std::vector<ParameterSpec> GlobalEstimateController::common_parameters() {
  return {ParameterSpec::choice("estimator", "linear", {"linear", "last"},
                                "extrapolate from the last two snapshots, or use the last one (sec. 3.2)"),
          ParameterSpec::choice("distribution", "sideband", {"sideband", "metapackets"},
                                "counters over the dedicated sideband, or in metapackets on the data links (sec. 5.3)"),
          ParameterSpec::choice("metapacket_priority", "allocation", {"allocation", "link"},
                                "the metapackets' VC wins the arbiter and VC allocation and shares each link flit by "
                                "flit with the data VCs (sec. 5.3: gathers shorten past saturation as data stops "
                                "contending for links), or also always wins the link")
              .acts_when("metapackets (congestion_control.distribution: metapackets)",
                         "congestion_control.distribution", {"metapackets"}),
          ParameterSpec::boolean("throttle", true, "throttle; false gathers only (Fig. 12's No tune)")};
}

ControllerNeeds GlobalEstimateController::needs() {
  ControllerNeeds n;
  n.own_vc = [](const ParameterSet& p) {
    ControllerNeeds::OwnVc vc;
    vc.needed = p.text("distribution") == "metapackets";
    vc.link_priority = vc.needed && p.text("metapacket_priority") == "link";
    return vc;
  };
  n.own_vc_key = "distribution";
  n.own_vc_alternative = "sideband";
  n.sideband = true;
  n.delivered_where_injected = true;
  return n;
}

void GlobalEstimateController::sideband_values(std::uint64_t* values) {
  if (!counts_router_) {  // another terminal of this router reports it
    values[0] = values[1] = 0;
    return;
  }
  values[0] = std::uint64_t(router_.full_buffers());
  const std::uint64_t delivered = router_.delivered_flits();
  values[1] = delivered - delivered_at_last_gather_;
  delivered_at_last_gather_ = delivered;
}

void GlobalEstimateController::sideband_snapshot(Cycle taken, Cycle now, const std::uint64_t* sums) {
  previous_ = latest_;
  previous_taken_ = latest_taken_;
  latest_ = double(sums[0]);
  latest_taken_ = taken;
  ++snapshots_;
  on_snapshot(latest_, double(sums[1]), now);
}

bool GlobalEstimateController::sideband_settled(const std::uint64_t* sums) const {
  // The estimate no longer moves (two equal snapshots: no slope) and the subclass is settled.
  return snapshots_ >= 2 && previous_ == double(sums[0]) && latest_ == double(sums[0]) &&
         settled_on(latest_, double(sums[1]));
}

void GlobalEstimateController::sideband_skip(std::uint64_t snapshots, Cycle spacing) {
  snapshots_ += int(std::min<std::uint64_t>(snapshots, 1u << 30));  // only "at least two" is asked of it
  latest_taken_ += snapshots * spacing;
  previous_taken_ = latest_taken_ - spacing;
  skip_snapshots(snapshots);
}

double GlobalEstimateController::estimate(Cycle now) const {
  if (!extrapolate_ || snapshots_ < 2) return latest_;
  // Linear extrapolation from the last two snapshots to the present (with the sideband they are g
  // cycles apart; metapacket gathers take as long as they take).
  const double span = double(latest_taken_ > previous_taken_ ? latest_taken_ - previous_taken_ : 1);
  const double slope = (latest_ - previous_) / span;
  return std::max(0.0, latest_ + slope * double(now - latest_taken_));
}

bool GlobalEstimateController::may_inject(const Packet&, Cycle now) {
  if (!throttling(now)) return true;
  count_throttled_cycle(now);
  return false;
}

void GlobalEstimateController::telemetry(std::vector<std::pair<const char*, double>>& out) const {
  out.emplace_back("estimate", estimate(clock_.cycle()));
  out.emplace_back("threshold", threshold());
}

}  // namespace icn
