// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpd.c - the change-point detection entry point: method names, default
 * parameters and dispatch to lib/cpd_default.c or lib/cpd_otava.c.
 */
#include "lib/cpd.h"

#include <assert.h>
#include <string.h>

/* Defaults of kpci's detector; docs/detector.md explains each choice. */
#define CPD_DEFAULT_WINDOW 60
#define CPD_DEFAULT_MAX_PVALUE 0.01
#define CPD_DEFAULT_MIN_MAGNITUDE 0.0

/* Otava's compute_change_points() defaults. */
#define CPD_OTAVA_WINDOW 50
#define CPD_OTAVA_MAX_PVALUE 0.001
#define CPD_OTAVA_MIN_MAGNITUDE 0.0

static const struct {
	enum cpd_method method;
	const char *name;
} cpd_methods[] = {
	{ CPD_DEFAULT, "default" },
	{ CPD_OTAVA, "otava" },
	{ CPD_COMMITS, "commits" },
};

void cpd_params_default(struct cpd_params *p, enum cpd_method m)
{
	p->method = m;
	if (m == CPD_OTAVA) {
		p->window = CPD_OTAVA_WINDOW;
		p->max_pvalue = CPD_OTAVA_MAX_PVALUE;
		p->min_magnitude = CPD_OTAVA_MIN_MAGNITUDE;
	} else {
		p->window = CPD_DEFAULT_WINDOW;
		p->max_pvalue = CPD_DEFAULT_MAX_PVALUE;
		p->min_magnitude = CPD_DEFAULT_MIN_MAGNITUDE;
	}
}

int cpd_method_parse(enum cpd_method *out, const char *name)
{
	for (size_t i = 0; i < sizeof cpd_methods / sizeof cpd_methods[0]; i++)
		if (!strcmp(cpd_methods[i].name, name)) {
			*out = cpd_methods[i].method;
			return 0;
		}
	return -1;
}

const char *cpd_method_name(enum cpd_method m)
{
	for (size_t i = 0; i < sizeof cpd_methods / sizeof cpd_methods[0]; i++)
		if (cpd_methods[i].method == m)
			return cpd_methods[i].name;
	return "unknown";
}

int cpd_detect(struct cpd_point **out, size_t *n_out, const double *x,
	       size_t n, const struct cpd_params *p)
{
	return cpd_detect_part(out, n_out, x, n, n, p);
}

int cpd_detect_part(struct cpd_point **out, size_t *n_out, const double *x,
		    size_t n, size_t n_total, const struct cpd_params *p)
{
	assert(out && n_out && p && (x || n == 0));
	*out = NULL;
	*n_out = 0;
	if (p->window < CPD_MIN_WINDOW || p->window > CPD_MAX_WINDOW)
		return -1;
	if (p->method == CPD_OTAVA)
		return cpd_otava_detect(out, n_out, x, n, p);
	if (p->method == CPD_COMMITS)
		return cpd_commits_detect_values(out, n_out, x, n, p);
	return cpd_default_detect_part(out, n_out, x, n, n_total, p);
}
