/* SPDX-License-Identifier: MIT */
/*
 * fio's value syntax (fio's HOWTO, "Parameter types"): sizes with fio's
 * unit prefixes under kb_base (with kb_base=1024, the default, 4k, 4ki
 * and 4kb = 4096 and 1mib = 10^6; with kb_base=1000 the other way round:
 * fio 3.33's rule, checked against fio itself), an optional
 * 0x prefix and 'b' unit; times with d, h, m, s, ms, us (and sec, msec,
 * usec) and a default unit; booleans; percentages. Each returns 0,
 * -EINVAL or -ERANGE.
 */
#ifndef LM_FIO_VALUES_H
#define LM_FIO_VALUES_H

#include "src/stats/stats.h"

#include <stdbool.h>
#include <stdint.h>

/* kb_base for lunmark's own command line: k, ki, kb and kib all 1024 */
#define LM_KB_BINARY 0u

int lm_fio_size(const char *s, unsigned int kb_base, uint64_t *out);
/* @unit_ns: what a bare number counts (10^9 for seconds) */
int lm_fio_time(const char *s, uint64_t unit_ns, uint64_t *out_ns);
int lm_fio_bool(const char *s, bool *out);
/* "50%": 50; -EINVAL when @s is not a percentage from 0 to 100 */
int lm_fio_pct(const char *s, double *pct);

struct lm_bsdir;
/* A block size: 512 to 64m, a multiple of 512. */
int lm_fio_bs_one(const char *s, unsigned int kb_base, uint32_t *out);
/* bsrange's "lo-hi" into @b: multiples of lo up to hi */
int lm_fio_bs_range(const char *s, unsigned int kb_base, struct lm_bsdir *b);
/* bssplit's "4k/10:64k/50:32k" into @b: a size with no share splits
 * what the others leave evenly; the shares add up to 100 */
int lm_fio_bs_split(const char *s, unsigned int kb_base, struct lm_bsdir *b);

/* rate's or rate_iops' "r[,w[,t]]" into @out's read, write and trim caps
 * (0: none; a value with no comma after it also caps the directions after
 * it; sizes in @kb_base for rate, plain counts for rate_iops). */
int lm_fio_rate_caps(const char *s, unsigned int kb_base, bool iops,
		     uint64_t out[LM_DIRS]);

#endif
