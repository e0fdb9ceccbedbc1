/* SPDX-License-Identifier: MIT */
/*
 * SCSI commands through a logged-in libiscsi context (kmod-free/login.h),
 * one at a time and waited for: what a LUN says of itself, and a plain
 * read. For the caller's main thread, not for the data path
 * (kmod-free/session.h carries that).
 */
#ifndef LM_KMF_SCSI_H
#define LM_KMF_SCSI_H

#include "kmod-free/login.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a LUN says of itself. */
struct lm_lun_info {
	uint64_t blocks;
	uint32_t lbs;	     /* logical block size */
	unsigned int lbppbe; /* logical blocks per physical: 2^lbppbe */
	bool lbpme;	     /* thin provisioned */
	bool lbprz;	     /* unmapped blocks read as zeros */
	char vendor[9];
	char product[17];
	char revision[5];
	char serial[256];	  /* VPD 0x80; "" when absent */
	bool has_limits;	  /* VPD 0xB0 */
	uint32_t max_xfer_blocks; /* 0: no limit reported */
	uint32_t opt_xfer_blocks;
	uint16_t opt_gran_blocks;
	bool has_prov; /* VPD 0xB2 */
	int prov_type; /* 0 full, 1 resource, 2 thin */
	bool lbpu;     /* UNMAP */
	bool lbpws;    /* WRITE SAME(16) with unmap */
};

/*
 * READ CAPACITY(16), INQUIRY and the VPD pages 0x80 (serial), 0xB0 (block
 * limits) and 0xB2 (provisioning) into @i; an absent page is left out.
 * 0, or -errno and a message naming the LUN.
 */
int lm_iscsi_lun_info(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		      struct lm_lun_info *i, char *msg, size_t len);

/* READ(16) of @len bytes at @lba, @lbs-byte blocks, into @buf (the write
 * guard's look at a LUN). 0, or -errno and a message. */
int lm_iscsi_read(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		  uint64_t lba, uint32_t lbs, void *buf, uint32_t len,
		  char *msg, size_t mlen);

#endif
