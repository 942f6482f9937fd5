/*
 * watch_stream.h - the watcher's socket stream for libgit2: connects,
 * reads and writes that give up after a timeout without progress, or
 * when kpcid stops (see watch_stream.c).
 */
#ifndef KPCI_DAEMON_WATCH_STREAM_H
#define KPCI_DAEMON_WATCH_STREAM_H

/* Makes libgit2 (process-wide) use the stream; once *stop is non-zero
 * every waiting socket gives up.  0, or -1 with libgit2's error set. */
int watch_stream_register(const int *stop);
/* Seconds a connection may stay without progress (the fetching tree's
 * fetch_timeout); only the watcher thread fetches. */
void watch_stream_timeout(long long seconds);

#endif
