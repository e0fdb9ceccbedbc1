/* SPDX-License-Identifier: MIT */
/*
 * A value written after a blank (KEY= VALUE), as fio 3.33 reads it. fio
 * trims the blanks around a key and after a value, not those before a
 * value, and reads the value as written. Two kinds of option then read it
 * otherwise than lunmark, which trims it (checked against fio itself):
 * - a word option (its value one of a list of words: FIO_OPT_STR with
 *   such a list in fio's options.c) matches no word, and fio refuses the
 *   job ("failed parsing rw= read");
 * - a number (FIO_OPT_INT, _ULL, _STR_VAL and _STR_VAL_TIME) loses its
 *   unit: rate_iops= 1k is 1 IOPS, bs= 8k is 8 bytes, thinktime= 1ms is
 *   1 us to fio, though its "job options" show " 8k".
 * Every other option (a name, a path, a description, bssplit's list)
 * fio reads as lunmark does.
 */
#ifndef LM_FIO_BLANK_H
#define LM_FIO_BLANK_H

#include <stddef.h>

/*
 * Option @key (as written: fio's name or its alias) given @v (trimmed)
 * after a blank: 0 where fio reads it as lunmark does; else -EINVAL, with
 * what fio does with it and what to write instead in @why, to be refused.
 */
int lm_fio_blank(const char *key, const char *v, char *why, size_t len);

#endif
