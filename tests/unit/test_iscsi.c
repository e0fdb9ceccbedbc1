// SPDX-License-Identifier: MIT
/* iSCSI URLs, CHAP sources and the sense table; no target needed. */
#include "kmod-free/login.h"
#include "kmod-free/sense.h"
#include "src/lunmark.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LM_SECRET "Zq7-s3cr3t%/@x"

static void lm_test_url_ok(void)
{
	struct lm_iscsi_url u;
	char msg[256], d[600];

	CU_ASSERT_EQUAL_FATAL(
		lm_iscsi_url_parse(
			"iscsi://10.0.0.5/iqn.2004-04.com.qnap:ts-453:iscsi.lun0.abcdef/0",
			&u, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(u.host, "10.0.0.5");
	CU_ASSERT_EQUAL(u.port, 3260);
	CU_ASSERT_STRING_EQUAL(u.iqn,
			       "iqn.2004-04.com.qnap:ts-453:iscsi.lun0.abcdef");
	CU_ASSERT_EQUAL(u.lun, 0);
	CU_ASSERT_STRING_EQUAL(u.user, "");

	/* the secret may hold '%', '/' and '@': the last '@' ends it */
	CU_ASSERT_EQUAL_FATAL(
		lm_iscsi_url_parse(
			"iscsi://alice%" LM_SECRET
			"@[fd00::1]:3261/iqn.2026-11.io.lunmark:t/7?header_digest=crc32c&data_digest=none",
			&u, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(u.user, "alice");
	CU_ASSERT_STRING_EQUAL(u.secret, LM_SECRET);
	CU_ASSERT_STRING_EQUAL(u.host, "fd00::1");
	CU_ASSERT_EQUAL(u.port, 3261);
	CU_ASSERT_EQUAL(u.lun, 7);
	CU_ASSERT_EQUAL(u.header_digest, LM_DIGEST_CRC32C);
	lm_iscsi_url_display(&u, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(
		d, "iscsi://alice@[fd00::1]:3261/iqn.2026-11.io.lunmark:t/7");
	lm_iscsi_portal(&u, d, sizeof(d));
	CU_ASSERT_STRING_EQUAL(d, "[fd00::1]:3261");

	CU_ASSERT_EQUAL_FATAL(
		lm_iscsi_url_parse(
			"iscsi://bob@h:1/eui.0123456789abcdef/16383?target_user=t&target_password=" LM_SECRET,
			&u, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(u.target_user, "t");
	CU_ASSERT_STRING_EQUAL(u.target_secret, LM_SECRET);
	CU_ASSERT_EQUAL(u.lun, 16383);
	lm_iscsi_url_wipe(&u);
	CU_ASSERT_STRING_EQUAL(u.secret, "");
	CU_ASSERT_STRING_EQUAL(u.target_secret, "");
}

/* Every malformed URL gets a message that says what, never the secret. */
static void lm_test_url_bad(void)
{
	static const struct {
		const char *url;
		const char *needle;
	} cases[] = {
		{ "http://h/iqn.2000-01.x:y/1", "must start with iscsi://" },
		{ "iser://h/iqn.2000-01.x:y/1", "iser:// is not supported" },
		{ "iscsi://", "no host" },
		{ "iscsi:///iqn.2000-01.x:y/1", "no host" },
		{ "iscsi://h", "no target name" },
		{ "iscsi://h/", "no target name" },
		{ "iscsi://h/iqn.2000-01.x:y", "no LUN" },
		{ "iscsi://h/iqn.2000-01.x:y/", "no LUN" },
		{ "iscsi://h/iqn.2000-01.x:y/x1", "LUN must be a number" },
		{ "iscsi://h/iqn.2000-01.x:y/16384", "LUN must be a number" },
		{ "iscsi://h/iqn.2000-01.x:y/99999999999999999999",
		  "LUN must be a number" },
		{ "iscsi://h//1", "no target name" },
		{ "iscsi://h/target/1", "must start iqn." },
		{ "iscsi://h:0/iqn.2000-01.x:y/1", "port must be" },
		{ "iscsi://h:65536/iqn.2000-01.x:y/1", "port must be" },
		{ "iscsi://h:/iqn.2000-01.x:y/1", "port must be" },
		{ "iscsi://h:32a/iqn.2000-01.x:y/1", "port must be" },
		{ "iscsi://[::1/iqn.2000-01.x:y/1", "closing ']'" },
		{ "iscsi://[::1]x/iqn.2000-01.x:y/1", "only ':port'" },
		{ "iscsi://%" LM_SECRET "@h/iqn.2000-01.x:y/1",
		  "needs a user name" },
		{ "iscsi://u%" LM_SECRET
		  "@h/iqn.2000-01.x:y/1?header_digest=md5",
		  "header_digest must be" },
		{ "iscsi://u%" LM_SECRET
		  "@h/iqn.2000-01.x:y/1?data_digest=crc32c",
		  "libiscsi does not do data digests" },
		{ "iscsi://u%" LM_SECRET "@h/iqn.2000-01.x:y/1?nodigest",
		  "needs =value" },
		{ "iscsi://u%" LM_SECRET "@h/iqn.2000-01.x:y/1?foo=bar",
		  "unknown parameter 'foo'" },
		{ "iscsi://h/iqn.2000-01.x:y/1?target_password=" LM_SECRET,
		  "needs target_user" },
	};
	struct lm_iscsi_url u;
	char msg[512];
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(cases); i++) {
		msg[0] = '\0';
		CU_ASSERT_EQUAL(
			lm_iscsi_url_parse(cases[i].url, &u, msg, sizeof(msg)),
			-EINVAL);
		if (!strstr(msg, cases[i].needle))
			fprintf(stderr, "\ncase %u: unexpected message '%s'\n",
				i, msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(msg, cases[i].needle));
		CU_ASSERT_PTR_NULL(strstr(msg, "s3cr3t"));
		/* a refused URL leaves no secret behind */
		CU_ASSERT_STRING_EQUAL(u.secret, "");
	}
}

static void lm_test_scrub(void)
{
	char a[] =
		"iscsi://alice%" LM_SECRET
		"@h:1/iqn.2000-01.x:y/1?target_user=t&target_password=" LM_SECRET
		"&header_digest=none";
	char b[] = "iscsi://h/iqn.2000-01.x:y/1";

	char c[] = "iscsi://alice@h/iqn.2000-01.x:y/1?target_password=";

	CU_ASSERT(lm_iscsi_url_scrub(a));
	CU_ASSERT_PTR_NULL(strstr(a, "s3cr3t"));
	CU_ASSERT_EQUAL(strncmp(a, "iscsi://alice%xxxxxxxxxxxxxx@h:1/", 33), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(a, "&header_digest=none"));
	CU_ASSERT(!lm_iscsi_url_scrub(b));
	CU_ASSERT_STRING_EQUAL(b, "iscsi://h/iqn.2000-01.x:y/1");
	CU_ASSERT(!lm_iscsi_url_scrub(c)); /* no secret in it */
}

/* fio's form (iscsi\\://, in an argument, several URLs) scrubbed in place,
 * and cut out of what is printed. */
static void lm_test_text_scrub(void)
{
	char a[] = "--filename=iscsi\\://alice%" LM_SECRET
		   "@h\\:1/iqn.2000-01.x\\:y/1";
	char b[] = "filename=iscsi://bob%" LM_SECRET
		   "@h/iqn.2000-01.x:y/1?target_password=" LM_SECRET "&x=1";
	char c[] = "--rw=randread";

	CU_ASSERT(lm_iscsi_text_scrub(a));
	CU_ASSERT_PTR_NULL(strstr(a, "s3cr3t"));
	CU_ASSERT_PTR_NOT_NULL(strstr(a, "alice%xxx"));
	CU_ASSERT(lm_iscsi_text_drop(b));
	CU_ASSERT_STRING_EQUAL(
		b,
		"filename=iscsi://bob@h/iqn.2000-01.x:y/1?target_password=&x=1");
	CU_ASSERT(!lm_iscsi_text_scrub(c));
	CU_ASSERT_STRING_EQUAL(c, "--rw=randread");
}

static void lm_test_chap_sources(void)
{
	char path[] = "/tmp/lunmark-chap-XXXXXX", msg[512];
	struct lm_iscsi_url u;
	FILE *f;
	bool exposed = true;
	int fd;

	fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	f = fdopen(fd, "w");
	fputs("# CHAP for the test target\n  username = carol \n"
	      "password=" LM_SECRET "\ntarget_username = tgt\n",
	      f);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(lm_iscsi_url_parse("iscsi://h/iqn.2000-01.x:y/1",
						 &u, msg, sizeof(msg)),
			      0);
	CU_ASSERT_EQUAL(
		lm_iscsi_chap_file(path, &u, &exposed, msg, sizeof(msg)), 0);
	CU_ASSERT_FALSE(exposed); /* mkstemp's 0600 */
	CU_ASSERT_STRING_EQUAL(u.user, "carol");
	CU_ASSERT_STRING_EQUAL(u.secret, LM_SECRET);
	CU_ASSERT_STRING_EQUAL(u.target_user, "tgt");

	/* the URL wins over the file; the environment fills what is left */
	CU_ASSERT_EQUAL_FATAL(
		lm_iscsi_url_parse("iscsi://dave%pw@h/iqn.2000-01.x:y/1", &u,
				   msg, sizeof(msg)),
		0);
	CU_ASSERT_EQUAL_FATAL(chmod(path, 0644), 0);
	CU_ASSERT_EQUAL(
		lm_iscsi_chap_file(path, &u, &exposed, msg, sizeof(msg)), 0);
	CU_ASSERT_TRUE(exposed); /* others may read it: the caller warns */
	CU_ASSERT_STRING_EQUAL(u.user, "dave");
	CU_ASSERT_STRING_EQUAL(u.secret, "pw");
	setenv("LIBISCSI_CHAP_TARGET_PASSWORD", "tpw", 1);
	lm_iscsi_chap_env(&u);
	unsetenv("LIBISCSI_CHAP_TARGET_PASSWORD");
	CU_ASSERT_STRING_EQUAL(u.target_secret, "tpw");

	/* a bad line names file:line and the key, never the value */
	f = fopen(path, "w");
	fputs("username = x\npasswd = " LM_SECRET "\n", f);
	fclose(f);
	CU_ASSERT_EQUAL(
		lm_iscsi_chap_file(path, &u, &exposed, msg, sizeof(msg)),
		-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, ":2: unknown key 'passwd'"));
	CU_ASSERT_PTR_NULL(strstr(msg, "s3cr3t"));
	unlink(path);
	CU_ASSERT_EQUAL(
		lm_iscsi_chap_file(path, &u, &exposed, msg, sizeof(msg)),
		-ENOENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "cannot open"));
}

static void lm_test_names(void)
{
	char b[LM_ISCSI_NAME_MAX];

	lm_iscsi_default_initiator(b, sizeof(b));
	CU_ASSERT_EQUAL(strncmp(b, "iqn.2026-11.io.lunmark:", 23), 0);
	CU_ASSERT_TRUE(lm_iscsi_name_ok(b));
	CU_ASSERT_TRUE(lm_iscsi_name_ok("naa.60014055f5e2b1a1"));
	CU_ASSERT_FALSE(lm_iscsi_name_ok("iqn."));
	CU_ASSERT_FALSE(lm_iscsi_name_ok("host1"));
	CU_ASSERT_FALSE(lm_iscsi_name_ok("iqn.2000-01.x:a b"));
}

static void lm_test_sense(void)
{
	char msg[128];
	const char *text;
	bool retry;

	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_ILLEGAL_REQUEST, 0x2100,
					     &retry, &text),
			-EINVAL);
	CU_ASSERT_STRING_EQUAL(text, "LBA out of range");
	CU_ASSERT_FALSE(retry);
	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_DATA_PROTECTION, 0x2700,
					     &retry, &text),
			-EROFS);
	CU_ASSERT_STRING_EQUAL(text, "write protected");
	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_UNIT_ATTENTION, 0x2a09,
					     &retry, &text),
			-ESTALE);
	CU_ASSERT_STRING_EQUAL(text, "unit attention: capacity changed");
	CU_ASSERT_FALSE(retry);
	/* a reset's unit attention: the command was not run, run it again */
	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_UNIT_ATTENTION, 0x2900,
					     &retry, &text),
			-EAGAIN);
	CU_ASSERT_TRUE(retry);
	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_ILLEGAL_REQUEST, 0x2500,
					     &retry, &text),
			-ENXIO);
	CU_ASSERT_EQUAL(lm_iscsi_sense_errno(SCSI_SENSE_MEDIUM_ERROR, 0x1100,
					     &retry, &text),
			-EIO);
	CU_ASSERT_STRING_EQUAL(text, "medium error");
	/* tgtd's answer to a read past its backing file's end */
	CU_ASSERT_EQUAL(lm_iscsi_status_error(SCSI_STATUS_CHECK_CONDITION,
					      SCSI_SENSE_MEDIUM_ERROR, 0x1100,
					      &retry, msg, sizeof(msg)),
			-EIO);
	CU_ASSERT_STRING_EQUAL(
		msg, "medium error (sense key MEDIUM ERROR, ASC/ASCQ 0x1100)");
	lm_iscsi_status_error(SCSI_STATUS_CHECK_CONDITION, 16, 0, &retry, msg,
			      sizeof(msg));
	CU_ASSERT_STRING_EQUAL(
		msg, "check condition (sense key unknown, ASC/ASCQ 0x0000)");
}

int lm_suite_iscsi(void)
{
	static const struct lm_unit_test t[] = {
		{ "URLs in libiscsi's form", lm_test_url_ok },
		{ "malformed URLs, no secret in messages", lm_test_url_bad },
		{ "CHAP from file, URL and environment", lm_test_chap_sources },
		{ "secrets scrubbed from argv", lm_test_scrub },
		{ "secrets in fio's form, scrubbed and cut",
		  lm_test_text_scrub },
		{ "initiator and target names", lm_test_names },
		{ "sense to errno and text", lm_test_sense },
		{ NULL, NULL },
	};
	return lm_unit_add("iscsi", t);
}
