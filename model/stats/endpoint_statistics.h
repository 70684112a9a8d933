#pragma once
// What one endpoint of the network measures: each network interface owns one and registers it with
// the fabric's NetworkStatistics, which sums them for the network-wide totals (packet and flit
// conservation), the time series and the per-node results. What only the whole network can see —
// the latency distributions, the hop count, accepted traffic by source — is NetworkStatistics' own.
#include <cstdint>

namespace icn {

struct EndpointStatistics {
  // Since the run began.
  struct Totals {
    std::uint64_t packets_created = 0, flits_created = 0;
    std::uint64_t packets_dropped = 0, flits_dropped = 0;  // refused by a full source queue (or failed attempts)
    std::uint64_t packets_injected = 0;                    // heads sent, re-injections after recovery included
    std::uint64_t flits_injected = 0, flits_delivered = 0;  // traffic; delivered: to this node, not absorbed
    std::uint64_t metapacket_flits_injected = 0, metapacket_flits_delivered = 0;
    std::uint64_t packets_absorbed = 0, flits_absorbed = 0;  // taken in here by software deadlock recovery
  } total;
  // In the measurement window (stats/measurement_window.h): what the result reports per node.
  struct Window {
    std::uint64_t packets_created = 0, flits_created = 0;
    std::uint64_t packets_dropped = 0, flits_dropped = 0;
    std::uint64_t flits_injected = 0, flits_delivered = 0;
  } window;

  // A packet of `flits` written into the source queue, or refused there (attempted load only).
  void packet_created(std::uint64_t flits, bool in_window) {
    count(total.packets_created, total.flits_created, flits);
    if (in_window) count(window.packets_created, window.flits_created, flits);
  }
  void packet_dropped(std::uint64_t flits, bool in_window) {
    count(total.packets_dropped, total.flits_dropped, flits);
    if (in_window) count(window.packets_dropped, window.flits_dropped, flits);
  }

 private:
  static void count(std::uint64_t& packets, std::uint64_t& flit_count, std::uint64_t flits) {
    ++packets;
    flit_count += flits;
  }
};

}  // namespace icn
