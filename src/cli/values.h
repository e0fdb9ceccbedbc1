/* SPDX-License-Identifier: MIT */
/*
 * Option values: one parser for every row of the option table (options.h),
 * on lunmark's command line and in fio's job files alike. The syntax is
 * fio's (fio-compat/values.h): sizes with fio's suffixes under kb_base
 * (1024 on the command line), times in seconds or with d, h, m, s, ms, us,
 * fio's booleans, numbers with fio's suffixes. Every failure is -EINVAL
 * with one message naming the option, the value and what is accepted:
 * "--bs=4q: a block size from 512 to 64m, ..." on the command line,
 * "job.fio:3: bs=4q: a block size from 512 to 64m, ..." in a job file.
 */
#ifndef LM_CLI_VALUES_H
#define LM_CLI_VALUES_H

#include "src/cli/options.h"

#include <stddef.h>
#include <stdint.h>

/* Parse @v (NULL: no value given) into row @o's field; 0 or -EINVAL. */
int lm_opt_set(const struct lm_opt_ctx *x, const struct lm_option *o,
	       const char *v);

/* The message "where: key=@v: @want" into x->msg; returns -EINVAL. */
int lm_opt_bad(const struct lm_opt_ctx *x, const char *v, const char *want);

/* Row @o's field in @x's destination. */
void *lm_opt_field(const struct lm_opt_ctx *x, const struct lm_option *o);

/* The types' parsers, for setters of their own: each 0 or -EINVAL with
 * the type's message. */
int lm_opt_num(const struct lm_opt_ctx *x, const char *v, uint64_t min,
	       uint64_t max, uint64_t *out);
/* fio's number where it reads an int (parse.c's check_int: decimal, or
 * hex after 0x; no suffix) up to @max; a bare key is 1 where @bare
 * (fio's options set by their name alone), else refused. */
int lm_opt_fio_int(const struct lm_opt_ctx *x, const char *v, bool bare,
		   uint64_t max, uint64_t *n);
int lm_opt_size(const struct lm_opt_ctx *x, const char *v, uint64_t *out);
int lm_opt_time(const struct lm_opt_ctx *x, const char *v, uint64_t *out_ns);

/*
 * Setters of rows that job files share with the command line: the engine
 * (fio's names too), rwmixwrite (100 - rwmixread), one block size.
 */
int lm_set_engine(const struct lm_opt_ctx *x, const struct lm_option *o,
		  const char *v);
int lm_set_rwmixwrite(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v);
int lm_set_bs(const struct lm_opt_ctx *x, const struct lm_option *o,
	      const char *v);
/* iodepth_batch_submit=N into an unsigned int: fio's 0 is all that may
 * go at once (LM_BATCH_ALL) */
int lm_set_batch(const struct lm_opt_ctx *x, const struct lm_option *o,
		 const char *v);
/* --link=RATE: 1g ... 100g into a double of Gb/s */
int lm_set_link(const struct lm_opt_ctx *x, const struct lm_option *o,
		const char *v);
/* --fail-errno: EIO, ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET or a
 * number, into an int */
int lm_set_errno(const struct lm_opt_ctx *x, const struct lm_option *o,
		 const char *v);

#endif
