// The result as the run's parts report it (result_document.h, common/result_sink.h): parts of one
// kind combine into a field — summed, the largest, or one element each — the sections come in the
// result's layout whatever order the parts report in, and a summary row given by every router is
// shown once, formatted from the finished result.
#include <catch2/catch.hpp>

#include <cmath>

#include "result_document.h"

using namespace icn;

namespace {

// A router-like part: what it adds, the largest of what it raises, and a row every one of them gives.
struct Part : ResultSource {
  std::uint64_t recoveries, wait;
  Part(std::uint64_t r, std::uint64_t w) : recoveries(r), wait(w) {}
  void report(ResultSink& sink) const override {
    sink.add("packets.deadlock_recoveries", recoveries);
    sink.raise("allocation.longest_vc_wait_cycles", wait);
    sink.declare("allocation.switch_wait_bound_cycles");
    sink.append("per_node.throttled_cycles", recoveries * 10);
    sink.row("deadlock recoveries", [](const ResultReader& r) -> std::optional<std::string> {
      return std::to_string(std::uint64_t(r.number("packets.deadlock_recoveries")));
    });
  }
};

}  // namespace

TEST_CASE("parts of one kind combine into one field: summed, the largest, one element each", "[result]") {
  ResultDocument doc;
  for (const Part& part : {Part(3, 7), Part(0, 12), Part(5, 2)}) part.report(doc);
  CHECK(doc.number("packets.deadlock_recoveries") == 8);
  CHECK(doc.number("allocation.longest_vc_wait_cycles") == 12);
  CHECK(doc.numbers("per_node.throttled_cycles") == std::vector<double>{30, 0, 50});
  // Declared by every part and set by none: present, and null.
  CHECK_FALSE(doc.has("allocation.switch_wait_bound_cycles"));
  CHECK(std::isnan(doc.number("allocation.switch_wait_bound_cycles")));
  CHECK(doc.json()["allocation"].contains("switch_wait_bound_cycles"));
  CHECK(doc.json()["allocation"]["switch_wait_bound_cycles"].is_null());
  // A row every part gave is shown once, with the finished sum.
  const auto rows = doc.rows();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].first == "deadlock recoveries");
  CHECK(rows[0].second == "8");
}

TEST_CASE("the result's sections come in its layout whatever order the parts report in; fields in the order given",
          "[result]") {
  ResultDocument doc;
  doc.put("energy.total_pj", 1.5);
  doc.put("packets.created", std::uint64_t(4));
  doc.section("model") = "icnsim";
  doc.put("packets.delivered", std::uint64_t(3));
  doc.put("metapackets.gathers", std::uint64_t(2));
  const ResultDocument::Json result = doc.json();
  std::vector<std::string> sections, packet_fields;
  for (const auto& item : result.items()) sections.push_back(item.key());
  for (const auto& item : result["packets"].items()) packet_fields.push_back(item.key());
  CHECK(sections == std::vector<std::string>{"model", "metapackets", "packets", "energy"});
  CHECK(packet_fields == std::vector<std::string>{"created", "delivered"});
  CHECK(doc.text("model") == "icnsim");
  CHECK(doc.text("packets.created").empty());  // a number, not text
}

TEST_CASE("a field outside the result's sections is refused, naming it", "[result]") {
  ResultDocument doc;
  CHECK_THROWS_WITH(doc.put("energies.total_pj", 1.0), Catch::Contains("no section energies"));
  CHECK_FALSE(doc.has("energies.total_pj"));
}

TEST_CASE("a summary row may leave itself out, and rows keep the order they were first given in", "[result]") {
  ResultDocument doc;
  doc.row("first", "1");
  doc.row("absent", [](const ResultReader&) -> std::optional<std::string> { return std::nullopt; });
  doc.row("second", "2");
  doc.row("first", "again");  // kept once, as first given
  const auto rows = doc.rows();
  REQUIRE(rows.size() == 2);
  CHECK(rows[0] == std::pair<std::string, std::string>{"first", "1"});
  CHECK(rows[1] == std::pair<std::string, std::string>{"second", "2"});
}
