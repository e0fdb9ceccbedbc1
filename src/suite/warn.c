// SPDX-License-Identifier: MIT
#include "src/suite/warn.h"
#include "src/units.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *lm_warn_key(enum lm_warn_kind k)
{
	static const char *const keys[LM_WARN_KINDS] = {
		"nas_ram",  "network_bound", "thin_unwritten",
		"unstable", "beyond_link",   "reconnects"
	};

	return keys[k];
}

__attribute__((format(printf, 3, 4))) static void
lm_warn(struct lm_warnings *w, enum lm_warn_kind kind, const char *fmt, ...)
{
	va_list ap;

	if (w->n == LM_WARN_MAX)
		return;
	w->kind[w->n] = kind;
	va_start(ap, fmt);
	vsnprintf(w->text[w->n], sizeof(w->text[0]), fmt, ap);
	va_end(ap);
	w->n++;
}

void lm_warnings_add(struct lm_warnings *w, enum lm_warn_kind kind,
		     const char *text)
{
	lm_warn(w, kind, "%s", text);
}

void lm_warnings_fill(const struct lm_warn_in *in, struct lm_warnings *w)
{
	char ws[32], ram[32];

	memset(w, 0, sizeof(*w));
	if (in->nas_ram_bytes && in->working_set_bytes &&
	    (double)in->working_set_bytes <
		    LM_NAS_RAM_FACTOR * (double)in->nas_ram_bytes) {
		lm_fmt_size(ws, sizeof(ws), in->working_set_bytes);
		lm_fmt_size(ram, sizeof(ram), in->nas_ram_bytes);
		lm_warn(w, LM_WARN_NAS_RAM,
			"the working set (%s) is smaller than %.1f x the NAS's RAM (--nas-ram=%s): you may be measuring the NAS's RAM",
			ws, LM_NAS_RAM_FACTOR, ram);
	}
	if (in->link_ceiling_mb_s > 0 && in->top_mb_s > in->link_ceiling_mb_s)
		lm_warn(w, LM_WARN_BEYOND_LINK,
			"%s reached %.1f MB/s, %.1f%% of what a %g Gb/s link carries (%.1f MB/s): faster than the link named: check --link or the path (the traffic did not cross that link)",
			in->top_what ? in->top_what : "a test", in->top_mb_s,
			100 * in->top_mb_s / in->link_ceiling_mb_s,
			in->link_gbit, in->link_ceiling_mb_s);
	else if (in->link_ceiling_mb_s > 0 &&
		 in->top_mb_s > LM_LINK_BOUND_PCT / 100 * in->link_ceiling_mb_s)
		lm_warn(w, LM_WARN_NETWORK,
			"%s reached %.1f MB/s, %.1f%% of what a %g Gb/s link carries (%.1f MB/s): network-bound: this test cannot tell storage configurations apart",
			in->top_what ? in->top_what : "a test", in->top_mb_s,
			100 * in->top_mb_s / in->link_ceiling_mb_s,
			in->link_gbit, in->link_ceiling_mb_s);
	if (in->thin > 0 && in->reads && !in->prefilled)
		lm_warn(w, LM_WARN_THIN,
			"reads of a thin-provisioned LUN (LBPME) that lunmark did not prefill: unwritten blocks are answered without touching a disk; write the region first (%s)",
			in->fio_jobs
				? "a write job before the reads: a job file's read jobs read what is there, as fio's"
				: "--allow-write prefills it");
	if (in->unstable)
		lm_warn(w, LM_WARN_UNSTABLE,
			"%u cell%s unstable: %s counted runs vary by more than %g%% (coefficient of variation); more --runs or a longer --runtime may settle it",
			in->unstable, in->unstable == 1 ? " is" : "s are",
			in->unstable == 1 ? "its" : "their",
			in->unstable_cv_pct);
	if (in->reconnects)
		lm_warn(w, LM_WARN_RECONNECTS,
			"the iSCSI session was lost and logged in again %u time%s (--reconnect): the figures include those gaps; check the network and the target before trusting them",
			in->reconnects, in->reconnects == 1 ? "" : "s");
}
