#include "result_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace icn {

const char* temporary_result = nullptr;

namespace {

// The descriptor a name for a standard stream or another open descriptor stands for — "/dev/stdout",
// "/dev/stderr", "/dev/fd/N", "/proc/self/fd/N", "/proc/<this process>/fd/N" — or -1. Such a name
// (or a link to one) is written in place: following it would reach the file the shell redirected
// to, and a rename would replace that file whole (an appended log lost), or a pipe, which has no
// folder to put a temporary file in.
int standard_stream(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  const std::string own = "/proc/" + std::to_string(getpid()) + "/fd/";
  for (const std::string& prefix : {std::string("/dev/fd/"), std::string("/proc/self/fd/"), own})
    if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
        path.find_first_not_of("0123456789", prefix.size()) == std::string::npos && path.size() - prefix.size() < 9)
      return std::stoi(path.substr(prefix.size()));
  return -1;
}

}  // namespace

std::string ResultFile::open(const std::string& target) {
  if (target.empty()) return "--out: an empty name (allowed: a file name, or - for standard output)";
  if (target == "-") return use_descriptor(STDOUT_FILENO, target);
  target_ = target;
  struct stat status;
  for (int depth = 0;; ++depth) {
    if (const int fd = standard_stream(target_); fd >= 0) return use_descriptor(fd, target);
    if (lstat(target_.c_str(), &status) != 0 || !S_ISLNK(status.st_mode)) break;
    char link[4096];
    const ssize_t n = readlink(target_.c_str(), link, sizeof link);
    if (depth == 40 || n <= 0 || std::size_t(n) == sizeof link)
      return target + ": --out: a symbolic link that cannot be followed (allowed: a link to a file)";
    std::string next(link, std::size_t(n));
    const auto slash = target_.rfind('/');
    if (next[0] != '/' && slash != std::string::npos) next = target_.substr(0, slash + 1) + next;
    target_ = next;
  }
  bool replaces = false;
  if (stat(target_.c_str(), &status) == 0) {
    if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode)) {
      fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
      direct_ = true;
      owned_ = true;
      return fd_ >= 0 ? "" : target + ": --out: cannot be opened for writing (" + std::strerror(errno) + ")";
    }
    if (!S_ISREG(status.st_mode))
      return target + ": --out: is not a regular file, character device or FIFO (allowed: a new or regular file, "
                      "a device such as /dev/null, a FIFO, or - for standard output)";
    if (access(target_.c_str(), W_OK) != 0)
      return target + ": --out: cannot be replaced (" + std::strerror(errno) + ")";
    replaces = true;
  }
  const auto slash = target_.rfind('/');
  const std::string folder = slash == std::string::npos ? "." : target_.substr(0, slash == 0 ? 1 : slash);
  const std::string name = slash == std::string::npos ? target_ : target_.substr(slash + 1);
  // ".NAME.PID.tmp", with NAME shortened so that a legal name of up to 255 bytes still has one.
  const std::string suffix = "." + std::to_string(getpid()) + ".tmp";
  temporary_ = folder + "/." + name.substr(0, 255 - 1 - suffix.size()) + suffix;
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // the umask applies
  if (fd_ < 0) return target + ": cannot write the result file here (" + std::strerror(errno) + ")";
  owned_ = true;
  temporary_result = temporary_.c_str();
  if (replaces) {  // the file's permissions and, where allowed, its owner go to its replacement
    if (fchown(fd_, status.st_uid, status.st_gid) != 0) {
    }
    if (fchmod(fd_, status.st_mode & 07777) != 0) {
    }
  }
  return "";
}

bool ResultFile::to_standard_output() const { return fd_ == STDOUT_FILENO; }

bool ResultFile::commit(const std::string& text, std::string& error) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = std::string("write failed: ") + std::strerror(n < 0 ? errno : ENOSPC);
      abandon();
      return false;
    }
    done += std::size_t(n);
  }
  if (direct_) return true;
  if (::fsync(fd_) != 0 && errno != EINVAL) {
    error = std::string("flush failed: ") + std::strerror(errno);
    abandon();
    return false;
  }
  ::close(fd_);
  fd_ = -1;
  temporary_result = nullptr;
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    error = std::string("rename failed: ") + std::strerror(errno);
    std::remove(temporary_.c_str());
    return false;
  }
  return true;
}

void ResultFile::abandon() {
  if (fd_ >= 0 && owned_) ::close(fd_);
  fd_ = -1;
  temporary_result = nullptr;
  if (!temporary_.empty()) std::remove(temporary_.c_str());
}

std::string ResultFile::use_descriptor(int fd, const std::string& target) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
    return target + ": --out: descriptor " + std::to_string(fd) + " is not open for writing (allowed: a file, "
                    "a device, a FIFO, or a standard stream the shell opened for output)";
  fd_ = fd;
  direct_ = true;
  return "";
}

void fatal_signal(int signal_number) {
  if (temporary_result) ::unlink(temporary_result);
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void remove_temporary_result_on_fatal_signals() {
  for (int signal_number : {SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU})
    std::signal(signal_number, fatal_signal);
}

}  // namespace icn
