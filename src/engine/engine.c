// SPDX-License-Identifier: MIT
/*
 * The registry: the one list of engines. Each is named here once; what it
 * can do is in its own ops table, so the rest of lunmark asks the table.
 */
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/*
 * One X(name) per engine, defined as lm_engine_<name> in its own file, in
 * the order lm_engine_names() lists them; the first is the default. An
 * engine is added with its file and one line here.
 */
#define LM_ENGINE_LIST(X) \
	X(uring)          \
	X(aio)            \
	X(psync)          \
	X(iscsi)          \
	X(null)           \
	/* the end of the list */

#define LM_ENGINE_DECLARE(n) extern const struct lm_engine_ops lm_engine_##n;
#define LM_ENGINE_ROW(n) &lm_engine_##n,

LM_ENGINE_LIST(LM_ENGINE_DECLARE)

static const struct lm_engine_ops *const lm_engines[] = {
	LM_ENGINE_LIST(LM_ENGINE_ROW) /* &lm_engine_uring, ... */
};

const struct lm_engine_ops *lm_engine_at(unsigned int i)
{
	return i < sizeof(lm_engines) / sizeof(lm_engines[0]) ? lm_engines[i]
							      : NULL;
}

/* Is @name one of @e's fio_also words? */
static bool lm_engine_also(const struct lm_engine_ops *e, const char *name)
{
	size_t n = strlen(name);
	const char *p = e->fio_also;

	for (; p && *p && n; p += strcspn(p, " "), p += *p == ' ')
		if (!strncmp(p, name, n) && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

const struct lm_engine_ops *lm_engine_find(const char *name)
{
	const struct lm_engine_ops *e;
	unsigned int i;

	for (i = 0; (e = lm_engine_at(i)); i++)
		if (!strcmp(name, e->name) || !strcmp(name, e->fio_name) ||
		    lm_engine_also(e, name))
			return e;
	return NULL;
}

const struct lm_engine_ops *
lm_engine_first(bool (*fits)(const struct lm_engine_ops *e))
{
	const struct lm_engine_ops *e;
	unsigned int i;

	for (i = 0; (e = lm_engine_at(i)); i++)
		if (fits(e))
			return e;
	return NULL;
}

const struct lm_engine_ops *lm_engine_default(void)
{
	return lm_engines[0];
}

static bool lm_engine_takes_url(const struct lm_engine_ops *e)
{
	return e->target == LM_ENGINE_TARGET_URL;
}

const struct lm_engine_ops *lm_engine_url(void)
{
	return lm_engine_first(lm_engine_takes_url);
}

unsigned int lm_engine_depth(const struct lm_engine_ops *e, unsigned int want)
{
	return e->max_depth && want > e->max_depth ? e->max_depth : want;
}

const char *lm_engine_names(char *buf, size_t len)
{
	const struct lm_engine_ops *e;
	unsigned int i;
	size_t at = 0;
	int n;

	buf[0] = 0;
	for (i = 0; (e = lm_engine_at(i)) && at < len; i++) {
		if (strcmp(e->name, e->fio_name))
			n = snprintf(buf + at, len - at, "%s%s (%s)",
				     i ? ", " : "", e->name, e->fio_name);
		else
			n = snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
				     e->name);
		if (n < 0)
			break;
		at += (size_t)n;
	}
	return buf;
}

const char *lm_engine_unknown(char *buf, size_t len)
{
	char names[LM_ENGINE_NAMES_LEN];

	snprintf(buf, len, "not an engine lunmark has: %s",
		 lm_engine_names(names, sizeof(names)));
	return buf;
}

void lm_engine_report_setup_error(const char *name, const char *what, int err)
{
	/* what an engine knows better than strerror() (io_uring blocked,
	 * aio-max-nr reached) it says itself, in its err: this is the rest */
	if (err == ENOMEM) {
		lm_err("%s engine: %s: out of memory (lower --iodepth, --bs or --numjobs)",
		       name, what);
		return;
	}
	lm_err("%s engine: %s: %s", name, what, strerror(err));
}

void lm_engine_why(struct lm_engine *e, int res)
{
	/* every completed IO passes here: a success costs one test */
	if (res >= 0 || (e->err[0] && !e->err_why))
		return;
	e->err[0] = '\0';
	e->err_why = (res == -EOPNOTSUPP && e->conf.iopoll) ||
		     (res == -EAGAIN && e->conf.nowait);
	if (res == -EOPNOTSUPP && e->conf.iopoll)
		snprintf(
			e->err, sizeof(e->err),
			"%s (hipri: polled completions need a device that polls them, such as an NVMe namespace with poll queues, nvme.poll_queues=N, and direct=1; fio's IOs fail so too): leave hipri out",
			strerror(EOPNOTSUPP));
	else if (res == -EAGAIN && e->conf.nowait)
		snprintf(
			e->err, sizeof(e->err),
			"%s (nowait: the IO would have waited, and RWF_NOWAIT fails it, as under fio): leave nowait out, or give continue_on_error",
			strerror(EAGAIN));
}
