#pragma once
// The activity of a fabric, counted event by event (docs/energy.md): every router's and network
// interface's events, every link's flits and credits, and the network-wide mechanisms' own work
// (the self-tuned sideband, the entropy circuit): what the energy model prices. Read at any moment
// (Fabric::activity); a window's activity is the difference of two readings (Experiment keeps the
// one at the start of the measurement window).
#include <cstdint>
#include <string>
#include <vector>

#include "common/result_sink.h"
#include "common/types.h"
#include "ni/network_interface_events.h"
#include "router/router_events.h"

namespace icn {

struct Activity {
  std::vector<RouterEvents> routers;                    // per router
  std::vector<NetworkInterfaceEvents> interfaces;       // per node
  struct Link {
    NodeId from = 0;      // the router it leaves, through network output `port`
    int port = 0;
    NodeId to = 0;        // the router it enters, at network input `input_port`
    int input_port = 0;
    std::uint64_t flits = 0;  // flits that crossed it (its credits are in the routers' credits_sent)
  };
  std::vector<Link> links;  // every connected network link, by (from, port)
  std::uint64_t sideband_value_transfers = 0, sideband_bit_transfers = 0;
  std::uint64_t entropy_register_transfers = 0, entropy_register_changes = 0;

  RouterEvents router_total() const;
  NetworkInterfaceEvents interface_total() const;
  // This reading minus an earlier one of the same fabric.
  Activity& operator-=(const Activity& earlier);
};

// Samples of where the network is busy (simulation.spatial_sample_interval): at the end of every
// interval of the measurement window, each link's flits in the interval, each router's network input
// ports' buffered flits (all VCs of the port), and whether each node's controller throttles.
struct SpatialSamples {
  Cycle interval = 0;
  std::vector<Activity::Link> links;  // which link each column is (their counts unused)
  int ports = 0;                      // network input ports per router, for input_occupancy's columns
  std::vector<Cycle> cycles;          // the last cycle of each interval
  std::vector<std::vector<std::uint32_t>> link_flits;       // [sample][link]
  std::vector<std::vector<std::uint32_t>> input_occupancy;  // [sample][router * ports + port]
  std::vector<std::vector<std::uint8_t>> throttled;         // [sample][node]: 1 if throttling
};

// The window's event counts as the result's activity section (docs/energy.md): totals, and per
// router, interface and link with `per_component`.
void report_activity(const Activity& activity, Cycle measured_cycles, bool per_component, ResultSink& sink);
// Links as columns under `at`: which router and port each leaves, which it enters, and with `counts`
// the input port and its flits.
void report_links(const std::vector<Activity::Link>& links, bool counts, const std::string& at, ResultSink& sink);

}  // namespace icn
