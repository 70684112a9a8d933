#include "experiment.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <sstream>

#include "common/config_error.h"
#include "common/model_error.h"
#include "common/stop_request.h"

namespace icn {

namespace {

PlatformConfig fabric_platform(const Configuration& configuration) {
  PlatformConfig platform = configuration.platform;
  platform.network_interface = effective_network_interface(configuration);
  // Nobody binds TLM-2.0 IP to an experiment's own fabric: its address map has no one to serve. Cores
  // do: each node's memory, for the others' loads and stores.
  platform.tlm.address_map = platform.processor.cores ? SoftwareRun::address_map(platform.network.topology().node_count(),
                                                                               platform.processor.memory_bytes)
                                                    : AddressMap();
  return platform;
}

}  // namespace

Experiment::Experiment(sc_core::sc_module_name name, const Configuration& configuration)
    : sc_core::sc_module(name),
      configuration_(configuration),
      own_fabric_(std::make_unique<Fabric>("fabric", fabric_platform(configuration_))),
      fabric_(own_fabric_.get()) {
  if (configuration_.platform.processor.cores) attach_cores();
  else attach_stimulus({}, Role::Drives);
}

Experiment::Experiment(sc_core::sc_module_name name, Fabric& fabric, const StimulusConfig& stimulus,
                       const std::vector<NodeId>& nodes, Role role)
    : sc_core::sc_module(name), configuration_{fabric.platform(), stimulus}, fabric_(&fabric) {
  const std::string origin = stimulus.source + ": ";
  // The fabric's network interfaces were built without the stimulus.
  if (stimulus.attempts)
    throw ConfigError(origin + "source.model: attempts needs network interfaces that drop failed attempts, which a "
                               "fabric built on its own does not have (allowed here: queue)");
  if (!nodes.empty()) {
    if (stimulus.trace)
      throw ConfigError(origin + "trace: a trace drives every node (allowed with a trace: generators on all nodes)");
    for (const PhaseConfig& phase : stimulus.phases)
      if (phase.end.kind == PhaseEnd::Kind::PacketsPerNode)
        throw ConfigError(origin + "end.packets_per_node: waits for every node, and only some nodes generate here "
                                   "(allowed: the other ends)");
    for (const NodeId id : nodes)
      if (id >= fabric.node_count())
        throw ConfigError(origin + "node " + std::to_string(id) + " is not a node of this fabric (allowed: 0.." +
                          std::to_string(fabric.node_count() - 1) + ")");
  }
  attach_stimulus(nodes, role);
}

Experiment::Experiment(sc_core::sc_module_name name, Fabric& fabric, Observe)
    : sc_core::sc_module(name), configuration_{fabric.platform(), StimulusConfig{}}, fabric_(&fabric) {
  configuration_.stimulus.name = "none";  // the platform's IP alone makes the traffic
  attach_sampling(false);
}

Experiment::~Experiment() = default;

void Experiment::attach_stimulus(const std::vector<NodeId>& nodes, Role role) {
  const PlatformConfig& platform = configuration_.platform;
  Fabric& fabric = *fabric_;
  schedule_ = std::make_unique<TrafficSchedule>("schedule", configuration_.stimulus, fabric.topology(),
                                                platform.simulation.seed, fabric.clock(),
                                                [&fabric] { return !fabric.carries_traffic(); });
  const GeneratorContext generating{*schedule_, fabric.clock(), platform.simulation.seed, platform.simulation.cycles};
  std::vector<Endpoint*> interfaces;
  for (NodeId id = 0; id < fabric.node_count(); ++id) {
    if ((id & 1023) == 0) check_stop_while_building(fabric.node_count(), fabric.node_count());
    NetworkInterface& ni = fabric.node(id).network_interface();
    interfaces.push_back(&ni);
    if (!nodes.empty() && std::find(nodes.begin(), nodes.end(), id) == nodes.end()) continue;
    generators_.push_back(
        std::make_unique<TrafficGenerator>(("generator_" + std::to_string(id)).c_str(), id, ni, generating));
  }
  if (configuration_.stimulus.trace)
    trace_replay_ =
        std::make_unique<TraceReplay>("trace_replay", *configuration_.stimulus.trace, fabric.clock(), interfaces);
  const bool background = role == Role::Background;
  schedule_->stop_simulation_when_complete(!background);
  if (trace_replay_) trace_replay_->stop_simulation_when_complete(!background);

  attach_observers(!background);
}

// What watches a run, whatever drives it (a stimulus or the cores): the progress line, the time series,
// the spatial samples and the watchdog; `drives` is false for a background stimulus beside TLM-2.0
// initiators, which neither shows progress nor supervises the run.
void Experiment::attach_observers(bool drives) {
  const PlatformConfig& platform = configuration_.platform;
  show_progress_ = drives && platform.simulation.progress && isatty(STDERR_FILENO);
  attach_sampling(drives);
  SC_HAS_PROCESS(Experiment);
  if (platform.simulation.spatial_sample_interval > 0) SC_METHOD(spatial_sample);
  attach_watchdog();
}

void Experiment::attach_cores() {
  const PlatformConfig& platform = configuration_.platform;
  Fabric& fabric = *fabric_;
  const CoreSites sites{fabric.clock(),
                        fabric.node_count(),
                        platform.tlm.flit_bytes,
                        fabric.longest_packet(),
                        [&fabric](NodeId n) -> Endpoint& { return fabric.node(n).network_interface(); },
                        [&fabric](NodeId n) -> TlmPort& { return fabric.tlm_port(n); }};
  software_ = std::make_unique<SoftwareRun>(
      sites, platform.processor,
      [](Cycle) { sc_core::sc_stop(); },  // the last core has halted: the program's time
      [this](const std::string& reason) { stop_early(RunStatus::State::ProgramError, reason); });
  attach_observers(true);
}

void Experiment::attach_watchdog() {
  const PlatformConfig& platform = configuration_.platform;
  Fabric& fabric = *fabric_;
  if (platform.simulation.watchdog.cycles > 0) {
    Watchdog::Probes probes;
    probes.stuck = [&fabric](NodeId node, Cycle now, Cycle limit, int& port, int& vc) {
      return fabric.router(node).find_stuck(now, limit, port, vc);
    };
    probes.describe_port = [this](int port) { return port_name(port); };
    probes.note = [&fabric]() -> std::string {
      const RecoveryToken& token = fabric.recovery_token();
      if (token.free()) return "";
      const Packet& holder = fabric.packets()[token.holder()];
      return " [Disha's token is held by packet " + std::to_string(holder.source) + "->" +
             std::to_string(holder.destination) + "]";
    };
    const NetworkStatistics& statistics = fabric.statistics();
    probes.flits_out = [&statistics] {
      return statistics.flits_delivered_total() + statistics.flits_absorbed_total();
    };
    probes.flits_inside = [&statistics] {
      return statistics.flits_injected_total() - statistics.flits_delivered_total() -
             statistics.flits_absorbed_total();
    };
    watchdog_ = std::make_unique<Watchdog>(
        "watchdog",
        WatchdogContext{fabric.topology().router_count(), fabric, fabric.packets(), fabric.clock(),
                        platform.simulation.watchdog, platform.deadlock.traits.recovers},
        std::move(probes));
  }
}

void Experiment::attach_sampling(bool supervised) {
  SC_HAS_PROCESS(Experiment);
  SC_METHOD(sample);
  if (supervised) SC_METHOD(supervise);  // signals, the wall-clock limit, the progress line: run()'s
  if (configuration_.platform.simulation.warmup > 0) SC_METHOD(open_window);
}

void Experiment::sample() {
  // Runs in the first delta of a sample cycle only to re-schedule itself one delta later, after
  // every clocked process of that cycle has run and its signal writes are visible.
  const Cycle interval = configuration_.platform.simulation.sample_interval;
  const Cycle last = configuration_.platform.simulation.cycles - 1;
  CycleClock& clock = fabric_->clock();
  // A network without an end samples only while it moves: when it comes to rest (common/cycle_clock.h)
  // the sampler sleeps with it at once — no event of its own keeps a finished platform's simulation
  // going — and wakes with it, taking then the grid's sample it slept through, if any, the next one
  // covering the rest of the pause (a platform reading the series meanwhile gets them too).
  auto next = [&] {
    if (has_end()) next_trigger(sample_due_);
    else next_trigger(sample_due_ | clock.rested());
  };
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_sample_ = std::min(interval - 1, last);
    sample_due_.notify(clock.time_of(next_sample_));
    return next();
  }
  if (sleeping_) {  // woken by the network's clock starting again: the next sample on the grid
    sleeping_ = false;
    take_samples_due_before(clock.resumed_at());
    sample_due_.notify(clock.time_of(next_sample_) - clock.now());
    return next();
  }
  if (clock.now() != clock.time_of(next_sample_)) {  // woken by the clock stopping between samples
    if (clock.at_rest()) {                              // (not already moving again)
      sample_due_.cancel();
      sleeping_ = true;
      return next_trigger(clock.resumed());
    }
    return next();
  }
  if (sample_step_.defer()) return;
  const Cycle now = next_sample_;
  take_sample(now);
  if (now >= last) return;
  next_sample_ = std::min(now + interval, last);
  if (clock.at_rest()) {
    sleeping_ = true;
    return next_trigger(clock.resumed());
  }
  sample_due_.notify(clock.until(next_sample_));
  next();
}

void Experiment::take_samples_due_before(Cycle cycle) {
  // Nothing moved since the network came to rest: the grid's sample in the cycles slept through is
  // taken now as it would have been then (the sideband's gathers made up to it first), and the one
  // after it covers the rest of them.
  if (next_sample_ >= cycle) return;
  fabric_->bring_up_to(next_sample_ + 1);
  const auto& series = fabric_->statistics().series();
  if (series.empty() || series.back().cycle < next_sample_) take_sample(next_sample_);
  next_sample_ = CycleClock::grid_at_or_after(next_sample_, configuration_.platform.simulation.sample_interval, cycle);
}

void Experiment::bring_series_up_to_date() {
  if (!sleeping_) return;
  const Cycle unfinished = fabric_->clock().first_unfinished_cycle();
  take_samples_due_before(unfinished);
  const auto& series = fabric_->statistics().series();
  if (unfinished > 0 && (series.empty() || series.back().cycle < unfinished - 1)) take_sample(unfinished - 1);
}

void Experiment::open_window() {
  // After the last warm-up cycle's work, as a sample is taken: the window's events are those of
  // cycles warmup … end.
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    next_trigger(fabric_->clock().time_of(configuration_.platform.simulation.warmup - 1));
    return;
  }
  if (window_step_.defer()) return;
  if (!window_moved_) window_start_ = fabric_->activity();
}

void Experiment::restart_activity_window() {
  window_moved_ = true;
  window_start_ = fabric_->activity();
  window_end_.reset();
}

void Experiment::stop_activity_window() {
  if (!window_end_) window_end_ = fabric_->activity();
}

void Experiment::spatial_sample() {
  // At the end of cycles warmup − 1 (the baseline), then every interval after it, as a sample is taken.
  const SimulationConfig& simulation = configuration_.platform.simulation;
  const Cycle interval = simulation.spatial_sample_interval;
  const Fabric& fabric = *fabric_;
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    spatial_.interval = interval;
    spatial_.ports = fabric.topology().network_ports();
    spatial_.links = fabric.activity().links;
    spatial_last_flits_.assign(spatial_.links.size(), 0);
    if (simulation.warmup > 0) next_trigger(fabric_->clock().time_of(simulation.warmup - 1));
    else next_trigger(fabric_->clock().time_of(interval - 1));
    return;
  }
  if (spatial_step_.defer()) return;
  const Cycle now = fabric_->clock().cycle();
  std::vector<std::uint32_t> flits(spatial_.links.size());
  for (std::size_t i = 0; i < spatial_.links.size(); ++i) {
    const std::uint64_t total = fabric.router(spatial_.links[i].from).flits_sent(spatial_.links[i].port);
    flits[i] = std::uint32_t(total - spatial_last_flits_[i]);
    spatial_last_flits_[i] = total;
  }
  if (now + 1 > simulation.warmup) {  // not the baseline at the end of the warm-up
    spatial_.cycles.push_back(now);
    spatial_.link_flits.push_back(std::move(flits));
    std::vector<std::uint32_t> occupancy;
    occupancy.reserve(std::size_t(fabric.topology().router_count()) * std::size_t(spatial_.ports));
    for (NodeId r = 0; r < fabric.topology().router_count(); ++r) {
      const Router& router = fabric.router(r);
      for (int p = 0; p < spatial_.ports; ++p) {
        std::uint32_t held = 0;
        for (int vc = 0; vc < router.virtual_channels(); ++vc) held += std::uint32_t(router.input_occupancy(p, vc));
        occupancy.push_back(held);
      }
    }
    spatial_.input_occupancy.push_back(std::move(occupancy));
    std::vector<std::uint8_t> throttled(fabric.node_count());
    for (NodeId n = 0; n < fabric.node_count(); ++n) throttled[n] = fabric.node(n).controller().throttling(now);
    spatial_.throttled.push_back(std::move(throttled));
    // A run without an end (a virtual platform's background traffic) keeps the latest samples only;
    // a command-line run's window holds at most this many by its configuration's check.
    if (spatial_.cycles.size() > SimulationConfig::kMostSpatialSamples) {
      spatial_.cycles.erase(spatial_.cycles.begin());
      spatial_.link_flits.erase(spatial_.link_flits.begin());
      spatial_.input_occupancy.erase(spatial_.input_occupancy.begin());
      spatial_.throttled.erase(spatial_.throttled.begin());
    }
  }
  if (now + interval < simulation.cycles) next_trigger(fabric_->clock().until(now + interval));
}

Activity Experiment::window_activity() const {
  Activity activity = window_end_ ? *window_end_ : fabric_->activity();
  if (window_start_) activity -= *window_start_;
  else if (configuration_.platform.simulation.warmup > 0) activity -= Activity(activity);  // never left the warm-up
  return activity;
}

void Experiment::take_sample(Cycle now) {
  NetworkStatistics& statistics = fabric_->statistics();
  const std::uint64_t in_network = fabric_->flits_in_network(now);
  const std::uint64_t absorbed = statistics.flits_absorbed_total();
  if (statistics.flits_injected_total() != statistics.flits_delivered_total() + absorbed + in_network) {
    std::ostringstream os;
    os << "flit conservation violated at cycle " << now << ": injected " << statistics.flits_injected_total()
       << " != delivered " << statistics.flits_delivered_total() << " + absorbed by recovery " << absorbed
       << " + in network " << in_network;
    model_error(os.str());
  }
  const Cycle previous = statistics.series().empty() ? Cycle(-1) : statistics.series().back().cycle;
  // Controller state: how many nodes throttle, and each telemetry value averaged over nodes.
  std::size_t throttling = 0;
  std::vector<std::pair<const char*, double>> values;
  std::vector<std::pair<std::string, double>> averages;
  const NodeId nodes = fabric_->node_count();
  for (NodeId id = 0; id < nodes; ++id) {
    const CongestionController& controller = fabric_->node(id).controller();
    throttling += controller.throttling(now);
    values.clear();
    controller.telemetry(values);
    if (averages.empty())
      for (const auto& [name, value] : values) averages.emplace_back(name, 0.0);
    for (std::size_t i = 0; i < values.size() && i < averages.size(); ++i) averages[i].second += values[i].second;
  }
  for (auto& a : averages) a.second /= double(nodes);
  statistics.sample(now, fabric_->full_buffers(), fabric_->oldest_packet_age(now), now - previous,
                    schedule_ ? schedule_->phase_index() : 0, double(throttling) / double(nodes), std::move(averages));
}

std::optional<Cycle> Experiment::completed_at() const {
  if (software_) return software_->completed_at();
  if (trace_replay_) return trace_replay_->completed_at();
  return schedule_ ? schedule_->completed_at() : std::nullopt;
}

std::string Experiment::port_name(int port) const {
  if (port >= fabric_->topology().network_ports()) return "injection " + std::to_string(port - fabric_->topology().network_ports());
  return fabric_->topology().port_name(port);
}

void Experiment::interrupt(int signal_number) { request_stop(signal_number); }

const char* Experiment::state_name(RunStatus::State state) {
  switch (state) {
    case RunStatus::State::Completed: return "completed";
    case RunStatus::State::Deadlock: return "deadlock";
    case RunStatus::State::ModelError: return "model_error";
    case RunStatus::State::Interrupted: return "interrupted";
    case RunStatus::State::WallLimit: return "wall_limit";
    case RunStatus::State::Frozen: return "frozen";
    case RunStatus::State::ProgramError: return "program_error";
  }
  return "unknown";
}

Cycle Experiment::cycles_run() const {
  if (stopped_at_) return *stopped_at_ + 1;
  if (!has_end()) return fabric_->clock().whole_cycles(fabric_->clock().now());  // so far
  const auto done = completed_at();
  return done ? std::min(*done + 1, configuration_.platform.simulation.cycles) : configuration_.platform.simulation.cycles;
}

void Experiment::stop_early(RunStatus::State state, const std::string& reason) {
  // The first reason stands (cores that fail together report the first of them), and SystemC is asked
  // to stop once. A stop before the network's first cycle (a core failing on its first instruction)
  // is in cycle 0.
  if (stopped_at_) return;
  status_.state = state;
  status_.reason = reason;
  const CycleClock& clock = fabric_->clock();
  stopped_at_ = clock.cycle_at(clock.now());
  sc_core::sc_stop();
}

void Experiment::supervise() {
  // Every few cycles, after the cycle's work: a stop asked for by a signal or the wall-clock limit
  // ends the run at a cycle boundary, so the results up to it are consistent; and the progress line.
  // Every 64 cycles on up to 1,024 nodes, more often on larger networks (every 2 on 32,768), so that a
  // stop waits about as long whatever the size; a stop asked for while the network was being built,
  // in its first cycle.
  const Cycle total = configuration_.platform.simulation.cycles;
  const double wall_limit = configuration_.platform.simulation.wall_limit;
  const Cycle interval = std::clamp<Cycle>(Cycle(65536) / std::max<Cycle>(1, fabric_->node_count()), 1, 64);
  if (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME) {
    started_ = last_progress_ = std::chrono::steady_clock::now();
    next_trigger(fabric_->clock().time_of(stop_requested() ? 0 : std::min<Cycle>(interval - 1, total - 1)));
    return;
  }
  if (supervise_step_.defer()) return;
  const Cycle now = fabric_->clock().cycle();
  const auto wall = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(wall - started_).count();
  if (stop_requested() != 0) {
    stop_early(RunStatus::State::Interrupted, std::string("interrupted by ") +
                                                  (stop_requested() == SIGTERM ? "SIGTERM" : stop_requested() == SIGHUP ? "SIGHUP" : "SIGINT") +
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
  if (now + interval < total) next_trigger(fabric_->clock().until(now + interval));
}

double Experiment::run() {
  const auto start = std::chrono::steady_clock::now();
  const Cycle cycles = configuration_.platform.simulation.cycles;
  // A completed stimulus schedule stops the run with sc_stop(); that is not news worth printing.
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  // Cycle c runs at (c + 1) periods; stop half a period after the last one.
  try {
    sc_core::sc_start(fabric_->clock().time_of(cycles - 1) + fabric_->clock().period() / 2);
  } catch (const sc_core::sc_report& report) {
    // A process stopped the model (SystemC turns its exception into an sc_report).
    const std::string& message = ModelError::last_model_error();
    const bool watchdog = watchdog_ && watchdog_->stopped_run();
    status_.state = !watchdog                    ? RunStatus::State::ModelError
                    : watchdog_->found_frozen() ? RunStatus::State::Frozen
                                                : RunStatus::State::Deadlock;
    status_.reason = message.empty() ? report.what() : message;
    if (watchdog) status_.detail = watchdog_->first_finding();
    stopped_at_ = fabric_->clock().cycle_at(fabric_->clock().now());
  }
  if (software_ && status_.state == RunStatus::State::Completed && !software_->completed_at()) {
    std::string nodes;
    const auto running = software_->running();
    for (std::size_t i = 0; i < running.size() && i < 8; ++i) nodes += (i ? ", " : "") + std::to_string(running[i]);
    if (running.size() > 8) nodes += " and " + std::to_string(running.size() - 8) + " more";
    status_.state = RunStatus::State::ProgramError;
    status_.reason = "node" + std::string(running.size() > 1 ? "s " : " ") + nodes + " did not halt within " +
                     "simulation.cycles = " + std::to_string(cycles) + " (allowed: a program that writes ICN_EXIT, "
                     "or more cycles)";
  }
  if (show_progress_) std::fprintf(stderr, "\r%78s\r", "");
  fabric_->close_trace();
  status_.last_cycle = cycles_run() - 1;
  // A run that ended early (a completed schedule, a stop): close the time series at its last
  // cycle. Not after a model error: the state that failed its check would fail it again.
  const Cycle last = status_.last_cycle;
  if (status_.state != RunStatus::State::ModelError && last + 1 < cycles &&
      (fabric_->statistics().series().empty() || fabric_->statistics().series().back().cycle < last)) {
    try {
      take_sample(last);
    } catch (const std::exception&) {  // a ModelError, or the sc_report the report handler threw for it
      status_.state = RunStatus::State::ModelError;
      status_.reason = ModelError::last_model_error();
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace icn
