// SPDX-License-Identifier: MIT
#include "src/result/settings.h"

#include <stdio.h>

const char *const lm_setting_names[LM_SETTINGS] = {
	[LM_SET_PROFILE] = "profile", [LM_SET_RUNTIME] = "runtime",
	[LM_SET_SIZE] = "size",	      [LM_SET_RUNS] = "runs",
	[LM_SET_WARMUP] = "warm-up",  [LM_SET_INTERVAL] = "interval",
	[LM_SET_ENGINE] = "engine",   [LM_SET_TARGET] = "target",
	[LM_SET_VERSION] = "lunmark", [LM_SET_HOST] = "host",
	[LM_SET_KERNEL] = "kernel",
};

static const char *lm_or_unknown(const char *s)
{
	return s && s[0] ? s : "?";
}

void lm_setting_text(const struct lm_saved *s, enum lm_setting i, char *buf,
		     size_t len)
{
	const struct lm_mark_info *in = &s->info;

	switch (i) {
	case LM_SET_PROFILE:
		snprintf(buf, len, "%s", lm_or_unknown(in->profile));
		break;
	case LM_SET_RUNTIME:
		snprintf(buf, len, "%gs", in->runtime_s);
		break;
	case LM_SET_SIZE:
		snprintf(buf, len, "%s", lm_or_unknown(in->r.size));
		break;
	case LM_SET_RUNS:
		snprintf(buf, len, "%u", in->runs);
		break;
	case LM_SET_WARMUP:
		snprintf(buf, len, "%s", in->warmup ? "yes" : "no");
		break;
	case LM_SET_INTERVAL:
		snprintf(buf, len, "%gs", in->interval_s);
		break;
	case LM_SET_ENGINE:
		snprintf(buf, len, "%s", lm_or_unknown(in->r.engine));
		break;
	case LM_SET_TARGET:
		snprintf(buf, len, "%s", lm_or_unknown(in->r.target));
		break;
	case LM_SET_VERSION:
		snprintf(buf, len, "%s", lm_or_unknown(in->r.version));
		break;
	case LM_SET_HOST:
		snprintf(buf, len, "%s", lm_or_unknown(s->hostname));
		break;
	case LM_SET_KERNEL:
		snprintf(buf, len, "%s", lm_or_unknown(in->r.kernel));
		break;
	default:
		snprintf(buf, len, "?");
	}
}
