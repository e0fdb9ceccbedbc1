// SPDX-License-Identifier: MIT
/*
 * fio's options about what the device holds once written (durable.h):
 * the rows, and verify='s setter.
 */
#include "fio-compat/durable.h"
#include "fio-compat/options.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static lm_opt_set_fn lm_fio_set_verify, lm_fio_set_verify_pattern,
	lm_fio_set_buffer_pattern;

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
	  .help = "md5, crc32c, xxhash, sha256, ...: lunmark's own verify (each block written carries a header with its offset and an XXH64 of the rest, each read is checked, of a mixed job only those of its own writes); meta: the header, its hash its own (and verify_pattern's bytes after it); pattern: verify_pattern alone. A size-limited write job reads back what it wrote after its phase, as fio's verify phase, a mixed one at its pass's end (verify_backlog: within its pass)" },
	{ .fio = "do_verify",
	  LM_BOOLEAN,
	  LM_FJ(do_verify),
	  .help = "0: a write job is not read back (it still writes what verify= says); a read job's reads are checked all the same, as fio's" },
	{ .fio = "verify_pattern",
	  .type = LM_T_STR,
	  .set = lm_fio_set_verify_pattern,
	  .help = "0xHEX, a decimal number, \"text\", 'FILE' or %o (the IO's offset), one after another, up to 512 bytes: filled into every IO buffer from its start, as fio's, and each read compared with it byte for byte (with a hash method, the hash checks it); alone it turns verify on (a header per logical block, then the pattern), with verify=pattern it is all a block holds; verify= decides when given" },
	{ .fio = "buffer_pattern",
	  .type = LM_T_STR,
	  .set = lm_fio_set_buffer_pattern,
	  .help = "0xHEX, a decimal number, \"text\" or 'FILE', one after another, up to 512 bytes: every write holds it repeated from its start (no stamps: the blocks dedupe), as fio's; with buffer_compress_percentage the compressible part of each chunk holds it instead of zeros; verify_pattern and verify's headers go over it" },
	LM_TAKEN_NUM("verify_interval", 80, UINT32_MAX,
		     "taken: lunmark's header is one per logical block"),
	{ .fio = "verify_backlog",
	  LM_NUMBER(0, UINT64_MAX),
	  LM_J(verify_backlog),
	  .help = "N: a verifying write job reads back and checks its writes within its pass, a batch each time N writes wait for it (those that completed, oldest first), the rest when its pass is over; its reads are its read figures. 0: read back after the phase" },
	{ .fio = "verify_backlog_batch",
	  LM_NUMBER(0, UINT32_MAX),
	  LM_J(verify_batch),
	  .help = "N: the reads of each verify_backlog batch (0: verify_backlog's)" },
	LM_TAKEN_BOOL("verify_fatal",
		      "taken: every bad block is counted, and the run exits 7"),
	LM_TAKEN_BOOL("verify_dump", "taken: a bad block is named by offset"),
	LM_TAKEN_BOOL(
		"experimental_verify",
		"taken: lunmark's read-back finds each block's stamp from the block itself, keeping no list of the writes either"),
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

/* verify=ALG: lunmark's own verify, whatever fio's algorithm (0: off;
 * null: read back, nothing checked, as fio's); said on stderr */
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
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	unsigned int i;

	(void)o;
	for (i = 0; i < LM_ARRAY_SIZE(algs) && strcmp(algs[i], v); i++)
		;
	if (i == LM_ARRAY_SIZE(algs))
		return lm_opt_bad(
			x, v,
			"one of fio's verify methods (md5, crc32c, xxhash, sha256, meta, pattern, ...) or 0");
	j->verify = i >= 1;
	j->verify_kind = i == 1			 ? LM_VERIFY_NULL
			 : !strcmp(v, "meta")	 ? LM_VERIFY_HEADER
			 : !strcmp(v, "pattern") ? LM_VERIFY_PATTERN
						 : LM_VERIFY_HASH;
	if (fj)
		fj->verify_set = true;
	if (j->verify_kind == LM_VERIFY_HASH && j->verify)
		lm_note_to(
			x->notes,
			"%s:%u: verify=%s: lunmark's own verify (an XXH64 header per block, checked where read; a write job's blocks read back after its pass, or in it with verify_backlog)",
			x->file, x->line, v);
	return 0;
}

/* A run of hex digits after 0x at @s: its bytes in order, an odd first
 * digit alone; the run ends before a 0x that begins in it ("0xff0x14":
 * ff, then 14), as fio reads it. */
static const char *lm_pat_hex(const char *s, uint8_t *out, unsigned int room,
			      unsigned int *n)
{
	size_t d = strspn(s, "0123456789abcdefABCDEF"), i = 0;
	char two[3] = { 0 };

	if (d > 1 && (s[d] == 'x' || s[d] == 'X') && s[d - 1] == '0')
		d--;
	if (!d || (d + 1) / 2 > room)
		return NULL;
	*n = 0;
	if (d % 2) {
		two[0] = s[i++];
		out[(*n)++] = (uint8_t)strtoul(two, NULL, 16);
	}
	for (; i < d; i += 2) {
		memcpy(two, s + i, 2);
		out[(*n)++] = (uint8_t)strtoul(two, NULL, 16);
	}
	return s + d;
}

/* A decimal number at @s: its bytes from the lowest. As fio's: with a
 * 0x later in the value, read from what comes before it, blanks first
 * skipped, and only when that is under 24 characters. */
static const char *lm_pat_dec(const char *s, uint8_t *out, unsigned int room,
			      unsigned int *n)
{
	const char *x = strcasestr(s, "0x"), *b = s, *stop;
	char num[24], *end;
	unsigned int u;
	long v;

	errno = 0;
	if (!x) {
		v = strtol(s, &end, 10);
		stop = end;
	} else {
		for (; b < x && *b == ' '; b++)
			;
		if (b == x || (size_t)(x - b) >= sizeof(num))
			return NULL;
		memcpy(num, b, (size_t)(x - b));
		num[x - b] = 0;
		v = strtol(num, &end, 10);
		stop = b + (end - num);
	}
	if (stop == s || (x && end == num) || errno || v > INT_MAX ||
	    v < INT_MIN)
		return NULL;
	*n = 0;
	u = (unsigned int)v;
	do {
		if (*n == room)
			return NULL;
		out[(*n)++] = (uint8_t)u;
		u >>= 8;
	} while (u);
	return stop;
}

/* 'FILE': its first bytes, as many as there is room for. */
static const char *lm_pat_file(const char *s, uint8_t *out, unsigned int room,
			       unsigned int *n)
{
	const char *q = strchr(s + 1, '\'');
	char path[4096];
	ssize_t got;
	int fd;

	if (!q || (size_t)(q - s - 1) >= sizeof(path))
		return NULL;
	memcpy(path, s + 1, (size_t)(q - s - 1));
	path[q - s - 1] = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	got = read(fd, out, room);
	close(fd);
	if (got <= 0)
		return NULL;
	*n = (unsigned int)got;
	return q + 1;
}

int lm_fio_pattern_parse(const char *v, struct lm_verify_pattern *p, char *why,
			 size_t len)
{
	const char *s = v, *q, *end;
	unsigned int n;

	memset(p, 0, sizeof(*p));
	while (*s) {
		uint8_t *out = p->b + p->len;
		unsigned int room = LM_VERIFY_PATTERN_MAX - p->len;

		n = 0;
		if (*s == '"') {
			q = strchr(s + 1, '"');
			n = q ? (unsigned int)(q - s - 1) : 0;
			end = q && n && n <= room ? q + 1 : NULL;
			if (end)
				memcpy(out, s + 1, n);
		} else if (*s == '\'') {
			end = lm_pat_file(s, out, room, &n);
		} else if (*s == '%') {
			end = !strncmp(s, "%o", 2) && room >= 8 &&
					      p->noff < LM_VERIFY_PATTERN_OFFS
				      ? s + 2
				      : NULL;
			if (end)
				p->off[p->noff++] = p->len;
			n = 8;
		} else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
			   isxdigit((unsigned char)s[2])) {
			end = lm_pat_hex(s + 2, out, room, &n);
		} else {
			end = lm_pat_dec(s, out, room, &n);
		}
		if (!end) {
			snprintf(
				why, len,
				"fio cannot read it from \"%.40s\": a pattern is 0xHEX, a decimal number from %d to %d, \"text\", 'FILE' (a file to read, not empty) or %%o, one after another, %u bytes at most",
				s, INT_MIN, INT_MAX, LM_VERIFY_PATTERN_MAX);
			return -EINVAL;
		}
		p->len = (uint16_t)(p->len + n);
		s = end;
	}
	return 0;
}

/* verify_pattern=: the bytes, which turn verify on (a header, then the
 * pattern) unless a verify= came first, as fio's */
static int lm_fio_set_verify_pattern(const struct lm_opt_ctx *x,
				     const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	char why[256];

	(void)o;
	if (lm_fio_pattern_parse(v, &j->verify_pat, why, sizeof(why)))
		return lm_opt_bad(x, v, why);
	if (fj && !fj->verify_set) {
		j->verify = true;
		j->verify_kind = LM_VERIFY_HEADER;
	}
	return 0;
}

/* buffer_pattern: verify_pattern's syntax without %o, as fio 3.33's
 * (its formats are "not supported for now") */
static int lm_fio_set_buffer_pattern(const struct lm_opt_ctx *x,
				     const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	char why[256];

	(void)o;
	if (lm_fio_pattern_parse(v, &j->buf_pat, why, sizeof(why)))
		return lm_opt_bad(x, v, why);
	if (j->buf_pat.noff) {
		memset(&j->buf_pat, 0, sizeof(j->buf_pat));
		return lm_opt_bad(
			x, v,
			"0xHEX, a number, \"text\" or 'FILE': fio's buffer_pattern takes no %o (verify_pattern does)");
	}
	return 0;
}
