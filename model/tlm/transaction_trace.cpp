#include "tlm/transaction_trace.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/config_error.h"
#include "common/text.h"

namespace icn {

TransactionTrace::TransactionTrace(const TransactionTraceConfig& config, double period_ns)
    : config_(config), period_us_(period_ns / 1000.0) {
  // Written beside its path and renamed over it when complete: a run that fails or is cut short leaves
  // the earlier file as it was. A device or FIFO (/dev/null, a viewer's pipe) is written in place.
  struct stat status {};
  const bool in_place = ::stat(config_.path.c_str(), &status) == 0 && (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode));
  if (!in_place) {
    const auto slash = config_.path.rfind('/');
    temporary_ = config_.path.substr(0, slash == std::string::npos ? 0 : slash + 1) + "." +
                 config_.path.substr(slash == std::string::npos ? 0 : slash + 1) + "." + std::to_string(::getpid()) + ".tmp";
  }
  file_ = std::fopen((in_place ? config_.path : temporary_).c_str(), "w");
  if (!file_)
    throw ConfigError("tlm.trace: cannot write '" + excerpt(config_.path, 200) + "': " + std::strerror(errno) +
                      " (allowed: a file in an existing folder)");
  // The format's array form, whose closing bracket a viewer does not need: a file cut short still
  // opens. Times are microseconds with picosecond digits.
  std::fputs("[\n", file_);
}

TransactionTrace::~TransactionTrace() { close(); }

void TransactionTrace::event(const char* text, int length) {
  if (!file_ || length <= 0) return;
  if (events_ > 0) std::fputs(",\n", file_);
  std::fwrite(text, 1, std::size_t(length), file_);
  ++events_;
}

unsigned TransactionTrace::track(NodeId node, int kind, Cycle start, Cycle end) {
  std::vector<Cycle>& ends = track_ends_[(std::uint64_t(node) << 1) | std::uint64_t(kind)];
  std::size_t track = 0;
  while (track < ends.size() && ends[track] > start) ++track;
  const unsigned tid = unsigned(2 * track + std::size_t(kind));
  if (track == ends.size()) {
    ends.push_back(end);
    char text[200];
    const int n = std::snprintf(text, sizeof text,
                                "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %u, \"tid\": %u, "
                                "\"args\": {\"name\": \"%s %zu\"}}",
                                node, tid, kind == 0 ? "transactions" : "packets", track + 1);
    event(text, n);
  }
  ends[track] = end;
  return tid;
}

void TransactionTrace::transaction(const Transaction& t) {
  if (t.issued < config_.from || t.issued >= config_.until) return;
  const unsigned tid = track(t.initiator, 0, t.issued, t.completed);
  char text[640];
  const double start = microseconds(t.issued), end = microseconds(t.completed);
  const int n = std::snprintf(
      text, sizeof text,
      "{\"name\": \"%s 0x%llx (%u B) -> node %u\", \"cat\": \"transaction\", \"ph\": \"X\", \"ts\": %.6f, "
      "\"dur\": %.6f, \"pid\": %u, \"tid\": %u, \"args\": {\"initiator\": %u, \"target_node\": %u, "
      "\"target\": %d, \"address\": %llu, \"size\": %u, \"command\": \"%s\", \"status\": \"%s\", "
      "\"issued_cycle\": %llu, \"completed_cycle\": %llu, \"hops\": %u, \"mode\": \"%s\"}}",
      t.write ? "write" : "read", (unsigned long long)t.address, t.size, t.target, start, end - start, t.initiator,
      tid, t.initiator, t.target, t.target_index, (unsigned long long)t.address, t.size, t.write ? "write" : "read",
      t.ok ? "ok" : "error", (unsigned long long)t.issued, (unsigned long long)t.completed, t.hops,
      t.approximate ? "approximate" : "cycle");
  event(text, n);
}

void TransactionTrace::packet(bool response, NodeId from, NodeId to, Cycle created, Cycle arrival, unsigned flits,
                              unsigned hops) {
  if (!config_.packets || created < config_.from || created >= config_.until) return;
  const unsigned tid = track(from, 1, created, arrival);
  char text[400];
  const double start = microseconds(created), end = microseconds(arrival);
  const int n = std::snprintf(
      text, sizeof text,
      "{\"name\": \"%s %u -> %u\", \"cat\": \"packet\", \"ph\": \"X\", \"ts\": %.6f, \"dur\": %.6f, \"pid\": %u, "
      "\"tid\": %u, \"args\": {\"from\": %u, \"to\": %u, \"flits\": %u, \"hops\": %u, \"created_cycle\": %llu, "
      "\"arrival_cycle\": %llu}}",
      response ? "response" : "request", from, to, start, end - start, from, tid, from, to, flits, hops,
      (unsigned long long)created, (unsigned long long)arrival);
  event(text, n);
}

std::string TransactionTrace::close() {
  if (!file_) return failed_ ? "the trace could not be written" : "";
  std::fputs("\n]\n", file_);
  const bool bad = std::ferror(file_) != 0;
  failed_ = (std::fclose(file_) != 0) || bad;
  file_ = nullptr;
  if (!temporary_.empty()) {
    if (failed_ || std::rename(temporary_.c_str(), config_.path.c_str()) != 0) {
      failed_ = true;
      std::remove(temporary_.c_str());
    }
    temporary_.clear();
  }
  return failed_ ? "the trace file '" + excerpt(config_.path, 200) + "' could not be written whole (a full disk?)"
                 : "";
}

}  // namespace icn
