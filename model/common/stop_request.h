#pragma once
// A stop asked for by a signal (the icnsim command's SIGINT / SIGTERM / SIGHUP handler): setting it
// is async-signal-safe. A running simulation honours it at the end of a cycle (Experiment); a
// network still being built honours it between nodes, through the handler the command installs
// (write nothing, exit at once) — a library embedded in a virtual platform installs none, and its
// build is never cut short.
#include <csignal>
#include <cstdint>

namespace icn {

namespace stop_request_internal {
inline volatile std::sig_atomic_t signal_number = 0;
inline void (*while_building)(int signal_number, std::uint64_t built, std::uint64_t total) = nullptr;
}  // namespace stop_request_internal

inline void request_stop(int signal_number) { stop_request_internal::signal_number = signal_number ? signal_number : SIGINT; }
inline int stop_requested() { return stop_request_internal::signal_number; }
// What a stop during the build does: `handler` is called (and must not return) with the signal and
// how many of the network's nodes were built.
inline void on_stop_while_building(void (*handler)(int, std::uint64_t, std::uint64_t)) {
  stop_request_internal::while_building = handler;
}
inline void check_stop_while_building(std::uint64_t built, std::uint64_t total) {
  if (stop_request_internal::signal_number && stop_request_internal::while_building)
    stop_request_internal::while_building(stop_request_internal::signal_number, built, total);
}

}  // namespace icn
