// The interfaces own their counts and register them; the network-wide statistics sum them for the
// totals and for each sample interval, and keep what only the whole network sees.
#include <catch2/catch.hpp>

#include "stats/network_statistics.h"

using namespace icn;

TEST_CASE("network-wide totals and each sample interval are sums of the interfaces' own counts",
          "[statistics]") {
  NetworkStatistics network(2, 100, 1000);
  EndpointStatistics a, b;
  network.register_endpoint(0, a);
  network.register_endpoint(1, b);

  a.total.flits_created = 40;  // created by both interfaces before the first sample
  b.total.flits_created = 20;
  b.total.flits_dropped = 4;
  a.total.flits_delivered = 10;
  a.total.metapacket_flits_delivered = 2;  // conserved like any flit, but not accepted traffic
  network.sample(99, 0, 0, 100, 0, 0.0, {});
  // 60 flits created by 2 nodes in 100 cycles; 64 attempted; 10 accepted (not the metapacket's).
  CHECK(network.series().back().offered == Approx(0.3));
  CHECK(network.series().back().attempted == Approx(0.32));
  CHECK(network.series().back().accepted == Approx(0.05));
  CHECK(network.flits_delivered_total() == 12);

  b.total.flits_created += 30;  // the next interval counts only what came since
  network.sample(199, 0, 0, 100, 0, 0.0, {});
  CHECK(network.series().back().offered == Approx(0.15));
  CHECK(network.series().back().attempted == Approx(0.15));
  CHECK(network.series().back().accepted == Approx(0.0));

  a.total.packets_created = 3;
  b.total.packets_created = 2;
  a.total.packets_injected = 4;  // one of them re-injected after recovery absorbed it
  a.total.packets_absorbed = 1;
  CHECK(network.packets_created_total() == 5);
  network.sample(299, 0, 0, 100, 0, 0.0, {});
  CHECK(network.series().back().packets_in_network == 3);  // 4 injected − 0 delivered − 1 absorbed
  CHECK(network.series().back().packets_queued == 2);      // 5 created + 1 absorbed − 4 injected
}

TEST_CASE("moving the window starts every interface's window counts again, and only those", "[statistics]") {
  NetworkStatistics network(1, 0, 1000);
  EndpointStatistics e;
  network.register_endpoint(0, e);
  e.window.packets_created = 7;
  e.window.flits_delivered = 50;
  e.total.packets_created = 9;
  network.flit_accepted(0);
  network.open_window(500, 800);
  CHECK(e.window.packets_created == 0);
  CHECK(e.window.flits_delivered == 0);
  CHECK(e.total.packets_created == 9);  // the run's totals keep counting: conservation needs them
  CHECK(network.accepted_flits_by_source()[0] == 0);
  CHECK(network.window().contains(500));
  CHECK_FALSE(network.window().contains(800));
  CHECK(network.created_packets() == std::vector<std::uint64_t>{0});
}

TEST_CASE("the time series stays within its bound however long the run, every sample covering its cycles exactly",
          "[statistics]") {
  // Before, a sample every 1,000 cycles grew without end (100 MB per simulated second at 1 GHz).
  NetworkStatistics network(1, 0, kNoEnd);
  EndpointStatistics e;
  network.register_endpoint(0, e);
  const std::size_t most = 1000;
  network.set_most_samples(most);
  // Flits delivered at 1 per cycle for the first half of the samples, 0.5 after; one packet of
  // latency 10 per sample in the first half, of latency 30 in the second.
  std::uint64_t delivered = 0;
  const std::size_t samples = 3 * most + 7;
  for (std::size_t i = 0; i < samples; ++i) {
    const bool first_half = i < samples / 2;
    delivered += first_half ? 100 : 50;
    e.total.flits_delivered = delivered;
    const Cycle now = Cycle(i) * 100 + 99;
    Packet packet;
    packet.length = 1;
    packet.created = packet.injected = now - (first_half ? 10 : 30);
    network.packet_delivered(packet, now);
    network.sample(now, i, 0, 100, 0, 0.0, {});
    REQUIRE(network.series().size() <= most);
  }
  const auto& series = network.series();
  CHECK(series.size() > most / 2);
  CHECK(series.back().cycle == Cycle(samples) * 100 - 1);   // the newest sample is there
  CHECK(series.back().full_buffers == samples - 1);          // with its own state
  // Every sample's rate is its stretch's: over the whole run, the flits add up to those delivered.
  double flits = 0;
  Cycle before = Cycle(-1);
  for (const TimeSample& s : series) {
    flits += s.accepted * double(s.cycle - before);
    CHECK((before == Cycle(-1) || s.cycle > before));
    before = s.cycle;
  }
  CHECK(flits == Approx(double(delivered)));
  CHECK(series.front().accepted == Approx(1.0));
  CHECK(series.front().mean_latency == Approx(10));
  CHECK(series.back().accepted == Approx(0.5));
  CHECK(series.back().mean_latency == Approx(30));
}
