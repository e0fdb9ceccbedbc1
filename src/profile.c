// SPDX-License-Identifier: MIT
#include "profile.h"
#include "lunmark.h"

#include <string.h>

/* CrystalDiskMark 8's default set. */
static const struct lm_test lm_cdm_default[] = {
	{ "SEQ1M Q8T1", false, 1u << 20, 8, 1 },
	{ "SEQ1M Q1T1", false, 1u << 20, 1, 1 },
	{ "RND4K Q32T1", true, 4096, 32, 1 },
	{ "RND4K Q1T1", true, 4096, 1, 1 },
};

static const struct lm_profile lm_profiles[] = {
	{ "default",
	  "CrystalDiskMark 8 default: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1",
	  LM_ARRAY_SIZE(lm_cdm_default), lm_cdm_default },
};

const struct lm_profile *lm_profile_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(lm_profiles); i++)
		if (!strcmp(name, lm_profiles[i].name))
			return &lm_profiles[i];
	return NULL;
}
