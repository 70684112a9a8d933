#pragma once
// A minimal streaming JSON writer with fixed number formatting, so that the same run always
// writes the same bytes.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace icn {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& os) : os_(os) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(const std::string& name);
  JsonWriter& value(const std::string& v);
  JsonWriter& value(const char* v) { return value(std::string(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(std::uint64_t v);
  JsonWriter& value(std::int64_t v);
  JsonWriter& value(int v) { return value(std::int64_t(v)); }
  JsonWriter& value(bool v);
  JsonWriter& null();
  template <typename T>
  JsonWriter& array(const std::vector<T>& values) {
    begin_array();
    for (const auto& v : values) value(v);
    return end_array();
  }
  template <typename T>
  JsonWriter& field(const std::string& name, const T& v) { key(name); return value(v); }

 private:
  void prefix();  // separator and indentation before a key or a value
  void newline();
  void write_string(const std::string& v);
  std::ostream& os_;
  std::vector<bool> first_;    // per open container: nothing written yet
  std::vector<bool> compact_;  // arrays are written on one line
  bool after_key_ = false;
};

}  // namespace icn
