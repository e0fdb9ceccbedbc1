// SPDX-License-Identifier: MIT
/* A fio job's files (fio-compat/files.h): filename='s list, and how a job
 * serves its files. */
#include "fio-compat/files.h"
#include "fio-compat/jobfile.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <string.h>

/* filename lists: ':' separates, '\:' is a colon, iSCSI URLs work */
static void lm_test_fio_files(void)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512];

	CU_ASSERT_EQUAL_FATAL(
		lm_unit_fio_build(
			"[a]\nfilename=/dev/sdb:iscsi\\://10.0.0.5\\:3260/iqn.2004-04.com.qnap\\:ts/0:/tmp/x\\:y\n",
			false, &f, &js, msg, sizeof(msg)),
		0);
	CU_ASSERT_EQUAL(js.jobs[0].nfiles, 3);
	CU_ASSERT_STRING_EQUAL(lm_fio_file_at(&js.jobs[0], 0), "/dev/sdb");
	CU_ASSERT_STRING_EQUAL(
		lm_fio_file_at(&js.jobs[0], 1),
		"iscsi://10.0.0.5:3260/iqn.2004-04.com.qnap:ts/0");
	CU_ASSERT_STRING_EQUAL(lm_fio_file_at(&js.jobs[0], 2), "/tmp/x:y");
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

/* file_service_type: roundrobin, files at once; sequential, in turn */
static void lm_test_fio_service(void)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512];

	CU_ASSERT_EQUAL(
		lm_unit_fio_build("[a]\nfile_service_type=sequential\n"
				  "[b]\nfile_service_type=roundrobin:4\n",
				  false, &f, &js, msg, sizeof(msg)),
		0);
	CU_ASSERT(js.n == 2 && js.jobs[0].files_in_turn &&
		  !js.jobs[1].files_in_turn);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	CU_ASSERT_EQUAL(lm_unit_fio_build("[a]\nfile_service_type=random\n",
					  true, &f, &js, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "t.fio:2: file_service_type=random: "
					   "lunmark serves a job's files"));
	lm_fio_file_free(&f);
	CU_ASSERT_EQUAL(lm_unit_fio_build("[a]\nfilename=x:y\nruntime=5\n"
					  "file_service_type=sequential\n",
					  false, &f, &js, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		msg, "job 'a': file_service_type=sequential with a runtime"));
	lm_fio_file_free(&f);
	CU_ASSERT_EQUAL(lm_unit_fio_build("[a]\nfilename=x:y\nnumber_ios=8\n"
					  "file_service_type=sequential\n",
					  false, &f, &js, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		msg, "job 'a': file_service_type=sequential with number_ios"));
	lm_fio_file_free(&f);
}

int lm_suite_fio_files(void)
{
	static const struct lm_unit_test t[] = {
		{ "filename lists", lm_test_fio_files },
		{ "file_service_type", lm_test_fio_service },
		{ NULL, NULL },
	};
	return lm_unit_add("fio files", t);
}
