/* SPDX-License-Identifier: MIT */
/*
 * The warnings every report carries, each when its condition holds and
 * only then: a working set the NAS's RAM can hold, a figure the link
 * caps, reads of a thin LUN's unwritten blocks, unstable cells, iSCSI
 * sessions lost and logged in again (--reconnect). The
 * conditions are computed here from plain figures; reports print the
 * text as it is.
 */
#ifndef LM_WARN_H
#define LM_WARN_H

#include <stdbool.h>
#include <stdint.h>

#define LM_WARN_MAX 6u
#define LM_NAS_RAM_FACTOR 1.3
#define LM_LINK_BOUND_PCT 95.0

enum lm_warn_kind {
	LM_WARN_NAS_RAM,
	LM_WARN_NETWORK,
	LM_WARN_THIN,
	LM_WARN_UNSTABLE,
	LM_WARN_BEYOND_LINK, /* above 100% of --link: not through that link */
	LM_WARN_RECONNECTS,
	LM_WARN_KINDS,
};

struct lm_warnings {
	unsigned int n;
	enum lm_warn_kind kind[LM_WARN_MAX];
	char text[LM_WARN_MAX][320];
};

/* What the warnings are judged on. */
struct lm_warn_in {
	uint64_t working_set_bytes; /* the largest region a test read */
	uint64_t nas_ram_bytes;	    /* --nas-ram, 0 unknown */
	double link_gbit;	    /* --link, 0 unknown */
	double link_ceiling_mb_s;
	double top_mb_s;	 /* the highest figure measured */
	const char *top_what;	 /* and where ("SEQ1M Q8T1 read") */
	int thin;		 /* the target is thin (LBPME): 1, 0, -1 */
	bool reads;		 /* reads were measured */
	bool prefilled;		 /* by lunmark, before them */
	bool fio_jobs;		 /* fio's job files: read jobs never prefill */
	unsigned int unstable;	 /* cells flagged unstable */
	double unstable_cv_pct;	 /* the threshold */
	unsigned int reconnects; /* sessions lost and logged in again */
};

const char *lm_warn_key(enum lm_warn_kind k);

/* Fill @w with the warnings whose conditions hold for @in. */
void lm_warnings_fill(const struct lm_warn_in *in, struct lm_warnings *w);

/* Add a warning of @kind read back from a file. */
void lm_warnings_add(struct lm_warnings *w, enum lm_warn_kind kind,
		     const char *text);

#endif
