/* SPDX-License-Identifier: MIT */
/*
 * Option values: a size, a time, a number, an errno name or a line rate
 * from an option's text. Each returns 0, or -EINVAL with a message that
 * names the option, the value and what is wanted: "--bs=4q: not a size
 * (a number with an optional k, m, g or t suffix, e.g. 4k or 1g)".
 */
#ifndef LM_OPTVAL_H
#define LM_OPTVAL_H

#include <stddef.h>
#include <stdint.h>

/* "--OPT=VAL: WANT" into @msg; returns -EINVAL. */
int lm_bad(char *msg, size_t len, const char *opt, const char *val,
	   const char *want);
int lm_opt_size(const char *opt, const char *v, uint64_t *out, char *msg,
		size_t len);
int lm_opt_time(const char *opt, const char *v, uint64_t *out, char *msg,
		size_t len);
int lm_opt_uint(const char *opt, const char *v, uint64_t max, uint64_t *out,
		char *msg, size_t len);
/* EIO, ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET, or a number */
int lm_opt_errno(const char *v, int *out, char *msg, size_t len);
/* 1g, 2.5g, 5g, 10g, 25g, 40g, 100g: the line rate in Gb/s */
int lm_opt_link(const char *v, double *gbit, char *msg, size_t len);

#endif
