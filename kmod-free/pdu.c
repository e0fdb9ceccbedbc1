// SPDX-License-Identifier: MIT
#include "kmod-free/pdu.h"

#include <stdlib.h>
#include <string.h>

/* CRC32C a nibble at a time: reflected polynomial 0x82F63B78 */
static const uint32_t lm_crc_nibble[16] = {
	0x00000000, 0x105ec76f, 0x20bd8ede, 0x30e349b1, 0x417b1dbc, 0x5125dad3,
	0x61c69362, 0x7198540d, 0x82f63b78, 0x92a8fc17, 0xa24bb5a6, 0xb21572c9,
	0xc38d26c4, 0xd3d3e1ab, 0xe330a81a, 0xf36e6f75,
};

uint32_t lm_crc32c(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		crc = (crc >> 4) ^ lm_crc_nibble[crc & 15];
		crc = (crc >> 4) ^ lm_crc_nibble[crc & 15];
	}
	return ~crc;
}

/* digests go on the wire least significant byte first (RFC 7143 B.4) */
void lm_pdu_digest_put(uint8_t *bhs)
{
	uint32_t crc = lm_crc32c(0, bhs, LM_BHS);
	unsigned int i;

	for (i = 0; i < LM_DIGEST; i++)
		bhs[LM_BHS + i] = (uint8_t)(crc >> (8 * i));
}

bool lm_pdu_digest_ok(const uint8_t *bhs)
{
	uint32_t crc = lm_crc32c(0, bhs, LM_BHS), got = 0;
	unsigned int i;

	for (i = 0; i < LM_DIGEST; i++)
		got |= (uint32_t)bhs[LM_BHS + i] << (8 * i);
	return crc == got;
}

void lm_pdu_lun(uint8_t *field, unsigned int lun)
{
	memset(field, 0, 8);
	if (lun < 256) {
		field[1] = (uint8_t)lun;
	} else {
		field[0] = (uint8_t)(0x40 | ((lun >> 8) & 0x3f));
		field[1] = (uint8_t)lun;
	}
}

static void lm_put_dsl(uint8_t *bhs, uint32_t dsl)
{
	bhs[5] = (uint8_t)(dsl >> 16);
	bhs[6] = (uint8_t)(dsl >> 8);
	bhs[7] = (uint8_t)dsl;
}

void lm_pdu_cmd(uint8_t *bhs, const struct lm_pdu_cmd *c)
{
	memset(bhs, 0, LM_BHS);
	bhs[0] = (uint8_t)(LM_OP_SCSI_CMD | (c->immediate ? 0x40 : 0));
	bhs[1] = (uint8_t)((c->final ? 0x80 : 0) | (c->read ? 0x40 : 0) |
			   (c->write ? 0x20 : 0) | 1 /* SIMPLE task */);
	lm_put_dsl(bhs, c->dsl);
	lm_pdu_lun(bhs + 8, c->lun);
	lm_put32(bhs + 16, c->itt);
	lm_put32(bhs + 20, c->edtl);
	lm_put32(bhs + 24, c->cmdsn);
	lm_put32(bhs + 28, c->exp_statsn);
	memcpy(bhs + 32, c->cdb, 16);
}

void lm_cdb_rw16(uint8_t *cdb, bool write, bool fua, uint64_t lba,
		 uint32_t blocks)
{
	memset(cdb, 0, 16);
	cdb[0] = write ? 0x8a : 0x88;
	cdb[1] = fua ? 0x08 : 0; /* SBC's FUA bit */
	lm_put32(cdb + 2, (uint32_t)(lba >> 32));
	lm_put32(cdb + 6, (uint32_t)lba);
	lm_put32(cdb + 10, blocks);
}

void lm_cdb_unmap(uint8_t *cdb, uint8_t *param, uint64_t lba, uint32_t blocks)
{
	memset(cdb, 0, 16);
	cdb[0] = 0x42;
	cdb[8] = 24; /* parameter list length */
	memset(param, 0, 24);
	param[1] = 22; /* UNMAP data length: what follows it */
	param[3] = 16; /* block descriptor data length */
	lm_put32(param + 8, (uint32_t)(lba >> 32));
	lm_put32(param + 12, (uint32_t)lba);
	lm_put32(param + 16, blocks);
}

void lm_pdu_data_out(uint8_t *bhs, unsigned int lun, uint32_t itt, uint32_t ttt,
		     uint32_t exp_statsn, uint32_t datasn, uint32_t offset,
		     uint32_t dsl, bool final)
{
	memset(bhs, 0, LM_BHS);
	bhs[0] = LM_OP_DATA_OUT;
	bhs[1] = final ? 0x80 : 0;
	lm_put_dsl(bhs, dsl);
	lm_pdu_lun(bhs + 8, lun);
	lm_put32(bhs + 16, itt);
	lm_put32(bhs + 20, ttt);
	lm_put32(bhs + 28, exp_statsn);
	lm_put32(bhs + 36, datasn);
	lm_put32(bhs + 40, offset);
}

void lm_pdu_nop_reply(uint8_t *bhs, const uint8_t *nop_in, uint32_t cmdsn,
		      uint32_t exp_statsn)
{
	memset(bhs, 0, LM_BHS);
	bhs[0] = 0x40 | LM_OP_NOP_OUT;
	bhs[1] = 0x80;
	lm_put_dsl(bhs, lm_pdu_dsl(nop_in));
	memcpy(bhs + 8, nop_in + 8, 8);
	lm_put32(bhs + 16, LM_TAG_NONE);
	memcpy(bhs + 20, nop_in + 20, 4);
	lm_put32(bhs + 24, cmdsn);
	lm_put32(bhs + 28, exp_statsn);
}

void lm_pdu_logout(uint8_t *bhs, uint32_t itt, uint32_t cmdsn,
		   uint32_t exp_statsn)
{
	memset(bhs, 0, LM_BHS);
	bhs[0] = 0x40 | LM_OP_LOGOUT;
	bhs[1] = 0x80; /* reason 0: close the session */
	lm_put32(bhs + 16, itt);
	lm_put32(bhs + 24, cmdsn);
	lm_put32(bhs + 28, exp_statsn);
}

bool lm_pdu_sense(const uint8_t *seg, size_t len, int *key, int *ascq)
{
	const uint8_t *s = seg + 2;
	size_t n;

	if (len < 2)
		return false;
	n = (size_t)seg[0] << 8 | seg[1];
	if (n > len - 2)
		n = len - 2;
	if (n < 4)
		return false;
	switch (s[0] & 0x7f) {
	case 0x70:
	case 0x71: /* fixed format */
		*key = s[2] & 0x0f;
		*ascq = n >= 14 ? s[12] << 8 | s[13] : 0;
		return true;
	case 0x72:
	case 0x73: /* descriptor format */
		*key = s[1] & 0x0f;
		*ascq = s[2] << 8 | s[3];
		return true;
	}
	return false;
}

void lm_pdu_watch_init(struct lm_iscsi_params *s)
{
	memset(s, 0, sizeof(*s));
	s->target_mrdsl = 8192;
	s->first_burst = 65536;
	s->max_burst = 262144;
	/* what the data path may assume when a target never says: no
	 * unsolicited data at all, which every target takes */
	s->immediate_data = false;
	s->initial_r2t = true;
}

/* Whether StatSN moved with @bhs (a Data-In without status is taken
 * apart by the caller: its StatSN field is reserved). */
static bool lm_status_advances(const uint8_t *bhs)
{
	switch (lm_pdu_op(bhs)) {
	case LM_OP_NOP_IN:
		return lm_get32(bhs + 16) != LM_TAG_NONE;
	case LM_OP_R2T:
		return false;
	}
	return true;
}

void lm_pdu_sn(struct lm_iscsi_params *s, const uint8_t *bhs)
{
	uint32_t exp = lm_get32(bhs + 28), max = lm_get32(bhs + 32);
	uint32_t statsn = lm_get32(bhs + 24);
	unsigned int op = lm_pdu_op(bhs);

	if (op == LM_OP_DATA_IN && !(bhs[1] & LM_FL_STATUS))
		statsn = s->exp_statsn; /* reserved there */
	else if (lm_status_advances(bhs))
		statsn++;
	if (!s->sn_valid || !lm_sn_before(statsn, s->exp_statsn))
		s->exp_statsn = statsn;
	/* RFC 7143 4.2.2.1: MaxCmdSN + 1 before ExpCmdSN means ignore both */
	if (lm_sn_before(max + 1, exp))
		return;
	if (!s->sn_valid || lm_sn_before(s->cmdsn, exp))
		s->cmdsn = exp;
	if (!s->sn_valid || lm_sn_before(s->max_cmdsn, max))
		s->max_cmdsn = max;
	s->sn_valid = true;
}

static bool lm_key_num(const char *v, uint32_t *out)
{
	char *end;
	unsigned long n = strtoul(v, &end, 0);

	if (end == v || *end || n < 512 || n > 0xffffff)
		return false;
	*out = (uint32_t)n;
	return true;
}

static void lm_watch_key(struct lm_iscsi_params *s, const char *kv)
{
	static const struct {
		const char *key;
		size_t off; /* of a uint32_t, or of a bool when !num */
		bool num;
	} keys[] = {
		{ "MaxRecvDataSegmentLength=",
		  offsetof(struct lm_iscsi_params, target_mrdsl), true },
		{ "FirstBurstLength=",
		  offsetof(struct lm_iscsi_params, first_burst), true },
		{ "MaxBurstLength=",
		  offsetof(struct lm_iscsi_params, max_burst), true },
		{ "ImmediateData=",
		  offsetof(struct lm_iscsi_params, immediate_data), false },
		{ "InitialR2T=", offsetof(struct lm_iscsi_params, initial_r2t),
		  false },
	};
	unsigned int i;
	size_t n;

	if (!strncmp(kv, "HeaderDigest=", 13)) {
		s->header_digest = !strcmp(kv + 13, "CRC32C");
		return;
	}
	if (!strncmp(kv, "DataDigest=", 11)) {
		s->data_digest = !strcmp(kv + 11, "CRC32C");
		return;
	}
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		n = strlen(keys[i].key);
		if (strncmp(kv, keys[i].key, n))
			continue;
		if (keys[i].num) {
			if (!lm_key_num(kv + n,
					(uint32_t *)((char *)s + keys[i].off)))
				s->keys_broken = true;
		} else if (!strcmp(kv + n, "Yes") || !strcmp(kv + n, "No")) {
			*(bool *)((char *)s + keys[i].off) = kv[n] == 'Y';
		} else {
			s->keys_broken = true;
		}
		return;
	}
}

static void lm_watch_keys(struct lm_iscsi_params *s, const uint8_t *d,
			  size_t len)
{
	char kv[256];
	const uint8_t *end;
	size_t n;

	while (len) {
		end = memchr(d, '\0', len);
		n = end ? (size_t)(end - d) : len;
		if (n < sizeof(kv)) {
			memcpy(kv, d, n);
			kv[n] = '\0';
			lm_watch_key(s, kv);
		}
		n += end ? 1 : 0;
		d += n;
		len -= n;
	}
}

void lm_pdu_watch(struct lm_iscsi_params *s, const uint8_t *pdu, size_t dlen)
{
	size_t hlen =
		LM_BHS + (s->logged_in && s->header_digest ? LM_DIGEST : 0);

	lm_pdu_sn(s, pdu);
	if (lm_pdu_op(pdu) != LM_OP_LOGIN_RSP || pdu[36] != 0)
		return;
	lm_watch_keys(s, pdu + hlen + pdu[4] * 4u, dlen);
	/* T set and NSG full feature phase: the session is in */
	if ((pdu[1] & 0x80) && (pdu[1] & 0x03) == 3)
		s->logged_in = true;
}
