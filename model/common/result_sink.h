#pragma once
// Where the parts of a run write their results: every component with something to say (the
// routers, the congestion controllers, the metapacket gatherer, the deadlock audit, the energy
// account, the experiment itself) reports into one sink, and the result file and the summary table
// are what was reported (run_report.h). A field is named by its path in the result — the section
// and the key joined by dots, "allocation.longest_vc_wait_cycles" — so a component needs nothing
// but this header; several components of a kind combine into one field by adding, by the largest,
// or one element each (per node).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace icn {

using ResultValue = std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string,
                                 std::vector<std::uint64_t>, std::vector<double>>;

// The result so far, read by path (a summary row reads it once every part has reported).
class ResultReader {
 public:
  virtual ~ResultReader() = default;
  virtual bool has(std::string_view path) const = 0;  // reported, and not null
  virtual double number(std::string_view path) const = 0;  // NaN if absent or null
  virtual std::string text(std::string_view path) const = 0;  // "" if absent
  virtual std::vector<double> numbers(std::string_view path) const = 0;  // an array's; empty if absent
};

class ResultSink {
 public:
  // A summary row's value, from the finished result; none: the row is left out.
  using RowFormat = std::function<std::optional<std::string>(const ResultReader&)>;

  virtual ~ResultSink() = default;
  virtual void put(std::string_view path, ResultValue value) = 0;  // sets the field
  virtual void add(std::string_view path, std::uint64_t amount) = 0;  // sums what each part adds
  virtual void raise(std::string_view path, std::uint64_t value) = 0;  // keeps the largest
  // Makes the field exist, null until some part sets it (keeps the result's layout when none does).
  virtual void declare(std::string_view path) = 0;
  virtual void append(std::string_view path, ResultValue element) = 0;  // one element per part, in order
  // A row of the summary table, formatted once every part has reported. Rows keep the order they
  // were first given in; a row given again under the same name (by every router) is kept once.
  virtual void row(std::string name, RowFormat format) = 0;
  // A row whose text is known already.
  void row(std::string name, std::string text) {
    row(std::move(name), [text = std::move(text)](const ResultReader&) -> std::optional<std::string> { return text; });
  }
};

// A part of the run with results of its own.
class ResultSource {
 public:
  virtual ~ResultSource() = default;
  virtual void report(ResultSink& sink) const = 0;
};

}  // namespace icn
