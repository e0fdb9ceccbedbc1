// SPDX-License-Identifier: MIT
/* fio job files: fio's value syntax, sections, include, ${VAR}, and every
 * error with its file:line. */
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/lunmark.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* fio's HOWTO, "Parameter types", both kb_base examples */
static void lm_test_fio_sizes(void)
{
	static const struct {
		const char *in;
		unsigned int kb;
		uint64_t out;
	} ok[] = {
		{ "4096", 1024, 4096 },
		{ "4096b", 1024, 4096 },
		{ "4096B", 1024, 4096 },
		{ "4k", 1024, 4096 },
		{ "4kb", 1024, 4096 },
		{ "4kB", 1024, 4096 },
		{ "4K", 1024, 4096 },
		{ "4KB", 1024, 4096 },
		{ "1m", 1024, 1048576 },
		{ "1024k", 1024, 1048576 },
		/* fio 3.33: "ki" is "k", only "kib" takes the other base */
		{ "1mi", 1024, 1048576 },
		{ "1mib", 1024, 1000000 },
		{ "1000kib", 1024, 1000000 },
		{ "4ki", 1024, 4096 },
		{ "1t", 1024, 1099511627776ull },
		{ "1024g", 1024, 1099511627776ull },
		{ "1048576m", 1024, 1099511627776ull },
		{ "1tib", 1024, 1000000000000ull },
		{ "1000mib", 1024, 1000000000 },
		{ "4ki", 1000, 4000 },
		{ "4kib", 1000, 4096 },
		{ "4KiB", 1000, 4096 },
		{ "1mib", 1000, 1048576 },
		{ "1024kib", 1000, 1048576 },
		{ "1mi", 1000, 1000000 },
		{ "1m", 1000, 1000000 },
		{ "1000k", 1000, 1000000 },
		{ "1tib", 1000, 1099511627776ull },
		{ "0x1000", 1024, 4096 },
		{ "1p", 1024, 1ull << 50 },
	};
	static const char *const bad[] = { "",	  "k",	 "-1",	  "4q",
					   "4 k", "4kk", "4kib2", "1.5m" };
	unsigned int i;
	uint64_t v;

	for (i = 0; i < LM_ARRAY_SIZE(ok); i++) {
		v = 0;
		CU_ASSERT_EQUAL(lm_fio_size(ok[i].in, ok[i].kb, &v), 0);
		if (v != ok[i].out)
			fprintf(stderr, "\n%s (kb_base=%u): %llu\n", ok[i].in,
				ok[i].kb, (unsigned long long)v);
		CU_ASSERT_EQUAL(v, ok[i].out);
	}
	for (i = 0; i < LM_ARRAY_SIZE(bad); i++)
		CU_ASSERT_EQUAL(lm_fio_size(bad[i], 1024, &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_size("99999999999999999999", 1024, &v), -ERANGE);
	CU_ASSERT_EQUAL(lm_fio_size("16777216t", 1024, &v), -ERANGE);
}

static void lm_test_fio_times(void)
{
	static const struct {
		const char *in;
		uint64_t ns;
	} ok[] = {
		{ "10", 10000000000ull },    { "10s", 10000000000ull },
		{ "10sec", 10000000000ull }, { "10m", 600000000000ull },
		{ "2h", 7200000000000ull },  { "1d", 86400000000000ull },
		{ "250ms", 250000000ull },   { "250msec", 250000000ull },
		{ "100us", 100000ull },	     { "100usec", 100000ull },
		{ "10M", 600000000000ull },
	};
	unsigned int i;
	uint64_t v;
	double p;
	bool b;

	for (i = 0; i < LM_ARRAY_SIZE(ok); i++) {
		CU_ASSERT_EQUAL(lm_fio_time(ok[i].in, 1000000000ull, &v), 0);
		CU_ASSERT_EQUAL(v, ok[i].ns);
	}
	CU_ASSERT_EQUAL(lm_fio_time("5x", 1000000000ull, &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_time("m", 1000000000ull, &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_pct("50%", &p), 0);
	CU_ASSERT_DOUBLE_EQUAL(p, 50.0, 1e-9);
	CU_ASSERT_EQUAL(lm_fio_pct("101%", &p), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_pct("50", &p), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_bool("0", &b), 0);
	CU_ASSERT_FALSE(b);
	CU_ASSERT_EQUAL(lm_fio_bool(NULL, &b), 0);
	CU_ASSERT_TRUE(b);
	CU_ASSERT_EQUAL(lm_fio_bool("2", &b), -EINVAL);
}

int lm_unit_fio_build(const char *text, bool ignore, struct lm_fio_file *f,
		      struct lm_fio_jobs *js, char *msg, size_t len)
{
	int ret = lm_fio_read_text("t.fio", text, strlen(text), 0, f, msg, len);

	if (!ret)
		ret = lm_fio_jobs_build(f, ignore, js, msg, len);
	return ret;
}

static void lm_test_fio_sections(void)
{
	static const char text[] =
		"; comment, and # another in the job below\n"
		"[global]\n"
		"  rw =randread\n"
		"bs=8k\n"
		"size=${LM_T_SIZE}\n"
		"ioengine=libaio\n"
		"\n"
		"[one]\n"
		"filename=/dev/sdz\n"
		"iodepth=32\n"
		"time_based\n"
		"runtime=1m\n"
		"[two]\n"
		"stonewall\n"
		"ioengine=libiscsi\n"
		"filename=iscsi\\://h\\:3261/iqn.2000-01.x\\:y/1\n"
		"rw=randrw\n"
		"rwmixwrite=30\n"
		"size=50%\n"
		"numjobs=4\n"
		"direct=0\n"
		"[global]\n"
		"bs=4k\n"
		"[three]\n"
		"filename=/dev/sdy\n"
		"size=2m\n" /* kb_base counts before it, as in fio */
		"kb_base=1000\n"
		"offset=1mib\n";
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512] = "";

	setenv("LM_T_SIZE", "1g", 1);
	CU_ASSERT_EQUAL_FATAL(
		lm_unit_fio_build(text, false, &f, &js, msg, sizeof(msg)), 0);
	unsetenv("LM_T_SIZE");
	/* numjobs=4: four clones of two, each the whole job, as fio's */
	CU_ASSERT_EQUAL_FATAL(js.n, 6);
	CU_ASSERT_EQUAL(js.ngroups, 2);
	CU_ASSERT_STRING_EQUAL(js.jobs[0].job.name, "one");
	CU_ASSERT_EQUAL(js.jobs[0].job.rw, LM_RW_RANDREAD);
	CU_ASSERT_EQUAL(js.jobs[0].job.bs_bytes, 8192);
	CU_ASSERT_EQUAL(js.jobs[0].job.size_bytes, 1ull << 30);
	CU_ASSERT_STRING_EQUAL(js.jobs[0].job.engine, "aio");
	CU_ASSERT_EQUAL(js.jobs[0].job.iodepth, 32);
	CU_ASSERT_TRUE(js.jobs[0].job.time_based);
	CU_ASSERT_EQUAL(js.jobs[0].job.runtime_ns, 60000000000ull);
	CU_ASSERT_EQUAL(js.jobs[0].group, 0);
	CU_ASSERT_STRING_EQUAL(js.jobs[1].filename,
			       "iscsi://h:3261/iqn.2000-01.x:y/1");
	CU_ASSERT_EQUAL(js.jobs[1].job.rw, LM_RW_RANDRW);
	CU_ASSERT_EQUAL(js.jobs[1].job.rwmixread_pct, 70);
	CU_ASSERT_DOUBLE_EQUAL(js.jobs[1].job.size_pct, 50.0, 1e-9);
	CU_ASSERT_EQUAL(js.jobs[1].job.threads, 1);
	CU_ASSERT_EQUAL(js.jobs[1].nclones, 4);
	CU_ASSERT_STRING_EQUAL(js.jobs[4].job.name, "two");
	CU_ASSERT_EQUAL(js.jobs[4].clone, 3);
	CU_ASSERT_EQUAL(js.jobs[4].number, 5);
	CU_ASSERT_EQUAL(js.jobs[4].group, 1);
	CU_ASSERT_EQUAL(js.jobs[4].phase, 1);
	CU_ASSERT_NOT_EQUAL(js.jobs[4].job.seed, js.jobs[1].job.seed);
	CU_ASSERT_FALSE(js.jobs[1].job.direct);
	/* fio's default: buffered unless direct=1 */
	CU_ASSERT_FALSE(js.jobs[5].job.direct);
	CU_ASSERT_EQUAL(js.jobs[1].group, 1);
	/* a second [global] changes the jobs after it only */
	CU_ASSERT_EQUAL(js.jobs[1].job.bs_bytes, 8192);
	CU_ASSERT_EQUAL(js.jobs[5].job.bs_bytes, 4096);
	CU_ASSERT_EQUAL(js.jobs[5].job.offset_bytes, 1048576);
	CU_ASSERT_EQUAL(js.jobs[5].job.size_bytes, 2000000);
	CU_ASSERT_EQUAL(js.jobs[5].group, 1);
	CU_ASSERT_EQUAL(js.jobs[5].line, 24);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

/* fio 3.33's syntax, checked against fio: a ';' or '#' ends a value
 * anywhere and may follow a section header, a section name may hold
 * spaces, an unset ${VAR} is empty. */
static void lm_test_fio_syntax(void)
{
	static const char text[] = "[my job] ; a comment\n"
				   "bs=8k ; a comment\n"
				   "rw=randread#another\n"
				   "iodepth=${LM_T_UNSET}4\n"
				   "size=1m;\n"
				   "ioengine=libaio\n";
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512] = "";

	unsetenv("LM_T_UNSET");
	CU_ASSERT_EQUAL_FATAL(
		lm_unit_fio_build(text, false, &f, &js, msg, sizeof(msg)), 0);
	CU_ASSERT_STRING_EQUAL(js.jobs[0].job.name, "my job");
	CU_ASSERT_EQUAL(js.jobs[0].job.bs_bytes, 8192);
	CU_ASSERT_EQUAL(js.jobs[0].job.rw, LM_RW_RANDREAD);
	CU_ASSERT_EQUAL(js.jobs[0].job.iodepth, 4);
	CU_ASSERT_EQUAL(js.jobs[0].job.size_bytes, 1048576);
	CU_ASSERT_STRING_EQUAL(f.secs[0].opts[0].val, "8k");
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

/* Job files that are wrong, and what their error must say. */
static const struct {
	const char *text;
	const char *needle;
} lm_fio_error_cases[] = {
	{ "[a\nrw=read\n", "t.fio:1: bad section header" },
	{ "[]\n", "t.fio:1: bad section header" },
	{ "[a]b]\n", "t.fio:1: bad section header: it must be [name], then" },
	{ "[a] trailing\n",
	  "t.fio:1: bad section header: it must be [name], then" },
	{ "[a[b]\n", "t.fio:1: bad section name" },
	{ "rw=read\n[a]\n",
	  "t.fio:1: an option before the file's first [section]" },
	{ "include x.fio\n[a]\n",
	  "t.fio:1: an include before the file's first [section]" },
	{ "[a]\nbs=\n", "t.fio:2: bs=: an empty value" },
	{ "[a]\nstonewall=\n", "t.fio:2: stonewall=: an empty value" },
	{ "[a]\n=4k\n", "t.fio:2: '=' without an option name" },
	{ "[a]\nbs=4q\n", "t.fio:2: bs=4q: a block size from 512 to 64m" },
	{ "[a]\niodepth=x\n", "t.fio:2: iodepth=x: not a number" },
	{ "[a]\nruntime=5x\n", "t.fio:2: runtime=5x: not a time" },
	{ "[a]\nrw=untrim\n", "t.fio:2: rw=untrim" },
	{ "[a]\nsize=${LM_T_NOPE}\n", "t.fio:2: size=: an empty value" },
	{ "[a]\nfrobnicate=1\n",
	  "t.fio:2: option 'frobnicate' is not one lunmark knows" },
	{ "[a]\nbssplit=4k/50:8k/60\n",
	  "t.fio:2: bssplit=4k/50:8k/60: size/percent" },
	{ "[a]\nverify=md6\n",
	  "t.fio:2: verify=md6: one of fio's verify methods" },
	{ "[a]\nss_dur=4\nss_interval=1500ms\n",
	  "t.fio:3: ss_interval=1500ms: lunmark samples whole seconds" },
	{ "[a]\nss=lat:5%\n",
	  "t.fio:2: ss=lat:5%: iops, iops_slope, bw or bw_slope" },
	{ "[a]\nfilename=/dev/sda::/dev/sdb\n",
	  "an empty file name in the list" },
	{ "[a]\nfilename=/dev/sda:\n", "an empty file name in the list" },
	{ "[a]\nbsrange=8k-4k\n", "bsrange=8k-4k: lo-hi" },
	{ "[a]\nioengine=windowsaio\n", "not an engine lunmark has" },
	{ "[a]\nkb_base=2000\n", "must be 1024 or 1000" },
	{ "[a]\ninclude /nonexistent/x.fio\n",
	  "t.fio:2: include /nonexistent/x.fio: No such file" },
	{ "[global]\nbs=4k\n", "no job in it" },
	{ "[a]\nsize=101%\n", "not a percentage from 0 to 100" },
	{ "[a]\nrw=randread\nblockalign=8k\n",
	  "t.fio:1: blockalign=8192: lunmark aligns offsets" },
};

/* Every error names file:line and what is wrong. */
static void lm_test_fio_errors(void)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512];
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(lm_fio_error_cases); i++) {
		msg[0] = '\0';
		memset(&js, 0, sizeof(js));
		CU_ASSERT_NOT_EQUAL(
			lm_unit_fio_build(lm_fio_error_cases[i].text, false, &f,
					  &js, msg, sizeof(msg)),
			0);
		if (!strstr(msg, lm_fio_error_cases[i].needle))
			fprintf(stderr, "\ncase %u: unexpected message '%s'\n",
				i, msg);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(msg, lm_fio_error_cases[i].needle));
		lm_fio_jobs_free(&js);
		lm_fio_file_free(&f);
	}
	/* a NUL byte: the line and the rest of the file are not dropped */
	{
		static const char nul[] = "[a]\nrw=read\nsize=1m\0bs=4k\n";

		CU_ASSERT_EQUAL(lm_fio_read_text("t.fio", nul, sizeof(nul) - 1,
						 0, &f, msg, sizeof(msg)),
				-EINVAL);
		CU_ASSERT_PTR_NOT_NULL(
			strstr(msg, "t.fio:3: a NUL byte in the line"));
		lm_fio_file_free(&f);
	}
	/* --ignore-unsupported: skipped, the job stands */
	CU_ASSERT_EQUAL(lm_unit_fio_build("[a]\nioscheduler=none\nbs=8k\n",
					  true, &f, &js, msg, sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(js.n, 1);
	CU_ASSERT_EQUAL(js.jobs[0].job.bs_bytes, 8192);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	/* fio's syncs: each its own field, none by default */
	CU_ASSERT_EQUAL(
		lm_unit_fio_build("[a]\nfsync=4\nfdatasync=2\nend_fsync=1\n"
				  "[b]\nfsync_on_close=1\n",
				  false, &f, &js, msg, sizeof(msg)),
		0);
	CU_ASSERT_EQUAL(js.n, 2);
	CU_ASSERT_EQUAL(js.jobs[0].job.fsync_every, 4);
	CU_ASSERT_EQUAL(js.jobs[0].job.fdatasync_every, 2);
	CU_ASSERT(js.jobs[0].job.end_fsync && !js.jobs[0].job.fsync_on_close);
	CU_ASSERT(!js.jobs[1].job.fsync_every && !js.jobs[1].job.end_fsync);
	CU_ASSERT(js.jobs[1].job.fsync_on_close);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

static void lm_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

/* @text written to @path and read: 0 or the read's error (@msg) */
static int lm_read_written(const char *path, const char *text, char *msg,
			   size_t len)
{
	struct lm_fio_file f;
	int ret;

	lm_write(path, text);
	ret = lm_fio_read(path, &f, msg, len);
	lm_fio_file_free(&f);
	return ret;
}

/* fio looks for an include in the current directory first, then beside
 * the including file @a (which includes common.inc, bs=16k there) */
static void lm_include_cwd(const char *a)
{
	char dir[] = "/tmp/lunmark-cwd-XXXXXX", msg[512];
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	int here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	CU_ASSERT_FATAL(here >= 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	CU_ASSERT_EQUAL_FATAL(chdir(dir), 0);
	lm_write("common.inc", "bs=32k\n");
	lm_write(a, "[j]\ninclude common.inc\nfilename=/dev/x\n");
	CU_ASSERT_EQUAL(lm_fio_read(a, &f, msg, sizeof(msg)), 0);
	memset(&js, 0, sizeof(js));
	CU_ASSERT_EQUAL(lm_fio_jobs_build(&f, false, &js, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(js.n ? js.jobs[0].job.bs_bytes : 0, 32768);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	unlink("common.inc");
	CU_ASSERT_EQUAL(fchdir(here), 0);
	close(here);
	rmdir(dir);
}

static void lm_test_fio_include(void)
{
	char dir[] = "/tmp/lunmark-fio-XXXXXX", a[128], b[128], loop[128];
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char msg[512];

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s/a.fio", dir);
	snprintf(b, sizeof(b), "%s/common.inc", dir);
	snprintf(loop, sizeof(loop), "%s/loop.fio", dir);
	lm_write(b, "bs=16k\niodepth=4\nioengine=libaio\n");
	/* relative to the including file's directory */
	lm_write(a, "[global]\ninclude common.inc\n[j]\nfilename=/dev/x\n");
	lm_write(loop, "[j]\ninclude loop.fio\n");
	CU_ASSERT_EQUAL_FATAL(lm_fio_read(a, &f, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL_FATAL(
		lm_fio_jobs_build(&f, false, &js, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(js.jobs[0].job.bs_bytes, 16384);
	CU_ASSERT_EQUAL(js.jobs[0].job.iodepth, 4);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	CU_ASSERT_NOT_EQUAL(lm_fio_read(loop, &f, msg, sizeof(msg)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "loop.fio:2: include loop"));
	lm_fio_file_free(&f);
	/* as fio reads them: "include=f" too; two blanks name " f"; an
	 * included file has no [section] */
	CU_ASSERT_EQUAL(lm_read_written(a, "[j]\ninclude=common.inc\n", msg,
					sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(lm_read_written(a, "[j]\ninclude  common.inc\n", msg,
					sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "a.fio:2: include ' common.inc'"));
	lm_write(b, "bs=16k\n[k]\n");
	CU_ASSERT_EQUAL(lm_read_written(a, "[j]\ninclude common.inc\n", msg,
					sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(msg, "common.inc:2: a [section] in an included file"));
	lm_write(b, "bs=16k\n");
	lm_include_cwd(a);
	unlink(a);
	unlink(b);
	unlink(loop);
	rmdir(dir);
}

/* fio's iodepth_batch_submit: 1 in a job file, 0 all at once; lunmark's
 * own choice one by one where a block layer would merge sequential IOs */
static void lm_test_batch(void)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	struct lm_job j;
	char msg[512];

	lm_job_defaults(&j);
	j.rw = LM_RW_READ;
	CU_ASSERT_EQUAL(lm_job_batch(&j, true), 1);
	CU_ASSERT_EQUAL(lm_job_batch(&j, false), LM_BATCH_ALL);
	j.rw = LM_RW_RANDREAD;
	CU_ASSERT_EQUAL(lm_job_batch(&j, true), LM_BATCH_ALL);
	j.random_pct = 50; /* partly sequential: merges */
	CU_ASSERT_EQUAL(lm_job_batch(&j, true), 1);
	j.batch_submit = 8;
	CU_ASSERT_EQUAL(lm_job_batch(&j, false), 8);
	memset(&js, 0, sizeof(js));
	CU_ASSERT_EQUAL_FATAL(
		lm_unit_fio_build(
			"[a]\nrw=read\n[b]\nrw=read\niodepth_batch=0\n[c]\nrw=read\niodepth_batch_submit=4\niodepth_batch_complete_min=0\niodepth_batch_complete_max=8\n",
			false, &f, &js, msg, sizeof(msg)),
		0);
	CU_ASSERT_EQUAL(js.jobs[0].job.batch_submit, 1);
	CU_ASSERT_EQUAL(js.jobs[0].job.batch_min, 1);
	CU_ASSERT_EQUAL(js.jobs[1].job.batch_submit, LM_BATCH_ALL);
	CU_ASSERT_EQUAL(js.jobs[2].job.batch_submit, 4);
	CU_ASSERT_EQUAL(js.jobs[2].job.batch_min, 0);
	CU_ASSERT_EQUAL(js.jobs[2].job.batch_max, 8);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

/* fio's bs=r,w,t: a value with no comma after it is also the next ones' */
static void lm_test_bs_trims(void)
{
	static const struct {
		const char *bs;
		uint32_t r, w, t;
	} cases[] = {
		{ "8k", 8192, 8192, 8192 },
		{ "4k,8k", 4096, 8192, 8192 },
		{ "4k,8k,", 4096, 8192, 4096 },
		{ "4k,8k,16k", 4096, 8192, 16384 },
		{ ",8k", 4096, 8192, 8192 },
	};
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	char text[64], msg[512];
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(cases); i++) {
		const struct lm_job *j;

		snprintf(text, sizeof(text), "[a]\nrw=trimwrite\nbs=%s\n",
			 cases[i].bs);
		memset(&js, 0, sizeof(js));
		CU_ASSERT_EQUAL_FATAL(lm_unit_fio_build(text, false, &f, &js,
							msg, sizeof(msg)),
				      0);
		j = &js.jobs[0].job;
		CU_ASSERT_EQUAL(j->rw, LM_RW_TRIMWRITE);
		CU_ASSERT_EQUAL(lm_job_bs_max(j, LM_DIR_READ), cases[i].r);
		CU_ASSERT_EQUAL(lm_job_bs_max(j, LM_DIR_WRITE), cases[i].w);
		CU_ASSERT_EQUAL(lm_job_bs_max(j, LM_DIR_TRIM), cases[i].t);
		lm_fio_jobs_free(&js);
		lm_fio_file_free(&f);
	}
	memset(&js, 0, sizeof(js));
	CU_ASSERT_NOT_EQUAL(lm_unit_fio_build("[a]\nbs=4k,8k,16k,32k\n", false,
					      &f, &js, msg, sizeof(msg)),
			    0);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
}

/* bs=r,w, bsrange and bssplit as fio writes them */
static void lm_test_fio_bs(void)
{
	struct lm_bsdir b;
	struct lm_job j;
	uint32_t v;

	CU_ASSERT_EQUAL(lm_fio_bs_one("64k", 1024, &v), 0);
	CU_ASSERT_EQUAL(v, 65536);
	/* any size from 512 (fio's buffered jobs: etcd's bs=2300); direct
	 * IO's multiple of 512 is the job's check */
	CU_ASSERT_EQUAL(lm_fio_bs_one("2300", 1024, &v), 0);
	CU_ASSERT_EQUAL(v, 2300);
	CU_ASSERT_EQUAL(lm_fio_bs_one("500", 1024, &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_bs_one("128m", 1024, &v), -EINVAL);
	/* a size without a share splits what the others leave */
	CU_ASSERT_EQUAL(lm_fio_bs_split("4k/20:8k:64k/30", 1024, &b), 0);
	CU_ASSERT_EQUAL(b.n, 3);
	CU_ASSERT_EQUAL(b.bs[1], 8192);
	CU_ASSERT_EQUAL(b.cum_pct[0], 20);
	CU_ASSERT_EQUAL(b.cum_pct[1], 70);
	CU_ASSERT_EQUAL(b.cum_pct[2], 100);
	CU_ASSERT_EQUAL(lm_fio_bs_split("4k:8k:16k", 1024, &b), 0);
	CU_ASSERT_EQUAL(b.cum_pct[0], 33);
	CU_ASSERT_EQUAL(b.cum_pct[1], 66);
	CU_ASSERT_EQUAL(b.cum_pct[2], 100);
	CU_ASSERT_EQUAL(lm_fio_bs_split("4k/60:8k/50", 1024, &b), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_bs_split("4k/60:8k/30", 1024, &b), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_bs_split("4k/x", 1024, &b), -EINVAL);
	/* bsrange: multiples of lo, hi rounded down to one */
	CU_ASSERT_EQUAL(lm_fio_bs_range("4k-18k", 1024, &b), 0);
	CU_ASSERT_EQUAL(b.lo, 4096);
	CU_ASSERT_EQUAL(b.hi, 16384);
	CU_ASSERT_EQUAL(lm_fio_bs_range("16k-4k", 1024, &b), -EINVAL);
	/* the job: the smallest size is the offset unit, the largest the
	 * buffers' */
	lm_job_defaults(&j);
	j.bsd[0].lo = j.bsd[0].hi = 4096;
	j.bsd[1].lo = j.bsd[1].hi = 65536;
	lm_job_bs_update(&j);
	CU_ASSERT(j.bs_vary);
	CU_ASSERT_EQUAL(j.bs_bytes, 4096);
	CU_ASSERT_EQUAL(lm_job_bs_max(&j, -1), 65536);
	CU_ASSERT_EQUAL(lm_job_bs_min(&j, 1), 65536);
	j.bsd[1].lo = j.bsd[1].hi = 4096;
	j.bsd[2].lo = j.bsd[2].hi = 0;
	lm_job_bs_update(&j);
	CU_ASSERT_FALSE(j.bs_vary);
	lm_test_bs_trims();
}

int lm_suite_fio(void)
{
	static const struct lm_unit_test t[] = {
		{ "sizes under kb_base (fio's table)", lm_test_fio_sizes },
		{ "times, percentages, booleans", lm_test_fio_times },
		{ "sections, [global], ${VAR}, groups", lm_test_fio_sections },
		{ "syntax: comments after values, names with spaces",
		  lm_test_fio_syntax },
		{ "errors name file:line", lm_test_fio_errors },
		{ "include: relative, loops", lm_test_fio_include },
		{ "bs=r,w, bsrange, bssplit", lm_test_fio_bs },
		{ "iodepth_batch_submit and _complete", lm_test_batch },
		{ NULL, NULL },
	};
	return lm_unit_add("fio job files", t);
}
