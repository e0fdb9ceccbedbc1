/* SPDX-License-Identifier: MIT */
/*
 * fio's IO priority options, the job files' rows of the option table
 * that set them (src/job/prio.h does what they ask): prio, prioclass,
 * cmdprio_percentage, cmdprio_class, cmdprio, cmdprio_bssplit, and
 * log_prio for fio's logs. The table's lookups (src/cli/lookup.c) walk
 * them after the pace rows (pace.h).
 */
#ifndef LM_FIO_PRIO_H
#define LM_FIO_PRIO_H

#include "src/cli/options.h"

extern const struct lm_option lm_fio_prio_options[];
extern const unsigned int lm_fio_nprio_options;

#endif
