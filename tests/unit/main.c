// SPDX-License-Identifier: MIT
/* The CUnit runner: exits non-zero when any test or suite fails. */
#include "tests/unit/unit.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int lm_unit_add(const char *name, const struct lm_unit_test *tests)
{
	CU_pSuite s = CU_add_suite(name, NULL, NULL);

	if (!s)
		return -1;
	for (; tests->name; tests++)
		if (!CU_add_test(s, tests->name, tests->fn))
			return -1;
	return 0;
}

int main(void)
{
	unsigned int failed;

	/* a hung test (a lost IO, a missed wake-up) fails instead of hanging
	 * CI: SIGALRM's default action ends the process with an error */
	alarm(600);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	if (lm_suite_hist() || lm_suite_offset() || lm_suite_units() ||
	    lm_suite_cli() || lm_suite_report() || lm_suite_runs() ||
	    lm_suite_engines() || lm_suite_iscsi() || lm_suite_pdu() ||
	    lm_suite_ffp() || lm_suite_profiles() || lm_suite_fio() ||
	    lm_suite_compare() || lm_suite_ss() || lm_suite_guard() ||
	    lm_suite_vblock() || lm_suite_schema()) {
		fprintf(stderr, "unit: cannot register suites: %s\n",
			CU_get_error_msg());
		CU_cleanup_registry();
		return EXIT_FAILURE;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_tests_failed() +
		 CU_get_number_of_suites_failed();
	CU_cleanup_registry();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
