#pragma once
// SystemC allows one elaboration and simulation per process. A test that needs several runs
// (different sizes, seeds or delays) performs each in a forked child and gets back its text.
#include <functional>
#include <string>

namespace icn::testing {

// Runs `body` in a child process and returns the string it produced. A child that throws or
// dies makes this throw std::runtime_error carrying the child's message.
std::string in_child_process(const std::function<std::string()>& body);

}  // namespace icn::testing
