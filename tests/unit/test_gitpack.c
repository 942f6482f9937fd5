// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gitpack.c - objects read straight from packs that git wrote: every
 * object git stores whole reads the same as through libgit2, every delta
 * is left to the caller; alternates are followed; a damaged entry, and a
 * pack its index does not name, read as "not here"; offsets in the
 * index's 64-bit table are followed; loose objects that libgit2 wrote
 * read the same as through libgit2, damaged or oversized ones as "not
 * here".
 */
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <git2.h>
#include <zlib.h>

#include "lib/gitpack.h"
#include "check.h"

extern char **environ;

static char dir[] = "/tmp/kpci-test-gitpack.XXXXXX";

/* Runs argv; its stdout into out (NUL-terminated) when out; exit status. */
static int run(char *const argv[], const char *in, char *out, size_t n)
{
	posix_spawn_file_actions_t fa;
	int ip[2], op[2], status = -1;
	size_t got = 0;
	pid_t pid;

	if (pipe(ip) < 0 || pipe(op) < 0)
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, ip[0], 0);
	posix_spawn_file_actions_adddup2(&fa, op[1], 1);
	posix_spawn_file_actions_addclose(&fa, ip[1]);
	posix_spawn_file_actions_addclose(&fa, op[0]);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) != 0)
		pid = -1;
	posix_spawn_file_actions_destroy(&fa);
	close(ip[0]);
	close(op[1]);
	if (in && pid > 0 && write(ip[1], in, strlen(in)) != (ssize_t)strlen(in))
		fprintf(stderr, "short write to %s\n", argv[0]);
	close(ip[1]);
	for (;;) {
		char sink[4096];
		ssize_t r = out && got + 1 < n ? read(op[0], out + got, n - 1 - got) :
			    read(op[0], sink, sizeof sink);

		if (r <= 0)
			break;
		if (out && got + 1 < n)
			got += (size_t)r;
	}
	if (out)
		out[got] = '\0';
	close(op[0]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	return pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * A repository made by git fast-import and repacked by git: 40 commits,
 * each rewriting a 20 KB file a little (so that git stores most versions
 * as deltas), one with a long message, and a tag.
 */
static int make_repo(char *path)
{
	char *init[] = { "git", "init", "-q", "-b", "master", path, NULL };
	char *fi[] = { "git", "-C", path, "fast-import", "--quiet", NULL };
	char *repack[] = { "git", "-C", path, "repack", "-adfq", NULL };
	size_t cap = 4 << 20, len = 0;
	char *s = malloc(cap), body[20001];
	int rc;

	if (!s || run(init, NULL, NULL, 0) != 0)
		return -1;
	for (int i = 0; i < 20000; i++)
		body[i] = (char)('a' + (i * 7 + i / 100) % 26);
	body[20000] = '\0';
	for (int c = 1; c <= 40; c++) {
		char msg[9000];
		int m = snprintf(msg, sizeof msg, "change %d\n\nSigned-off-by: A <a@example.org>\n", c);

		if (c == 20)    /* a long message: several deflate blocks */
			for (int k = 0; k < 200; k++)
				m += snprintf(msg + m, sizeof msg - (size_t)m, "line %d of a long body\n", k);
		body[c * 97] = (char)('A' + c % 26);
		len += (size_t)snprintf(s + len, cap - len,
			"commit refs/heads/master\nmark :%d\n"
			"author A <a@example.org> %d +0000\ncommitter A <a@example.org> %d +0000\n"
			"data %d\n%s\nM 644 inline file\ndata 20000\n%s\n\n",
			c, 1700000000 + c, 1700000000 + c, m, msg, body);
	}
	len += (size_t)snprintf(s + len, cap - len, "tag v1.0\nfrom :40\n"
				"tagger A <a@example.org> 1700000100 +0000\ndata 5\nv1.0\n\n");
	rc = len < cap - 1 && run(fi, s, NULL, 0) == 0 && run(repack, NULL, NULL, 0) == 0 ? 0 : -1;
	free(s);
	return rc;
}

static int gitpack_type(git_object_t t)
{
	return t == GIT_OBJECT_COMMIT ? GITPACK_COMMIT : t == GIT_OBJECT_TREE ? GITPACK_TREE :
	       t == GIT_OBJECT_BLOB ? GITPACK_BLOB : t == GIT_OBJECT_TAG ? GITPACK_TAG : 0;
}

/* Reads every object of repo's packs through gp and compares with libgit2:
 * whole objects must read the same, deltas must be left (counted). */
static void check_all(struct gitpack *gp, char *repo, int *whole, int *deltas)
{
	char *argv[] = { "git", "-C", repo, "cat-file", "--batch-all-objects",
			 "--batch-check=%(objectname) %(deltabase)", NULL };
	static char list[1 << 16];
	git_repository *r = NULL;
	git_odb *odb = NULL;
	int mismatched = 0, wrong = 0;

	*whole = *deltas = 0;
	CHECK_INT(run(argv, NULL, list, sizeof list), 0);
	CHECK_INT(git_repository_open(&r, repo), 0);
	CHECK_INT(git_repository_odb(&odb, r), 0);
	for (char *line = list; *line; ) {
		char *eol = strchr(line, '\n');
		git_oid oid;
		git_odb_object *obj = NULL;
		const void *data;
		size_t size;
		int type, delta = strncmp(line + 41, "0000000000", 10) != 0;

		if (!eol)
			break;
		*eol = '\0';
		CHECK_INT(git_oid_fromstrn(&oid, line, 40), 0);
		if (gitpack_read(gp, oid.id, &type, &data, &size)) {
			(*whole)++;
			wrong += delta;
			if (git_odb_read(&obj, odb, &oid) != 0 ||
			    type != gitpack_type(git_odb_object_type(obj)) ||
			    size != git_odb_object_size(obj) ||
			    memcmp(data, git_odb_object_data(obj), size))
				mismatched++;
			git_odb_object_free(obj);
		} else {
			(*deltas)++;
			wrong += !delta;
		}
		line = eol + 1;
	}
	CHECK_INT(mismatched, 0);
	CHECK_INT(wrong, 0);            /* read iff git stores it whole */
	git_odb_free(odb);
	git_repository_free(r);
}

static int oid_of(git_oid *oid, char *repo, char *rev)
{
	char *argv[] = { "git", "-C", repo, "rev-parse", rev, NULL }, out[64];

	return run(argv, NULL, out, sizeof out) == 0 ? git_oid_fromstrn(oid, out, 40) : -1;
}

static void test_packs(void)
{
	char repo[512], objects[600];
	struct gitpack *gp;
	int whole, deltas;
	git_oid head, none;
	const void *data;
	size_t size;
	int type;

	snprintf(repo, sizeof repo, "%s/r", dir);
	CHECK_INT(make_repo(repo), 0);
	snprintf(objects, sizeof objects, "%s/.git/objects", repo);
	CHECK((gp = gitpack_open(objects)) != NULL);
	check_all(gp, repo, &whole, &deltas);
	CHECK(whole >= 40 + 1);         /* at least the commits and the tag */
	CHECK(deltas > 10);             /* the blobs: the other path is exercised */
	CHECK_INT(oid_of(&head, repo, "master"), 0);
	CHECK_INT(gitpack_read(gp, head.id, &type, &data, &size), 1);
	CHECK_INT(type, GITPACK_COMMIT);
	CHECK(!strncmp(data, "tree ", 5) && strstr(data, "change 40\n"));
	CHECK_INT(((const char *)data)[size], '\0');
	memset(&none, 0xab, sizeof none);
	CHECK_INT(gitpack_read(gp, none.id, &type, &data, &size), 0);
	gitpack_close(gp);
	/* a folder without packs finds nothing */
	snprintf(objects, sizeof objects, "%s/nowhere", dir);
	CHECK((gp = gitpack_open(objects)) != NULL);
	CHECK_INT(gitpack_read(gp, head.id, &type, &data, &size), 0);
	gitpack_close(gp);
}

/* A repository borrowing another's objects reads them through alternates. */
static void test_alternates(void)
{
	char repo[512], b[512], path[700], objects[600];
	char *init[] = { "git", "init", "-q", "--bare", b, NULL };
	struct gitpack *gp;
	git_oid head;
	const void *data;
	size_t size;
	int type;
	FILE *f;

	snprintf(repo, sizeof repo, "%s/r", dir);
	snprintf(b, sizeof b, "%s/b.git", dir);
	CHECK_INT(run(init, NULL, NULL, 0), 0);
	snprintf(path, sizeof path, "%s/objects/info/alternates", b);
	CHECK((f = fopen(path, "w")) != NULL);
	if (f) {        /* a comment, a blank line, then a path relative to objects */
		fprintf(f, "# borrowed\n\n../../r/.git/objects\n");
		fclose(f);
	}
	snprintf(objects, sizeof objects, "%s/objects", b);
	CHECK_INT(oid_of(&head, repo, "master"), 0);
	CHECK((gp = gitpack_open(objects)) != NULL);
	CHECK_INT(gitpack_read(gp, head.id, &type, &data, &size), 1);
	CHECK_INT(type, GITPACK_COMMIT);
	gitpack_close(gp);
}

/* Copies repo's pack files into a fresh objects/pack of dst; the .pack's path. */
static void copy_pack(const char *repo, char *dst, char *pack, size_t n)
{
	char src[600], *cp[] = { "cp", "-r", src, dst, NULL };
	char *mk[] = { "mkdir", "-p", dst, NULL }, *ls[] = { "sh", "-c",
		"ls \"$0\"/pack-*.pack", dst, NULL }, out[700];

	snprintf(src, sizeof src, "%s/.git/objects/pack/.", repo);
	CHECK_INT(run(mk, NULL, NULL, 0), 0);
	CHECK_INT(run(cp, NULL, NULL, 0), 0);
	CHECK_INT(run(ls, NULL, out, sizeof out), 0);
	out[strcspn(out, "\n")] = '\0';
	snprintf(pack, n, "%s", out);
}

/* The offset and length in the pack of oid's entry (git verify-pack -v). */
static long entry_of(const char *pack, const git_oid *oid, long *len)
{
	char idx[700], *argv[] = { "git", "verify-pack", "-v", idx, NULL }, *p, hex[41];
	static char out[1 << 16];
	long off = -1;

	snprintf(idx, sizeof idx, "%.*sidx", (int)strlen(pack) - 4, pack);
	git_oid_tostr(hex, sizeof hex, oid);
	if (run(argv, NULL, out, sizeof out) == 0 && (p = strstr(out, hex)) &&
	    sscanf(p + 40, " %*s %*d %ld %ld", len, &off) != 2)
		off = -1;
	return off;
}

/* Damage: a flipped byte in an entry, a pack its index does not name. */
static void test_damaged(void)
{
	char repo[512], objects[600], packdir[600], pack[700];
	struct gitpack *gp;
	git_oid head, first;
	const void *data;
	size_t size;
	long off, len;
	int type, fd;
	unsigned char b;

	snprintf(repo, sizeof repo, "%s/r", dir);
	CHECK_INT(oid_of(&head, repo, "master"), 0);
	CHECK_INT(oid_of(&first, repo, "master~39"), 0);
	snprintf(objects, sizeof objects, "%s/d/objects", dir);
	snprintf(packdir, sizeof packdir, "%s/pack", objects);
	copy_pack(repo, packdir, pack, sizeof pack);
	off = entry_of(pack, &head, &len);
	CHECK(off > 0 && len > 8);
	fd = open(pack, O_RDWR);
	CHECK(fd >= 0);
	if (fd >= 0 && off > 0) {       /* inside the compressed data */
		CHECK_INT(pread(fd, &b, 1, off + len / 2), 1);
		b ^= 0x5a;
		CHECK_INT(pwrite(fd, &b, 1, off + len / 2), 1);
	}
	CHECK((gp = gitpack_open(objects)) != NULL);
	CHECK_INT(gitpack_read(gp, head.id, &type, &data, &size), 0);
	CHECK_INT(gitpack_read(gp, first.id, &type, &data, &size), 1);
	gitpack_close(gp);
	/* a pack that is not the one its index names (its checksum differs) */
	if (fd >= 0) {
		struct stat st;

		CHECK_INT(fstat(fd, &st), 0);
		CHECK_INT(pread(fd, &b, 1, st.st_size - 1), 1);
		b ^= 1;
		CHECK_INT(pwrite(fd, &b, 1, st.st_size - 1), 1);
		close(fd);
	}
	CHECK((gp = gitpack_open(objects)) != NULL);
	CHECK_INT(gitpack_read(gp, first.id, &type, &data, &size), 0);
	gitpack_close(gp);
}

/* Large packs (over 2 GiB) give offsets in the index's 64-bit table:
 * an index rewritten so that one entry goes through it reads the same. */
static void test_offsets64(void)
{
	char repo[512], objects[600], packdir[600], pack[700], idx[700];
	struct gitpack *gp;
	git_oid head;
	const void *data;
	size_t size, n, at;
	unsigned char *buf = NULL;
	long len = 0;
	int type = 0;
	FILE *f;

	snprintf(repo, sizeof repo, "%s/r", dir);
	CHECK_INT(oid_of(&head, repo, "master"), 0);
	snprintf(objects, sizeof objects, "%s/o64/objects", dir);
	snprintf(packdir, sizeof packdir, "%s/pack", objects);
	copy_pack(repo, packdir, pack, sizeof pack);
	snprintf(idx, sizeof idx, "%.*sidx", (int)strlen(pack) - 4, pack);
	CHECK((f = fopen(idx, "rb")) != NULL);
	if (f) {
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		buf = malloc((size_t)len + 8);
		CHECK(buf && fread(buf, 1, (size_t)len, f) == (size_t)len);
		fclose(f);
	}
	if (!buf)
		return;
	n = (size_t)buf[8 + 1020] << 24 | (size_t)buf[8 + 1021] << 16 |
	    (size_t)buf[8 + 1022] << 8 | buf[8 + 1023];
	for (at = 0; at < n && memcmp(buf + 1032 + 20 * at, head.id, 20); at++)
		;
	CHECK(at < n);
	if (at < n) {
		unsigned char *o32 = buf + 1032 + 24 * n + 4 * at;
		size_t tail = (size_t)len - 40;

		/* the offset moves to a new 64-bit table before the checksums */
		memmove(buf + tail + 8, buf + tail, 40);
		memset(buf + tail, 0, 4);
		memcpy(buf + tail + 4, o32, 4);
		memcpy(o32, "\x80\0\0\0", 4);
		CHECK((f = fopen(idx, "wb")) != NULL);
		if (f) {
			CHECK_INT((long)fwrite(buf, 1, (size_t)len + 8, f), len + 8);
			fclose(f);
		}
	}
	free(buf);
	CHECK((gp = gitpack_open(objects)) != NULL);
	CHECK_INT(gitpack_read(gp, head.id, &type, &data, &size), 1);
	CHECK_INT(type, GITPACK_COMMIT);
	CHECK(size > 5 && !strncmp(data, "tree ", 5));
	gitpack_close(gp);
}

/* Writes a loose file for id (hex) holding the zlib stream of raw
 * (n bytes) into objects. */
static void write_loose(const char *objects, const char *hex, const char *raw, size_t n)
{
	char path[700];
	unsigned char z[256];
	uLongf zn = sizeof z;
	FILE *f;

	snprintf(path, sizeof path, "%s/%.2s", objects, hex);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/%.2s/%s", objects, hex, hex + 2);
	CHECK_INT(compress(z, &zn, (const unsigned char *)raw, n), Z_OK);
	CHECK((f = fopen(path, "w")) != NULL);
	if (f) {
		fwrite(z, 1, zn, f);
		fclose(f);
	}
}

/*
 * Loose objects, as libgit2 writes them (what a local tree's source may
 * hold): each type reads the same as through libgit2, a blob whose
 * stream is far smaller than the object too; one over GITPACK_MAX_OBJECT,
 * a bad header, a size that lies and a cut file read as "not here"; a
 * borrowing repository reads them through its alternates.
 */
static void test_loose(void)
{
	static const char commit[] = "tree 4b825dc642cb6eb9a060e54bf8d69288fbe4904b\n"
		"author A <a@example.org> 1700000000 +0000\n"
		"committer C <c@example.org> 1700000000 +0000\n\nloose commit\n";
	char repo[512], objects[600], b[512], path[700], hex[GIT_OID_HEXSZ + 1];
	size_t big = GITPACK_MAX_OBJECT + 1, zeros = 1 << 20;
	char *buf = calloc(1, big);
	git_repository *r = NULL;
	git_odb *odb = NULL;
	git_oid ids[4], huge, none;
	struct gitpack *gp;
	const void *data;
	size_t size;
	int type;
	FILE *f;

	snprintf(repo, sizeof repo, "%s/loose.git", dir);
	CHECK_INT(git_repository_init(&r, repo, 1), 0);
	CHECK_INT(git_repository_odb(&odb, r), 0);
	CHECK(buf != NULL);
	if (!buf || !odb)
		return;
	CHECK_INT(git_odb_write(&ids[0], odb, commit, strlen(commit), GIT_OBJECT_COMMIT), 0);
	CHECK_INT(git_odb_write(&ids[1], odb, "a blob\n", 7, GIT_OBJECT_BLOB), 0);
	CHECK_INT(git_odb_write(&ids[2], odb, buf, zeros, GIT_OBJECT_BLOB), 0);  /* ~1 KiB */
	CHECK_INT(git_odb_write(&ids[3], odb, "", 0, GIT_OBJECT_TREE), 0);
	CHECK_INT(git_odb_write(&huge, odb, buf, big, GIT_OBJECT_BLOB), 0);
	snprintf(objects, sizeof objects, "%s/objects", repo);
	CHECK((gp = gitpack_open(objects)) != NULL);
	for (int i = 0; i < 4; i++) {
		git_odb_object *obj = NULL;

		CHECK_INT(gitpack_read(gp, ids[i].id, &type, &data, &size), 1);
		CHECK_INT(git_odb_read(&obj, odb, &ids[i]), 0);
		CHECK_INT(type, gitpack_type(git_odb_object_type(obj)));
		CHECK_INT((long long)size, (long long)git_odb_object_size(obj));
		CHECK(!memcmp(data, git_odb_object_data(obj), size));
		CHECK_INT(((const char *)data)[size], '\0');
		git_odb_object_free(obj);
	}
	CHECK_INT(gitpack_read(gp, huge.id, &type, &data, &size), 0);

	/* damage, each under an id of its own */
	write_loose(objects, "ab00000000000000000000000000000000000001", "blog 3\0abc", 10);
	write_loose(objects, "ab00000000000000000000000000000000000002", "blob 5\0abc", 10);
	write_loose(objects, "ab00000000000000000000000000000000000003", "blob -3\0abc", 11);
	write_loose(objects, "ab00000000000000000000000000000000000004", "blob 3\0abc", 10);
	for (int i = 1; i <= 4; i++) {
		snprintf(hex, sizeof hex, "ab0000000000000000000000000000000000000%d", i);
		CHECK_INT(git_oid_fromstr(&none, hex), 0);
		CHECK_INT(gitpack_read(gp, none.id, &type, &data, &size), i == 4);
	}
	CHECK(!memcmp(data, "abc", 4));
	snprintf(path, sizeof path, "%s/ab/%s", objects, hex + 2);     /* cut in half */
	CHECK_INT(truncate(path, 9), 0);
	CHECK_INT(gitpack_read(gp, none.id, &type, &data, &size), 0);
	gitpack_close(gp);

	/* through alternates: the borrower's own folder has no such file */
	snprintf(b, sizeof b, "%s/borrows.git", dir);
	{
		git_repository *br = NULL;

		CHECK_INT(git_repository_init(&br, b, 1), 0);
		git_repository_free(br);
	}
	snprintf(path, sizeof path, "%s/objects/info/alternates", b);
	CHECK((f = fopen(path, "w")) != NULL);
	if (f) {
		fprintf(f, "%s\n", objects);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/objects", b);
	CHECK((gp = gitpack_open(path)) != NULL);
	CHECK_INT(gitpack_read(gp, ids[0].id, &type, &data, &size), 1);
	CHECK_INT(type, GITPACK_COMMIT);
	CHECK(strstr(data, "loose commit") != NULL);
	gitpack_close(gp);
	git_odb_free(odb);
	git_repository_free(r);
	free(buf);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	git_libgit2_init();
	test_packs();
	test_alternates();
	test_damaged();
	test_offsets64();
	test_loose();
	git_libgit2_shutdown();
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
