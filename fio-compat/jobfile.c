// SPDX-License-Identifier: MIT
#include "fio-compat/jobfile.h"
#include "fio-compat/keywords.h"
#include "src/job/job.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LM_FIO_LINE_MAX 4096
#define LM_FIO_FILE_MAX (16u << 20)

/* What one read is in the middle of: the include stack. */
struct lm_fio_reader {
	struct lm_fio_file *f;
	const char *stack[LM_FIO_INCLUDE_DEPTH];
	unsigned int depth;
	char *msg;
	size_t len;
	/* fio's command line: its values as given (lm_fio_read_cmdline) */
	bool verbatim;
};

static int lm_fio_bad(struct lm_fio_reader *r, const char *file,
		      unsigned int line, const char *what)
{
	snprintf(r->msg, r->len, "%s:%u: %s", file, line, what);
	return -EINVAL;
}

/* ${VAR} from the environment, into @out of @size. */
static int lm_fio_expand(struct lm_fio_reader *r, const char *file,
			 unsigned int line, const char *in, char *out,
			 size_t size)
{
	size_t o = 0, n;
	const char *end, *v;
	char name[128];

	while (*in) {
		if (in[0] == '$' && in[1] == '{') {
			end = strchr(in + 2, '}');
			if (!end || end == in + 2 ||
			    (size_t)(end - in - 2) >= sizeof(name))
				return lm_fio_bad(
					r, file, line,
					"'${' without a variable name and '}'");
			memcpy(name, in + 2, (size_t)(end - in - 2));
			name[end - in - 2] = '\0';
			v = getenv(name);
			if (!v) {
				/* fio expands it to nothing, silently */
				lm_note("%s:%u: ${%s} is not set in the environment: empty, as fio takes it",
					file, line, name);
				v = "";
			}
			n = strlen(v);
			in = end + 1;
		} else {
			v = in++;
			n = 1;
		}
		if (o + n >= size)
			return lm_fio_bad(r, file, line,
					  "the line is too long");
		memcpy(out + o, v, n);
		o += n;
	}
	out[o] = '\0';
	return 0;
}

static int lm_fio_section(struct lm_fio_reader *r, const char *file,
			  unsigned int line, char *p)
{
	struct lm_fio_file *f = r->f;
	struct lm_fio_section *s;
	char *end = strchr(p, ']'), *rest;

	if (!end || end == p + 1)
		return lm_fio_bad(r, file, line,
				  "bad section header: it must be [name]");
	/* fio takes a ';' or '#' comment after the header ([job] ; note) */
	rest = lm_strtrim(end + 1);
	if (*rest && *rest != ';' && *rest != '#')
		return lm_fio_bad(
			r, file, line,
			"bad section header: it must be [name], then at most a ; or # comment");
	*end = '\0';
	p = lm_strtrim(p + 1);
	/* fio takes spaces in a name ([my job]) */
	if (!*p || strpbrk(p, "[]"))
		return lm_fio_bad(r, file, line,
				  "bad section name: no brackets in it");
	/* a name cut would name two jobs' files alike */
	_Static_assert(LM_JOB_NAME_MAX == 127, "the message below says 127");
	if (strlen(p) > LM_JOB_NAME_MAX)
		return lm_fio_bad(
			r, file, line,
			"a job's name of more than 127 characters: give a shorter one");
	s = realloc(f->secs, (f->nsecs + 1) * sizeof(*s));
	if (!s)
		return -ENOMEM;
	f->secs = s;
	s = &f->secs[f->nsecs++];
	memset(s, 0, sizeof(*s));
	s->name = strdup(p);
	/* fio: any section whose name begins with "global" ([global_a]) */
	s->global = !strncmp(p, "global", 6);
	s->part = f->nparts ? f->nparts - 1 : 0;
	s->in_order = r->verbatim;
	s->file = file;
	s->line = line;
	return s->name ? 0 : -ENOMEM;
}

/* Has the job file being read (its part) begun a section? fio takes an
 * option or an include only inside one: in another file's last section
 * it would change another file's job. */
static bool lm_fio_in_section(const struct lm_fio_reader *r)
{
	const struct lm_fio_file *f = r->f;

	return f->nsecs && f->secs[f->nsecs - 1].part + 1 == f->nparts;
}

static int lm_fio_option(struct lm_fio_reader *r, const char *file,
			 unsigned int line, char *p)
{
	struct lm_fio_section *s;
	struct lm_fio_opt *o;
	char *eq, *key, *val = NULL;
	char what[320], kw[LM_FIO_LINE_MAX], why[200];
	bool blank = false;

	/* in a job file fio ends a line at a ';' or '#' anywhere in it: the
	 * rest is a comment (numjobs=4 ; four threads, stonewall # wait) */
	if (!r->verbatim)
		p[strcspn(p, ";#")] = '\0';
	key = lm_strtrim(p);
	eq = strchr(key, '=');

	if (!lm_fio_in_section(r))
		return lm_fio_bad(
			r, file, line,
			"an option before the file's first [section] (fio refuses it too: put it under [global] or a job)");
	if (eq) {
		*eq = '\0';
		blank = isspace((unsigned char)eq[1]);
		val = lm_strtrim(eq + 1);
		key = lm_strtrim(key);
	}
	if (!*key)
		return lm_fio_bad(r, file, line, "'=' without an option name");
	if (val && !*val) {
		/* fio: "failed parsing KEY=", for every option */
		snprintf(
			what, sizeof(what),
			"%.64s=: an empty value (fio refuses it too): give one, or leave the line out",
			key);
		return lm_fio_bad(r, file, line, what);
	}
	/* $ncpus and the like, as fio's job files see them */
	if (val && !r->verbatim &&
	    lm_fio_keywords(val, strlen(key), kw, sizeof(kw), why,
			    sizeof(why))) {
		snprintf(what, sizeof(what), "%.64s=%.200s", key, why);
		return lm_fio_bad(r, file, line, what);
	}
	if (val && !r->verbatim)
		val = kw;
	s = &r->f->secs[r->f->nsecs - 1];
	o = realloc(s->opts, (s->nopts + 1) * sizeof(*o));
	if (!o)
		return -ENOMEM;
	s->opts = o;
	o = &s->opts[s->nopts++];
	o->key = strdup(key);
	o->val = val ? strdup(val) : NULL;
	o->blank = blank;
	o->file = file;
	o->line = line;
	return o->key && (!val || o->val) ? 0 : -ENOMEM;
}

static int lm_fio_include(struct lm_fio_reader *r, const char *file,
			  unsigned int line, const char *name);

/* fio's job files take as an include any line that begins "include",
 * and the file name after its next character (include=f too); fio's
 * command line has none. */
static bool lm_fio_is_include(const struct lm_fio_reader *r, const char *p)
{
	return !r->verbatim && !strncmp(p, "include", 7);
}

static int lm_fio_line(struct lm_fio_reader *r, const char *file,
		       unsigned int line, char *raw)
{
	char buf[LM_FIO_LINE_MAX], *p;
	bool include;
	int ret;

	p = lm_strtrim(raw);
	if (!*p || (!r->verbatim && (*p == ';' || *p == '#')))
		return 0;
	/* fio tells sections and includes from options as written, then
	 * replaces ${VAR} in option lines only: a [${X}] section or an
	 * include ${X} is taken as written, and a ${X} of "include f" is
	 * an option */
	include = lm_fio_is_include(r, p);
	if (*p == '[' && r->depth > 1)
		/* the job file read first is the stack's one entry */
		return lm_fio_bad(
			r, file, line,
			"a [section] in an included file (fio refuses it too: \"No new sections in included files\"): an included file holds options only");
	if (*p == '[')
		return lm_fio_section(r, file, line, p);
	if (!r->verbatim && !include) {
		ret = lm_fio_expand(r, file, line, p, buf, sizeof(buf));
		if (ret)
			return ret;
		p = buf;
	}
	if (include) {
		if (!lm_fio_in_section(r))
			return lm_fio_bad(
				r, file, line,
				"an include before the file's first [section] (fio refuses it too)");
		return lm_fio_include(r, file, line, p[7] ? p + 8 : "");
	}
	return lm_fio_option(r, file, line, p);
}

/* The @n bytes of @text, a NUL after them: line by line, after line0. */
static int lm_fio_parse(struct lm_fio_reader *r, const char *file, char *text,
			size_t n, unsigned int line0)
{
	const char *nul = memchr(text, '\0', n);
	unsigned int line = line0;
	char *p = text, *nl;
	int ret = 0;

	/* a C string would end there, and the rest go unread */
	if (nul) {
		for (line++; (p = memchr(p, '\n', (size_t)(nul - p))); p++)
			line++;
		return lm_fio_bad(
			r, file, line,
			"a NUL byte in the line: a job file is text (saved as UTF-16? save it as UTF-8)");
	}
	while (*p && !ret) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		line++;
		if (strlen(p) >= LM_FIO_LINE_MAX)
			return lm_fio_bad(r, file, line,
					  "the line is too long");
		ret = lm_fio_line(r, file, line, p);
		if (!nl)
			break;
		p = nl + 1;
	}
	if (ret == -ENOMEM)
		snprintf(r->msg, r->len, "%s: out of memory", file);
	return ret;
}

/* Keep @path for the options that name it. */
static const char *lm_fio_keep(struct lm_fio_file *f, const char *path)
{
	char **p = realloc(f->paths, (f->npaths + 1) * sizeof(*p));

	if (!p)
		return NULL;
	f->paths = p;
	p[f->npaths] = strdup(path);
	return p[f->npaths] ? p[f->npaths++] : NULL;
}

/* not a regular file: a FIFO or a device */
#define ENOTREG_LM 1000

static const char *lm_fio_read_err(int ret)
{
	return ret == -ENOTREG_LM ? "not a regular file (a job file is)"
				  : strerror(-ret);
}

static int lm_fio_slurp(const char *path, char **text, size_t *n)
{
	FILE *fp = fopen(path, "re");
	struct stat st;
	long size;

	if (!fp)
		return -errno;
	/* a FIFO or a device would block or never end */
	if (fstat(fileno(fp), &st) || !S_ISREG(st.st_mode)) {
		fclose(fp);
		return -ENOTREG_LM;
	}
	if (fseek(fp, 0, SEEK_END) || (size = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET)) {
		fclose(fp);
		return -EIO;
	}
	if ((unsigned long)size > LM_FIO_FILE_MAX) {
		fclose(fp);
		return -EFBIG;
	}
	*text = malloc((size_t)size + 1);
	if (!*text) {
		fclose(fp);
		return -ENOMEM;
	}
	*n = fread(*text, 1, (size_t)size, fp);
	(*text)[*n] = '\0';
	fclose(fp);
	return 0;
}

static int lm_fio_read_path(struct lm_fio_reader *r, const char *path,
			    const char *from, unsigned int line)
{
	const char *kept;
	char *text = NULL;
	unsigned int i;
	size_t n = 0;
	int ret;

	/* the first file has no includer: messages name it then */
	if (!from)
		from = path;
	for (i = 0; i < r->depth; i++)
		if (!strcmp(r->stack[i], path))
			return lm_fio_bad(
				r, from, line,
				"include loop: the file includes itself");
	if (r->depth == LM_FIO_INCLUDE_DEPTH)
		return lm_fio_bad(r, from, line, "includes nested too deep");
	ret = lm_fio_slurp(path, &text, &n);
	if (ret) {
		if (line)
			snprintf(r->msg, r->len, "%s:%u: include %s: %s", from,
				 line, path, lm_fio_read_err(ret));
		else
			snprintf(r->msg, r->len, "%s: cannot read it: %s", path,
				 lm_fio_read_err(ret));
		return ret;
	}
	kept = lm_fio_keep(r->f, path);
	if (!kept) {
		free(text);
		return -ENOMEM;
	}
	r->stack[r->depth++] = kept;
	ret = lm_fio_parse(r, kept, text, n, 0);
	r->depth--;
	free(text);
	return ret;
}

static int lm_fio_include(struct lm_fio_reader *r, const char *file,
			  unsigned int line, const char *name)
{
	char path[PATH_MAX];
	const char *slash = strrchr(file, '/');

	if (!*name)
		return lm_fio_bad(r, file, line, "include without a file name");
	/* fio takes the name as it stands: "include  f" is " f" */
	if (isspace((unsigned char)*name)) {
		snprintf(
			r->msg, r->len,
			"%s:%u: include '%s': fio takes the name after one blank, with the blanks after it (it fails to open '%s' too): write one blank",
			file, line, name, name);
		return -EINVAL;
	}
	/* fio's order: as given (from the current directory), else beside
	 * the file that includes it */
	if (*name == '/' || !slash || !access(name, F_OK))
		snprintf(path, sizeof(path), "%s", name);
	else
		snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - file),
			 file, name);
	return lm_fio_read_path(r, path, file, line);
}

int lm_fio_read(const char *path, struct lm_fio_file *f, char *msg, size_t len)
{
	struct lm_fio_reader r = { .f = f, .msg = msg, .len = len };

	memset(f, 0, sizeof(*f));
	f->nparts = 1;
	return lm_fio_read_path(&r, path, NULL, 0);
}

int lm_fio_read_next(const char *path, struct lm_fio_file *f, char *msg,
		     size_t len)
{
	struct lm_fio_reader r = { .f = f, .msg = msg, .len = len };

	f->nparts++;
	return lm_fio_read_path(&r, path, NULL, 0);
}

static int lm_fio_read_mem(struct lm_fio_reader *r, const char *name,
			   const char *text, size_t n, unsigned int line0)
{
	struct lm_fio_file *f = r->f;
	const char *kept;
	char *copy;
	int ret;

	memset(f, 0, sizeof(*f));
	f->nparts = 1;
	kept = lm_fio_keep(f, name);
	copy = malloc(n + 1);
	if (!kept || !copy) {
		free(copy);
		snprintf(r->msg, r->len, "%s: out of memory", name);
		return -ENOMEM;
	}
	memcpy(copy, text, n);
	copy[n] = '\0';
	r->stack[r->depth++] = kept;
	ret = lm_fio_parse(r, kept, copy, n, line0);
	free(copy);
	return ret;
}

int lm_fio_read_text(const char *name, const char *text, size_t n,
		     unsigned int line0, struct lm_fio_file *f, char *msg,
		     size_t len)
{
	struct lm_fio_reader r = { .f = f, .msg = msg, .len = len };

	return lm_fio_read_mem(&r, name, text, n, line0);
}

int lm_fio_read_cmdline(const char *text, size_t n, struct lm_fio_file *f,
			char *msg, size_t len)
{
	struct lm_fio_reader r = {
		.f = f, .msg = msg, .len = len, .verbatim = true
	};
	int ret = lm_fio_read_mem(&r, "command line, argument", text, n,
				  UINT_MAX);

	f->cmdline = true;
	return ret;
}

void lm_fio_file_free(struct lm_fio_file *f)
{
	unsigned int i, k;

	for (i = 0; i < f->nsecs; i++) {
		for (k = 0; k < f->secs[i].nopts; k++) {
			free(f->secs[i].opts[k].key);
			free(f->secs[i].opts[k].val);
		}
		free(f->secs[i].opts);
		free(f->secs[i].name);
	}
	for (i = 0; i < f->npaths; i++)
		free(f->paths[i]);
	free(f->secs);
	free(f->paths);
	memset(f, 0, sizeof(*f));
}
