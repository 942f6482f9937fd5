// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_mail.c - lib/mail.c (header safety) and lib/maint/ (MAINTAINERS
 * read as get_maintainer.pl reads it) on small texts.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/mail.h"
#include "lib/maintainers.h"
#include "tests/unit/check.h"

static void test_addresses(void)
{
	CHECK(mail_address_ok("tj@kernel.org"));
	CHECK(mail_address_ok("andrew+netdev@lunn.ch"));
	CHECK(!mail_address_ok("kpci@localhost"));
	CHECK(!mail_address_ok("a b@example.org"));
	CHECK(!mail_address_ok("a@example.org\r\nBcc: x@y.org"));
	CHECK(!mail_address_ok("\"a\"@example.org"));
	CHECK(!mail_address_ok("a@example.org>, bcc: <x@example.org"));
	CHECK(!mail_address_ok("a..b@example.org"));
	CHECK(!mail_address_ok("a@-example.org"));
	CHECK(!mail_address_ok("@example.org"));
}

static void test_compose(void)
{
	struct mail_addr to[] = { { "Jürgen Groß", "jgross@example.org" },
				  { "Evil\r\nBcc: victim@evil.example", "evil@example.org" } };
	struct mail_addr bad[] = { { "x", "x@y.org>\r\nBcc: z@w.org" } };
	struct mail_msg m = { { "kpci", "kpci@example.org" }, to, NULL, 2, 0,
			      "wq: flush\r\nBcc: victim@evil.example \xc3\xa9\xff", "<a@b.org>",
			      NULL, 0, NULL, 0, "line 1\nline 2\n" };
	struct buf b;
	char *head;

	buf_init(&b, 1 << 20);
	CHECK_INT(mail_compose(&b, &m), 0);
	head = strndup(b.data, strstr(b.data, "\r\n\r\n") - b.data);
	CHECK(!strstr(head, "\nBcc"));
	CHECK(!strstr(head, "\rBcc"));
	CHECK(strstr(head, "To: =?UTF-8?B?SsO8cmdlbiBHcm/Dnw==?= <jgross@example.org>") != NULL);
	CHECK(strstr(head, "\"Evil Bcc: victim@evil.example\" <evil@example.org>") != NULL);
	CHECK(strstr(head, "Subject: =?UTF-8?B?") != NULL);
	for (const char *p = head; *p; p++)
		CHECK((unsigned char)*p < 0x80 && (*p != '\r' || p[1] == '\n'));
	CHECK(strstr(b.data, "\r\n\r\nline 1\r\nline 2\r\n") != NULL);
	free(head);
	buf_reset(&b);
	m.to = bad;
	m.nto = 1;
	CHECK_INT(mail_compose(&b, &m), -1);
	CHECK_INT((long long)b.len, 0);
	buf_dispose(&b);
}

static const char maintainers[] =
	"Intro text\n\tM: not a section\n\n"
	"WORKQUEUE\nM:\tTejun Heo <tj@kernel.org>\nR:\tLai <lai@example.org>\n"
	"L:\twq@lists.example.org\nL:\tclosed@lists.example.org (subscribers-only)\n"
	"F:\tkernel/workqueue.c\nF:\tinclude/linux/workqueue*.h\n\n"
	"DRIVERS FOO\nM:\t\"Rafael J. Wysocki\" <rafael@example.org>\nF:\tdrivers/foo/\n"
	"X:\tdrivers/foo/bar/\n\n"
	"FOO NAMES\nM:\tOld Name <old@example.org>\nN:\tfoo[0-9]\n\n"
	"THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\nF:\t*\nF:\t*/\n";

static int test_is_dir(void *arg, const char *path)
{
	(void)arg;
	return !strcmp(path, "drivers/foo");
}

static char *test_who(struct maint *m, const char *file)
{
	struct maint_people p = { 0 };
	struct buf b;

	buf_init(&b, 1 << 16);
	CHECK_INT(maint_lookup(m, &p, &file, 1), 0);
	for (size_t i = 0; i < p.n; i++)
		buf_printf(&b, "%s%s/%s", i ? " " : "", p.v[i].address,
			   maint_role_name(p.v[i].role));
	maint_people_dispose(&p);
	return buf_steal(&b);
}

static void test_maintainers(void)
{
	struct maint *m = NULL;
	char *cause = NULL, *w;

	CHECK_INT(maint_parse(&m, maintainers, strlen(maintainers), test_is_dir, NULL, &cause), 0);
	CHECK_INT((long long)maint_sections(m), 4);
	w = test_who(m, "kernel/workqueue.c");
	CHECK_STR(w, "tj@kernel.org/maintainer lai@example.org/reviewer wq@lists.example.org/list "
		  "linux-kernel@vger.kernel.org/list");
	free(w);
	w = test_who(m, "include/linux/workqueue_types.h");     /* glob */
	CHECK(strstr(w, "tj@kernel.org/maintainer") != NULL);
	free(w);
	w = test_who(m, "kernel/sub/workqueue.c");      /* a file pattern is one depth only */
	CHECK(!strstr(w, "tj@kernel.org"));
	free(w);
	w = test_who(m, "drivers/foo/a/b.c");           /* a directory matches below it */
	CHECK(strstr(w, "rafael@example.org/maintainer") != NULL);
	free(w);
	w = test_who(m, "drivers/foo/bar/x.c");         /* X: excludes */
	CHECK(!strstr(w, "rafael@example.org"));
	free(w);
	w = test_who(m, "arch/x86/foo7.c");             /* N: on the path */
	CHECK(strstr(w, "old@example.org/maintainer") != NULL);
	CHECK(!strstr(w, "torvalds"));                  /* the chief penguin is left out */
	free(w);
	CHECK_INT(maint_mailmap(m, "New Name <new@example.org> <old@example.org>\n", 44), 0);
	w = test_who(m, "arch/x86/foo7.c");             /* .mailmap applies */
	CHECK(strstr(w, "new@example.org/maintainer") != NULL);
	free(w);
	maint_free(m);
	m = NULL;
	CHECK_INT(maint_parse(&m, "S\nN:\tfoo(\n", 10, NULL, NULL, &cause), -1);
	CHECK(cause && strstr(cause, "MAINTAINERS:2: N:") != NULL);
	free(cause);
}

int main(void)
{
	test_addresses();
	test_compose();
	test_maintainers();
	return check_done();
}
