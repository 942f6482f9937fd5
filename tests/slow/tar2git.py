#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
# tar2git.py TARBALL STRIP GITIGNORE_CUT: writes a `git fast-import`
# stream of one commit holding every regular file and symlink of TARBALL
# (read as a stream, its first STRIP path components dropped) to stdout:
# branch refs/heads/master, author and committer "kpci
# <kpci@example.org>" at 1733011200 +0000, message "linux-source-6.12".
# The top .gitignore loses its lines from the one that starts with
# GITIGNORE_CUT to its end.  The same tree and commit as extracting the
# tarball, `git add -A -f` and `git commit` with that identity and date,
# without writing the files or loose objects: fast-import packs as it
# reads (kernel-lib.sh's kernel_cache, which passes --done: a stream cut
# short by an error here fails the import).
import sys
import tarfile

tarball, strip, cut = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode()
out = sys.stdout.buffer
files = []  # (mode, mark, path)


def blob(mark, data):
    out.write(b"blob\nmark :%d\ndata %d\n" % (mark, len(data)))
    out.write(data)
    out.write(b"\n")


with tarfile.open(tarball, "r|*") as tar:
    for m in tar:
        parts = m.name.split("/")[strip:]
        if not parts or not parts[0]:
            continue
        path = "/".join(parts)
        if m.issym():
            mode, data = "120000", m.linkname.encode()
        elif m.isfile():
            mode = "100755" if m.mode & 0o100 else "100644"
            data = tar.extractfile(m).read()
            if path == ".gitignore" and cut:
                at = data.find(b"\n" + cut)
                if data.startswith(cut):
                    data = b""
                elif at >= 0:
                    data = data[:at + 1]
        elif m.islnk():
            sys.exit("tar2git.py: %s: a hard link, not handled" % m.name)
        else:
            continue
        mark = len(files) + 1
        blob(mark, data)
        files.append((mode, mark, path))

msg = b"linux-source-6.12\n"
who = b"kpci <kpci@example.org> 1733011200 +0000"
out.write(b"commit refs/heads/master\nauthor %s\ncommitter %s\ndata %d\n%s" %
          (who, who, len(msg), msg))
for mode, mark, path in files:
    if any(c in path for c in '"\n'):
        sys.exit("tar2git.py: %r: a path fast-import cannot take unquoted" % path)
    out.write(b"M %s :%d %s\n" % (mode.encode(), mark, path.encode()))
out.write(b"\ndone\n")
