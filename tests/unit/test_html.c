// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_html.c - escaping for each context, and the capped buffer under it.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "web/html.h"
#include "check.h"

static void test_escape(void)
{
	struct buf b;

	buf_init(&b, 4096);
	html_txt(&b, "<script>alert('x')</script> & \"q\"");
	CHECK_STR(buf_str(&b), "&lt;script&gt;alert('x')&lt;/script&gt; &amp; \"q\"");
	buf_reset(&b);
	html_attr(&b, "\" onmouseover='x' a=\"<");
	CHECK_STR(buf_str(&b), "&quot; onmouseover=&#39;x&#39; a=&quot;&lt;");
	buf_reset(&b);
	html_url_arg(&b, "javascript:alert(1)&x=y z/é");
	CHECK_STR(buf_str(&b), "javascript%3Aalert%281%29%26x%3Dy%20z%2F%C3%A9");
	buf_reset(&b);
	html_txt(&b, NULL);
	CHECK_STR(buf_str(&b), "");
	buf_reset(&b);
	html_page_begin(&b, "<b>title</b>");
	html_page_end(&b);
	CHECK(strstr(buf_str(&b), "<title>&lt;b&gt;title&lt;/b&gt; - kpci</title>") != NULL);
	CHECK(strstr(buf_str(&b), "<b>title</b>") == NULL);
	buf_dispose(&b);
}

static void test_buf_cap(void)
{
	struct buf b;
	char *s;

	buf_init(&b, 10);
	CHECK_INT(buf_adds(&b, "0123456789"), 0);
	CHECK_INT(buf_failed(&b), 0);
	CHECK_INT(buf_adds(&b, "x"), -1);            /* over the cap */
	CHECK_INT(b.len, 10);                        /* unchanged */
	CHECK_STR(buf_str(&b), "0123456789");
	CHECK_INT(buf_failed(&b), 1);
	buf_reset(&b);
	CHECK_INT(buf_failed(&b), 0);
	CHECK_INT(buf_adds(&b, "ab"), 0);
	CHECK_INT(buf_printf(&b, "%d-%s", 42, "abcdefgh"), -1);
	CHECK_INT(buf_adds(&b, "c"), -1);            /* sticky: it would fit, but the */
	CHECK_STR(buf_str(&b), "ab");                /* contents stay a whole prefix */
	CHECK_INT(buf_failed(&b), 1);
	buf_reset(&b);
	CHECK_INT(buf_printf(&b, "%d-%s", 42, "ab"), 0);
	CHECK_STR(buf_str(&b), "42-ab");
	s = buf_steal(&b);
	CHECK_STR(s, "42-ab");
	CHECK_INT(b.len, 0);
	free(s);
	buf_init(&b, (size_t)-1);
	CHECK_INT(buf_add(&b, "", (size_t)-1), -1);  /* size overflow */
	buf_dispose(&b);
}

int main(void)
{
	test_escape();
	test_buf_cap();
	return check_done();
}
