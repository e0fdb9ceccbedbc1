// SPDX-License-Identifier: MIT
/*
 * fio's options about what the device holds once written (durable.h):
 * the rows, and verify='s setter.
 */
#include "fio-compat/durable.h"
#include "fio-compat/options.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <fcntl.h>
#include <string.h>

static lm_opt_set_fn lm_fio_set_verify;

static const struct lm_enum lm_fio_open_syncs[] = {
	{ "none", 0 },	 { "0", 0 },	       { "sync", O_SYNC },
	{ "1", O_SYNC }, { "dsync", O_DSYNC }, { NULL, 0 },
};

/* In --cmdhelp order, after the place rows. */
const struct lm_option lm_fio_durable_options[] = {
	{ .fio = "verify",
	  .type = LM_T_STR,
	  LM_J(verify),
	  .set = lm_fio_set_verify,
	  .help = "md5, crc32c, xxhash, sha256, meta, pattern, ...: lunmark's own verify (each block written carries an XXH64 header for its offset, each read is checked); a size-limited write job reads back what it wrote after its phase, as fio's verify phase" },
	{ .fio = "do_verify",
	  LM_BOOLEAN,
	  LM_FJ(do_verify),
	  .help = "0: a read job does not check what it reads, a write job is not read back (it still writes verify's headers)" },
	LM_TAKEN("verify_pattern", "taken: lunmark's headers are the pattern"),
	LM_TAKEN_NUM("verify_interval", 80, UINT32_MAX,
		     "taken: each block has its header"),
	LM_TAKEN_NUM(
		"verify_backlog", 0, UINT64_MAX,
		"taken: a write job is read back after its phase, not interleaved"),
	LM_TAKEN_BOOL("verify_fatal",
		      "taken: every bad block is counted, and the run exits 7"),
	LM_TAKEN_BOOL("verify_dump", "taken: a bad block is named by offset"),
	LM_TAKEN_NUM("verify_async", 0, INT32_MAX,
		     "taken: reads are checked as they complete"),
	{ .fio = "fsync",
	  LM_NUMBER(0, UINT32_MAX),
	  LM_J(fsync_every),
	  .help = "N: an fsync before the next IO whenever the thread has issued a multiple of N writes, unless the last IO to complete was a sync (0: none); in fio's sync figures" },
	{ .fio = "fdatasync",
	  LM_NUMBER(0, UINT32_MAX),
	  LM_J(fdatasync_every),
	  .help = "N: as fsync, an fdatasync (in fio's sync latencies, not in its total_ios)" },
	{ .fio = "end_fsync",
	  LM_BOOLEAN,
	  LM_J(end_fsync),
	  .help = "1: an fsync (an iSCSI LUN's SYNCHRONIZE CACHE) when a writing thread's IOs are done, within its runtime" },
	{ .fio = "sync",
	  .type = LM_T_ENUM,
	  LM_J(open_sync),
	  .values = lm_fio_open_syncs,
	  .help = "none (0, the default), sync (1: O_SYNC) or dsync (O_DSYNC): how a writing job opens its files and devices; on an iSCSI LUN, each write with FUA" },
	{ .fio = "fsync_on_close",
	  LM_BOOLEAN,
	  LM_J(fsync_on_close),
	  .help = "1: as end_fsync (fio's fsync at the close follows a sync, so it does none)" },
};

const unsigned int lm_fio_ndurable_options =
	LM_ARRAY_SIZE(lm_fio_durable_options);

/* verify=ALG: lunmark's own verify, whatever fio's algorithm (0 and null:
 * off); said on stderr, since fio would also read a write job back */
static int lm_fio_set_verify(const struct lm_opt_ctx *x,
			     const struct lm_option *o, const char *v)
{
	static const char *const algs[] = {
		"0",	    "null",   "md5",	  "crc64",	  "crc32c",
		"crc32",    "crc16",  "crc7",	  "xxhash",	  "sha1",
		"sha256",   "sha512", "sha3-224", "sha3-256",	  "sha3-384",
		"sha3-512", "meta",   "pattern",  "crc32c-intel",
	};
	struct lm_job *j = x->dst[LM_D_JOB];
	unsigned int i;

	(void)o;
	for (i = 0; i < LM_ARRAY_SIZE(algs) && strcmp(algs[i], v); i++)
		;
	if (i == LM_ARRAY_SIZE(algs))
		return lm_opt_bad(
			x, v,
			"one of fio's verify methods (md5, crc32c, xxhash, sha256, meta, pattern, ...) or 0");
	j->verify = i >= 2;
	if (j->verify)
		lm_note("%s:%u: verify=%s: lunmark's own verify (an XXH64 header per block, every read checked, a write job's blocks read back after it)",
			x->file, x->line, v);
	return 0;
}
