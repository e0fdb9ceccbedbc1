// SPDX-License-Identifier: MIT
#include "kmod-free/sense.h"
#include "kmod-free/util.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <stdio.h>

static const struct {
	int key;
	int ascq; /* -1: any */
	int err;
	bool retry;
	const char *text;
} lm_senses[] = {
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_LBA_OUT_OF_RANGE, EINVAL,
	  false, "LBA out of range" },
	{ SCSI_SENSE_ILLEGAL_REQUEST,
	  SCSI_SENSE_ASCQ_LOGICAL_UNIT_NOT_SUPPORTED, ENXIO, false,
	  "LUN not found" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_INVALID_OPERATION_CODE,
	  EOPNOTSUPP, false, "command not supported by the target" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_INVALID_FIELD_IN_CDB,
	  EINVAL, false,
	  "invalid field in the command (a transfer longer than the target takes?)" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, -1, EINVAL, false, "illegal request" },
	{ SCSI_SENSE_DATA_PROTECTION, -1, EROFS, false, "write protected" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_CAPACITY_DATA_HAS_CHANGED,
	  ESTALE, false, "unit attention: capacity changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_MODE_PARAMETERS_CHANGED,
	  EAGAIN, true, "unit attention: mode parameters changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_INQUIRY_DATA_HAS_CHANGED,
	  EAGAIN, true, "unit attention: inquiry data changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, -1, EAGAIN, true,
	  "unit attention: power on, reset or nexus loss" },
	{ SCSI_SENSE_NOT_READY, SCSI_SENSE_ASCQ_MEDIUM_NOT_PRESENT, ENOMEDIUM,
	  false, "medium not present" },
	{ SCSI_SENSE_NOT_READY, -1, EBUSY, false, "LUN not ready" },
	{ SCSI_SENSE_MEDIUM_ERROR, -1, EIO, false, "medium error" },
	{ SCSI_SENSE_HARDWARE_ERROR, -1, EIO, false, "hardware error" },
	{ SCSI_SENSE_COMMAND_ABORTED, -1, EIO, false,
	  "command aborted by the target" },
	{ SCSI_SENSE_MISCOMPARE, -1, EILSEQ, false, "miscompare" },
};

int lm_iscsi_sense_errno(int key, int ascq, bool *retry, const char **text)
{
	unsigned int i;

	for (i = 0; i < LM_KF_ARRAY_SIZE(lm_senses); i++) {
		if (lm_senses[i].key != key)
			continue;
		/* a whole ASC (ascq low byte ignored) for unit attentions of
		 * the reset family and for write protection */
		if (lm_senses[i].ascq >= 0 && lm_senses[i].ascq != ascq)
			continue;
		*retry = lm_senses[i].retry;
		*text = lm_senses[i].text;
		return -lm_senses[i].err;
	}
	*retry = false;
	*text = "check condition";
	return -EIO;
}

/* SPC's sense key names; libiscsi's scsi_sense_key_str() has no name
 * for MEDIUM ERROR (1.19 returns NULL for it) */
static const char *lm_sense_key_name(int key)
{
	static const char *const names[] = {
		"NO SENSE",	   "RECOVERED ERROR", "NOT READY",
		"MEDIUM ERROR",	   "HARDWARE ERROR",  "ILLEGAL REQUEST",
		"UNIT ATTENTION",  "DATA PROTECT",    "BLANK CHECK",
		"VENDOR SPECIFIC", "COPY ABORTED",    "ABORTED COMMAND",
		"RESERVED",	   "VOLUME OVERFLOW", "MISCOMPARE",
		"COMPLETED",
	};

	return key >= 0 && key < (int)LM_KF_ARRAY_SIZE(names) ? names[key]
							      : "unknown";
}

int lm_iscsi_status_error(int status, int key, int ascq, bool *retry, char *msg,
			  size_t len)
{
	const char *text;
	int err;

	*retry = false;
	switch (status) {
	case SCSI_STATUS_GOOD:
	case SCSI_STATUS_CONDITION_MET:
		return 0;
	case SCSI_STATUS_CHECK_CONDITION:
		err = lm_iscsi_sense_errno(key, ascq, retry, &text);
		snprintf(msg, len, "%s (sense key %s, ASC/ASCQ 0x%04x)", text,
			 lm_sense_key_name(key), (unsigned int)ascq);
		return err;
	case SCSI_STATUS_BUSY:
	case SCSI_STATUS_TASK_SET_FULL:
		*retry = true;
		snprintf(msg, len, "target busy (%s)",
			 status == SCSI_STATUS_BUSY ? "BUSY" : "TASK SET FULL");
		return -EAGAIN;
	case SCSI_STATUS_RESERVATION_CONFLICT:
		snprintf(
			msg, len,
			"reservation conflict: another initiator holds a reservation on the LUN");
		return -EBUSY;
	case SCSI_STATUS_TASK_ABORTED:
		snprintf(msg, len, "command aborted by the target");
		return -ECANCELED;
	case SCSI_STATUS_CANCELLED:
		/* lunmark aborts nothing: libiscsi cancels on a lost session */
		snprintf(msg, len, "connection lost (command cancelled)");
		return -ECONNRESET;
	case SCSI_STATUS_TIMEOUT:
		snprintf(msg, len, "no answer within the timeout");
		return -ETIMEDOUT;
	case SCSI_STATUS_ERROR:
		snprintf(msg, len, "connection lost");
		return -ECONNRESET;
	}
	snprintf(msg, len, "SCSI status 0x%x", (unsigned int)status);
	return -EIO;
}
