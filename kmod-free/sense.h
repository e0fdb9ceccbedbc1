/* SPDX-License-Identifier: MIT */
/*
 * SCSI status and sense, turned into errno plus readable text: the one
 * table of what a target's answer means, for the session's commands and
 * for kmod-free/scsi.h's alike.
 */
#ifndef LM_KMF_SENSE_H
#define LM_KMF_SENSE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A command's outcome from its SCSI status (libiscsi's SCSI_STATUS_*, the
 * status byte itself for a target's answers) and, for CHECK CONDITION, the
 * sense key and ASC << 8 | ASCQ: 0 for GOOD, else -errno and a readable
 * text in @msg ("LBA out of range", "write protected", "unit attention:
 * capacity changed", ...). *@retry is set when the target did not execute
 * the command and asks for it again (unit attention, busy, task set full).
 */
int lm_iscsi_status_error(int status, int key, int ascq, bool *retry, char *msg,
			  size_t len);

/* The same for a sense key and ASC/ASCQ; the table behind it. */
int lm_iscsi_sense_errno(int key, int ascq, bool *retry, const char **text);

#endif
