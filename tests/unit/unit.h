/* SPDX-License-Identifier: MIT */
/* Each unit test file registers one CUnit suite. */
#ifndef LM_UNIT_H
#define LM_UNIT_H

#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stddef.h>

int lm_suite_hist(void);
int lm_suite_depths(void);
int lm_suite_offset(void);
int lm_suite_units(void);
int lm_suite_cli(void);
int lm_suite_report(void);
int lm_suite_runs(void);
int lm_suite_engines(void);
int lm_suite_iscsi(void);
int lm_suite_pdu(void);
int lm_suite_session(void);
int lm_suite_session_rx(void);
int lm_suite_login(void);
int lm_suite_rate(void);
int lm_suite_profiles(void);
int lm_suite_fio(void);
int lm_suite_fio_keywords(void);
int lm_suite_fio_groups(void);
int lm_suite_fio_files(void);
int lm_suite_place(void);
int lm_suite_fio_values(void);
int lm_suite_compare(void);
int lm_suite_verdict(void);
int lm_suite_ss(void);
int lm_suite_guard(void);
int lm_suite_verify_block(void);
int lm_suite_schema(void);
int lm_suite_ranks(void);
int lm_suite_html(void);
int lm_suite_prio(void);
int lm_suite_onerror(void);
int lm_suite_iolog(void);
int lm_suite_backlog(void);
int lm_suite_lattarget(void);

/* Add @tests (NULL-terminated) to a new suite named @name. */
struct lm_unit_test {
	const char *name;
	CU_TestFunc fn;
};
int lm_unit_add(const char *name, const struct lm_unit_test *tests);

/* @text as job file t.fio, turned into jobs (test_fio.c): 0, or -EINVAL
 * with the message in @msg. */
struct lm_fio_file;
struct lm_fio_jobs;
int lm_unit_fio_build(const char *text, bool ignore, struct lm_fio_file *f,
		      struct lm_fio_jobs *js, char *msg, size_t len);

#endif
