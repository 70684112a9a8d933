#pragma once
// The result of a run as its parts report it (common/result_sink.h): a JSON document whose sections
// come in the result's one layout (docs/result.schema.json) whatever order the parts report in,
// and the summary table's rows. experiment_report.cpp fills it; the experiment writes its nested
// sections (the schedule's phases, the time series) through section(), every other part through the sink.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "common/result_sink.h"

namespace icn {

class ResultDocument final : public ResultSink, public ResultReader {
 public:
  using Json = nlohmann::ordered_json;  // keys in the order written, for a result a person can read

  // A top-level section (or value), by name; it is written, in the layout's place, once touched here.
  Json& section(const std::string& name);

  void put(std::string_view path, ResultValue value) override;
  void add(std::string_view path, std::uint64_t amount) override;
  void raise(std::string_view path, std::uint64_t value) override;
  void declare(std::string_view path) override;
  void append(std::string_view path, ResultValue element) override;
  void row(std::string name, RowFormat format) override;
  using ResultSink::row;  // a row known already

  bool has(std::string_view path) const override;
  double number(std::string_view path) const override;
  std::string text(std::string_view path) const override;
  std::vector<double> numbers(std::string_view path) const override;
  std::uint64_t count(std::string_view path) const;  // 0 where null or absent
  const Json* find(std::string_view path) const;     // null where absent

  // The document in the result's layout, and the summary rows as (name, value).
  Json json() const;
  std::vector<std::pair<std::string, std::string>> rows() const;

 private:
  Json& field(std::string_view path);  // created as null where missing

  Json sections_ = Json::object();
  std::vector<std::pair<std::string, RowFormat>> rows_;
};

}  // namespace icn
