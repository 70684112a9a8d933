#include "icnsim/interconnect.h"

#include <limits>
#include <numeric>
#include <stdexcept>

#include "core/config_error.h"
#include "fabric.h"

namespace icnsim {

namespace {

// Configuration errors leave the library as plain std::runtime_error: the installed headers do
// not declare the model's own exception types.
template <typename Build>
std::unique_ptr<icn::Fabric> elaborate(const char* name, Build build) {
  try {
    return std::make_unique<icn::Fabric>(name, build());
  } catch (const icn::ConfigError& e) {
    throw std::runtime_error(e.what());
  }
}

}  // namespace

Interconnect::Interconnect(const char* name, const std::string& platform_file,
                           const std::vector<std::string>& overrides)
    : fabric_(elaborate(name, [&] { return icn::load_platform(platform_file, overrides); })) {}

Interconnect::Interconnect(FromText, const char* name, const std::string& yaml,
                           const std::vector<std::string>& overrides, const std::string& source_name)
    : fabric_(elaborate(name, [&] { return icn::load_platform_text(yaml, overrides, source_name); })) {}

std::unique_ptr<Interconnect> Interconnect::from_yaml(const char* name, const std::string& yaml,
                                                      const std::vector<std::string>& overrides,
                                                      const std::string& source_name) {
  return std::unique_ptr<Interconnect>(new Interconnect(FromText{}, name, yaml, overrides, source_name));
}

Interconnect::~Interconnect() = default;

unsigned Interconnect::nodes() const { return fabric_->node_count(); }

TargetSocket& Interconnect::target_socket(unsigned node) {
  try {
    return fabric_->tlm_port(node).target_socket;
  } catch (const icn::ConfigError& e) {
    throw std::runtime_error(e.what());
  }
}

InitiatorSocket& Interconnect::initiator_socket(unsigned node) {
  try {
    return fabric_->tlm_port(node).initiator_socket;
  } catch (const icn::ConfigError& e) {
    throw std::runtime_error(e.what());
  }
}

sc_core::sc_time Interconnect::clock_period() const { return fabric_->clock().period(); }
std::uint64_t Interconnect::cycle() const { return fabric_->clock().cycle(); }

std::uint64_t Interconnect::packets_delivered() const { return fabric_->statistics().latency().count(); }

std::uint64_t Interconnect::flits_delivered() const {
  const auto& flits = fabric_->statistics().delivered_flits();
  return std::accumulate(flits.begin(), flits.end(), std::uint64_t(0));
}

double Interconnect::mean_packet_latency() const {
  const icn::LatencyDistribution& latencies = fabric_->statistics().latency();
  if (latencies.empty()) return std::numeric_limits<double>::quiet_NaN();
  return double(latencies.sum()) / double(latencies.count());
}

void Interconnect::close_trace() { fabric_->close_trace(); }

const char* version() { return ICNSIM_VERSION; }

}  // namespace icnsim
