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

#endif
