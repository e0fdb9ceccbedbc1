// SPDX-License-Identifier: MIT
/* The help texts of lunmark and its commands; the man page says the same. */
#include "src/cli/cli.h"

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
	"                  fio-compat/)\n"
	"  --name=JOB ...  fio's command line: each --name starts a job\n"
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
	"TARGET is a block device, a regular file, a directory (lunmark then\n"
	"creates lunmark-XXXXXX.tmp there and removes it at the end), or an\n"
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

static const char lm_usage_common[] =
	"  --engine=NAME       uring (default), aio, psync or null (no IO; tests);\n"
	"                      iscsi (the default for iscsi:// URLs);\n"
	"                      --ioengine=io_uring|libaio|libiscsi as in fio\n"
	"  --direct=0|1        O_DIRECT (default 1)\n"
	"  --allow-write       let write tests (and prefill) write to a block\n"
	"                      device, an iSCSI LUN or an existing file\n"
	"  --destroy=NAME      write even over a filesystem, partition table,\n"
	"                      LVM, md, LUKS or swap; NAME names the target: sdb\n"
	"                      or /dev/sdb, a file's path, an iSCSI LUN's serial\n"
	"  --read-only         no write of any kind (mark: read tests only)\n"
	"  --no-prefill        do not write the region before read tests\n"
	"  --verify            every block written carries a header (lunmark\n"
	"                      verify's: offset, run, sequence, XXH64) and every\n"
	"                      block read is checked, measured or not; a block\n"
	"                      not as written is named by offset, exit 7. The\n"
	"                      prefill writes such blocks; reads of a region\n"
	"                      nobody wrote that way find zeros or other data\n"
	"  --buffer-pattern=P  random (incompressible, unique per block; default)\n"
	"                      or zero\n"
	"  --randseed=N        seed for offsets and data (--seed); default fixed\n"
	"  --sqpoll            io_uring submission polling thread (burns a core)\n"
	"  --fail-every=N, --fail-prob=PCT, --fail-errno=EIO\n"
	"                      null engine: fail every Nth IO, or PCT% of IOs\n"
	"\n"
	"iSCSI options:\n"
	"  --timeout=TIME      connect, log in, and wait for an answer at most\n"
	"                      this long (default 10s); a stalled target fails\n"
	"                      the IOs in flight\n"
	"  --reconnect         after a lost connection log in again and replay\n"
	"                      the IOs in flight, which wait up to --timeout\n"
	"                      for the target (the gap shows per second)\n"
	"  --chap-file=FILE    CHAP from FILE: 'username = U', 'password = S',\n"
	"                      target_username, target_password (mutual CHAP);\n"
	"                      else from the URL or LIBISCSI_CHAP_USERNAME,\n"
	"                      LIBISCSI_CHAP_PASSWORD, ..._TARGET_USERNAME/PASSWORD\n"
	"  --initiator-name=IQN  default iqn.2026-11.io.lunmark:<host name>\n"
	"  --target=TARGET     a target (repeatable for run)\n";

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
	"  --profile=NAME      default, peak, real, demo, nvme (CrystalDiskMark 8;\n"
	"                      each also as NAME+mix), iometer, iops, atto,\n"
	"                      throughput, copy, cache (default: default)\n"
	"  --size=SIZE         test region / test file size (default 1g, or the\n"
	"                      profile's: iops 4g, atto 256m per pass)\n"
	"  --runs=N            counted runs per test (default 5)\n"
	"  --runtime=TIME      length of each run (default 5s, or the profile's:\n"
	"                      iometer 5m, iops 120s)\n"
	"  --interval=TIME     pause between tests (default 5s)\n"
	"  --no-warmup         count every run (no discarded warm-up run)\n"
	"  --write-only        write tests only\n"
	"  --aggregate=HOW     median (default) or max (CrystalDiskMark's best-of)\n"
	"  --mix=PCT           reads in the [Mix] jobs of +mix profiles (default 70)\n"
	"  --link=RATE         the line rate: each cell's share of the link's\n"
	"                      ceiling, and a warning for a figure above 95%\n"
	"                      of it: 1g, 2.5g, 5g, 10g, 25g, 40g, 100g\n"
	"  --until-steady      repeat each cell round by round until the last 5\n"
	"                      rounds are steady (SNIA PTS: range <= 20% of\n"
	"                      their mean, least-squares line <= 10% across\n"
	"                      them); the figures are of those 5\n"
	"  --max-rounds=N      at most N rounds (default 25, at least 5)\n"
	"\n"
	"The cache profile reads, per test (RND4K, RND8K, SEQ1M), its own working\n"
	"set in passes (every block once a pass, never prefilled) until steady:\n"
	"the cold first pass, the warm figure, warm/cold, what warming took.\n"
	"  --working-set=SIZE  each test's working set (default 1g, whole MiB)\n"
	"  --cache-size=SIZE   the NAS's SSD cache: a miss run reads 3 x SIZE\n"
	"                      beyond the working sets for --runtime\n"
	"  --sustained         also write 2 x --cache-size once (SEQ1M Q8T1) and\n"
	"                      find the burst rate, the sustained rate and when\n"
	"                      it changed (needs --allow-write on a device)\n"
	"  --nas-ram=SIZE      the NAS's RAM: a warning when the working set is\n"
	"                      smaller than 1.3 x SIZE (every profile)\n"
	"  --json=FILE         save the full result (doc/result-schema.md)\n"
	"  --export-fio        print the fio job file that runs the profile (a job\n"
	"                      per test and way, a prefill job), run nothing;\n"
	"                      fio-compat/profiles/ holds them all\n"
	"  --label=TEXT        what this configuration is (\"RAID1 encrypted\"),\n"
	"                      saved and shown by report and compare\n"
	"  --tag=NAME=VALUE    a property of the configuration (--tag cache=on\n"
	"                      --tag raid=1), for 'compare --by NAME'; up to 16\n"
	"  --quiet             no progress line\n";

static const char lm_usage_report[] =
	"Usage: lunmark report RESULT.json [--format=FMT] [--metric=LIST]\n"
	"\n"
	"A result saved with 'mark --json=FILE', rendered again; nothing is run.\n"
	"\n"
	"  --format=FMT        text (the report mark printed; the default), md\n"
	"                      (Markdown tables), csv (a row per cell and metric,\n"
	"                      percentiles included), json, or html (one\n"
	"                      self-contained page: charts inline, nothing fetched)\n"
	"  --metric=LIST       mb_s, iops, lat_mean_us, lat_p99_us, cpu_s_per_gb,\n"
	"                      comma-separated, or all (the default)\n";

static const char lm_usage_compare[] =
	"Usage: lunmark compare A.json B.json [C.json ...] [OPTIONS]\n"
	"\n"
	"Saved results of one profile, side by side, with statistics: for each\n"
	"test, way and metric (MB/s, IOPS, mean and p99 latency, host CPU-seconds\n"
	"per GB) the medians of the runs, the ratio with a 95% bootstrap interval\n"
	"(10000 resamples, fixed seed), Welch's p, and a verdict: faster or slower\n"
	"(a change of at least --delta, significant after a Bonferroni correction\n"
	"for the comparisons made at once), equivalent (the 90% interval within\n"
	"[1/(1+d), 1+d]), or inconclusive (with the runs a side that would decide\n"
	"it). Fewer than 3 runs a side get no verdict.\n"
	"\n"
	"Two configurations: B against A, a row per cell and metric. Three or\n"
	"more: a row per configuration and a column per test and way, the best\n"
	"marked * and those not significantly different from it =.\n"
	"\n"
	"  --baseline=A.json   every other result against this one, as a change\n"
	"                      in % with its interval, and CPU-s/GB (overhead)\n"
	"  --by=TAG            a configuration per value of the tag (mark --tag);\n"
	"                      the runs of files with the same value are pooled;\n"
	"                      with --by, --baseline names a value\n"
	"  --delta=PCT         the smallest change that matters (default 5)\n"
	"  --metric=LIST       mb_s, iops, lat_mean_us, lat_p99_us, cpu_s_per_gb\n"
	"                      or all (default: all; mb_s side by side)\n"
	"  --format=FMT        text (default), md, csv, json or html\n";

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
	"model and serial sysfs knows. Nothing is written.\n"
	"\n"
	"  --json              one JSON object instead of text\n";

static const char lm_usage_run[] =
	"Usage: lunmark run TARGET... [OPTIONS]\n"
	"\n"
	"One job; reads and writes are reported apart. With several targets\n"
	"(TARGET TARGET ..., or --target repeated) the same job runs on each at\n"
	"once, with --numjobs threads each, and the report gives each target and\n"
	"the sum.\n"
	"\n"
	"  --rw=MODE           read, write, randread, randwrite, rw, randrw\n"
	"  --rwmixread=PCT     share of reads in rw/randrw (default 50);\n"
	"                      --rwmixwrite=PCT sets the other share\n"
	"  --bs=SIZE           block size, 512 to 64m, a multiple of the\n"
	"                      target's logical block size (default 4k)\n"
	"  --iodepth=N         IOs in flight per thread, 1-1024 (default 1);\n"
	"                      bs x iodepth x numjobs (x2 for rw/randrw) of\n"
	"                      buffers may take half the machine's memory\n"
	"  --numjobs=N         threads, 1-64 (default 1); sequential jobs share\n"
	"                      one cursor, so no block is read twice in a pass\n"
	"  --size=SIZE         region length (default: to the end of the target;\n"
	"                      1g for a test file in a directory)\n"
	"  --offset=SIZE       region start (default 0)\n"
	"  --runtime=TIME      stop after TIME (default: after one pass of --size)\n"
	"  --time_based        keep going over the region until --runtime\n"
	"  --ramp_time=TIME    run this long before measuring\n"
	"  --percentage_random=PCT  random jobs: PCT% of offsets random, the\n"
	"                      rest continue sequentially (default 100)\n"
	"  --name=NAME         job name\n"
	"  --link=RATE         warn when a target's MB/s is above 95% of the\n"
	"                      link's ceiling (1g ... 100g, as for mark)\n"
	"  --nas-ram=SIZE      warn when --size is under 1.3 x the NAS's RAM\n"
	"  --export-fio        print the fio job file of this run, run nothing\n";

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
	"--destroy=NAME, as for run.\n"
	"\n"
	"  --check             read only: every block must carry a good header\n"
	"                      for its offset, all of one pass (one written\n"
	"                      before a target restart, say)\n"
	"  --bs, --iodepth     the IOs of both passes (default 4k, 1; QD to 256)\n"
	"  --engine, --direct, --allow-write, --destroy, --read-only, --randseed,\n"
	"  --fail-every, --fail-prob, --fail-errno: as for run (lunmark run --help);\n"
	"                      run's other options are refused\n";

static const char lm_usage_units[] =
	"\nSizes take k, m, g, t (powers of 1024, as fio); times take us, ms,\n"
	"s (default), m, h.\n";

void lm_cli_usage(FILE *f, enum lm_cmd cmd)
{
	switch (cmd) {
	case LM_CMD_VERIFY:
		fputs(lm_usage_verify, f);
		fputs("\niSCSI options:\n", f);
		fputs(strstr(lm_usage_common, "  --timeout"), f);
		fputs(lm_usage_units, f);
		return;
	case LM_CMD_MARK:
		fputs(lm_usage_mark, f);
		break;
	case LM_CMD_RUN:
		fputs(lm_usage_run, f);
		break;
	case LM_CMD_REPORT:
		fputs(lm_usage_report, f);
		return;
	case LM_CMD_COMPARE:
		fputs(lm_usage_compare, f);
		return;
	case LM_CMD_PROBE:
		fputs(lm_usage_probe, f);
		fputs("\niSCSI options:\n", f);
		fputs(strstr(lm_usage_common, "  --timeout"), f);
		return;
	default:
		fputs(lm_usage_main, f);
		return;
	}
	fputs("\nCommon options:\n", f);
	fputs(lm_usage_common, f);
	fputs(lm_usage_units, f);
}
