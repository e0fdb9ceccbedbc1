/* SPDX-License-Identifier: MIT */
/*
 * Naming sizes as lunmark prints them, and reading a plain decimal number.
 * Option values (sizes, times, counts) are read by one parser, in
 * src/cli/values.h, on fio's syntax (fio-compat/values.h).
 */
#ifndef LM_UNITS_H
#define LM_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* A decimal number, nothing else: 0, or -EINVAL. */
int lm_parse_double(const char *s, double *v);

/* "1GiB", "512KiB", "4096B": the largest binary unit that divides exactly. */
void lm_fmt_size(char *buf, size_t len, uint64_t bytes);

#endif
