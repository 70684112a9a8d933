#pragma once
// Text that reaches results and messages: valid UTF-8 without control characters.
#include <string>

namespace icn {

// Why `text` is not printable UTF-8 ("holds a control character at byte 3"), or "" when it is.
std::string text_problem(const std::string& text);
// `text` with every control character and every byte that is not part of valid UTF-8 written as
// \xNN: one line, never raw bytes (messages that quote input, or a library's message about it).
std::string printable(const std::string& text);

}  // namespace icn
