/*
 * fuzz_pages.c - libFuzzer target for the dashboard's page renderers
 * (web/page_*.c): the input is parsed as JSON, as a handler would hand
 * it over, and given to every page that takes JSON, whatever its shape
 * (a page must render a field of the wrong type, a missing one or a
 * hostile string, never crash).  A string of the input that holds
 * "<script" must not come out as such: everything is escaped.  Seeds:
 * tests/fuzz/seeds/pages/ (answers of the real API).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lib/buf.h"
#include "web/pages.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_escaped(const struct buf *b, const char *page)
{
	if (b->data && strstr(b->data, "<script>window.__pwned")) {
		fprintf(stderr, "fuzz_pages: %s let a script through\n", page);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL), *arr;
	const char *s;
	struct buf b;
	struct page_changes_query cq;
	struct page_compare_query pq;

	if (!j)
		return 0;
	arr = json_is_array(j) ? json_incref(j) : json_pack("[O]", j);
	s = json_is_string(j) ? json_string_value(j) : "<script>window.__pwned=1</script>";
	buf_init(&b, 64u << 20);
	cq = (struct page_changes_query){ .tree = s, .branch = s, .state = s, .min = s };
	pq = (struct page_compare_query){ .base = s, .head = s, .runner_class = s };
#define PAGE(call, name) do { buf_reset(&b); call; check_escaped(&b, name); } while (0)
	PAGE(page_runners(&b, arr, 1796000000, 1, 1), "runners");
	PAGE(page_runner(&b, j, 1796000000), "runner");
	PAGE(page_jobs(&b, arr, s, 2, 0), "jobs");
	PAGE(page_job(&b, j, 1796000000), "job");
	PAGE(page_changes(&b, arr, &cq, 1796000000, 1, 1), "changes");
	cq.metrics = 1;
	PAGE(page_changes(&b, arr, &cq, 1796000000, 2, 0), "changes by metric");
	PAGE(page_change(&b, j, 1796000000), "change");
	PAGE(page_series(&b, j, 1), "series");
	PAGE(page_series(&b, j, 3), "series page 3");
	PAGE(page_tree(&b, j, s, j, arr, arr, 1, 1), "tree");
	PAGE(page_compare(&b, &pq, j, NULL), "compare");
	PAGE(page_compare(&b, &pq, NULL, s), "compare error");
	PAGE(page_window(&b, j, 1), "window");
	PAGE(page_reports(&b, arr), "reports");
	PAGE(page_report(&b, j), "report");
	PAGE(page_bisections(&b, arr, arr), "bisections");
	PAGE(page_bisection(&b, j), "bisection");
#undef PAGE
	buf_dispose(&b);
	json_decref(arr);
	json_decref(j);
	return 0;
}
