// The C surface medd uses from libsystemd and the kernel. Only Sources/Systemd imports it.
#ifndef MEDD_CSYSTEMD_SHIM_H
#define MEDD_CSYSTEMD_SHIM_H

#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-event.h>
#include <systemd/sd-journal.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <signal.h>
#include <time.h>
#include <fcntl.h>
#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <poll.h>
#include <sys/wait.h>
#include <errno.h>
#include <unistd.h>

// GNU extensions Swift's Glibc module does not expose (it is built without _GNU_SOURCE).
int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);
int pipe2(int fds[2], int flags);
int sync_file_range(int fd, off_t offset, off_t count, unsigned int flags);
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
int execvpe(const char *file, char *const argv[], char *const envp[]);
// From <sys/prctl.h>, which is not included: its types would then belong to this module, and Swift
// code importing only Glibc could no longer use them (struct sigaction, say).
int prctl(int option, ...);
#define MEDD_PR_SET_PDEATHSIG 1

/// Renames `from` to `to` unless `to` exists (renameat2's RENAME_NOREPLACE); -1 with errno EEXIST if it does.
static inline int medd_rename_no_replace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

/// Starts writing back a file's dirty pages without waiting (sync_file_range's SYNC_FILE_RANGE_WRITE).
static inline int medd_start_writeback(int fd) {
    return sync_file_range(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */);
}

/// Accepts a connection as non-blocking and close-on-exec; -1 with errno on failure.
static inline int medd_accept(int listener) {
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

/// The UID of the process at the other end of a Unix socket (SO_PEERCRED).
static inline int medd_peer_uid(int fd, uid_t *uid) {
    struct { pid_t pid; uid_t uid; gid_t gid; } credentials;
    socklen_t length = sizeof credentials;
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length);
    if (result == 0) *uid = credentials.uid;
    return result;
}

/// Starts `file` (looked up in PATH when it has no slash) with `argv` and exactly `envp`: standard input
/// from /dev/null, standard output to `output` and standard error to `errors` (left as the caller's
/// when -1), in a process group of its own, with an empty
/// signal mask and default dispositions, and `death_signal` sent to it when the calling thread ends
/// (PR_SET_PDEATHSIG, which posix_spawn cannot ask for). The child makes only async-signal-safe calls
/// before exec. Returns the child's PID, or -errno when it could not be started.
static inline pid_t medd_spawn_tied(const char *file, char *const argv[], char *const envp[], int output, int errors,
                                    int death_signal) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -errno;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return -error;
    }
    if (pid == 0) {
        int error = 0;
        if (prctl(MEDD_PR_SET_PDEATHSIG, death_signal) != 0) error = errno;
        else if (getppid() != parent) _exit(127);  // the parent is gone already: nothing to tie to
        if (error == 0) {
            int defaults[] = { SIGPIPE, SIGCHLD, SIGHUP, SIGTERM, SIGINT };
            struct sigaction action = { 0 };
            action.sa_handler = SIG_DFL;
            for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) sigaction(defaults[i], &action, NULL);
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            setpgid(0, 0);
            int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
            if (input < 0 || dup2(input, 0) < 0 || dup2(output, 1) < 0 || (errors >= 0 && dup2(errors, 2) < 0)) error = errno;
            else execvpe(file, argv, envp);
            if (error == 0) error = errno;
        }
        while (write(report[1], &error, sizeof error) < 0 && errno == EINTR) {}
        _exit(127);
    }
    close(report[1]);
    int error = 0;
    ssize_t count;
    do { count = read(report[0], &error, sizeof error); } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof error) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        return -error;
    }
    return pid;
}

/// Runs `argv` on the caller's terminal and waits for it, as an editor is run: while it runs the caller
/// ignores SIGINT and SIGQUIT (a Ctrl-C is the program's), which it gets as the caller had them.
/// Returns its wait status, or -errno when it could not be started (127 in the status: not found).
static inline int medd_run_in_foreground(char *const argv[]) {
    struct sigaction ignore = { 0 }, standard = { 0 }, oldInterrupt, oldQuit, oldChild;
    ignore.sa_handler = SIG_IGN;
    standard.sa_handler = SIG_DFL;
    sigaction(SIGINT, &ignore, &oldInterrupt);
    sigaction(SIGQUIT, &ignore, &oldQuit);
    // An ignored SIGCHLD (inherited from whatever started medctl) would let the child be reaped unseen.
    sigaction(SIGCHLD, &standard, &oldChild);
    pid_t pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &oldInterrupt, NULL);
        sigaction(SIGQUIT, &oldQuit, NULL);
        sigaction(SIGCHLD, &oldChild, NULL);
        execvp(argv[0], argv);
        _exit(127);
    }
    int result = -errno;
    if (pid > 0) {
        int status = 0;
        while ((result = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {}
        result = result < 0 ? -errno : status;
    }
    sigaction(SIGINT, &oldInterrupt, NULL);
    sigaction(SIGQUIT, &oldQuit, NULL);
    sigaction(SIGCHLD, &oldChild, NULL);
    return result;
}

/// A pipe whose ends are close-on-exec and non-blocking.
static inline int medd_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
}

/// The paper size of the locale's LC_PAPER category, in millimetres (glibc's _NL_PAPER_WIDTH and
/// _NL_PAPER_HEIGHT, which nl_langinfo returns as an integer in place of a string).
static inline void medd_paper_size(int *width, int *height) {
    union { const char *string; unsigned int word; } value;
    value.string = nl_langinfo(_NL_PAPER_WIDTH);
    *width = (int)value.word;
    value.string = nl_langinfo(_NL_PAPER_HEIGHT);
    *height = (int)value.word;
}

/// The locale's first day of a calendar week, 0 for Sunday to 6 for Saturday: glibc keeps it as a day
/// that starts a week (_NL_TIME_WEEK_1STDAY, an integer YYYYMMDD) and, counted from 1 there, the
/// first weekday (_NL_TIME_FIRST_WEEKDAY, the string's first byte).
static inline int medd_first_weekday(void) {
    union { const char *string; unsigned int word; } value;
    value.string = nl_langinfo(_NL_TIME_WEEK_1STDAY);
    unsigned int day = value.word;
    int first = nl_langinfo(_NL_TIME_FIRST_WEEKDAY)[0];
    struct tm tm = {0};
    tm.tm_year = (int)(day / 10000) - 1900;
    tm.tm_mon = (int)(day / 100 % 100) - 1;
    tm.tm_mday = (int)(day % 100);
    tm.tm_hour = 12;
    if (timegm(&tm) == (time_t)-1 || first < 1 || first > 7) return 1;
    return (tm.tm_wday + first - 1) % 7;
}

/// nl_langinfo's answer for one of the items medd reads: the names of days (DAY_1 is Sunday) and
/// months (MON_1 is January; ALTMON_1 its nominative), their abbreviations, AM/PM, the date and time
/// formats and the decimal point. Named here because Swift does not import all of glibc's nl_item
/// constants.
enum medd_langinfo_item {
    MEDD_DAY, MEDD_ABDAY, MEDD_MON, MEDD_ALTMON, MEDD_ABMON, MEDD_AM, MEDD_PM, MEDD_D_FMT, MEDD_T_FMT,
    MEDD_T_FMT_AMPM, MEDD_RADIX
};
static inline const char *medd_langinfo(enum medd_langinfo_item item, int index) {
    switch (item) {
    case MEDD_DAY: return nl_langinfo(DAY_1 + index);
    case MEDD_ABDAY: return nl_langinfo(ABDAY_1 + index);
    case MEDD_MON: return nl_langinfo(MON_1 + index);
    case MEDD_ALTMON: return nl_langinfo(__ALTMON_1 + index);
    case MEDD_ABMON: return nl_langinfo(ABMON_1 + index);
    case MEDD_AM: return nl_langinfo(AM_STR);
    case MEDD_PM: return nl_langinfo(PM_STR);
    case MEDD_D_FMT: return nl_langinfo(D_FMT);
    case MEDD_T_FMT: return nl_langinfo(T_FMT);
    case MEDD_T_FMT_AMPM: return nl_langinfo(T_FMT_AMPM);
    case MEDD_RADIX: return nl_langinfo(RADIXCHAR);
    }
    return "";
}

/// How a child ended, from waitpid's status: its exit code (>= 0), or minus the signal that killed it.
static inline int medd_termination(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return -WTERMSIG(status);
    return -1;
}

#endif
