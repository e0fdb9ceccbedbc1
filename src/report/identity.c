// SPDX-License-Identifier: MIT
/* `lunmark probe` output: text for people, JSON (json-c) for scripts. */
#include "src/report/report.h"
#include "src/result/jsonw.h"
#include "src/units.h"

static const char *lm_tri(int v, const char *yes, const char *no)
{
	return v < 0 ? "unknown" : v ? yes : no;
}

static void lm_line(FILE *f, const char *k, const char *v)
{
	if (v && v[0])
		fprintf(f, "  %-18s %s\n", k, v);
}

void lm_report_identity_text(FILE *f, const struct lm_identity *p)
{
	char a[32], b[32];

	lm_fmt_size(a, sizeof(a), p->size_bytes);
	fprintf(f, "%s (%s)\n", p->target, p->kind);
	fprintf(f, "  %-18s %llu bytes (%s)\n",
		"size:", (unsigned long long)p->size_bytes, a);
	fprintf(f, "  %-18s %u bytes\n", "logical block:", p->lbs_bytes);
	if (p->pbs_bytes)
		fprintf(f, "  %-18s %u bytes\n",
			"physical block:", p->pbs_bytes);
	lm_line(f, "vendor:", p->vendor);
	lm_line(f, "model:", p->model);
	lm_line(f, "revision:", p->revision);
	lm_line(f, "serial:", p->serial);
	lm_fmt_size(a, sizeof(a), p->max_io_bytes);
	lm_fmt_size(b, sizeof(b), p->opt_io_bytes);
	lm_line(f, "max transfer:", p->max_io_bytes ? a : "");
	lm_line(f, "optimal transfer:", p->opt_io_bytes ? b : "");
	if (p->thin >= 0)
		fprintf(f, "  %-18s %s (LBPME %d, LBPRZ %d)\n", "provisioning:",
			p->provisioning[0] ? p->provisioning
			: p->thin	   ? "thin"
					   : "full",
			p->thin, p->lbprz > 0);
	if (p->unmap >= 0)
		lm_line(f, "unmap/discard:", lm_tri(p->unmap, "yes", "no"));
	if (p->rotational >= 0)
		lm_line(f, "rotational:", lm_tri(p->rotational, "yes", "no"));
	if (!p->session)
		return;
	fprintf(f,
		"  %-18s HeaderDigest=%s DataDigest=%s ImmediateData=%s InitialR2T=%s\n",
		"iSCSI login:", p->session->header_digest ? "CRC32C" : "None",
		p->session->data_digest ? "CRC32C" : "None",
		p->session->immediate_data ? "Yes" : "No",
		p->session->initial_r2t ? "Yes" : "No");
	fprintf(f, "  %-18s FirstBurstLength=%u MaxBurstLength=%u\n", "",
		p->session->first_burst, p->session->max_burst);
	fprintf(f, "  %-18s MaxRecvDataSegmentLength=%u (the target's)\n", "",
		p->session->target_mrdsl);
	fprintf(f, "  %-18s %u (MaxCmdSN - ExpCmdSN + 1 after login)\n",
		"command window:", p->cmd_window);
}

static void lm_jstr(struct json_object *o, const char *k, const char *v)
{
	if (v && v[0])
		lm_jput_str(o, k, v);
}

static void lm_jtri(struct json_object *o, const char *k, int v)
{
	if (v >= 0)
		lm_jput_bool(o, k, v);
}

static void lm_jnum(struct json_object *o, const char *k, uint64_t v)
{
	if (v)
		lm_jput_u64(o, k, v);
}

void lm_report_identity_json(FILE *f, const struct lm_identity *p)
{
	struct json_object *o = json_object_new_object();

	lm_jstr(o, "target", p->target);
	lm_jstr(o, "kind", p->kind);
	lm_jput_u64(o, "size_bytes", p->size_bytes);
	lm_jnum(o, "logical_block_bytes", p->lbs_bytes);
	lm_jnum(o, "physical_block_bytes", p->pbs_bytes);
	lm_jstr(o, "vendor", p->vendor);
	lm_jstr(o, "model", p->model);
	lm_jstr(o, "revision", p->revision);
	lm_jstr(o, "serial", p->serial);
	lm_jnum(o, "max_transfer_bytes", p->max_io_bytes);
	lm_jnum(o, "optimal_transfer_bytes", p->opt_io_bytes);
	lm_jtri(o, "thin_provisioned", p->thin);
	lm_jtri(o, "unmapped_read_zero", p->lbprz);
	lm_jstr(o, "provisioning", p->provisioning);
	lm_jtri(o, "unmap", p->unmap);
	lm_jtri(o, "rotational", p->rotational);
	if (p->session) {
		struct json_object *s = json_object_new_object();

		lm_jput_str(s, "header_digest",
			    p->session->header_digest ? "CRC32C" : "None");
		lm_jput_str(s, "data_digest",
			    p->session->data_digest ? "CRC32C" : "None");
		lm_jput_bool(s, "immediate_data", p->session->immediate_data);
		lm_jput_bool(s, "initial_r2t", p->session->initial_r2t);
		lm_jput_u64(s, "first_burst_length", p->session->first_burst);
		lm_jput_u64(s, "max_burst_length", p->session->max_burst);
		lm_jput_u64(s, "target_max_recv_data_segment_length",
			    p->session->target_mrdsl);
		lm_jput_u64(s, "command_window", p->cmd_window);
		json_object_object_add(o, "iscsi_login", s);
	}
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(
			o, JSON_C_TO_STRING_PRETTY |
				   JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
}
