// SPDX-License-Identifier: MIT
#include "src/run/trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_TRACE_HEAD "fio version 3 iolog\n"

/* @n bytes of @p at the trace's end, the end moved past them first (or
 * in turn, a serial trace's). */
static void lm_trace_put(struct lm_trace *t, const char *p, size_t n)
{
	uint64_t at = atomic_fetch_add(&t->end, n);
	ssize_t w = 0;
	int zero = 0;

	if (t->serial)
		pthread_mutex_lock(&t->wlock);
	while (n) {
		w = t->serial ? write(t->fd, p, n)
			      : pwrite(t->fd, p, n, (off_t)at);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		p += w;
		n -= (size_t)w;
		at += (uint64_t)w;
	}
	if (t->serial)
		pthread_mutex_unlock(&t->wlock);
	if (n)
		atomic_compare_exchange_strong(&t->err, &zero,
					       w ? -errno : -EIO);
}

int lm_trace_start(struct lm_trace *t, int fd, bool serial, uint64_t at,
		   uint64_t t0_ns)
{
	memset(t, 0, sizeof(*t));
	t->fd = fd;
	t->serial = serial;
	t->t0_ns = t0_ns;
	atomic_init(&t->end, at);
	atomic_init(&t->err, 0);
	if (pthread_mutex_init(&t->lock, NULL))
		return -ENOMEM;
	if (pthread_mutex_init(&t->wlock, NULL)) {
		pthread_mutex_destroy(&t->lock);
		return -ENOMEM;
	}
	lm_trace_put(t, LM_TRACE_HEAD, strlen(LM_TRACE_HEAD));
	if (!atomic_load(&t->err))
		return 0;
	lm_trace_end(t);
	return atomic_load(&t->err);
}

void lm_trace_end(struct lm_trace *t)
{
	while (t->nadded)
		free(t->added[--t->nadded]);
	free(t->added);
	t->added = NULL;
	t->cap = 0;
	pthread_mutex_destroy(&t->lock);
	pthread_mutex_destroy(&t->wlock);
}

int lm_trace_buf_init(struct lm_trace_buf *b, struct lm_trace *t)
{
	b->t = t;
	b->n = 0;
	b->last_off = 0;
	b->b = t ? malloc(LM_TRACE_BUF) : NULL;
	if (t && !b->b) {
		b->t = NULL;
		return -ENOMEM;
	}
	return 0;
}

static void lm_trace_flush(struct lm_trace_buf *b)
{
	if (b->n && !atomic_load(&b->t->err))
		lm_trace_put(b->t, b->b, b->n);
	b->n = 0;
}

/* One line into @b: @file, @act and, for an IO (@io), @off and @len,
 * after the time of @now_ns. */
static void lm_trace_line(struct lm_trace_buf *b, const char *file,
			  uint64_t now_ns, const char *act, bool io,
			  uint64_t off, uint64_t len)
{
	uint64_t us = now_ns > b->t->t0_ns ? (now_ns - b->t->t0_ns) / 1000 : 0;
	size_t room = LM_TRACE_BUF - b->n;
	int k;

	for (;;) {
		if (io)
			k = snprintf(b->b + b->n, room,
				     "%" PRIu64 " %s %s %" PRIu64 " %" PRIu64
				     "\n",
				     us, file, act, off, len);
		else
			k = snprintf(b->b + b->n, room, "%" PRIu64 " %s %s\n",
				     us, file, act);
		if (k >= 0 && (size_t)k < room) {
			b->n += (size_t)k;
			return;
		}
		if (!b->n) /* longer than a whole buffer: not written */
			return;
		lm_trace_flush(b);
		room = LM_TRACE_BUF;
	}
}

/* "add" of @file, when @t has not said it yet: written out at once,
 * under the lock, so that no worker's "open" of it can come first. */
static void lm_trace_add(struct lm_trace_buf *b, const char *file,
			 uint64_t now_ns)
{
	struct lm_trace *t = b->t;
	bool fresh = true;
	char **more;
	size_t i, cap;

	pthread_mutex_lock(&t->lock);
	for (i = 0; i < t->nadded && fresh; i++)
		fresh = strcmp(t->added[i], file) != 0;
	if (fresh && t->nadded == t->cap) {
		/* out of memory: the name is said "add" of again later */
		cap = t->cap * 2 + 8;
		more = realloc(t->added, cap * sizeof(*more));
		if (more) {
			t->added = more;
			t->cap = cap;
		}
	}
	if (fresh && t->nadded < t->cap && (t->added[t->nadded] = strdup(file)))
		t->nadded++;
	if (fresh) {
		lm_trace_line(b, file, now_ns, "add", false, 0, 0);
		lm_trace_flush(b);
	}
	pthread_mutex_unlock(&t->lock);
}

void lm_trace_open(struct lm_trace_buf *b, const char *file, uint64_t now_ns)
{
	if (!b->t)
		return;
	lm_trace_add(b, file, now_ns);
	lm_trace_line(b, file, now_ns, "open", false, 0, 0);
}

void lm_trace_close(struct lm_trace_buf *b, const char *file, uint64_t now_ns)
{
	if (!b->t)
		return;
	lm_trace_line(b, file, now_ns, "close", false, 0, 0);
	lm_trace_flush(b);
	free(b->b);
	b->b = NULL;
	b->t = NULL;
}

void lm_trace_io(struct lm_trace_buf *b, const char *file, uint64_t now_ns,
		 const char *act, uint64_t off, uint64_t len)
{
	if (!b->t)
		return;
	lm_trace_line(b, file, now_ns, act, true, off, len);
	b->last_off = off;
}

void lm_trace_sync(struct lm_trace_buf *b, const char *file, uint64_t now_ns,
		   const char *act)
{
	if (b->t)
		lm_trace_line(b, file, now_ns, act, true, b->last_off, 0);
}
