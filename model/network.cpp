#include "network.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <sstream>

#include "core/model_error.h"
#include "routing/routing_function.h"
#include "topology/kary_ncube.h"
#include "traffic/destination_pattern.h"

namespace icn {

Network::Network(sc_core::sc_module_name name, const Configuration& configuration)
    : sc_core::sc_module(name),
      configuration_(configuration),
      topology_(configuration_.platform.network.topology()),
      clock_("clock", sc_core::sc_time(configuration.platform.simulation.clock_period_ns, sc_core::SC_NS)),
      statistics_(topology_.node_count(), configuration.platform.simulation.warmup,
                  configuration.platform.simulation.cycles) {
  const PlatformConfig& platform = configuration_.platform;
  // The global-information networks follow the rows of a k-ary n-cube; other topologies have none,
  // and a controller that needs one refuses them (ControllerContext::needs_sideband).
  if (const auto* cube = dynamic_cast<const KaryNCube*>(&topology_)) {
    sideband_ = std::make_unique<Sideband>("sideband", *cube, clock_, platform.sideband);
    entropy_circuit_ = std::make_unique<EntropyCircuit>("entropy_circuit", *cube, clock_);
  }
  routing_ = RoutingRegistry::get(platform.routing.type)
                 .create(RoutingContext{topology_, platform.router.virtual_channels, platform.routing.parameters,
                                        platform.router.virtual_cut_through});
  schedule_ = std::make_unique<TrafficSchedule>("schedule", configuration_.stimulus, topology_, platform.simulation.seed,
                                                clock_, statistics_);

  if (platform.router.metapacket_lane)
    metapackets_ =
        std::make_unique<MetapacketGather>("metapackets", require<KaryNCube>(topology_, "metapackets"), clock_);
  const NodeId count = topology_.router_count();
  token_.set_nodes(count);
  if (topology_.is_direct()) {  // each node builds its own router
    for (NodeId id = 0; id < count; ++id)
      nodes_.push_back(std::make_unique<Node>(("node_" + std::to_string(id)).c_str(), id, topology_, configuration_,
                                              *routing_, *schedule_, clock_, packets_, statistics_, token_,
                                              sideband_.get(), metapackets_.get(), entropy_circuit_.get()));
  } else {
    build_indirect();
  }

  std::vector<NetworkInterface*> interfaces;
  for (auto& node : nodes_) interfaces.push_back(&node->network_interface());
  if (metapackets_) {
    std::vector<Router*> routers;
    for (auto& node : nodes_) routers.push_back(&node->router());
    metapackets_->connect(interfaces, routers);
  }
  if (configuration_.stimulus.trace)
    trace_replay_ = std::make_unique<TraceReplay>("trace_replay", *configuration_.stimulus.trace, clock_, interfaces);

  // Output port p of router a drives the input port of the router its link leads to; an input
  // port no link enters (a mesh edge) gets signals of its own, which stay idle.
  const int ports = topology_.network_ports();
  link_flits_.init(std::size_t(count) * ports);
  link_credits_.init(std::size_t(count) * ports);
  std::vector<bool> entered(std::size_t(count) * ports, false);
  for (NodeId a = 0; a < count; ++a)
    for (int p = 0; p < ports; ++p) {
      const Topology::Link to = topology_.link(a, p);
      if (to.router != kNoNode) entered[std::size_t(to.router) * ports + to.input_port] = true;
    }
  const std::size_t edges = std::size_t(std::count(entered.begin(), entered.end(), false));
  edge_flits_.init(edges);
  edge_credits_.init(edges);
  std::size_t edge = 0;
  for (NodeId a = 0; a < count; ++a) {
    for (int p = 0; p < ports; ++p) {
      const std::size_t link = std::size_t(a) * ports + p;
      Router& from = router(a);
      from.flit_out[p](link_flits_[link]);
      from.credit_in[p](link_credits_[link]);
      const Topology::Link to = topology_.link(a, p);
      if (to.router != kNoNode) {
        router(to.router).flit_in[to.input_port](link_flits_[link]);
        router(to.router).credit_out[to.input_port](link_credits_[link]);
      }
      if (!entered[link]) {  // nobody upstream of a's input port p
        from.flit_in[p](edge_flits_[edge]);
        from.credit_out[p](edge_credits_[edge]);
        ++edge;
      }
    }
  }

  show_progress_ = platform.simulation.progress && isatty(STDERR_FILENO);
  SC_HAS_PROCESS(Network);
  SC_METHOD(sample);
  SC_METHOD(supervise);
  if (platform.simulation.watchdog_cycles > 0) {
    Watchdog::Probes probes;
    probes.stuck = [this](NodeId node, Cycle now, Cycle limit, int& port, int& vc) {
      return router(node).find_stuck(now, limit, port, vc);
    };
    probes.describe_port = [this](int port) { return port_name(port); };
    probes.note = [this]() -> std::string {
      if (token_.free()) return "";
      const Packet& holder = packets_[token_.holder()];
      return " [Disha's token is held by packet " + std::to_string(holder.source) + "->" +
             std::to_string(holder.destination) + "]";
    };
    probes.flits_out = [this] { return statistics_.flits_delivered_total() + statistics_.flits_absorbed_total(); };
    probes.flits_inside = [this] {
      return statistics_.flits_injected_total() - statistics_.flits_delivered_total() -
             statistics_.flits_absorbed_total();
    };
    watchdog_ = std::make_unique<Watchdog>("watchdog", count, *this, std::move(probes), packets_, clock_,
                                           configuration_.platform.simulation,
                                           platform.deadlock.kind != DeadlockRecoveryConfig::Kind::None);
  }
}

Network::~Network() = default;

void Network::build_indirect() {
  // Routers first, then the nodes that attach to them; a terminal slot no node uses (a first stage's
  // delivery channels, a last stage's injection channels) gets idle signals of its own.
  const PlatformConfig& platform = configuration_.platform;
  const int injection = platform.network_interface.injection_channels;
  const int delivery = platform.network_interface.delivery_channels;
  std::vector<std::vector<bool>> injects(topology_.router_count()), delivers(topology_.router_count());
  for (NodeId r = 0; r < topology_.router_count(); ++r) {
    routers_.push_back(std::make_unique<Router>(("router_" + std::to_string(r)).c_str(), r, topology_, platform.router,
                                                platform.network_interface, platform.deadlock, &token_, *routing_,
                                                clock_, packets_, platform.simulation.seed));
    injects[r].assign(std::size_t(topology_.terminal_slots(r)), false);
    delivers[r].assign(std::size_t(topology_.terminal_slots(r)), false);
  }
  for (NodeId id = 0; id < topology_.node_count(); ++id) {
    const Topology::Attachment in = topology_.injection_point(id), out = topology_.delivery_point(id);
    injects[in.router][std::size_t(in.slot)] = true;
    delivers[out.router][std::size_t(out.slot)] = true;
    nodes_.push_back(std::make_unique<Node>(("node_" + std::to_string(id)).c_str(), id, topology_, configuration_,
                                            *schedule_, clock_, packets_, statistics_, token_, *routers_[in.router],
                                            in.slot, *routers_[out.router], out.slot));
  }
  std::size_t idle_inputs = 0, idle_outputs = 0;
  for (NodeId r = 0; r < topology_.router_count(); ++r)
    for (std::size_t s = 0; s < injects[r].size(); ++s) {
      idle_inputs += injects[r][s] ? 0 : std::size_t(injection);
      idle_outputs += delivers[r][s] ? 0 : std::size_t(delivery);
    }
  idle_slot_flits_.init(idle_inputs + idle_outputs);
  idle_slot_credits_.init(idle_inputs);
  std::size_t flit = 0, credit = 0;
  const int ports = topology_.network_ports();
  for (NodeId r = 0; r < topology_.router_count(); ++r)
    for (std::size_t s = 0; s < injects[r].size(); ++s) {
      for (int c = 0; c < injection && !injects[r][s]; ++c) {
        routers_[r]->flit_in[ports + int(s) * injection + c](idle_slot_flits_[flit++]);
        routers_[r]->credit_out[ports + int(s) * injection + c](idle_slot_credits_[credit++]);
      }
      for (int c = 0; c < delivery && !delivers[r][s]; ++c)
        routers_[r]->flit_out[ports + int(s) * delivery + c](idle_slot_flits_[flit++]);
    }
}

std::uint64_t Network::flits_in_network(Cycle now) const {
  std::uint64_t count = 0;
  if (topology_.is_direct()) {
    for (const auto& node : nodes_) count += node->router().buffered_flits() + node->flits_on_local_channels(now);
  } else {
    for (const auto& r : routers_) count += r->buffered_flits();
    for (const auto& node : nodes_) count += node->flits_on_local_channels(now);
  }
  for (const auto& s : link_flits_) count += Cycle(s.read().sent) == now;
  return count;
}

std::uint64_t Network::full_buffers() const {
  std::uint64_t count = 0;
  for (NodeId r = 0; r < topology_.router_count(); ++r) count += router(r).full_buffers();
  return count;
}

Cycle Network::oldest_packet_age(Cycle now) const {
  Cycle oldest = 0;
  for (std::size_t i = 0; i < packets_.capacity(); ++i) {
    const Packet& p = packets_[PacketId(i)];
    if (p.in_network && now - p.injected > oldest) oldest = now - p.injected;
  }
  return oldest;
}

void Network::sample() {
  // Runs in the first delta of a sample cycle only to re-schedule itself one delta later, after
  // every clocked process of that cycle has run and its signal writes are visible.
  const Cycle interval = configuration_.platform.simulation.sample_interval;
  const Cycle last = configuration_.platform.simulation.cycles - 1;
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_sample_ = std::min(interval - 1, last);
    next_trigger(clock_.time_of(next_sample_));
    return;
  }
  if (sample_step_.defer()) return;
  const Cycle now = next_sample_;
  take_sample(now);
  if (now < last) {
    next_sample_ = std::min(now + interval, last);
    next_trigger(clock_.until(next_sample_));
  }
}

void Network::take_sample(Cycle now) {
  const std::uint64_t in_network = flits_in_network(now);
  const std::uint64_t absorbed = statistics_.flits_absorbed_total();
  if (statistics_.flits_injected_total() != statistics_.flits_delivered_total() + absorbed + in_network) {
    std::ostringstream os;
    os << "flit conservation violated at cycle " << now << ": injected " << statistics_.flits_injected_total()
       << " != delivered " << statistics_.flits_delivered_total() << " + absorbed by recovery " << absorbed
       << " + in network " << in_network;
    throw ModelError(os.str());
  }
  const Cycle previous = statistics_.series().empty() ? Cycle(-1) : statistics_.series().back().cycle;
  // Controller state: how many nodes throttle, and each telemetry value averaged over nodes.
  std::size_t throttling = 0;
  std::vector<std::pair<const char*, double>> values;
  std::vector<std::pair<std::string, double>> averages;
  for (const auto& node : nodes_) {
    throttling += node->controller().throttling(now);
    values.clear();
    node->controller().telemetry(values);
    if (averages.empty())
      for (const auto& [name, value] : values) averages.emplace_back(name, 0.0);
    for (std::size_t i = 0; i < values.size() && i < averages.size(); ++i) averages[i].second += values[i].second;
  }
  for (auto& a : averages) a.second /= double(nodes_.size());
  statistics_.sample(now, full_buffers(), oldest_packet_age(now), now - previous, schedule_->phase_index(),
                     double(throttling) / double(nodes_.size()), std::move(averages));
}

std::optional<Cycle> Network::completed_at() const {
  return trace_replay_ ? trace_replay_->completed_at() : schedule_->completed_at();
}

std::string Network::port_name(int port) const {
  if (port >= topology_.network_ports()) return "injection " + std::to_string(port - topology_.network_ports());
  return topology_.port_name(port);
}

namespace {
volatile std::sig_atomic_t interrupt_signal = 0;
}  // namespace

void Network::interrupt(int signal_number) { interrupt_signal = signal_number ? signal_number : SIGINT; }

const char* Network::state_name(RunStatus::State state) {
  switch (state) {
    case RunStatus::State::Completed: return "completed";
    case RunStatus::State::Deadlock: return "deadlock";
    case RunStatus::State::ModelError: return "model_error";
    case RunStatus::State::Interrupted: return "interrupted";
    case RunStatus::State::WallLimit: return "wall_limit";
    case RunStatus::State::Frozen: return "frozen";
  }
  return "unknown";
}

Cycle Network::cycles_run() const {
  if (stopped_at_) return *stopped_at_ + 1;
  const auto done = completed_at();
  return done ? std::min(*done + 1, configuration_.platform.simulation.cycles) : configuration_.platform.simulation.cycles;
}

void Network::stop_early(RunStatus::State state, const std::string& reason) {
  status_.state = state;
  status_.reason = reason;
  stopped_at_ = clock_.cycle();
  sc_core::sc_stop();
}

void Network::supervise() {
  // Every 64 cycles, after the cycle's work: a stop asked for by a signal or the wall-clock limit
  // ends the run at a cycle boundary, so the results up to it are consistent; and the progress line.
  const Cycle total = configuration_.platform.simulation.cycles;
  const double wall_limit = configuration_.platform.simulation.wall_limit;
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    started_ = last_progress_ = std::chrono::steady_clock::now();
    next_trigger(clock_.time_of(std::min<Cycle>(63, total - 1)));
    return;
  }
  if (supervise_step_.defer()) return;
  const Cycle now = clock_.cycle();
  const auto wall = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(wall - started_).count();
  if (interrupt_signal != 0) {
    stop_early(RunStatus::State::Interrupted, std::string("interrupted by ") +
                                                  (interrupt_signal == SIGTERM ? "SIGTERM" : "SIGINT") +
                                                  " at cycle " + std::to_string(now));
    return;
  }
  if (wall_limit > 0 && elapsed >= wall_limit) {
    char text[128];
    std::snprintf(text, sizeof text, "simulation.wall_limit of %g s reached at cycle %llu", wall_limit,
                  (unsigned long long)now);
    stop_early(RunStatus::State::WallLimit, text);
    return;
  }
  if (show_progress_ && wall - last_progress_ > std::chrono::milliseconds(500)) {
    last_progress_ = wall;
    const double fraction = double(now + 1) / double(total);
    std::fprintf(stderr, "\r  cycle %llu / %llu (%3.0f%%), %.1f s elapsed, ETA %.1f s   ",
                 (unsigned long long)(now + 1), (unsigned long long)total, 100 * fraction, elapsed,
                 elapsed * (1 - fraction) / fraction);
    std::fflush(stderr);
  }
  if (now + 64 < total) next_trigger(clock_.until(now + 64));
}

double Network::run() {
  const auto start = std::chrono::steady_clock::now();
  const Cycle cycles = configuration_.platform.simulation.cycles;
  // A completed stimulus schedule stops the run with sc_stop(); that is not news worth printing.
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  // Cycle c runs at (c + 1) periods; stop half a period after the last one.
  try {
    sc_core::sc_start(clock_.time_of(cycles - 1) + clock_.period() / 2);
  } catch (const sc_core::sc_report& report) {
    // A process stopped the model (SystemC turns its exception into an sc_report).
    const std::string& message = ModelError::last_model_error();
    const bool watchdog = watchdog_ && watchdog_->stopped_run();
    status_.state = !watchdog                    ? RunStatus::State::ModelError
                    : watchdog_->found_frozen() ? RunStatus::State::Frozen
                                                : RunStatus::State::Deadlock;
    status_.reason = message.empty() ? report.what() : message;
    if (watchdog) status_.detail = watchdog_->first_finding();
    stopped_at_ = clock_.cycle();
  }
  if (show_progress_) std::fprintf(stderr, "\r%78s\r", "");
  status_.last_cycle = cycles_run() - 1;
  // A run that ended early (a completed schedule, a stop): close the time series at its last
  // cycle. Not after a model error: the state that failed its check would fail it again.
  const Cycle last = status_.last_cycle;
  if (status_.state != RunStatus::State::ModelError && last + 1 < cycles &&
      (statistics_.series().empty() || statistics_.series().back().cycle < last)) {
    try {
      take_sample(last);
    } catch (const ModelError& e) {
      status_.state = RunStatus::State::ModelError;
      status_.reason = e.what();
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace icn
