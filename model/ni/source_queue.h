#pragma once
// The unbounded FIFO source queue of a network interface. A vector with a moving head: pushes
// and pops allocate nothing once it has grown; the consumed prefix is compacted now and then.
#include <cstddef>
#include <vector>

#include "common/types.h"

namespace icn {

class SourceQueue {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  PacketId front() const { return items_[head_]; }
  void pop() { ++head_; }
  void push_back(PacketId id) {
    if (head_ > 1024 && head_ * 2 > items_.size()) {
      items_.erase(items_.begin(), items_.begin() + std::ptrdiff_t(head_));
      head_ = 0;
    }
    items_.push_back(id);
  }
  // For a packet that must go before everything waiting (one re-injected after recovery).
  void push_front(PacketId id) {
    if (head_ > 0)
      items_[--head_] = id;
    else
      items_.insert(items_.begin(), id);
  }

 private:
  std::vector<PacketId> items_;
  std::size_t head_ = 0;
};

}  // namespace icn
