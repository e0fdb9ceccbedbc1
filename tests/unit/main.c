// SPDX-License-Identifier: MIT
/* The CUnit runner: exits non-zero when any test or suite fails, or when a
 * suite asked for by name does not exist. */
#include "tests/unit/unit.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void lm_unit_list(void)
{
	CU_pSuite s;

	for (s = CU_get_registry()->pSuite; s; s = s->pNext)
		printf("%s\n", s->pName);
}

/* Run the suites named in @names (all of them when @n is 0); returns the
 * tests and suites that failed, over every run. */
static unsigned int lm_unit_run(char **names, int n)
{
	unsigned int failed = 0;
	int i;

	CU_basic_set_mode(CU_BRM_VERBOSE);
	if (!n) {
		CU_basic_run_tests();
		return CU_get_number_of_tests_failed() +
		       CU_get_number_of_suites_failed();
	}
	/* each run's summary starts from zero: add them up */
	for (i = 0; i < n; i++) {
		CU_basic_run_suite(CU_get_suite(names[i]));
		failed += CU_get_number_of_tests_failed() +
			  CU_get_number_of_suites_failed();
	}
	return failed;
}

/* Usage: unit-tests [-l | SUITE...]: -l lists the suites; with names, only
 * those run. 0 when everything that ran passed. */
int main(int argc, char **argv)
{
	unsigned int failed;
	int i, ret = EXIT_FAILURE;

	/* a hung test (a lost IO, a missed wake-up) fails instead of hanging
	 * CI: SIGALRM's default action ends the process with an error */
	alarm(600);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	if (lm_suite_hist() || lm_suite_depths() || lm_suite_offset() ||
	    lm_suite_units() || lm_suite_cli() || lm_suite_report() ||
	    lm_suite_runs() || lm_suite_engines() || lm_suite_iscsi() ||
	    lm_suite_pdu() || lm_suite_session() || lm_suite_session_rx() ||
	    lm_suite_login() || lm_suite_rate() || lm_suite_profiles() ||
	    lm_suite_fio() || lm_suite_fio_keywords() ||
	    lm_suite_fio_groups() || lm_suite_fio_files() || lm_suite_place() ||
	    lm_suite_fio_values() || lm_suite_compare() || lm_suite_verdict() ||
	    lm_suite_ss() || lm_suite_guard() || lm_suite_verify_block() ||
	    lm_suite_schema() || lm_suite_ranks() || lm_suite_html() ||
	    lm_suite_prio() || lm_suite_lattarget() || lm_suite_onerror() ||
	    lm_suite_backlog() || lm_suite_iolog()) {
		fprintf(stderr, "unit: cannot register suites: %s\n",
			CU_get_error_msg());
		goto out_cleanup;
	}
	if (argc == 2 && !strcmp(argv[1], "-l")) {
		lm_unit_list();
		ret = EXIT_SUCCESS;
		goto out_cleanup;
	}
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' || !CU_get_suite(argv[i])) {
			fprintf(stderr,
				"unit: %s: no such suite (usage: unit-tests [-l | SUITE...]; -l lists the suites)\n",
				argv[i]);
			goto out_cleanup;
		}
	}
	failed = lm_unit_run(argv + 1, argc - 1);
	ret = failed ? EXIT_FAILURE : EXIT_SUCCESS;
out_cleanup:
	CU_cleanup_registry();
	return ret;
}
