/* SPDX-License-Identifier: MIT */
/*
 * fio's reserved words in option values: $pagesize, $mb_memory (MiB of
 * RAM) and $ncpus (CPUs configured), each replaced by its number, as fio
 * replaces them wherever they stand in a value (numjobs=$ncpus). When one
 * was, and what is left is an integer sum of + - * / and brackets
 * (size=$mb_memory/4, bs=$pagesize*2), it is worked out, as fio hands it
 * to bc: whole numbers, division rounding toward zero. A value with a
 * reserved word and an operator that is no such sum is refused, where bc
 * and then fio fail it (bsrange=4k-$pagesize, filename=/d/$ncpus) or
 * would give a number lunmark cannot hold (past 2^63; bc's % and ^).
 * Nothing runs bc or any other program.
 */
#ifndef LM_FIO_KEYWORDS_H
#define LM_FIO_KEYWORDS_H

#include <stddef.h>

/*
 * @in, the value of an option whose name is @klen characters long, with
 * fio's reserved words replaced (and the sum worked out) into @out of
 * @size. 0; or -EINVAL (a sum that divides by zero or overflows, one fio
 * hands to no bc, a value too long) with @why saying so.
 */
int lm_fio_keywords(const char *in, size_t klen, char *out, size_t size,
		    char *why, size_t wlen);

#endif
