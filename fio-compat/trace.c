// SPDX-License-Identifier: MIT
/* fio's write_iolog files (trace.h). */
#include "fio-compat/trace.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* @path begun in @e: what it holds kept before the trace's first line.
 * 0 or -errno. */
static int lm_trace_begin(struct lm_fio_trace *e, const char *path, uint64_t t0)
{
	off_t at = 0;
	int ret;

	e->path = path;
	ret = lm_replace_begin(&e->rp, path);
	if (ret)
		return ret;
	if (!e->rp.in_place) {
		ret = lm_replace_keep(&e->rp);
		at = ret ? 0 : lseek(e->rp.fd, 0, SEEK_END);
		ret = ret ? ret : at < 0 ? -errno : 0;
	}
	if (!ret)
		ret = lm_trace_start(&e->t, e->rp.fd, e->rp.in_place,
				     (uint64_t)at, t0);
	if (ret)
		lm_replace_abort(&e->rp);
	return ret;
}

/* The trace of @path, begun at its first job. NULL with errno. */
static struct lm_trace *lm_trace_of(struct lm_fio_traces *tr, const char *path,
				    uint64_t t0)
{
	struct lm_fio_trace **v, *e;
	unsigned int i;
	int ret;

	for (i = 0; i < tr->n; i++)
		if (!strcmp(tr->v[i]->path, path))
			return &tr->v[i]->t;
	v = realloc(tr->v, (tr->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	tr->v = v;
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	ret = lm_trace_begin(e, path, t0);
	if (ret) {
		free(e);
		errno = -ret;
		return NULL;
	}
	tr->v[tr->n++] = e;
	return &e->t;
}

static void lm_traces_abort(struct lm_fio_traces *tr)
{
	while (tr->n) {
		struct lm_fio_trace *e = tr->v[--tr->n];

		lm_trace_end(&e->t);
		lm_replace_abort(&e->rp);
		free(e);
	}
	free(tr->v);
	tr->v = NULL;
}

int lm_fio_traces_open(struct lm_fio_traces *tr, struct lm_fio_jobs *js,
		       char *msg, size_t len)
{
	uint64_t t0 = lm_now_ns();
	struct lm_fio_job *fj;
	unsigned int i;
	int ret;

	for (i = 0; i < js->n; i++) {
		fj = &js->jobs[i];
		if (!fj->write_iolog[0])
			continue;
		errno = 0;
		fj->job.trace = lm_trace_of(tr, fj->write_iolog, t0);
		if (fj->job.trace)
			continue;
		ret = errno ? -errno : -ENOMEM;
		snprintf(msg, len,
			 "%s:%u: job '%s': write_iolog=%s: cannot write it: %s",
			 fj->file, fj->line, fj->job.name, fj->write_iolog,
			 lm_replace_strerror(ret));
		lm_traces_abort(tr);
		return ret;
	}
	return 0;
}

int lm_fio_traces_end(struct lm_fio_traces *tr, char *msg, size_t len)
{
	int first = 0, ret;

	while (tr->n) {
		struct lm_fio_trace *e = tr->v[--tr->n];

		ret = lm_replace_end(&e->rp, atomic_load(&e->t.err));
		lm_trace_end(&e->t);
		if (ret && !first) {
			first = ret;
			snprintf(msg, len, "write_iolog=%s: %s", e->path,
				 lm_replace_strerror(ret));
		}
		free(e);
	}
	free(tr->v);
	tr->v = NULL;
	return first;
}
