"""What every script of icnsim does with its outputs and its errors (docs/sweeps.md, "Bad input, outputs
and exit codes"), as icnsim itself does:

* a file is written whole or not at all: to a temporary file beside it, flushed to disk, then renamed
  over the target (`write_file`, `output_file`); a replaced file keeps its permissions; a symbolic link
  is followed; "-", /dev/stdout, /dev/stderr, /dev/fd/N, devices and FIFOs are written in place;
* bad input is one line and exit 2 (`ToolError`); an output that cannot be written (a full disk, a
  file-size limit, a closed pipe) one line and exit 4 (`OutputError`); SIGINT, SIGTERM and SIGHUP end a
  tool with 130, 143 and 129 after its temporary files are gone (`run`); a bug is one line and exit 1.
"""
import argparse
import contextlib
import os
import pathlib
import signal
import sys

NAME_MAX = 255


class ToolError(Exception):
    """Bad input: one line naming what was wrong and what is allowed; exit 2."""
    code = 2


class OutputError(ToolError):
    """An output could not be written (a full disk, a file-size limit, a closed pipe); exit 4."""
    code = 4


class Interrupted(BaseException):
    """SIGTERM or SIGHUP, raised where the tool is, so that its temporary files are removed on the way out."""

    def __init__(self, number):
        super().__init__(number)
        self.number = number


class Parser(argparse.ArgumentParser):
    """argparse that refuses bad arguments in one line (no usage block), exit 2."""

    def error(self, message):
        raise ToolError(f"{self.prog}: {message} (see {self.prog} --help)")


def why(error):
    """An OSError as a few words: 'No space left on device'."""
    return error.strerror or str(error)


def positive_int(text, most=None):
    """argparse type: an integer of at least 1 (and at most `most`)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1 or (most is not None and value > most):
        raise argparse.ArgumentTypeError(f"{value} is out of range (allowed: 1..{most})" if most else
                                         f"{value} is out of range (allowed: at least 1)")
    return value


def standard_stream(path):
    """The descriptor that "-", /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N stands for, or None."""
    text = str(path)
    if text in ("-", "/dev/stdout"):
        return 1
    if text == "/dev/stderr":
        return 2
    for prefix in ("/dev/fd/", "/proc/self/fd/", f"/proc/{os.getpid()}/fd/"):
        if text.startswith(prefix) and text[len(prefix):].isdigit() and len(text) - len(prefix) < 9:
            return int(text[len(prefix):])
    return None


def _target(path):
    """Where writing PATH goes: ('stream', fd), ('direct', path) for a device or FIFO, or ('file', path) with
    links followed. A folder or another special file is refused (exit 2)."""
    current = str(path)
    for _ in range(40):
        fd = standard_stream(current)
        if fd is not None:
            return "stream", fd
        if not os.path.islink(current):
            break
        link = os.readlink(current)
        current = link if link.startswith("/") else os.path.join(os.path.dirname(current), link)
    else:
        raise ToolError(f"{path}: a symbolic link that cannot be followed (allowed: a link to a file)")
    try:
        status = os.stat(current)
    except FileNotFoundError:
        return "file", current
    except OSError as e:
        raise ToolError(f"{path}: cannot be written ({why(e)})") from None
    import stat
    if stat.S_ISCHR(status.st_mode) or stat.S_ISFIFO(status.st_mode):
        return "direct", current
    if not stat.S_ISREG(status.st_mode):
        raise ToolError(f"{path}: is not a regular file (allowed: a new or regular file, a device, a FIFO, or -)")
    return "file", current


def _write_all(fd, data, shown):
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except InterruptedError:
            continue
        except OSError as e:
            raise OutputError(f"{shown}: could not be written ({why(e)})") from None
        if n <= 0:
            raise OutputError(f"{shown}: could not be written (No space left on device)")
        view = view[n:]


def check_writable_folder(folder, shown=None):
    """Creates FOLDER if need be and checks that files can be created in it (exit 2 at once if not)."""
    folder = pathlib.Path(folder)
    shown = shown or str(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ToolError(f"{shown}: is a file, not a folder (allowed: a folder, or a name for a new one)") from None
    except OSError as e:
        raise ToolError(f"{shown}: cannot be created ({why(e)})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ToolError(f"{shown}: cannot be written (Permission denied)")
    return folder


def temporary_name(final):
    """'.NAME.PID.tmp' beside FINAL, NAME shortened so that a legal name of 255 bytes still has one."""
    final = pathlib.Path(final)
    suffix = f".{os.getpid()}.tmp"
    name = os.fsencode(final.name)[:NAME_MAX - 1 - len(suffix)]
    return final.parent / os.fsdecode(b"." + name + os.fsencode(suffix))


class _Output:
    """A binary file object writing to the temporary file (or in place); `commit` makes it the target."""

    # What abandon() looks at, set before anything is opened: a signal that lands while the temporary file
    # is being created (between os.open and the assignment) still finds it to remove.
    fd, owned, temporary = None, False, None

    def __init__(self, path, durable):
        self.shown = "standard output" if str(path) == "-" else str(path)
        self.durable = durable
        kind, where = _target(path)
        self.kind, self.temporary = kind, None
        if kind == "stream":
            self.fd, self.owned = where, False
            try:
                os.fstat(self.fd)
            except OSError:
                raise ToolError(f"{path}: descriptor {self.fd} is not open (allowed: a file, or an open stream)") \
                    from None
            return
        if kind == "direct":
            try:
                self.fd, self.owned = os.open(where, os.O_WRONLY | os.O_CLOEXEC), True
            except OSError as e:
                raise ToolError(f"{path}: cannot be opened for writing ({why(e)})") from None
            return
        self.final = pathlib.Path(where)
        self.temporary = temporary_name(self.final)
        try:
            existing = os.stat(self.final)
        except OSError:
            existing = None
        if existing is not None and not os.access(self.final, os.W_OK):
            raise ToolError(f"{path}: cannot be replaced (Permission denied)")
        try:
            self.fd = os.open(self.temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:  # left by a process of the same number that was killed: it is not running now
            os.unlink(self.temporary)
            self.fd = os.open(self.temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileNotFoundError:
            raise ToolError(f"{path}: its folder does not exist (allowed: a file in an existing folder)") from None
        except OSError as e:
            raise ToolError(f"{path}: cannot be written here ({why(e)})") from None
        self.owned = True
        if existing is not None:  # a private file stays private
            with contextlib.suppress(OSError):
                os.fchown(self.fd, existing.st_uid, existing.st_gid)
            with contextlib.suppress(OSError):
                os.fchmod(self.fd, existing.st_mode & 0o7777)

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        _write_all(self.fd, data, self.shown)
        return len(data)

    def commit(self):
        if self.kind != "file":
            if self.owned:
                os.close(self.fd)
            self.fd = None
            return
        try:
            if self.durable:
                os.fsync(self.fd)
        except OSError as e:
            raise OutputError(f"{self.shown}: could not be written ({why(e)})") from None
        finally:
            os.close(self.fd)
            self.fd = None
        try:
            os.replace(self.temporary, self.final)
        except OSError as e:
            raise OutputError(f"{self.shown}: could not be written ({why(e)})") from None
        self.temporary = None
        if self.durable:  # the rename itself reaches the disk: a crash after this keeps the new file
            with contextlib.suppress(OSError):
                folder = os.open(self.final.parent, os.O_RDONLY | os.O_DIRECTORY)
                try:
                    os.fsync(folder)
                finally:
                    os.close(folder)

    def abandon(self):
        if self.fd is not None and self.owned:
            with contextlib.suppress(OSError):
                os.close(self.fd)
        self.fd = None
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temporary)
            self.temporary = None

    # What matplotlib and the csv writer ask of a file object besides write().
    def flush(self):
        pass

    def seekable(self):
        return False

    def tell(self):
        raise OSError("not seekable")


@contextlib.contextmanager
def output_file(path, text=True, durable=False):
    """A file object whose contents replace PATH whole when the block ends without an exception, or are
    dropped with the temporary file (a failed write, a signal, a bug). `durable` also flushes it to the
    disk before the rename: a cached item that a crash must not leave cut short."""
    out = _Output.__new__(_Output)
    try:
        out.__init__(path, durable)  # inside the try: a signal while it creates the temporary file removes it
        if text:
            import io
            wrapper = io.TextIOWrapper(_Buffered(out), encoding="utf-8", newline="", write_through=True)
            yield wrapper
            wrapper.flush()
            wrapper.detach()
        else:
            yield out
        out.commit()
    finally:
        out.abandon()


class _Buffered:
    """The raw side of a TextIOWrapper over an _Output."""

    def __init__(self, out):
        self.out = out
        self.closed = False

    def writable(self):
        return True

    def readable(self):
        return False

    def seekable(self):
        return False

    def write(self, data):
        return self.out.write(bytes(data))

    def flush(self):
        pass


@contextlib.contextmanager
def output_path(path):
    """For a library that writes only to a name of its own choosing (an animated GIF): yields a temporary
    name beside PATH, which replaces PATH once the block ends without an exception (standard streams,
    devices and FIFOs receive its bytes)."""
    kind, where = _target(path)
    folder = pathlib.Path(where).parent if kind == "file" else pathlib.Path(".")
    staging = folder / f".staging-{os.getpid()}{pathlib.Path(path).suffix[:20]}"  # the suffix names the format
    try:
        yield staging
        with open(staging, "rb") as f:
            data = f.read()
        write_file(path, data)
    except OSError as e:
        raise OutputError(f"{path}: could not be written ({why(e)})") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(staging)


def write_file(path, data, durable=False):
    """Writes DATA (str or bytes) to PATH whole or not at all (output_file)."""
    with output_file(path, text=False, durable=durable) as out:
        out.write(data.encode() if isinstance(data, str) else data)


def running(pid):
    """Whether process PID runs on this machine: it exists and is not a zombie (a process killed whose parent
    was killed too is a zombie until something reaps it, which in a container may be never)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True


def remove_stale_temporaries(folder):
    """Temporary files (.NAME.PID.tmp, icnsim's and the tools') left in FOLDER by a process of this machine that
    was killed (kill -9): their process no longer runs."""
    import shutil
    removed = 0
    for path in pathlib.Path(folder).glob(".*.tmp"):
        pid = path.name.rsplit(".", 2)[-2]
        if not pid.isdigit():
            continue
        if running(int(pid)):
            continue
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():  # a model snapshot being copied
                shutil.rmtree(path)
            else:
                path.unlink()
            removed += 1
    return removed


def _raise_interrupted(number, frame):
    raise Interrupted(number)


def run(main, argv=None, prog=None):
    """Runs a tool's main(argv) and returns its exit status, every failure as one line on stderr."""
    prog = prog or os.path.basename(sys.argv[0])
    for number in (signal.SIGTERM, signal.SIGHUP):
        # SIGHUP ignored at start stays ignored (nohup), as Python keeps an ignored SIGINT (a job started with &).
        if number == signal.SIGTERM or signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, _raise_interrupted)
    try:
        try:
            return main(argv)
        finally:
            sys.stdout.flush()
    except ToolError as e:
        message, code = str(e), e.code
    except Interrupted as e:
        message, code = f"{prog}: interrupted by {signal.Signals(e.number).name}", 128 + e.number
    except KeyboardInterrupt:
        message, code = f"{prog}: interrupted by SIGINT", 130
    except BrokenPipeError:
        message, code = f"{prog}: standard output was closed before everything was written", 4
    except MemoryError:
        message, code = f"{prog}: out of memory", 1
    except Exception as e:  # a bug: still one line, and the documented code for it
        message, code = f"{prog}: internal error: {type(e).__name__}: {e} (a bug: please report it)", 1
    if code == 4:  # nothing more goes to a closed standard output (Python would complain at exit)
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
    with contextlib.suppress(OSError):
        print(str(message).replace("\n", " ")[:2000], file=sys.stderr, flush=True)
    return code
