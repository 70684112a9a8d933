#pragma once
// Seeded random streams. Every consumer (each node's generator, each router's random arbiter, …)
// owns its own stream derived from (run seed, purpose, index), so a run is reproducible bit for bit
// and adding a consumer does not perturb the others. xoshiro256** with splitmix64 seeding; the
// distributions are written out here because the standard library's are not portable bit for bit.
#include <cmath>
#include <cstdint>

namespace icn {

class RandomStream {
 public:
  RandomStream() : RandomStream(0, 0, 0) {}
  RandomStream(std::uint64_t seed, std::uint64_t purpose, std::uint64_t index) {
    std::uint64_t x = seed ^ (purpose * 0x9e3779b97f4a7c15ULL) ^ (index * 0xd1b54a32d192ed03ULL);
    for (auto& word : state_) word = splitmix64(x);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  // Uniform integer in [0, bound) without modulo bias (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound) {
    unsigned __int128 m = (unsigned __int128)next() * bound;
    std::uint64_t low = std::uint64_t(m);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = (unsigned __int128)next() * bound;
        low = std::uint64_t(m);
      }
    }
    return std::uint64_t(m >> 64);
  }

  bool bernoulli(double p) { return uniform() < p; }

  // Number of Bernoulli(p) trials up to and including the first success (>= 1): the gap between
  // events of a per-cycle Bernoulli process, drawn once instead of once per cycle.
  std::uint64_t geometric_gap(double p) {
    if (p >= 1.0) return 1;
    const double u = 1.0 - uniform();  // (0, 1]
    const double gap = std::floor(std::log(u) / std::log1p(-p)) + 1.0;
    return gap > 1e18 ? std::uint64_t(1e18) : std::uint64_t(gap);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_[4];
};

// Purposes of random streams; each names one consumer family.
enum class RandomPurpose : std::uint64_t {
  TrafficTiming = 1,
  TrafficDestination = 2,
  Arbitration = 3,
  RoutingSelection = 4,
  PatternSetup = 5,
  Controller = 6,
  PacketLength = 7,
  PacketPriority = 8,
  VcAllocationOrder = 9,
  Waypoint = 10,  // a non-minimal route's intermediate destination, per router
};

inline RandomStream make_stream(std::uint64_t seed, RandomPurpose purpose, std::uint64_t index) {
  return RandomStream(seed, std::uint64_t(purpose), index);
}

}  // namespace icn
