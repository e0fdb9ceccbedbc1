/* SPDX-License-Identifier: MIT */
/*
 * Parsing and naming sizes and times on the command line, as fio does with
 * its default kb_base=1024: "4k" = 4096, "1m" = 1 MiB; "KiB", "MiB", ...
 * and "kB", "MB" read the same way (fio's default). Times default to
 * seconds and take us, ms, s, m, h.
 */
#ifndef LM_UNITS_H
#define LM_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* Returns 0, or -EINVAL for a malformed value, -ERANGE on overflow. */
int lm_parse_size(const char *s, uint64_t *bytes);
int lm_parse_time(const char *s, uint64_t *ns);
/* An unsigned decimal integer, nothing else. */
int lm_parse_uint(const char *s, uint64_t max, uint64_t *v);
int lm_parse_double(const char *s, double *v);

/* "1GiB", "512KiB", "4096B": the largest binary unit that divides exactly. */
void lm_fmt_size(char *buf, size_t len, uint64_t bytes);

#endif
