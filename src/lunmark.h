/* SPDX-License-Identifier: MIT */
/*
 * lunmark: what every module shares. The exit codes are documented in the
 * man page and the README; the stop flag is the only process-wide state.
 */
#ifndef LM_LUNMARK_H
#define LM_LUNMARK_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define LM_VERSION "0.1.0"

enum lm_exit {
	LM_EXIT_OK = 0,
	LM_EXIT_IO = 1,	    /* an IO failed during a run */
	LM_EXIT_USAGE = 2,  /* bad command line or option value */
	LM_EXIT_TARGET = 3, /* target missing, of the wrong kind, or denied */
	LM_EXIT_FIT = 4,    /* job does not fit the target (bs, region) */
	LM_EXIT_ENGINE = 5, /* engine or O_DIRECT unavailable */
	LM_EXIT_GUARD = 6,  /* write refused by the write guard */
	LM_EXIT_VERIFY = 7, /* a block did not read back as written */
	LM_EXIT_INTERRUPTED = 130, /* SIGINT: partial results printed */
};

/* Set by the signal handler; read by the main thread and the workers: the
 * signal that stops the run, plus LM_STOP_NOW after a second SIGINT (leave
 * at once: in-flight IO is failed, not drained). An atomic, not a
 * volatile sig_atomic_t, because other threads read it; a lock-free one
 * may be stored from a signal handler. */
extern _Atomic int lm_stop;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag must be lock-free");
#define LM_STOP_NOW 1024

/* SIGINT, SIGTERM and SIGHUP set the stop flag from now on. */
void lm_signals_catch(void);

static inline int lm_stop_now(void)
{
	return lm_stop >= LM_STOP_NOW;
}

/* One error report, to stderr, prefixed with "lunmark: ". */
void lm_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A note about what lunmark is doing, to stderr, in the same form. */
void lm_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same note to @to: stderr as lm_note(), stdout where fio writes its
 * own notes (its normal output, also --output's file), NULL nowhere (fio's
 * JSON and terse output, which hold no notes). */
void lm_note_to(FILE *to, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* @text when the engine said something, else strerror(@err). */
const char *lm_errtext(int err, const char *text);

/* The first line of the file @dir/@name (of sysfs, procfs, a cgroup),
 * without its newline and trailing blanks, into @buf; false when it cannot
 * be read. */
bool lm_file_line(const char *dir, const char *name, char *buf, size_t len);

/* @s without its leading and trailing blanks (the end cut in place). */
char *lm_strtrim(char *s);

/* Is @s text a terminal, JSON and HTML may show as it is: valid UTF-8
 * (no overlong forms, no surrogates), with no control character (C0,
 * DEL, C1)? When not, *@at is the offset of the first bad byte. */
bool lm_text_ok(const char *s, size_t *at);

#define LM_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
