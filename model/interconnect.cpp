#include "icnsim/interconnect.h"

#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "common/config_error.h"
#include "interconnect_model.h"
#include "run_report.h"
#include "topology/kary_ncube.h"

namespace icnsim {

namespace {

// Configuration errors leave the library as plain std::runtime_error: the installed headers do
// not declare the model's own exception types.
template <typename Call>
decltype(auto) with_plain_errors(Call call) {
  try {
    return call();
  } catch (const icn::ConfigError& e) {
    throw std::runtime_error(e.what());
  }
}

// A network a virtual platform embeds runs as long as the platform does: simulation.cycles, the end
// of a command-line run, does not end its measurement window or the traffic add_traffic attaches.
template <typename Build>
std::unique_ptr<icn::Fabric> elaborate(const char* name, Build build) {
  return with_plain_errors([&] {
    icn::PlatformConfig platform = build();
    platform.simulation.cycles = icn::kNoEnd;
    return std::make_unique<icn::Fabric>(name, std::move(platform));
  });
}

icn::PlatformConfig load(const Platform& platform, const std::vector<std::string>& overrides) {
  return platform.file().empty() ? icn::load_platform_text(platform.yaml(), overrides, platform.name())
                                 : icn::load_platform(platform.file(), overrides);
}

}  // namespace

Platform Platform::defaults(const std::string& name) {
  Platform p;
  p.name_ = name;
  return p;
}

Platform Platform::from_file(const std::string& path) {
  Platform p;
  p.file_ = path;
  p.name_ = path;
  return p;
}

Platform Platform::from_yaml(const std::string& yaml, const std::string& name) {
  Platform p;
  p.yaml_ = yaml;
  p.name_ = name;
  return p;
}

Platform& Platform::set(const std::string& key, const std::string& value) {
  overrides_.push_back(key + "=" + value);
  return *this;
}

Platform& Platform::map(std::uint64_t base, std::uint64_t size, unsigned node, unsigned target) {
  ranges_.push_back(Range{base, size, node, target, ""});
  return *this;
}

Platform& Platform::map(std::uint64_t base, std::uint64_t size, unsigned node, unsigned target,
                        const std::string& protocol) {
  std::string quoted;  // a YAML double-quoted value: checked as a protocol, never read as more keys
  for (char c : protocol) quoted += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  ranges_.push_back(Range{base, size, node, target, quoted});
  return *this;
}

std::vector<std::string> Platform::overrides() const {
  std::vector<std::string> all = overrides_;
  if (ranges_.empty()) return all;
  std::ostringstream map;  // one YAML flow list, checked by the platform's own address_map rules
  map << "address_map=[";
  for (std::size_t i = 0; i < ranges_.size(); ++i)
    map << (i ? ", " : "") << "{base: " << ranges_[i].base << ", size: " << ranges_[i].size
        << ", node: " << ranges_[i].node << ", target: " << ranges_[i].target
        << (ranges_[i].protocol.empty() ? std::string() : ", protocol: \"" + ranges_[i].protocol + "\"") << "}";
  map << "]";
  all.push_back(map.str());
  return all;
}

Interconnect::Model::Model(std::unique_ptr<icn::Fabric> built) : fabric(std::move(built)) {
  fabric->when_elaboration_ends([this] {
    if (!experiment) experiment = std::make_unique<icn::Experiment>("monitor", *fabric, icn::Experiment::Observe{});
  });
}

icn::Experiment& Interconnect::Model::measured(const char* asked_by) {
  if (!experiment)
    throw std::logic_error(std::string("icnsim: ") + asked_by +
                           ": the network is measured once elaboration has ended (call it after sc_start)");
  fabric->bring_up_to_date();
  experiment->bring_series_up_to_date();
  return *experiment;
}

Interconnect::Interconnect(const char* name, const std::string& platform_file,
                           const std::vector<std::string>& overrides)
    : model_(new Model(elaborate(name, [&] { return icn::load_platform(platform_file, overrides); }))) {}

Interconnect::Interconnect(FromText, const char* name, const std::string& yaml,
                           const std::vector<std::string>& overrides, const std::string& source_name)
    : model_(new Model(elaborate(name, [&] { return icn::load_platform_text(yaml, overrides, source_name); }))) {}

Interconnect::Interconnect(const char* name, const Platform& platform)
    : model_(new Model(elaborate(name, [&] {
        if (platform.maps_addresses()) {
          // The ranges built in code are the whole map: a file's own would be silently replaced.
          const icn::PlatformConfig own = load(platform, {});
          if (!own.tlm.address_map.empty())
            throw icn::ConfigError(platform.name() + ": address_map: the platform already has one and Platform::map() "
                                                     "builds the whole map (allowed: one or the other)");
        }
        return load(platform, platform.overrides());
      }))) {}

std::unique_ptr<Interconnect> Interconnect::from_yaml(const char* name, const std::string& yaml,
                                                      const std::vector<std::string>& overrides,
                                                      const std::string& source_name) {
  return std::unique_ptr<Interconnect>(new Interconnect(FromText{}, name, yaml, overrides, source_name));
}

Interconnect::~Interconnect() = default;

unsigned Interconnect::nodes() const { return model_->fabric->node_count(); }

TargetSocket& Interconnect::target_socket(unsigned node) {
  return with_plain_errors([&]() -> TargetSocket& { return model_->fabric->tlm_port(node).target_socket; });
}

InitiatorSocket& Interconnect::initiator_socket(unsigned node) {
  return with_plain_errors([&]() -> InitiatorSocket& { return model_->fabric->tlm_port(node).initiator_socket; });
}

void Interconnect::set_timing(Timing timing) { model_->fabric->set_approximate_timing(timing == Timing::approximate); }
Interconnect::Timing Interconnect::timing() const {
  return model_->fabric->approximate_timing() ? Timing::approximate : Timing::cycle;
}

sc_core::sc_time Interconnect::clock_period() const { return model_->fabric->clock().period(); }
std::uint64_t Interconnect::cycle() const { return model_->fabric->clock().cycle(); }

// Packets simulated and packets approximate timing estimated, both: a platform that runs approximate
// to get through boot still sees its traffic (it saw none, and a NaN latency, before).
std::uint64_t Interconnect::packets_delivered() const {
  const icn::NetworkStatistics& statistics = model_->fabric->statistics();
  return statistics.latency().count() + statistics.estimated_latency().count();
}

std::uint64_t Interconnect::packets_estimated() const {
  return model_->fabric->statistics().estimated_latency().count();
}

std::uint64_t Interconnect::flits_delivered() const {
  const auto& flits = model_->fabric->statistics().delivered_flits();
  return std::accumulate(flits.begin(), flits.end(), std::uint64_t(0)) +
         model_->fabric->statistics().estimated_flits_window();
}

double Interconnect::mean_packet_latency() const {
  const icn::NetworkStatistics& statistics = model_->fabric->statistics();
  const std::uint64_t packets = statistics.latency().count() + statistics.estimated_latency().count();
  if (packets == 0) return std::numeric_limits<double>::quiet_NaN();
  return double(statistics.latency().sum() + statistics.estimated_latency().sum()) / double(packets);
}

void Interconnect::start_measurement() {
  model_->fabric->statistics().open_window(model_->fabric->clock().cycle(), std::numeric_limits<std::uint64_t>::max());
  if (model_->experiment) model_->experiment->restart_activity_window();
}

void Interconnect::stop_measurement() {
  model_->fabric->statistics().close_window(model_->fabric->clock().cycle());
  if (model_->experiment) model_->experiment->stop_activity_window();
}

namespace {

Interconnect::Latency latency_of(const icn::LatencySummary& s) {
  Interconnect::Latency l;
  l.packets = s.count;
  const double none = std::numeric_limits<double>::quiet_NaN();
  l.mean = s.count ? s.mean : none;
  l.p50 = s.count ? s.p50 : none;
  l.p99 = s.count ? s.p99 : none;
  l.max = s.count ? s.max : none;
  return l;
}

}  // namespace

Interconnect::Statistics Interconnect::statistics() const {
  icn::Experiment& experiment = model_->measured("statistics");
  const icn::RunReport r = icn::make_report(experiment);
  const icn::Fabric& fabric = *model_->fabric;
  Statistics s;
  s.window_from = r.warmup();
  s.window_cycles = r.measured_cycles();
  s.latency = latency_of(r.latency());
  s.network_latency = latency_of(r.network_latency());
  s.estimated_latency = latency_of(r.estimated_latency());
  s.packets_delivered = packets_delivered();
  s.flits_delivered = flits_delivered();
  s.injected_flits = r.injected_flits();
  s.delivered_flits = r.delivered_flits();
  for (const icn::Activity::Link& link : experiment.window_activity().links)
    s.links.push_back(Link{unsigned(link.from), unsigned(link.to), fabric.topology().port_name(link.port), link.flits});
  for (const icn::TimeSample& sample : r.series())
    s.series.push_back(Sample{sample.cycle, sample.offered, sample.accepted, sample.packets_in_network, sample.mean_latency});
  return s;
}

std::string Interconnect::result_json() const {
  std::ostringstream os;
  icn::write_json(os, icn::make_report(model_->measured("result_json")));
  return os.str();
}

namespace {
const icn::KaryNCube& cube_of(const icn::Fabric& fabric) {
  const auto* cube = dynamic_cast<const icn::KaryNCube*>(&fabric.topology());
  if (!cube) throw std::logic_error("icnsim: coordinates exist on a k-ary n-cube only, not on a " + fabric.topology().describe());
  return *cube;
}
}  // namespace

std::vector<unsigned> Interconnect::coordinates(unsigned node) const {
  const icn::KaryNCube& cube = cube_of(*model_->fabric);
  if (node >= model_->fabric->node_count())
    throw std::logic_error("icnsim: node " + std::to_string(node) + " is not in the network (0.." +
                           std::to_string(model_->fabric->node_count() - 1) + ")");
  std::vector<unsigned> c;
  for (int v : cube.coordinates(icn::NodeId(node))) c.push_back(unsigned(v));
  return c;
}

unsigned Interconnect::node_at(const std::vector<unsigned>& coordinates) const {
  const icn::KaryNCube& cube = cube_of(*model_->fabric);
  if (coordinates.size() != std::size_t(cube.dimensions()))
    throw std::logic_error("icnsim: " + std::to_string(coordinates.size()) + " coordinates for a network of " +
                           std::to_string(cube.dimensions()) + " dimensions");
  std::vector<int> c;
  for (unsigned v : coordinates) {
    if (v >= unsigned(cube.radix()))
      throw std::logic_error("icnsim: coordinate " + std::to_string(v) + " outside the radix " + std::to_string(cube.radix()));
    c.push_back(int(v));
  }
  return unsigned(cube.node_at(c));
}

Interconnect::NodeState Interconnect::node_state(unsigned node) const {
  if (node >= model_->fabric->node_count())
    throw std::logic_error("icnsim: node " + std::to_string(node) + " is not in the network");
  model_->fabric->bring_up_to_date();
  const icn::CongestionController& controller = model_->fabric->node(icn::NodeId(node)).controller();
  NodeState state;
  state.throttling = controller.throttling(model_->fabric->clock().cycle());
  std::vector<std::pair<const char*, double>> values;
  controller.telemetry(values);
  for (const auto& [name, value] : values) state.telemetry.emplace_back(name, value);
  return state;
}

void Interconnect::Model::add_traffic(const icn::StimulusConfig& stimulus, const std::vector<unsigned>& nodes) {
  if (traffic_added) throw std::logic_error("icnsim: add_traffic: this interconnect has its traffic already (allowed: once)");
  if (experiment) throw std::logic_error("icnsim: add_traffic: elaboration has ended (allowed: before sc_start)");
  std::vector<icn::NodeId> at(nodes.begin(), nodes.end());
  sc_core::sc_simcontext* context = sc_core::sc_get_curr_simcontext();
  context->hierarchy_push(fabric.get());  // noc.traffic, inside the network
  struct Leave {
    sc_core::sc_simcontext* context;
    ~Leave() { context->hierarchy_pop(); }
  } leave{context};
  experiment = std::make_unique<icn::Experiment>("traffic", *fabric, stimulus, at, icn::Experiment::Role::Background);
  traffic_added = true;
}

void Interconnect::add_traffic(const std::string& stimulus_file, const std::vector<unsigned>& nodes,
                               const std::vector<std::string>& overrides) {
  with_plain_errors([&] {
    model_->add_traffic(icn::load_stimulus(stimulus_file, model_->fabric->platform(), overrides), nodes);
  });
}

void Interconnect::add_traffic_yaml(const std::string& stimulus_yaml, const std::vector<unsigned>& nodes,
                                    const std::vector<std::string>& overrides) {
  with_plain_errors([&] {
    model_->add_traffic(icn::load_stimulus_text(stimulus_yaml, model_->fabric->platform(), overrides), nodes);
  });
}

std::string Interconnect::enter_node(unsigned node, const char* side, unsigned width) {
  sc_core::sc_module& module = model_->fabric->node(icn::NodeId(node));
  const std::string base = std::string(side) + "_" + std::to_string(width);
  std::string name = base;
  for (int i = 1; sc_core::sc_find_object((std::string(module.name()) + "." + name).c_str()); ++i)
    name = base + "_" + std::to_string(i);
  sc_core::sc_get_curr_simcontext()->hierarchy_push(&module);
  return name;
}

void Interconnect::leave_node() { sc_core::sc_get_curr_simcontext()->hierarchy_pop(); }

void Interconnect::close_trace() { model_->fabric->close_trace(); }

const char* version() { return ICNSIM_VERSION; }

}  // namespace icnsim
