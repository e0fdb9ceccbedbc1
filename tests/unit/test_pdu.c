// SPDX-License-Identifier: MIT
/* iSCSI PDUs as lunmark's data path builds and reads them; no target. */
#include "kmod-free/pdu.h"
#include "tests/unit/unit.h"

#include <string.h>

static void lm_test_crc32c(void)
{
	uint8_t b[LM_BHS + LM_DIGEST];

	/* RFC 3720 B.4 and the usual check value */
	memset(b, 0, 32);
	CU_ASSERT_EQUAL(lm_crc32c(0, b, 32), 0x8a9136aa);
	memset(b, 0xff, 32);
	CU_ASSERT_EQUAL(lm_crc32c(0, b, 32), 0x62a8ab43);
	CU_ASSERT_EQUAL(lm_crc32c(0, "123456789", 9), 0xe3069283);
	/* in pieces as at once */
	CU_ASSERT_EQUAL(lm_crc32c(lm_crc32c(0, "1234", 4), "56789", 5),
			0xe3069283);

	memset(b, 0, sizeof(b));
	b[0] = LM_OP_SCSI_CMD;
	lm_pdu_digest_put(b);
	CU_ASSERT_TRUE(lm_pdu_digest_ok(b));
	/* least significant byte first */
	CU_ASSERT_EQUAL(b[LM_BHS], lm_crc32c(0, b, LM_BHS) & 0xff);
	b[20] ^= 1;
	CU_ASSERT_FALSE(lm_pdu_digest_ok(b));
}

static void lm_test_cmd(void)
{
	struct lm_pdu_cmd c = { .lun = 3,
				.itt = 0x00120004,
				.cmdsn = 77,
				.exp_statsn = 9,
				.edtl = 4096,
				.read = true,
				.final = true };
	uint8_t h[LM_BHS];

	lm_cdb_rw16(c.cdb, false, false, 0x123456789aull, 8);
	lm_pdu_cmd(h, &c);
	CU_ASSERT_EQUAL(h[0], 0x01);
	CU_ASSERT_EQUAL(h[1], 0x80 | 0x40 | 1);
	CU_ASSERT_EQUAL(lm_pdu_dsl(h), 0);
	CU_ASSERT_EQUAL(h[8], 0);
	CU_ASSERT_EQUAL(h[9], 3);
	CU_ASSERT_EQUAL(lm_get32(h + 16), 0x00120004);
	CU_ASSERT_EQUAL(lm_get32(h + 20), 4096);
	CU_ASSERT_EQUAL(lm_get32(h + 24), 77);
	CU_ASSERT_EQUAL(lm_get32(h + 28), 9);
	CU_ASSERT_EQUAL(h[32], 0x88);
	CU_ASSERT_EQUAL(h[33], 0); /* no FUA */
	CU_ASSERT_EQUAL(lm_get32(h + 34), 0x12);
	CU_ASSERT_EQUAL(lm_get32(h + 38), 0x3456789a);
	CU_ASSERT_EQUAL(lm_get32(h + 42), 8);

	/* a write with immediate data and Data-Out to follow; LUN 300 */
	c.lun = 300;
	c.read = false;
	c.write = true;
	c.final = false;
	c.dsl = 8192;
	c.edtl = 65536;
	lm_cdb_rw16(c.cdb, true, true, 0, 128);
	lm_pdu_cmd(h, &c);
	CU_ASSERT_EQUAL(h[1], 0x20 | 1);
	CU_ASSERT_EQUAL(lm_pdu_dsl(h), 8192);
	CU_ASSERT_EQUAL(h[8], 0x41);
	CU_ASSERT_EQUAL(h[9], 0x2c);
	CU_ASSERT_EQUAL(h[32], 0x8a);
	CU_ASSERT_EQUAL(h[33], 0x08); /* FUA: fio's sync= on a LUN */

	/* UNMAP(10): the CDB names a 24-byte parameter list, which holds
	 * the data length 22, one 16-byte descriptor, its LBA and count */
	{
		uint8_t cdb[16], p[24];

		lm_cdb_unmap(cdb, p, 0x123456789aull, 128);
		CU_ASSERT_EQUAL(cdb[0], 0x42);
		CU_ASSERT_EQUAL(cdb[1], 0);
		CU_ASSERT_EQUAL(cdb[7] << 8 | cdb[8], 24);
		CU_ASSERT_EQUAL(p[0] << 8 | p[1], 22);
		CU_ASSERT_EQUAL(p[2] << 8 | p[3], 16);
		CU_ASSERT_EQUAL(lm_get32(p + 8), 0x12);
		CU_ASSERT_EQUAL(lm_get32(p + 12), 0x3456789a);
		CU_ASSERT_EQUAL(lm_get32(p + 16), 128);
		CU_ASSERT_EQUAL(lm_get32(p + 20), 0);
	}

	lm_pdu_data_out(h, 3, 0x10005, 0x77, 10, 2, 16384, 8192, true);
	CU_ASSERT_EQUAL(h[0], LM_OP_DATA_OUT);
	CU_ASSERT_EQUAL(h[1], 0x80);
	CU_ASSERT_EQUAL(lm_pdu_dsl(h), 8192);
	CU_ASSERT_EQUAL(lm_get32(h + 16), 0x10005);
	CU_ASSERT_EQUAL(lm_get32(h + 20), 0x77);
	CU_ASSERT_EQUAL(lm_get32(h + 28), 10);
	CU_ASSERT_EQUAL(lm_get32(h + 36), 2);
	CU_ASSERT_EQUAL(lm_get32(h + 40), 16384);
	CU_ASSERT_EQUAL(lm_pad4(8192), 0);
	CU_ASSERT_EQUAL(lm_pad4(13), 3);
}

static void lm_test_sense(void)
{
	uint8_t fixed[2 + 18] = { 0, 18, 0x70, 0, 0x05 };
	uint8_t desc[2 + 8] = { 0, 8, 0x72, 0x06, 0x2a, 0x09 };
	int key = -1, ascq = -1;

	fixed[2 + 7] = 10;
	fixed[2 + 12] = 0x21;
	fixed[2 + 13] = 0x00;
	CU_ASSERT_TRUE(lm_pdu_sense(fixed, sizeof(fixed), &key, &ascq));
	CU_ASSERT_EQUAL(key, 5);
	CU_ASSERT_EQUAL(ascq, 0x2100);
	CU_ASSERT_TRUE(lm_pdu_sense(desc, sizeof(desc), &key, &ascq));
	CU_ASSERT_EQUAL(key, 6);
	CU_ASSERT_EQUAL(ascq, 0x2a09);
	/* no sense, or less than its length says */
	CU_ASSERT_FALSE(lm_pdu_sense(fixed, 1, &key, &ascq));
	CU_ASSERT_FALSE(lm_pdu_sense(fixed, 4, &key, &ascq));
	fixed[2] = 0x7e;
	CU_ASSERT_FALSE(lm_pdu_sense(fixed, sizeof(fixed), &key, &ascq));
}

/* A target PDU with opcode @op, flags @fl and the three numbers. */
static size_t lm_tpdu(uint8_t *p, unsigned int op, unsigned int fl,
		      uint32_t statsn, uint32_t exp, uint32_t max,
		      const char *keys, size_t klen)
{
	memset(p, 0, LM_BHS);
	p[0] = (uint8_t)op;
	p[1] = (uint8_t)fl;
	p[5] = (uint8_t)(klen >> 16);
	p[6] = (uint8_t)(klen >> 8);
	p[7] = (uint8_t)klen;
	lm_put32(p + 24, statsn);
	lm_put32(p + 28, exp);
	lm_put32(p + 32, max);
	if (klen)
		memcpy(p + LM_BHS, keys, klen);
	return klen;
}

/* After the login (@s): which PDUs move which sequence numbers. */
static void lm_test_watch_numbers(struct lm_iscsi_params *ps)
{
	struct lm_iscsi_params s = *ps, t;
	uint8_t p[LM_BHS];

	/* a SCSI Response moves all three; an R2T's StatSN is not a status */
	lm_tpdu(p, LM_OP_SCSI_RSP, 0x80, 8, 11, 42, NULL, 0);
	lm_pdu_watch(&s, p, 0);
	CU_ASSERT_EQUAL(s.exp_statsn, 9);
	CU_ASSERT_EQUAL(s.cmdsn, 11);
	CU_ASSERT_EQUAL(s.max_cmdsn, 42);
	lm_tpdu(p, LM_OP_R2T, 0x80, 9, 11, 42, NULL, 0);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(s.exp_statsn, 9);
	/* Data-In with status counts, without it not */
	lm_tpdu(p, LM_OP_DATA_IN, 0x80, 77, 12, 43, NULL, 0);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(s.exp_statsn, 9);
	CU_ASSERT_EQUAL(s.cmdsn, 12);
	lm_tpdu(p, LM_OP_DATA_IN, 0x81, 9, 12, 43, NULL, 0);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(s.exp_statsn, 10);

	/* an older PDU moves nothing back; a bogus window is ignored */
	t = s;
	lm_tpdu(p, LM_OP_NOP_IN, 0x80, 5, 10, 41, NULL, 0);
	lm_put32(p + 16, LM_TAG_NONE);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(memcmp(&s, &t, sizeof(s)), 0);
	lm_tpdu(p, LM_OP_SCSI_RSP, 0x80, 9, 100, 50, NULL, 0);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(s.cmdsn, 12);
	CU_ASSERT_EQUAL(s.max_cmdsn, 43);
	*ps = s;
}

static void lm_test_watch(void)
{
	static const char keys[] =
		"HeaderDigest=CRC32C\0DataDigest=None\0"
		"MaxRecvDataSegmentLength=65536\0ImmediateData=Yes\0"
		"InitialR2T=No\0FirstBurstLength=0x40000\0"
		"MaxBurstLength=1048576\0TargetAlias=x";
	struct lm_iscsi_params s, t;
	uint8_t p[LM_BHS + 512];
	size_t n;

	lm_pdu_watch_init(&s);
	CU_ASSERT_EQUAL(s.target_mrdsl, 8192);
	CU_ASSERT_FALSE(s.immediate_data);
	CU_ASSERT_TRUE(s.initial_r2t);

	/* a first login response that stays in security negotiation */
	n = lm_tpdu(p, LM_OP_LOGIN_RSP, 0x01, 6, 10, 41, "AuthMethod=None", 16);
	lm_pdu_watch(&s, p, n);
	CU_ASSERT_FALSE(s.logged_in);
	/* the final one: T=1, CSG=1, NSG=3 */
	n = lm_tpdu(p, LM_OP_LOGIN_RSP, 0x87, 7, 10, 41, keys, sizeof(keys));
	lm_pdu_watch(&s, p, n);
	CU_ASSERT_TRUE(s.logged_in);
	CU_ASSERT_TRUE(s.sn_valid);
	CU_ASSERT_FALSE(s.keys_broken);
	CU_ASSERT_TRUE(s.header_digest);
	CU_ASSERT_FALSE(s.data_digest);
	CU_ASSERT_EQUAL(s.target_mrdsl, 65536);
	CU_ASSERT_EQUAL(s.first_burst, 262144);
	CU_ASSERT_EQUAL(s.max_burst, 1048576);
	CU_ASSERT_TRUE(s.immediate_data);
	CU_ASSERT_FALSE(s.initial_r2t);
	CU_ASSERT_EQUAL(s.exp_statsn, 8);
	CU_ASSERT_EQUAL(s.cmdsn, 10);
	CU_ASSERT_EQUAL(s.max_cmdsn, 41);

	lm_test_watch_numbers(&s);

	/* watching the same PDU twice changes nothing */
	t = s;
	lm_tpdu(p, LM_OP_SCSI_RSP, 0x80, 8, 11, 42, NULL, 0);
	lm_pdu_watch(&s, p, 0);
	lm_pdu_watch(&s, p, 0);
	CU_ASSERT_EQUAL(memcmp(&s, &t, sizeof(s)), 0);

	/* a value out of the RFC's range is noticed */
	lm_pdu_watch_init(&s);
	n = lm_tpdu(p, LM_OP_LOGIN_RSP, 0x87, 1, 1, 1,
		    "MaxRecvDataSegmentLength=12", 28);
	lm_pdu_watch(&s, p, n);
	CU_ASSERT_TRUE(s.keys_broken);
	/* a refused login is no login */
	lm_pdu_watch_init(&s);
	n = lm_tpdu(p, LM_OP_LOGIN_RSP, 0x87, 1, 1, 1, NULL, 0);
	p[36] = 2;
	lm_pdu_watch(&s, p, n);
	CU_ASSERT_FALSE(s.logged_in);
}

static void lm_test_serial(void)
{
	struct lm_iscsi_params s;
	uint8_t p[LM_BHS];

	CU_ASSERT_TRUE(lm_sn_before(1, 2));
	CU_ASSERT_FALSE(lm_sn_before(2, 2));
	CU_ASSERT_TRUE(lm_sn_before(0xffffffff, 0));
	CU_ASSERT_FALSE(lm_sn_before(0, 0xffffffff));

	/* the numbers wrap */
	lm_pdu_watch_init(&s);
	lm_tpdu(p, LM_OP_SCSI_RSP, 0x80, 0xfffffffe, 0xfffffffe, 0xffffffff,
		NULL, 0);
	lm_pdu_sn(&s, p);
	lm_tpdu(p, LM_OP_SCSI_RSP, 0x80, 0xffffffff, 1, 30, NULL, 0);
	lm_pdu_sn(&s, p);
	CU_ASSERT_EQUAL(s.exp_statsn, 0);
	CU_ASSERT_EQUAL(s.cmdsn, 1);
	CU_ASSERT_EQUAL(s.max_cmdsn, 30);
}

int lm_suite_pdu(void)
{
	static const struct lm_unit_test t[] = {
		{ "CRC32C and header digests", lm_test_crc32c },
		{ "SCSI Command and Data-Out headers, UNMAP", lm_test_cmd },
		{ "sense data, fixed and descriptor", lm_test_sense },
		{ "the login watched: keys and numbers", lm_test_watch },
		{ "serial number arithmetic", lm_test_serial },
		{ NULL, NULL },
	};
	return lm_unit_add("iscsi pdu", t);
}
