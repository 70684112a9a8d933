#pragma once
// Records of things in flight, each named by the tag its packet carries (a TLM transaction, a
// program's message): a freed slot is reused, so the table is as large as the most in flight at once.
#include <cstdint>
#include <utility>
#include <vector>

namespace icn {

template <typename Record>
class SlotTable {
 public:
  std::uint32_t open(Record record) {
    if (free_.empty()) {
      slots_.push_back(std::move(record));
      return std::uint32_t(slots_.size() - 1);
    }
    const std::uint32_t tag = free_.back();
    free_.pop_back();
    slots_[tag] = std::move(record);
    return tag;
  }
  Record& operator[](std::uint32_t tag) { return slots_[tag]; }
  void close(std::uint32_t tag) { free_.push_back(tag); }
  // The record, moved out, and its slot freed.
  Record take(std::uint32_t tag) {
    free_.push_back(tag);
    return std::move(slots_[tag]);
  }

 private:
  std::vector<Record> slots_;
  std::vector<std::uint32_t> free_;
};

}  // namespace icn
