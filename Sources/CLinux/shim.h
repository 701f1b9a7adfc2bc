#ifndef REWRAP_CLINUX_SHIM_H
#define REWRAP_CLINUX_SHIM_H

// Linux calls that Swift's Glibc module leaves out.
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>

#endif
