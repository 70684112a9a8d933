#pragma once
// A fixed-size set of small integers (a router's input VCs) with fast iteration over members,
// so per-cycle work scales with the VCs that hold flits, not with all VCs.
#include <cstdint>
#include <vector>

namespace icn {

class BitSet {
 public:
  void resize(int bits) { words_.assign((bits + 63) / 64, 0); }
  void set(int i) { words_[i >> 6] |= std::uint64_t(1) << (i & 63); }
  void reset(int i) { words_[i >> 6] &= ~(std::uint64_t(1) << (i & 63)); }
  bool test(int i) const { return (words_[i >> 6] >> (i & 63)) & 1u; }
  bool any() const {
    for (auto w : words_) if (w) return true;
    return false;
  }

  // Calls f(i) for every member, ascending. Members may be added or removed by f; the iteration
  // sees each word as it was when the word was reached.
  template <typename F>
  void for_each(F&& f) const {
    for (std::size_t w = 0; w < words_.size(); ++w)
      for (std::uint64_t bits = words_[w]; bits; bits &= bits - 1) f(int(w * 64 + __builtin_ctzll(bits)));
  }
  // Calls f(i) for every member, starting at `start` and wrapping around (rotating priority).
  template <typename F>
  void for_each_from(int start, F&& f) const {
    const std::size_t first = std::size_t(start >> 6);
    const std::uint64_t high = ~std::uint64_t(0) << (start & 63);
    for (std::size_t w = first; w < words_.size(); ++w)
      for (std::uint64_t bits = words_[w] & (w == first ? high : ~std::uint64_t(0)); bits; bits &= bits - 1)
        f(int(w * 64 + __builtin_ctzll(bits)));
    for (std::size_t w = 0; w <= first && w < words_.size(); ++w)
      for (std::uint64_t bits = words_[w] & (w == first ? ~high : ~std::uint64_t(0)); bits; bits &= bits - 1)
        f(int(w * 64 + __builtin_ctzll(bits)));
  }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace icn
