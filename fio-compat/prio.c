// SPDX-License-Identifier: MIT
/*
 * fio's IO priority options (prio.h): the rows, and the setters of their
 * "r[,w]" values and of cmdprio_bssplit's entries.
 */
#include "fio-compat/prio.h"
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/cli/values.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static lm_opt_set_fn lm_fio_set_cmdprio_pct, lm_fio_set_cmdprio_pair,
	lm_fio_set_cmdprio_bssplit;

/* In --cmdhelp order, after the pace rows. */
const struct lm_option lm_fio_prio_options[] = {
	{ .fio = "prio",
	  LM_NUMBER(0, 7),
	  LM_J(prio.level),
	  .help = "the job's IO priority level, 0 (the highest) to 7: its threads' (ioprio_set), and each IO's with io_uring" },
	{ .fio = "prioclass",
	  LM_NUMBER(0, 3),
	  LM_J(prio.klass),
	  .help = "the job's IO priority class: 1 real-time, 2 best-effort (also 0, with prio), 3 idle" },
	{ .fio = "cmdprio_percentage",
	  .engines = LM_ENGINE_OPTS_URING | LM_ENGINE_OPTS_AIO,
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cmdprio_pct,
	  .help = "r[,w]: the share of IOs, in %, issued at cmdprio_class and cmdprio (io_uring and libaio; one value: both)" },
	{ .fio = "cmdprio_class",
	  .engines = LM_ENGINE_OPTS_URING | LM_ENGINE_OPTS_AIO,
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cmdprio_pair,
	  .help = "r[,w]: the class of cmdprio's IOs, 1 to 3 (default 1, real-time)" },
	{ .fio = "cmdprio",
	  .engines = LM_ENGINE_OPTS_URING | LM_ENGINE_OPTS_AIO,
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cmdprio_pair,
	  .val = 1,
	  .help = "r[,w]: the level of cmdprio's IOs, 0 to 7 (default 0)" },
	{ .fio = "cmdprio_bssplit",
	  .engines = LM_ENGINE_OPTS_URING | LM_ENGINE_OPTS_AIO,
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cmdprio_bssplit,
	  .help = "r[,w]: bs/percent[/class/level] entries joined by ':': that share of the IOs of that size at that priority (else cmdprio_class and cmdprio's)" },
	{ .fio = "log_prio",
	  LM_BOOLEAN,
	  LM_FJ(log_prio),
	  .help = "the logs' last field is each IO's priority (0x2000: real-time, level 0), not 1 for a real-time one and 0 else" },
};

const unsigned int lm_fio_nprio_options = LM_ARRAY_SIZE(lm_fio_prio_options);

/* "r[,w]": whole numbers up to @max, one for both; an empty part is
 * @unset. */
static int lm_fio_pair(const char *v, unsigned long max, int unset, int out[2])
{
	const char *comma = strchr(v, ',');
	const char *part[2] = { v, comma ? comma + 1 : v };
	size_t plen[2] = { comma ? (size_t)(comma - v) : strlen(v),
			   strlen(part[1]) };
	unsigned long n;
	unsigned int d;
	char *end;

	if (comma && strchr(comma + 1, ','))
		return -EINVAL;
	for (d = 0; d < 2; d++) {
		out[d] = unset;
		if (!plen[d])
			continue;
		errno = 0;
		n = strtoul(part[d], &end, 10);
		if (errno || *part[d] == '-' || end != part[d] + plen[d] ||
		    n > max)
			return -EINVAL;
		out[d] = (int)n;
	}
	return 0;
}

static int lm_fio_set_cmdprio_pct(const struct lm_opt_ctx *x,
				  const struct lm_option *o, const char *v)
{
	struct lm_prio *p = &((struct lm_job *)x->dst[LM_D_JOB])->prio;
	int pct[2];
	unsigned int d;

	(void)o;
	if (lm_fio_pair(v, 100, 0, pct))
		return lm_opt_bad(x, v,
				  "r[,w]: a percentage of the IOs, 0 to 100");
	p->by_pct = true;
	for (d = 0; d < 2; d++) {
		p->n[d] = pct[d] > 0;
		p->e[d][0] = (struct lm_prio_entry){ 0, (unsigned int)pct[d],
						     -1, -1 };
	}
	return 0;
}

/* cmdprio_class (val 0) and cmdprio (val 1) */
static int lm_fio_set_cmdprio_pair(const struct lm_opt_ctx *x,
				   const struct lm_option *o, const char *v)
{
	struct lm_prio *p = &((struct lm_job *)x->dst[LM_D_JOB])->prio;
	bool level = o->val == 1;

	if (lm_fio_pair(v, level ? 7 : 3, -1,
			level ? p->cmd_level : p->cmd_class) ||
	    (!level && (!p->cmd_class[0] || !p->cmd_class[1])))
		return lm_opt_bad(
			x, v,
			level ? "r[,w]: a priority level, 0 (the highest) to 7"
			      : "r[,w]: a priority class, 1 (real-time), 2 (best-effort) or 3 (idle)");
	return 0;
}

/* One entry, "bs/pct[/class/level]", into @e. */
static int lm_fio_prio_entry(const char *s, unsigned int kb,
			     struct lm_prio_entry *e)
{
	char bs[64];
	const char *slash = strchr(s, '/');
	unsigned long f[3] = { 0, 0, 0 };
	unsigned int n = 0;
	uint64_t size;
	char *end;

	if (!slash || (size_t)(slash - s) >= sizeof(bs))
		return -EINVAL;
	memcpy(bs, s, (size_t)(slash - s));
	bs[slash - s] = '\0';
	if (lm_fio_size(bs, kb, &size) || !size || size > UINT32_MAX)
		return -EINVAL;
	for (s = slash + 1; *s && n < 3; n++) {
		errno = 0;
		f[n] = strtoul(s, &end, 10);
		if (end == s || errno || *s == '-' || (*end && *end != '/'))
			return -EINVAL;
		s = *end ? end + 1 : end;
	}
	/* bs/, bs/pct or bs/pct/class/level, as fio's */
	if (*s || n == 2 || f[0] > 100 || f[1] > 3 || f[2] > 7)
		return -EINVAL;
	*e = (struct lm_prio_entry){ (uint32_t)size, (unsigned int)f[0],
				     n == 3 ? (int)f[1] : -1,
				     n == 3 ? (int)f[2] : -1 };
	return 0;
}

/* One direction's entries, joined by ':', into @p's of @d. */
static int lm_fio_prio_dir(const char *s, unsigned int kb, struct lm_prio *p,
			   unsigned int d)
{
	char one[96];
	size_t len;

	p->n[d] = 0;
	while (*s) {
		len = strcspn(s, ":");
		if (len >= sizeof(one) || p->n[d] == LM_PRIO_ENTRIES)
			return -EINVAL;
		memcpy(one, s, len);
		one[len] = '\0';
		if (lm_fio_prio_entry(one, kb, &p->e[d][p->n[d]]))
			return -EINVAL;
		/* an entry of 0 % is none, as fio's */
		p->n[d] += p->e[d][p->n[d]].pct != 0;
		s += len + (s[len] == ':');
	}
	return 0;
}

static int lm_fio_set_cmdprio_bssplit(const struct lm_opt_ctx *x,
				      const struct lm_option *o, const char *v)
{
	struct lm_prio *p = &((struct lm_job *)x->dst[LM_D_JOB])->prio;
	const char *comma = strchr(v, ',');
	char r[512];
	size_t len = comma ? (size_t)(comma - v) : strlen(v);

	(void)o;
	if (len >= sizeof(r) || (comma && strchr(comma + 1, ',')))
		return lm_opt_bad(
			x, v,
			"r[,w]: one list of reads' entries, one of writes'");
	memcpy(r, v, len);
	r[len] = '\0';
	/* one list: both directions', as fio's */
	if (lm_fio_prio_dir(r, x->kb_base, p, 0) ||
	    lm_fio_prio_dir(comma ? comma + 1 : r, x->kb_base, p, 1))
		return lm_opt_bad(
			x, v,
			"bs/percent[/class/level] entries joined by ':' (at most 16, a class 0 to 3, a level 0 to 7), reads', then ',' and writes'");
	p->by_bs = true;
	return 0;
}
