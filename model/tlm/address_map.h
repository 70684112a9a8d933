#pragma once
// The platform's address map (docs/tlm.md): address ranges, each served by one local target of one
// node. A TLM-2.0 transaction entering a node's socket goes to the range that holds all of its
// bytes; the target sees the address as an offset into its range.
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace icn {

struct AddressRange {
  std::uint64_t base = 0;
  std::uint64_t size = 0;  // bytes, at least 1
  NodeId node = 0;         // whose NI delivers it
  int target = 0;          // which of that node's bound local targets (in binding order)
  bool holds(std::uint64_t address, std::uint64_t length) const {
    return address >= base && address - base < size && length <= size - (address - base);
  }
};

class AddressMap {
 public:
  AddressMap() = default;
  explicit AddressMap(std::vector<AddressRange> ranges) : ranges_(std::move(ranges)) {}
  // The range holding [address, address + length), or null: the access is unmapped or spans ranges.
  const AddressRange* find(std::uint64_t address, std::uint64_t length) const {
    for (const AddressRange& r : ranges_)
      if (r.holds(address, length == 0 ? 1 : length)) return &r;
    return nullptr;
  }
  const std::vector<AddressRange>& ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }

 private:
  std::vector<AddressRange> ranges_;  // disjoint (checked when the platform is read)
};

}  // namespace icn
