#pragma once
// The platform's address map (docs/tlm.md): address ranges, each served by one local target of one
// node. A TLM-2.0 transaction entering a node's socket goes to the range that holds all of its
// bytes; the target sees the address as an offset into its range.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/types.h"

namespace icn {

// How a node calls a local target: as tlm.target_protocol says for the platform, or, for a target of
// its own kind in a mixed platform (LT memories beside AT devices), by b_transport or by the base
// protocol's four phases.
enum class TargetProtocol : std::uint8_t { platform, blocking, approximately_timed };

struct AddressRange {
  std::uint64_t base = 0;
  std::uint64_t size = 0;  // bytes, at least 1
  NodeId node = 0;         // whose NI delivers it
  int target = 0;          // which of that node's bound local targets (in binding order)
  TargetProtocol protocol = TargetProtocol::platform;  // how that target is called
  bool holds(std::uint64_t address, std::uint64_t length) const {
    return address >= base && address - base < size && length <= size - (address - base);
  }
};

class AddressMap {
 public:
  AddressMap() = default;
  explicit AddressMap(std::vector<AddressRange> ranges) : ranges_(std::move(ranges)) {
    by_base_.reserve(ranges_.size());
    for (std::uint32_t i = 0; i < ranges_.size(); ++i) by_base_.push_back(i);
    std::sort(by_base_.begin(), by_base_.end(),
              [this](std::uint32_t a, std::uint32_t b) { return ranges_[a].base < ranges_[b].base; });
  }
  // The range holding [address, address + length), or null: the access is unmapped or spans ranges.
  // The ranges are disjoint, so only the one with the greatest base not above the address can hold
  // it: a binary search, every access of every initiator pays it.
  const AddressRange* find(std::uint64_t address, std::uint64_t length) const {
    const auto after = std::upper_bound(by_base_.begin(), by_base_.end(), address,
                                        [this](std::uint64_t a, std::uint32_t r) { return a < ranges_[r].base; });
    if (after == by_base_.begin()) return nullptr;
    const AddressRange& r = ranges_[*(after - 1)];
    return r.holds(address, length == 0 ? 1 : length) ? &r : nullptr;
  }
  // The same, trying `hint` first: an initiator tends to access one range many times over.
  const AddressRange* find(std::uint64_t address, std::uint64_t length, const AddressRange* hint) const {
    if (hint && hint->holds(address, length == 0 ? 1 : length)) return hint;
    return find(address, length);
  }
  const std::vector<AddressRange>& ranges() const { return ranges_; }  // in the platform's order
  bool empty() const { return ranges_.empty(); }

 private:
  std::vector<AddressRange> ranges_;   // disjoint (checked when the platform is read)
  std::vector<std::uint32_t> by_base_;  // indices into ranges_, by ascending base
};

}  // namespace icn
