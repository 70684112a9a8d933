#pragma once
// The result file of a run (--out), written whole or not at all: a temporary file beside the target,
// renamed over it when complete; standard streams, devices and FIFOs written in place.
#include <string>

namespace icn {

// The temporary result file while it exists: the out-of-memory and signal handlers remove it.
extern const char* temporary_result;

// Where the result goes (--out), settled before the run so that an unusable target is refused
// before any simulation time is spent:
// * a regular file (or a new one) is written to a temporary file beside it and renamed over it
//   only when complete, so a reader never sees a partial result and a failing run never destroys
//   an earlier one; a symbolic link is followed, so the file it names is replaced, not the link,
//   and the replaced file keeps its permissions (a private result stays private);
// * "-" and the names of standard streams and open descriptors (/dev/stdout, /dev/fd/3) are
//   written in place, as are a character device or FIFO (/dev/null, a named pipe).
class ResultFile {
 public:
  // "" when the target is usable, else why not (the one-line refusal).
  std::string open(const std::string& target);
  bool is_open() const { return fd_ >= 0; }
  bool to_standard_output() const;
  // Writes (and for a file: flushes to disk and renames); false on any failure, with no partial
  // file left where a file was to be.
  bool commit(const std::string& text, std::string& error);
  void abandon();

 private:
  std::string use_descriptor(int fd, const std::string& target);
  std::string target_, temporary_;
  int fd_ = -1;
  bool direct_ = false;  // a stream, a device or a FIFO: no temporary file, no rename
  bool owned_ = false;   // opened here (closed here); a standard stream's descriptor is not
};

// A signal that ends the process (a second Ctrl-C, SIGQUIT, SIGXCPU, SIGUSR1, …): the temporary result
// goes first, then the signal takes its default course.
void fatal_signal(int signal_number);
// fatal_signal for every signal whose default course ends the process, but those icnsim answers itself.
void remove_temporary_result_on_fatal_signals();

}  // namespace icn
