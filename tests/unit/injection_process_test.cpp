// Injection processes create packets at their configured mean rate, with their own shape.
#include <catch2/catch.hpp>

#include <cmath>

#include "common/config_error.h"
#include "common/parameters.h"
#include "traffic/injection_process.h"
#include "traffic/packet_mix.h"

using namespace icn;

namespace {

ParameterSet defaults(const std::string& process, std::map<std::string, std::string> values = {}) {
  ParameterSet p;
  for (const auto& spec : ProcessRegistry::get(process).parameters) {
    ParameterValue v;
    v.items = {values.count(spec.key) ? values[spec.key] : spec.default_value};
    v.origin = "test";
    p.set(spec.key, v);
  }
  return p;
}

// Creation cycles of one node over `horizon` cycles.
std::vector<Cycle> arrivals(const std::string& process, double rate, Cycle horizon,
                            std::map<std::string, std::string> values = {}) {
  const ParameterSet p = defaults(process, values);
  auto source = ProcessRegistry::get(process).create(ProcessContext{rate, p});
  RandomStream random(11, 1, 0);
  std::vector<Cycle> out;
  for (Cycle t = source->first(random); t < horizon; t = source->next(t, random)) {
    if (!out.empty()) REQUIRE(t >= out.back());
    out.push_back(t);
  }
  return out;
}

struct GapStatistics {
  double mean, stddev;
};

// Mean and standard deviation of the gaps between successive creation cycles.
GapStatistics gap_statistics(const std::vector<Cycle>& a) {
  double sum = 0, squares = 0;
  for (std::size_t i = 1; i < a.size(); ++i) {
    const double gap = double(a[i] - a[i - 1]);
    sum += gap;
    squares += gap * gap;
  }
  const double n = double(a.size() - 1), mean = sum / n;
  return {mean, std::sqrt(squares / n - mean * mean)};
}

}  // namespace

TEST_CASE("every process creates packets at its mean rate", "[process]") {
  // The count's relative standard deviation is about 1/sqrt(packets) for the smooth processes, but
  // about 3 % over 2·10^6 cycles for on/off, whose on and off periods (means 100 and 900) vary the
  // on-time itself: on/off is observed ten times longer, so that the 3 % margin is 3 sigma for all.
  for (const char* process : {"bernoulli", "exponential", "periodic", "on_off"}) {
    const Cycle horizon = std::string(process) == "on_off" ? 20000000 : 2000000;
    const auto a = arrivals(process, 0.02, horizon);
    INFO(process);
    CHECK(double(a.size()) / double(horizon) == Approx(0.02).epsilon(0.03));
  }
}

TEST_CASE("bernoulli creates at most one packet per cycle; exponential may create several", "[process]") {
  const auto b = arrivals("bernoulli", 0.6, 100000);
  for (std::size_t i = 1; i < b.size(); ++i) REQUIRE(b[i] > b[i - 1]);
  const auto e = arrivals("exponential", 0.6, 100000);
  int same = 0;
  for (std::size_t i = 1; i < e.size(); ++i) same += e[i] == e[i - 1];
  // P(another arrival within the same cycle) is substantial at this rate.
  CHECK(same > 5000);
}

TEST_CASE("exponential inter-arrival times have the exponential's spread", "[process]") {
  const GapStatistics gaps = gap_statistics(arrivals("exponential", 0.01, 5000000));
  CHECK(gaps.mean == Approx(100).epsilon(0.03));
  CHECK(gaps.stddev == Approx(100).epsilon(0.05));  // coefficient of variation 1
}

TEST_CASE("periodic creates a packet every 1/rate cycles (self-tuned regeneration interval)", "[process]") {
  const auto p = arrivals("periodic", 0.1, 1000, {{"phase", "zero"}});
  REQUIRE(p.size() == 100);
  for (std::size_t i = 0; i < p.size(); ++i) CHECK(p[i] == 10 * i);
  const auto fractional = arrivals("periodic", 0.3, 30000);
  CHECK(fractional.size() == Approx(9000).margin(1));
}

TEST_CASE("on/off sources are bursty and refuse an impossible on-rate", "[process]") {
  const auto a = arrivals("on_off", 0.02, 2000000, {{"mean_on", "50"}, {"mean_off", "450"}});
  // Gaps are either short (inside a burst, rate 0.2) or long (an off period): far more spread than Bernoulli's.
  const GapStatistics gaps = gap_statistics(a);
  CHECK(gaps.stddev / gaps.mean > 1.5);
  const ParameterSet p = defaults("on_off");
  CHECK_THROWS_AS(ProcessRegistry::get("on_off").create(ProcessContext{0.2, p}), ConfigError);
}

TEST_CASE("a packet mix draws lengths by weight and marks its high-priority share", "[process]") {
  const PacketMix mix = PacketMix::with({4, 32}, {3, 1}, 0.2);
  CHECK(mix.mean_length() == Approx(0.75 * 4 + 0.25 * 32));
  RandomStream random(3, 7, 0);
  int shorts = 0, high = 0;
  for (int i = 0; i < 100000; ++i) {
    shorts += mix.draw_length(random) == 4;
    high += mix.draw_priority(random);
  }
  CHECK(shorts / 100000.0 == Approx(0.75).epsilon(0.02));
  CHECK(high / 100000.0 == Approx(0.2).epsilon(0.03));
  const PacketMix fixed = PacketMix::with({16}, {1}, 0);
  CHECK(fixed.draw_length(random) == 16);
  CHECK(fixed.draw_priority(random) == 0);
}

TEST_CASE("a rate so small that no packet falls within any run creates none, at once", "[process]") {
  // A creation time past 10^18 cycles is never, not a cycle wrapped round by the conversion (which
  // created a packet every cycle until memory ran out), and on/off does not walk its periods for ever.
  for (const char* process : {"bernoulli", "exponential", "periodic", "on_off"})
    for (double rate : {1e-300, 1e-20}) {
      INFO(process << " at " << rate);
      CHECK(arrivals(process, rate, 4000000000ULL).empty());
    }
}
