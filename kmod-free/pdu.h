/* SPDX-License-Identifier: MIT */
/*
 * iSCSI PDUs of the full feature phase (RFC 7143), as kmod-free's data
 * path builds and reads them: the 48-byte basic header segment (BHS) of a
 * SCSI Command, Data-Out, NOP-Out and Logout; the fields of what a target
 * sends back; the CRC32C of header digests; sense data. And the watch of a
 * login: libiscsi 1.19 logs in but has no getters for what was negotiated
 * or where the sequence numbers stand, so lm_pdu_watch() reads the PDUs it
 * receives (peeked, not taken) and keeps what the data path needs. Pure
 * functions on byte buffers; no IO.
 */
#ifndef LM_KMF_PDU_H
#define LM_KMF_PDU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_BHS 48
#define LM_DIGEST 4
#define LM_TAG_NONE 0xffffffffu /* ITT or TTT "none" */

enum lm_pdu_op {
	LM_OP_NOP_OUT = 0x00,
	LM_OP_SCSI_CMD = 0x01,
	LM_OP_DATA_OUT = 0x05,
	LM_OP_LOGOUT = 0x06,
	LM_OP_NOP_IN = 0x20,
	LM_OP_SCSI_RSP = 0x21,
	LM_OP_TMF_RSP = 0x22,
	LM_OP_LOGIN_RSP = 0x23,
	LM_OP_TEXT_RSP = 0x24,
	LM_OP_DATA_IN = 0x25,
	LM_OP_LOGOUT_RSP = 0x26,
	LM_OP_R2T = 0x31,
	LM_OP_ASYNC = 0x32,
	LM_OP_REJECT = 0x3f,
};

/* Data-In and SCSI Response flags (byte 1) */
#define LM_FL_FINAL 0x80
#define LM_FL_OVERFLOW 0x04
#define LM_FL_UNDERFLOW 0x02
#define LM_FL_STATUS 0x01 /* Data-In: status is in this PDU */

static inline uint32_t lm_get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline void lm_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* Serial number arithmetic (RFC 1982) on CmdSN and StatSN: a before b. */
static inline bool lm_sn_before(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) < 0;
}

static inline unsigned int lm_pdu_op(const uint8_t *bhs)
{
	return bhs[0] & 0x3f;
}

/* DataSegmentLength, and the bytes it takes on the wire with padding */
static inline uint32_t lm_pdu_dsl(const uint8_t *bhs)
{
	return (uint32_t)bhs[5] << 16 | (uint32_t)bhs[6] << 8 | bhs[7];
}

static inline uint32_t lm_pad4(uint32_t n)
{
	return (4 - (n & 3)) & 3;
}

/* CRC32C (Castagnoli), as header and data digests use it: start at 0. */
uint32_t lm_crc32c(uint32_t crc, const void *buf, size_t len);

/* Append the header digest of @bhs (LM_BHS bytes) at bhs[LM_BHS]. */
void lm_pdu_digest_put(uint8_t *bhs);
/* Whether bhs[LM_BHS] holds the digest of the header before it. */
bool lm_pdu_digest_ok(const uint8_t *bhs);

/* The 8-byte LUN field of LUN @lun (peripheral or flat addressing). */
void lm_pdu_lun(uint8_t *field, unsigned int lun);

/* What a SCSI Command PDU says. */
struct lm_pdu_cmd {
	unsigned int lun;
	uint32_t itt;
	uint32_t cmdsn;
	uint32_t exp_statsn;
	uint32_t edtl; /* Expected Data Transfer Length */
	uint32_t dsl;  /* immediate data in this PDU */
	bool read;
	bool write;
	bool final;	/* no unsolicited Data-Out follows */
	bool immediate; /* delivered at once, CmdSN not advanced */
	uint8_t cdb[16];
};
void lm_pdu_cmd(uint8_t *bhs, const struct lm_pdu_cmd *c);

/* READ(16) or WRITE(16) of @blocks from @lba; @fua: a write through the
 * LUN's cache (FUA), O_SYNC's on a LUN. */
void lm_cdb_rw16(uint8_t *cdb, bool write, bool fua, uint64_t lba,
		 uint32_t blocks);
/* UNMAP(10) of @blocks at @lba: the CDB, and its 24-byte parameter list
 * (a header and one block descriptor) into @param. */
void lm_cdb_unmap(uint8_t *cdb, uint8_t *param, uint64_t lba, uint32_t blocks);

/* A Data-Out PDU of @dsl bytes at @offset, solicited by @ttt (or not). */
void lm_pdu_data_out(uint8_t *bhs, unsigned int lun, uint32_t itt, uint32_t ttt,
		     uint32_t exp_statsn, uint32_t datasn, uint32_t offset,
		     uint32_t dsl, bool final);

/* A NOP-Out answering a target's ping (@nop_in: its NOP-In). */
void lm_pdu_nop_reply(uint8_t *bhs, const uint8_t *nop_in, uint32_t cmdsn,
		      uint32_t exp_statsn);

/* A Logout request closing the session. */
void lm_pdu_logout(uint8_t *bhs, uint32_t itt, uint32_t cmdsn,
		   uint32_t exp_statsn);

/*
 * Sense data from a SCSI Response's data segment (2-byte SenseLength, then
 * fixed or descriptor format): the key and ASC << 8 | ASCQ. false when
 * there is none to read.
 */
bool lm_pdu_sense(const uint8_t *seg, size_t len, int *key, int *ascq);

/* Where a session stands, as the data path takes it over. */
struct lm_iscsi_params {
	uint32_t cmdsn; /* the next command's CmdSN (the last ExpCmdSN) */
	uint32_t max_cmdsn;
	uint32_t exp_statsn; /* the last StatSN + 1 */
	/* negotiated at login; the RFC's defaults until a key says else */
	uint32_t target_mrdsl; /* target's MaxRecvDataSegmentLength */
	uint32_t first_burst;
	uint32_t max_burst;
	bool immediate_data;
	bool initial_r2t;
	bool header_digest;
	bool data_digest;
	bool logged_in;	  /* a final login response was watched */
	bool sn_valid;	  /* ExpCmdSN and MaxCmdSN were seen */
	bool keys_broken; /* a key's value could not be read */
	bool blind;	  /* a PDU went by unwatched */
};

/* Before the first PDU: the RFC's defaults. */
void lm_pdu_watch_init(struct lm_iscsi_params *s);

/*
 * Take note of one whole PDU a target sent (@pdu: the header, its digest
 * when there is one, and @dlen bytes of data segment after it). Watching
 * the same PDU twice changes nothing.
 */
void lm_pdu_watch(struct lm_iscsi_params *s, const uint8_t *pdu, size_t dlen);

/* Update @s's ExpCmdSN/MaxCmdSN and StatSN from a target PDU's header. */
void lm_pdu_sn(struct lm_iscsi_params *s, const uint8_t *bhs);

#endif
