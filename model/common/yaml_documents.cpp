#include "common/yaml_documents.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

#include "common/config_error.h"

namespace icn {

namespace {

std::string where(const std::string& origin_name, const YAML::Mark& mark) {
  return origin_name + ":" + std::to_string(mark.line + 1);
}

// Walks the documents of a stream (events only, no nodes) to find a second one that holds keys.
// yaml-cpp's own LoadAll never returns on some malformed streams (a lone ","): its parser hands
// back the same empty document at the same place forever. A document that starts where the one
// before it started has consumed nothing, so the stream is refused there instead.
class DocumentCounter final : public YAML::EventHandler {
 public:
  std::size_t documents = 0;
  bool aliases = false;  // the stream uses an alias somewhere
  YAML::Mark start;          // where the current document starts
  bool holds_content = false;  // more than an empty (null) document
  YAML::Mark content;        // where its first content is

  void OnDocumentStart(const YAML::Mark& mark) override {
    ++documents;
    start = mark;
    holds_content = false;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    aliases = true;
    saw(mark);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override { saw(mark); }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    saw(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    saw(mark);
  }
  void OnMapEnd() override {}

 private:
  void saw(const YAML::Mark& mark) {
    if (!holds_content) content = mark;
    holds_content = true;
  }
};

}  // namespace

bool refuse_further_documents(const std::string& text, const std::string& origin_name) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  DocumentCounter counter;
  int previous_start = -1;
  while (parser.HandleNextDocument(counter)) {
    if (counter.start.pos <= previous_start)
      throw ConfigError(where(origin_name, counter.start) + ": YAML syntax error: cannot read past column " +
                        std::to_string(counter.start.column + 1) + " (allowed: a YAML mapping of keys)");
    previous_start = counter.start.pos;
    if (counter.documents > 1 && counter.holds_content)  // a trailing "---" with nothing after it holds no keys
      throw ConfigError(where(origin_name, counter.content) + ": a second YAML document (after ---) "
                        "(allowed: one document per file)");
  }
  return counter.aliases;
}

}  // namespace icn
