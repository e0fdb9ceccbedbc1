// SPDX-License-Identifier: MIT
/*
 * The help texts: lunmark's, and each command's, whose options are the
 * option table's rows for it (options.h); the man page says the same.
 */
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "src/lunmark.h"

#include <string.h>

static const char lm_usage_main[] =
	"Usage: lunmark COMMAND [TARGET] [OPTIONS]\n"
	"\n"
	"A block-IO benchmark for iSCSI LUNs, block devices and files.\n"
	"\n"
	"Commands:\n"
	"  mark [TARGET]   a reviewers' method (--profile): CrystalDiskMark's\n"
	"                  matrix by default, IOmeter, IOPS, ATTO, throughput,\n"
	"                  file copies, a read cache (cache); --until-steady\n"
	"                  runs any in rounds until steady (SNIA PTS)\n"
	"  profiles        list the profiles with their exact tests\n"
	"  report FILE     print a result saved with 'mark --json=FILE' again\n"
	"                  (--format=text|md|csv|json|html)\n"
	"  compare A B...  saved results side by side, with confidence intervals\n"
	"                  and verdicts (faster, slower, equivalent,\n"
	"                  inconclusive); --baseline, --by TAG, --format\n"
	"  JOBFILE...      run fio job files (--output-format=normal,terse,json,\n"
	"                  json+, --output=FILE, --ignore-unsupported;\n"
	"                  lunmark JOBFILE --help, fio-compat/)\n"
	"  --name=JOB ...  fio's command line: each --name starts a job (a value\n"
	"                  after = or in the next argument, as fio's)\n"
	"  --cmdhelp=OPT   the fio options lunmark takes (--cmdhelp=all)\n"
	"  run TARGET...   one job, fio-style options (--rw, --bs, --iodepth, ...);\n"
	"                  several targets run the job at once, reported each\n"
	"                  and summed\n"
	"  verify TARGET   write a region with checked blocks, read it back and\n"
	"                  check every block (--check: read an earlier pass)\n"
	"  probe TARGET    what the target is: size, block sizes, identity, limits,\n"
	"                  and for an iSCSI LUN what its login negotiated\n"
	"  help, --help    this text; 'lunmark COMMAND --help' for a command\n"
	"  version         print the version\n"
	"\n"
	"Many hosts at once: mpirun -np N --host H1,H2 lunmark-mpi mark|run\n"
	"TARGET... runs the command on every rank on one clock and prints a row\n"
	"per rank and their sum (%r, %h in a target: the rank, the host).\n"
	"\n"
	"TARGET is a block device, a regular file, a directory (lunmark then\n"
	"creates lunmark-XXXXXXXXXXXX.tmp there and removes it at the end), or an\n"
	"iSCSI LUN reached in user space, no kernel initiator (libiscsi logs in,\n"
	"lunmark's own PDU layer carries the commands):\n"
	"  iscsi://[user[%secret]@]host[:port]/target-iqn/lun[?header_digest=crc32c]\n"
	"'mark' with no TARGET uses the current directory. Writing to a block\n"
	"device, an iSCSI LUN or an existing file needs --allow-write; when\n"
	"libblkid finds a partition table, filesystem, LVM, md, LUKS or swap in\n"
	"its first or last MiB, --destroy=NAME instead, and a mounted or held\n"
	"device is never written.\n"
	"\n"
	"Exit codes: 0 ok, 1 IO error during the run, 2 bad command line, job\n"
	"file or result file, 3 target missing, of the wrong kind or not\n"
	"permitted, 4 job does not fit the target, 5 engine or O_DIRECT\n"
	"unavailable, 6 write refused by the write guard, 7 a block did not\n"
	"read back as written (verify, --verify), 128+N stopped by signal N\n"
	"(130 for SIGINT) with partial results printed (a second SIGINT\n"
	"leaves without waiting for the IO in flight). An IO error or a signal\n"
	"comes before 7 when both happened; the bad blocks are said anyway.\n"
	"\n"
	"See lunmark(1).\n";

static const char lm_usage_mark[] =
	"Usage: lunmark mark [TARGET] [OPTIONS]\n"
	"\n"
	"A profile's tests (lunmark profiles lists them). Per test and way (read,\n"
	"write, mix): one discarded warm-up run, then --runs counted runs; the\n"
	"headline is their median (MB/s = 10^6 B/s, IOPS, mean completion\n"
	"latency), and a cell whose runs vary by more than 5% (coefficient of\n"
	"variation) is flagged unstable. A progress line goes to stderr when it\n"
	"is a terminal.\n"
	"\n"
	"The cache profile reads, per test (RND4K, RND8K, SEQ1M), its own working\n"
	"set in passes (every block once a pass, never prefilled) until steady:\n"
	"the cold first pass, the warm figure, warm/cold, what warming took.\n";

static const char lm_usage_report[] =
	"Usage: lunmark report RESULT.json [--format=FMT] [--metric=LIST]\n"
	"\n"
	"A result saved with 'mark --json=FILE', rendered again; nothing is run.\n";

static const char lm_usage_compare[] =
	"Usage: lunmark compare A.json B.json [C.json ...] [OPTIONS]\n"
	"\n"
	"Saved results of one profile, side by side, with statistics: for each\n"
	"test, way and metric (MB/s, IOPS, mean and p99 latency, host CPU-seconds\n"
	"per GB) the geometric means of the runs, their ratio B/A, Welch's t-test\n"
	"on the logarithms of the runs, and its interval of B/A at the level\n"
	"Holm's step-down gives the cell within its configuration's family (a\n"
	"comparison per cell and metric, MB/s and IOPS one; 5% family-wise).\n"
	"That interval decides: faster or slower (less or more CPU) when it\n"
	"excludes 1 and B/A is beyond 1 +- --delta; equivalent when it lies\n"
	"within [1/(1+d), 1+d]; inconclusive otherwise (with the runs a side that\n"
	"would decide it). Under 3 runs a side: no verdict.\n"
	"\n"
	"Two configurations: B against A, a row per cell and metric. Three or\n"
	"more: each against the best of its cell, in words (best, worse than the\n"
	"best, equivalent to the best, not distinguishable from the best). The\n"
	"settings that differ between the files are named. A mix cell (IOmeter)\n"
	"is tested as a whole; its reads and writes are shown apart, untested.\n";

static const char lm_usage_probe[] =
	"Usage: lunmark probe TARGET [--json] [iSCSI options]\n"
	"\n"
	"What the target is. An iscsi:// URL: READ CAPACITY(16) (capacity, logical\n"
	"and physical block size, thin provisioning), INQUIRY (vendor, product,\n"
	"revision), VPD 0x80 (serial), 0xB0 (block limits), 0xB2 (provisioning),\n"
	"and what the login negotiated (HeaderDigest, DataDigest, ImmediateData,\n"
	"InitialR2T, FirstBurstLength, MaxBurstLength, the target's\n"
	"MaxRecvDataSegmentLength) with the command window it opened.\n"
	"A block device or file: size, logical and physical sector size, and the\n"
	"model and serial sysfs knows. Nothing is written.\n";

static const char lm_usage_run[] =
	"Usage: lunmark run TARGET... [OPTIONS]\n"
	"\n"
	"One job; reads and writes are reported apart. With several targets\n"
	"(TARGET TARGET ..., or --target repeated) the same job runs on each at\n"
	"once, with --numjobs threads each, and the report gives each target and\n"
	"the sum.\n";

static const char lm_usage_verify[] =
	"Usage: lunmark verify TARGET [--size=SIZE] [--offset=SIZE] [--bs=SIZE]\n"
	"                      [--iodepth=N] [--check] [OPTIONS]\n"
	"\n"
	"An integrity pass over the region (--offset, --size: by default a GiB,\n"
	"or the target if smaller). Every logical block is written with a header:\n"
	"'LMVERIFY', its byte offset, the pass's run id, the write's sequence\n"
	"number and the XXH64 of the rest of the block; the writes are flushed\n"
	"(SYNCHRONIZE CACHE on iSCSI, fdatasync otherwise), then every block is\n"
	"read back and checked. A block that does not read back as written is\n"
	"named by offset with what was found (the first 10), and the exit code\n"
	"is 7. With --reconnect an iSCSI LUN may restart during the pass: what\n"
	"it acknowledged must read back. Writing needs --allow-write or\n"
	"--destroy=NAME, as for run; run's other options are refused.\n";

static const char lm_usage_jobs[] =
	"Usage: lunmark JOBFILE... [OPTIONS]\n"
	"       lunmark --name=JOB [fio options] [OPTIONS]\n"
	"\n"
	"fio job files, read with fio's rules: [global] and job sections,\n"
	"comments, include, ${VAR}, $ncpus, $pagesize, $mb_memory (and sums of\n"
	"them, as fio's bc), fio's size and time suffixes under kb_base;\n"
	"filename= is the target. Several files run one after the other, as in\n"
	"fio. On fio's command line each --name starts a job and the options\n"
	"before it are [global]'s; its values are taken as given (no comment,\n"
	"${VAR} or $ncpus there). 'lunmark --cmdhelp=all' lists the fio options\n"
	"lunmark takes; the options below are lunmark's own. As fio's, a read\n"
	"job reads what is there: --allow-write lets the write jobs write, and\n"
	"only a file lunmark makes for a read job is prefilled.\n";

static const char lm_usage_units[] =
	"\nSizes take k, m, g, t, p, with or without i and b: powers of 1024, as\n"
	"lunmark prints them (1GiB = 1g = 2^30; fio job files follow fio's\n"
	"kb_base, where 1GiB is 10^9); times are seconds or take us, ms, s, m,\n"
	"h, d.\n";

/* Where help text starts, and where a line ends. */
#define LM_USAGE_COL 22
#define LM_USAGE_WIDTH 79

/* The value --help shows: --bs=SIZE; NULL for a flag. */
static const char *lm_usage_arg(const struct lm_option *o)
{
	o = lm_opt_target(o);
	if (o->arg || o->type == LM_T_FLAG || o->type == LM_T_BOOL)
		return o->arg;
	if (o->type == LM_T_SIZE)
		return "SIZE";
	return o->type == LM_T_TIME ? "TIME" : "N";
}

/* "-h, --help" or "--numjobs=N, --threads=N": row @o and its aliases. */
static void lm_usage_label(char *buf, size_t len, const struct lm_option *o,
			   enum lm_cmd cmd)
{
	const struct lm_option *a;
	const char *arg = lm_usage_arg(o);
	size_t n = 0;
	unsigned int i;

	if (o->short_opt)
		n = (size_t)snprintf(buf, len, "-%c, ", o->short_opt);
	n += (size_t)snprintf(buf + n, len - n, "--%s%s%s", o->name,
			      arg ? "=" : "", arg ? arg : "");
	for (i = 0; (a = lm_opt_at(i)) && n < len; i++)
		if (a->type == LM_T_ALIAS && lm_opt_target(a) == o &&
		    lm_opt_takes(a, cmd))
			n += (size_t)snprintf(buf + n, len - n, ", --%s%s%s",
					      a->name, arg ? "=" : "",
					      arg ? arg : "");
}

/* "  LABEL  text", the text wrapped at LM_USAGE_WIDTH from LM_USAGE_COL. */
static void lm_usage_line(FILE *f, const char *label, const char *text)
{
	int col = fprintf(f, "  %s", label);
	size_t w;

	if (col + 2 > LM_USAGE_COL) {
		fputc('\n', f);
		col = 0;
	}
	fprintf(f, "%*s", LM_USAGE_COL - col, "");
	col = LM_USAGE_COL;
	while (*text) {
		w = strcspn(text, " ");
		if (col > LM_USAGE_COL && col + 1 + (int)w > LM_USAGE_WIDTH) {
			fprintf(f, "\n%*s", LM_USAGE_COL, "");
			col = LM_USAGE_COL;
		} else if (col > LM_USAGE_COL) {
			fputc(' ', f);
			col++;
		}
		fwrite(text, 1, w, f);
		col += (int)w;
		for (text += w; *text == ' '; text++)
			;
	}
	fputc('\n', f);
}

/* The table's options of @cmd, section by section. */
static void lm_usage_options(FILE *f, enum lm_cmd cmd)
{
	static const char *const titles[] = {
		[LM_S_CMD] = "Options:",
		[LM_S_COMMON] = "Common options:",
		[LM_S_ISCSI] = "iSCSI options:",
	};
	const struct lm_option *o;
	char label[160];
	unsigned int s, i;
	bool any;

	for (s = 0; s < LM_ARRAY_SIZE(titles); s++) {
		any = false;
		for (i = 0; (o = lm_opt_at(i)); i++) {
			if (o->type == LM_T_ALIAS || o->sect != s ||
			    !lm_opt_takes(o, cmd))
				continue;
			if (!any)
				fprintf(f, "\n%s\n", titles[s]);
			any = true;
			lm_usage_label(label, sizeof(label), o, cmd);
			lm_usage_line(f, label, o->help);
		}
	}
}

void lm_cli_usage(FILE *f, enum lm_cmd cmd)
{
	switch (cmd) {
	case LM_CMD_VERIFY:
		fputs(lm_usage_verify, f);
		break;
	case LM_CMD_MARK:
		fputs(lm_usage_mark, f);
		break;
	case LM_CMD_RUN:
		fputs(lm_usage_run, f);
		break;
	case LM_CMD_REPORT:
		fputs(lm_usage_report, f);
		break;
	case LM_CMD_COMPARE:
		fputs(lm_usage_compare, f);
		break;
	case LM_CMD_PROBE:
		fputs(lm_usage_probe, f);
		break;
	case LM_CMD_JOBS:
		fputs(lm_usage_jobs, f);
		break;
	default:
		fputs(lm_usage_main, f);
		return;
	}
	lm_usage_options(f, cmd);
	if (cmd != LM_CMD_REPORT && cmd != LM_CMD_COMPARE)
		fputs(lm_usage_units, f);
}
