/*
 * spawn.h - running a program: posix_spawnp with an argv array (never a
 * shell), output to a file, its own process group, and a deadline after
 * which the whole group is killed.  Used by kpci-runner's boot methods
 * (qemu, kexec) and the suites that run established benchmarks, and by
 * kpcid's watcher to repack its mirrors.
 */
#ifndef KPCI_LIB_SPAWN_H
#define KPCI_LIB_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

#define SPAWN_POLL_MS 50

/* Initialises attr for a program of its own: a new process group, no
 * signal blocked, every signal's action the default (what a shell would
 * give it, whatever the caller blocks or ignores).  For callers that make
 * their own posix_spawn file actions (the build runner). */
void spawn_attr_init(posix_spawnattr_t *attr);

/* Starts argv[0] (searched on PATH) with stdin from /dev/null and stdout +
 * stderr appended to out_path (NULL: /dev/null), in a new process group.
 * 0 with *pid, or -1 with *cause. */
int spawn_start(pid_t *pid, char *const argv[], const char *out_path, char **cause);

/* Waits for pid up to timeout_s seconds (<= 0: forever); kills its process
 * group at the deadline.  Returns 0 with the wait status in *status, 1 on
 * timeout (the group was killed and reaped), -1 on a waitpid error. */
int spawn_wait(int *status, pid_t pid, int timeout_s);

/* spawn_wait that also gives up as soon as *stop is non-zero (read every
 * SPAWN_POLL_MS, from another thread): kills and reaps the group as at
 * the deadline, and returns 2. */
int spawn_wait_stop(int *status, pid_t pid, int timeout_s, const volatile int *stop);

/* spawn_start + spawn_wait; 0 when the program exited 0, else -1 with a
 * sentence in *cause ("qemu-system-x86_64 timed out after 300 s"). */
int spawn_run(char *const argv[], const char *out_path, int timeout_s, char **cause);

/* spawn_run that stops argv as soon as *stop is non-zero ("git was
 * stopped"); see spawn_wait_stop. */
int spawn_run_stop(char *const argv[], const char *out_path, int timeout_s,
		   const volatile int *stop, char **cause);

/* 1 if name is an executable on PATH (or a path to one). */
int spawn_have(const char *name);

#endif
