// SPDX-License-Identifier: MIT
/*
 * Which failed IOs a job goes on past (src/job/onerror.h): fio's
 * defaults, its kinds, and ignore_error's lists as fio 3.33 reads them
 * (kinds apart by ',', errors by ':').
 */
#include "src/job/onerror.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <string.h>

static void lm_test_onerr_kinds(void)
{
	struct lm_onerr o;

	memset(&o, 0, sizeof(o));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, false, EIO));
	o.kinds = 1u << LM_ONERR_READ;
	/* fio's defaults: EIO and EILSEQ, of the kinds named */
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, false, EIO));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, true, EIO));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, false, ENOSPC));
	/* EILSEQ is a verify's, whichever direction */
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, false, EILSEQ));
	o.kinds = LM_ONERR_ANY;
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, true, EILSEQ));
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, true, EIO));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, true, EPERM));
}

static void lm_test_onerr_ignore(void)
{
	struct lm_onerr o;
	char why[200];

	/* enospc-pressure.fio's: the reads' defaults, the writes' ENOSPC */
	memset(&o, 0, sizeof(o));
	CU_ASSERT_EQUAL(lm_onerr_ignore(&o, ",ENOSPC", why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(o.kinds, 1u << LM_ONERR_WRITE);
	CU_ASSERT_EQUAL(o.n[LM_ONERR_READ], 0);
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, true, ENOSPC));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, true, EIO));
	CU_ASSERT_FALSE(lm_onerr_goes_on(&o, false, EIO));

	/* names, numbers (a sign dropped), three kinds */
	memset(&o, 0, sizeof(o));
	CU_ASSERT_EQUAL(
		lm_onerr_ignore(&o, "EPERM:-5,ERANGE,84", why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(o.kinds, LM_ONERR_ANY);
	CU_ASSERT_EQUAL(o.n[LM_ONERR_READ], 2);
	CU_ASSERT_EQUAL(o.err[LM_ONERR_READ][1], EIO);
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, false, EPERM));
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, true, ERANGE));
	CU_ASSERT_TRUE(lm_onerr_goes_on(&o, false, EILSEQ));

	/* what fio refuses: a name past ERANGE, a 4th kind, junk */
	memset(&o, 0, sizeof(o));
	CU_ASSERT_EQUAL(lm_onerr_ignore(&o, "EILSEQ", why, sizeof(why)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "\"EILSEQ\""));
	CU_ASSERT_EQUAL(
		lm_onerr_ignore(&o, "EIO,EIO,EIO,EIO", why, sizeof(why)),
		-EINVAL);
	CU_ASSERT_EQUAL(lm_onerr_ignore(&o, "5x", why, sizeof(why)), -EINVAL);
	CU_ASSERT_EQUAL(lm_onerr_ignore(&o, "0", why, sizeof(why)), -EINVAL);
}

int lm_suite_onerror(void)
{
	static const struct lm_unit_test t[] = {
		{ "kinds and fio's default errors", lm_test_onerr_kinds },
		{ "ignore_error's lists", lm_test_onerr_ignore },
		{ NULL, NULL },
	};
	return lm_unit_add("onerror", t);
}
