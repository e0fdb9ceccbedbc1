/* SPDX-License-Identifier: MIT */
/*
 * A value written after a blank (KEY= VALUE), as fio 3.33 reads it. fio
 * trims the blanks around a key and after a value, not those before a
 * value, and reads the value as written. Four kinds of option then read
 * it otherwise than lunmark, which trims it (checked against fio itself):
 * - a word option (its value one of a list of words: FIO_OPT_STR with
 *   such a list in fio's options.c) matches no word, and fio refuses the
 *   job ("failed parsing rw= read"); so do the values it looks up as
 *   written (ioengine= null: "engine  null not loadable", directory=);
 * - an error's name and a pattern's hex or string, where fio reads only
 *   a decimal number after a blank (ignore_error= EIO: "Unknown error",
 *   then it aborts; verify_pattern= 0xff: "failed parsing");
 * - a name fio makes keeps the blank: name= x is job " x", and
 *   write_bw_log= bw writes " bw_bw.1.log";
 * - a number (FIO_OPT_INT, _ULL, _STR_VAL, _STR_VAL_TIME, _RANGE) loses
 *   the unit of its first part: rate_iops= 1k is 1 IOPS, bs= 8k is 8
 *   bytes, runtime= 2m 2 s to fio, though its "job options" show " 8k";
 *   a unit that is the option's own (runtime= 60s) changes nothing, nor
 *   a zone count (io_size= 2z), which fio reads apart.
 * Every other option (a path, a description, bssplit's list, a number
 * with no unit) fio reads as lunmark does.
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
