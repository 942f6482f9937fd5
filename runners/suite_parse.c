// SPDX-License-Identifier: GPL-2.0-only
/*
 * suite_parse.c - the parsers of suite_parse.h.
 *
 * Metric names are built from what the benchmark printed (a stressor
 * name, a fio job name) and are only used when proto_name_ok() accepts
 * them; units are fixed here.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "runners/suite_parse.h"

#define SPARSE_MAX_METRIC 128

/* Copies the next line of *p (without "\r\n") into line; 0 at the end. */
static int sparse_next_line(const char **p, const char *end, char *line, size_t n)
{
	const char *nl;
	size_t len;

	if (*p >= end)
		return 0;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	if (!nl)
		nl = end;
	len = (size_t)(nl - *p);
	if (len >= n)
		len = n - 1;
	memcpy(line, *p, len);
	line[len] = '\0';
	while (len && line[len - 1] == '\r')
		line[--len] = '\0';
	*p = nl < end ? nl + 1 : end;
	return 1;
}

static const char *sparse_end(const char *text)
{
	return text + strnlen(text, SPARSE_MAX_TEXT);
}

/* Adds suite/metric with its spread (< 0: none); the metric is built by
 * the caller.  -1 (with cause) on a name kpci refuses or on OOM. */
static int sparse_add_spread(struct proto_result *r, const struct sparse_ctx *ctx, int iteration,
			     const char *metric, const char *unit, int hib, double value,
			     double spread, char **cause)
{
	if (!proto_name_ok(metric))
		return fail_cause(cause, "'%.64s' is not a usable metric name", metric);
	if (!proto_value_ok(value))
		return fail_cause(cause, "%s: %g is not a usable value (a finite number of "
				  "magnitude at most %g)", metric, value, PROTO_MAX_VALUE);
	if (proto_result_add_spread(r, ctx->suite, metric, unit, hib, iteration, value,
				    spread) < 0)
		return fail_cause(cause, "out of memory");
	return 0;
}

static int sparse_add(struct proto_result *r, const struct sparse_ctx *ctx, int iteration,
		      const char *metric, const char *unit, int hib, double value, char **cause)
{
	return sparse_add_spread(r, ctx, iteration, metric, unit, hib, value, -1, cause);
}

static int sparse_number(const char *s, double *out)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	*out = strtod(s, &end);
	return end != s ? 0 : -1;
}

/* ---- stress-ng --yaml ---------------------------------------------- */

int sparse_stress_ng(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		     char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE], stressor[SPARSE_MAX_METRIC] = "", metric[SPARSE_MAX_METRIC * 2];
	size_t before = r->nsamples;
	int in_metrics = 0;

	while (sparse_next_line(&p, end, line, sizeof line)) {
		char *s = line + strspn(line, " "), *colon;
		double v;

		if (!strcmp(line, "metrics:")) {
			in_metrics = 1;
			continue;
		}
		if (!in_metrics || !*s)
			continue;
		if (s == line) {        /* the next top-level key ends the list */
			in_metrics = 0;
			continue;
		}
		if (!strncmp(s, "- stressor:", 11)) {
			snprintf(stressor, sizeof stressor, "%s", s + 11 + strspn(s + 11, " "));
			continue;
		}
		colon = strchr(s, ':');
		if (!*stressor || !colon || sparse_number(colon + 1, &v) < 0)
			continue;
		*colon = '\0';
		if (!strcmp(s, "bogo-ops-per-second-real-time"))
			snprintf(metric, sizeof metric, "%s-bogo-ops-per-s", stressor);
		else if (!strcmp(s, "bogo-ops-per-second-usr-sys-time"))
			snprintf(metric, sizeof metric, "%s-bogo-ops-per-cpu-s", stressor);
		else if (!strncmp(s, "nanosecs-per-", 13))
			snprintf(metric, sizeof metric, "%s-%s", stressor, s);
		else
			continue;
		if (sparse_add(r, ctx, ctx->iteration, metric, !strncmp(s, "nano", 4) ? "ns" :
			       "bogo-ops/s", strncmp(s, "nano", 4) != 0, v, cause) < 0)
			return -1;
	}
	if (r->nsamples == before)
		return fail_cause(cause, "stress-ng output has no metrics (was --yaml FILE given?)");
	return 0;
}

/* ---- perf bench ---------------------------------------------------- */

int sparse_perf_bench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		      char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE], bench[64] = "", func[64] = "", metric[SPARSE_MAX_METRIC];
	size_t before = r->nsamples;
	double v;

	while (sparse_next_line(&p, end, line, sizeof line)) {
		const char *s = line + strspn(line, " \t");
		int rc = 0;

		if (sscanf(line, "# Running '%63[^']' benchmark:", bench) == 1) {
			func[0] = '\0';
			continue;
		}
		if (sscanf(line, "# function '%63[^']'", func) == 1)
			continue;
		if (!strcmp(bench, "sched/messaging") && !strncmp(s, "Total time:", 11) &&
		    sparse_number(s + 11, &v) == 0)
			rc = sparse_add(r, ctx, ctx->iteration, "sched-messaging", "s", 0, v, cause);
		else if (!strcmp(bench, "sched/pipe") && strstr(s, " usecs/op") &&
			 sparse_number(s, &v) == 0)
			rc = sparse_add(r, ctx, ctx->iteration, "sched-pipe", "us/op", 0, v, cause);
		else if (!strcmp(bench, "futex/hash") && !strncmp(s, "Averaged ", 9) &&
			 sparse_number(s + 9, &v) == 0)
			rc = sparse_add(r, ctx, ctx->iteration, "futex-hash", "ops/s", 1, v, cause);
		else if (!strcmp(bench, "mem/memcpy") && *func && strstr(s, " GB/sec") &&
			 sparse_number(s, &v) == 0) {
			snprintf(metric, sizeof metric, "mem-memcpy-%s", func);
			rc = sparse_add(r, ctx, ctx->iteration, metric, "GB/s", 1, v, cause);
		}
		if (rc < 0)
			return -1;
	}
	if (r->nsamples == before)
		return fail_cause(cause, "perf bench output has no result of sched/messaging, "
				  "sched/pipe, futex/hash or mem/memcpy");
	return 0;
}

/* ---- hackbench (rt-tests) ------------------------------------------ */

int sparse_hackbench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		     char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE];
	double v;

	while (sparse_next_line(&p, end, line, sizeof line))
		if (!strncmp(line, "Time:", 5) && sparse_number(line + 5, &v) == 0)
			return sparse_add(r, ctx, ctx->iteration, "time", "s", 0, v, cause);
	return fail_cause(cause, "hackbench output has no 'Time:' line");
}

/* ---- fio --output-format=json -------------------------------------- */

static int sparse_fio_dir(struct proto_result *r, const struct sparse_ctx *ctx,
			  const char *job, const char *dir, const json_t *d, char **cause)
{
	char metric[SPARSE_MAX_METRIC * 2];
	const json_t *clat = json_object_get(d, "clat_ns");

	if (json_integer_value(json_object_get(d, "io_bytes")) <= 0)
		return 0;
	snprintf(metric, sizeof metric, "%s-%s-iops", job, dir);
	if (sparse_add(r, ctx, ctx->iteration, metric, "IO/s", 1,
		       json_number_value(json_object_get(d, "iops")), cause) < 0)
		return -1;
	snprintf(metric, sizeof metric, "%s-%s-bw", job, dir);
	if (sparse_add(r, ctx, ctx->iteration, metric, "KiB/s", 1,
		       json_number_value(json_object_get(d, "bw")), cause) < 0)
		return -1;
	if (!json_is_number(json_object_get(clat, "mean")))
		return 0;
	snprintf(metric, sizeof metric, "%s-%s-clat-mean", job, dir);
	return sparse_add(r, ctx, ctx->iteration, metric, "ns", 0,
			  json_number_value(json_object_get(clat, "mean")), cause);
}

int sparse_fio(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
	       char **cause)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	const char *start = strchr(text, '{');
	json_error_t err;
	json_t *root, *jobs, *job;
	size_t i, before = r->nsamples;
	int rc = -1;

	if (!start)
		return fail_cause(cause, "fio output holds no JSON object (--output-format=json?)");
	root = json_loadb(start, strnlen(start, SPARSE_MAX_TEXT), JSON_REJECT_DUPLICATES, &err);
	if (!root)
		return fail_cause(cause, "fio JSON, line %d: %s", err.line, err.text);
	jobs = json_object_get(root, "jobs");
	if (!json_is_array(jobs)) {
		fail_cause(cause, "fio JSON has no \"jobs\" array");
		goto out;
	}
	json_array_foreach(jobs, i, job) {
		const char *name = json_string_value(json_object_get(job, "jobname"));

		if (!name) {
			fail_cause(cause, "fio JSON: jobs[%zu] has no jobname", i);
			goto out;
		}
		for (size_t d = 0; d < sizeof dirs / sizeof *dirs; d++)
			if (sparse_fio_dir(r, ctx, name, dirs[d], json_object_get(job, dirs[d]),
					   cause) < 0)
				goto out;
	}
	if (r->nsamples == before) {
		fail_cause(cause, "fio JSON: no job did any I/O");
		goto out;
	}
	rc = 0;
out:
	json_decref(root);
	return rc;
}

/* ---- dmesg: boot phases -------------------------------------------- */

/* Seconds of a "[    4.848510] text" line into *t and the text; -1 when
 * the line carries no timestamp. */
static int sparse_dmesg_line(const char *line, double *t, const char **msg)
{
	char *end;

	if (*line != '[')
		return -1;
	*t = strtod(line + 1, &end);
	if (end == line + 1 || *end != ']')
		return -1;
	*msg = end + 1 + strspn(end + 1, " ");
	return 0;
}

/* The timestamp and line number (from 1) of the first timestamped line
 * whose text contains needle; -1 when there is none. */
static int sparse_dmesg_find(const char *text, const char *needle, double *t, int *lineno)
{
	const char *p = text, *end = sparse_end(text), *msg;
	char line[SPARSE_MAX_LINE];

	*lineno = 0;
	while (sparse_next_line(&p, end, line, sizeof line)) {
		++*lineno;
		if (sparse_dmesg_line(line, t, &msg) == 0 && strstr(msg, needle))
			return 0;
	}
	return -1;
}

/* The interval of marker m in ms into *ms; -1 with a sentence when a line
 * is missing or the interval would not be one (its end printed before its
 * start, or stamped earlier: the log's clock was changed in between). */
static int sparse_marker_ms(const struct sparse_marker *m, const char *text, double *ms,
			    char **cause)
{
	double from, to;
	int from_line, to_line;

	if (sparse_dmesg_find(text, m->from, &from, &from_line) < 0)
		return fail_cause(cause, "boot marker '%s': no kernel log line contains '%s'",
				  m->name, m->from);
	if (sparse_dmesg_find(text, m->to, &to, &to_line) < 0)
		return fail_cause(cause, "boot marker '%s': no kernel log line contains '%s'",
				  m->name, m->to);
	if (to_line < from_line)
		return fail_cause(cause, "boot marker '%s': this kernel prints its end '%s' (line "
				  "%d, %.6f s) before its start '%s' (line %d, %.6f s), so it "
				  "measures no interval here; choose markers in this kernel's order",
				  m->name, m->to, to_line, to, m->from, from_line, from);
	if (to < from)
		return fail_cause(cause, "boot marker '%s': its end '%s' (line %d) is stamped %.6f s, "
				  "earlier than its start '%s' (line %d, %.6f s): the kernel's clock "
				  "changed in between, so the interval is not a duration",
				  m->name, m->to, to_line, to, m->from, from_line, from);
	*ms = (to - from) * 1000.0;
	return 0;
}

int sparse_boot(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		char **cause)
{
	const char *p = text, *end = sparse_end(text), *msg;
	char line[SPARSE_MAX_LINE];
	double t = -1, ms[SPARSE_MAX_MARKERS];
	int found = 0;

	while (!found && sparse_next_line(&p, end, line, sizeof line))
		found = sparse_dmesg_line(line, &t, &msg) == 0 && !strncmp(msg, "Run /", 5) &&
			strstr(msg, " as init process");
	if (!found)
		return fail_cause(cause, "the kernel log has no timestamped 'Run /... as init "
				  "process' line (is CONFIG_PRINTK_TIME on?)");
	/* every marker is checked before any sample is added: a bad one fails
	 * the whole boot, which then gives no samples at all */
	for (size_t i = 0; i < ctx->nmarkers && i < SPARSE_MAX_MARKERS; i++)
		if (sparse_marker_ms(&ctx->markers[i], text, &ms[i], cause) < 0)
			return -1;
	if (sparse_add(r, ctx, ctx->iteration, "run-init", "ms", 0, t * 1000.0, cause) < 0)
		return -1;
	for (size_t i = 0; i < ctx->nmarkers && i < SPARSE_MAX_MARKERS; i++)
		if (sparse_add(r, ctx, ctx->iteration, ctx->markers[i].name, "ms", 0, ms[i],
			       cause) < 0)
			return -1;
	return 0;
}

/* ---- wq-flush module lines ----------------------------------------- */

int sparse_wq_flush(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		    char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE], metric[SPARSE_MAX_METRIC];
	size_t before = r->nsamples;

	while (sparse_next_line(&p, end, line, sizeof line)) {
		const char *s = strstr(line, "kpci-wq-flush: "), *sp;
		int it;
		double v, spread = -1;

		if (!s || sscanf(s, "kpci-wq-flush: iteration=%d metric=%127s flushes_per_s=%lf",
				 &it, metric, &v) != 3)
			continue;
		if (it < 0)
			continue;
		/* " spread=S": the % spread of the module's slices, when it has them */
		if ((sp = strstr(s, " spread=")) && (sparse_number(sp + 8, &spread) < 0 ||
						     !(spread >= 0 && spread <= PROTO_MAX_SPREAD)))
			spread = -1;
		if (sparse_add_spread(r, ctx, it, metric, "flushes/s", 1, v, spread, cause) < 0)
			return -1;
	}
	if (r->nsamples == before)
		return fail_cause(cause, "no 'kpci-wq-flush:' result lines in the kernel log");
	return 0;
}

/* ---- KPCI-RESULT lines --------------------------------------------- */

int sparse_kbench(struct proto_result *r, const struct sparse_ctx *ctx, const char *text,
		  char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE];
	size_t before = r->nsamples;
	int lineno = 0;

	while (sparse_next_line(&p, end, line, sizeof line)) {
		const char *s = line;
		json_error_t err;
		json_t *j, *hib, *it, *val, *spread;
		const char *metric, *unit;
		int rc;

		lineno++;
		if (!strncmp(s, "KPCI-RESULT ", 12))
			s += 12;
		else if (*s != '{')
			continue;
		j = json_loads(s, JSON_REJECT_DUPLICATES, &err);
		metric = json_string_value(json_object_get(j, "metric"));
		unit = json_string_value(json_object_get(j, "unit"));
		hib = json_object_get(j, "higher_is_better");
		it = json_object_get(j, "iteration");
		val = json_object_get(j, "value");
		spread = json_object_get(j, "spread");
		if (!j || !metric || !unit || !proto_name_ok(unit) || !json_is_integer(hib) ||
		    !json_is_integer(it) || json_integer_value(it) < 0 ||
		    json_integer_value(it) > PROTO_MAX_SAMPLES || !json_is_number(val) ||
		    (spread && (!json_is_number(spread) || !(json_number_value(spread) >= 0) ||
				json_number_value(spread) > PROTO_MAX_SPREAD))) {
			json_decref(j);
			return fail_cause(cause, "result line %d is not a kpci sample "
					  "{metric, unit, higher_is_better, iteration, value[, spread "
					  "0..%g]}", lineno, PROTO_MAX_SPREAD);
		}
		rc = sparse_add_spread(r, ctx, (int)json_integer_value(it), metric, unit,
				       json_integer_value(hib) != 0, json_number_value(val),
				       spread ? json_number_value(spread) : -1, cause);
		json_decref(j);
		if (rc < 0)
			return -1;
	}
	if (r->nsamples == before)
		return fail_cause(cause, "no KPCI-RESULT lines");
	return 0;
}

/* ---- the table ----------------------------------------------------- */

static const struct {
	const char *name;
	sparse_fn fn;
} sparse_table[] = {
	{ "boot", sparse_boot },
	{ "fio", sparse_fio },
	{ "hackbench", sparse_hackbench },
	{ "kbench", sparse_kbench },
	{ "perf-bench", sparse_perf_bench },
	{ "stress-ng", sparse_stress_ng },
	{ "wq-flush", sparse_wq_flush },
};

sparse_fn sparse_find(const char *name)
{
	for (size_t i = 0; i < sizeof sparse_table / sizeof *sparse_table; i++)
		if (!strcmp(sparse_table[i].name, name))
			return sparse_table[i].fn;
	return NULL;
}

const char *sparse_names(void)
{
	return SPARSE_NAMES;
}

/* ---- console ------------------------------------------------------- */

static int sparse_append(char **dst, const char *line)
{
	size_t old = *dst ? strlen(*dst) : 0, add = strlen(line);
	char *n;

	if (old + add + 2 > SPARSE_MAX_TEXT)
		return 0;       /* past the cap the rest is dropped */
	n = realloc(*dst, old + add + 2);
	if (!n)
		return -1;
	memcpy(n + old, line, add);
	n[old + add] = '\n';
	n[old + add + 1] = '\0';
	*dst = n;
	return 0;
}


json_t *sparse_cpulist(const char *s)
{
	json_t *a = json_array();

	while (*s) {
		char *end;
		long lo = strtol(s, &end, 10), hi = lo;

		if (end == s || lo < 0 || lo >= SPARSE_MAX_CPU)
			goto bad;
		if (*end == '-') {
			s = end + 1;
			hi = strtol(s, &end, 10);
			if (end == s || hi < lo || hi >= SPARSE_MAX_CPU)
				goto bad;
		}
		if (json_array_size(a) + (size_t)(hi - lo) >= SPARSE_MAX_CPU)
			goto bad;
		for (long c = lo; c <= hi; c++)
			json_array_append_new(a, json_integer(c));
		if (*end == ',')
			end++;
		else if (*end)
			goto bad;
		s = end;
	}
	return a;
bad:
	json_decref(a);
	return NULL;
}

static void sparse_env_line(json_t *env, char *kv)
{
	char *val = strchr(kv, ' '), build_id[128];
	unsigned char *notes;
	size_t len;

	if (!val)
		return;
	*val++ = '\0';
	if (!strcmp(kv, "node")) {
		char *cpus = strchr(val, ' ');
		json_t *list, *numa = json_object_get(env, "numa");

		if (!cpus || !(list = sparse_cpulist(cpus + 1)))
			return;
		if (!numa) {
			numa = json_array();
			json_object_set_new(env, "numa", numa);
		}
		json_array_append_new(numa, list);
	} else if (!strcmp(kv, "notes")) {
		if (sparse_unhex(&notes, &len, val) == 0) {
			if (sparse_build_id(build_id, sizeof build_id, notes, len) == 0)
				json_object_set_new(env, "build_id", json_string(build_id));
			free(notes);
		}
	} else if (!strcmp(kv, "kernel_release") || !strcmp(kv, "kernel_version") ||
		   !strcmp(kv, "cmdline") || !strcmp(kv, "cpu_model") ||
		   !strcmp(kv, "kbench_insn")) {
		json_object_set_new(env, kv, json_string(val));
	}
}

int sparse_console(struct sparse_console *out, const char *text, char **cause)
{
	const char *p = text, *end = sparse_end(text);
	char line[SPARSE_MAX_LINE];

	memset(out, 0, sizeof *out);
	out->env = json_object();
	while (sparse_next_line(&p, end, line, sizeof line)) {
		int rc = 0;

		for (char *c = line; *c; c++)      /* jansson wants UTF-8 */
			if ((unsigned char)*c >= 0x80 || ((unsigned char)*c < 0x20 && *c != '\t'))
				*c = '?';
		if (!strncmp(line, "KPCI-RESULT ", 12))
			rc = sparse_append(&out->results, line);
		else if (!strncmp(line, "KPCI-DMESG ", 11))
			rc = sparse_append(&out->dmesg, line + 11);
		else if (!strncmp(line, "KPCI-ENV ", 9))
			sparse_env_line(out->env, line + 9);
		else if (!strncmp(line, "KPCI-ERROR ", 11) && !out->error)
			out->error = strdup(line + 11);
		else if (!strncmp(line, "KPCI-DONE ", 10) && !out->done)
			out->done = strdup(line + 10);
		if (rc < 0)
			return fail_cause(cause, "out of memory");
	}
	return 0;
}

void sparse_console_dispose(struct sparse_console *c)
{
	if (!c)
		return;
	json_decref(c->env);
	free(c->results);
	free(c->dmesg);
	free(c->error);
	free(c->done);
	memset(c, 0, sizeof *c);
}

char *sparse_tail(const char *text)
{
	size_t len = strnlen(text, SPARSE_MAX_TEXT);
	const char *start = len > SPARSE_TAIL ? text + len - SPARSE_TAIL : text, *nl;
	char *out;

	if (start != text && (nl = memchr(start, '\n', (size_t)(text + len - start))))
		start = nl + 1;
	out = strdup(start);
	if (!out)
		return NULL;
	for (char *c = out, *w = out;; c++) {
		if (*c == '\r')                /* serial line ends are "\r\n" */
			continue;
		*w++ = (*c == '\0' || *c == '\n' || *c == '\t' || (*c >= 0x20 && *c < 0x7f)) ?
		       *c : '?';
		if (!*c)
			break;
	}
	return out;
}

/* ---- ELF notes ----------------------------------------------------- */

static uint32_t sparse_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int sparse_build_id(char *out, size_t n, const unsigned char *notes, size_t len)
{
	size_t off = 0;

	while (off + 12 <= len) {
		uint32_t namesz = sparse_u32(notes + off), descsz = sparse_u32(notes + off + 4);
		uint32_t type = sparse_u32(notes + off + 8);
		size_t name_at = off + 12, desc_at = name_at + (((size_t)namesz + 3) & ~(size_t)3);

		if (namesz > len || descsz > len || desc_at + descsz > len)
			return -1;
		if (type == 3 && namesz == 4 && !memcmp(notes + name_at, "GNU", 4)) {
			if (descsz == 0 || descsz * 2 + 1 > n)
				return -1;
			for (uint32_t i = 0; i < descsz; i++)
				snprintf(out + 2 * i, 3, "%02x", notes[desc_at + i]);
			return 0;
		}
		off = desc_at + (((size_t)descsz + 3) & ~(size_t)3);
	}
	return -1;
}

int sparse_unhex(unsigned char **out, size_t *len, const char *hex)
{
	size_t n = strlen(hex);

	*out = NULL;
	if (n % 2 || n > SPARSE_MAX_LINE * 2)
		return -1;
	*out = malloc(n / 2 + 1);
	if (!*out)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		unsigned int b;

		if (!isxdigit((unsigned char)hex[2 * i]) || !isxdigit((unsigned char)hex[2 * i + 1]) ||
		    sscanf(hex + 2 * i, "%2x", &b) != 1) {
			free(*out);
			*out = NULL;
			return -1;
		}
		(*out)[i] = (unsigned char)b;
	}
	*len = n / 2;
	return 0;
}
