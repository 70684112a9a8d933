#include "support/child_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>

namespace icn::testing {

std::string in_child_process(const std::function<std::string()>& body) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[0]);
    std::string out;
    int code = 0;
    try {
      out = body();
    } catch (const std::exception& e) {
      out = std::string("child failed: ") + e.what();
      code = 1;
    } catch (...) {
      out = "child failed with an unknown exception";
      code = 1;
    }
    for (std::size_t done = 0; done < out.size();) {
      const ssize_t n = write(fds[1], out.data() + done, out.size() - done);
      if (n <= 0) break;
      done += std::size_t(n);
    }
    close(fds[1]);
    _exit(code);  // skip SystemC's teardown and Catch's reporting in the child
  }
  close(fds[1]);
  std::string result;
  char buffer[65536];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) result.append(buffer, std::size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status)) throw std::runtime_error("child process died (signal " + std::to_string(WTERMSIG(status)) + ")");
  if (WEXITSTATUS(status) != 0) throw std::runtime_error(result);
  return result;
}

}  // namespace icn::testing
