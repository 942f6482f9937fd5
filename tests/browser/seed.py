#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""seed.py - fills a kpci database (already migrated by kpcid) with a
dashboard-sized history for the browser tests and for trying the pages:
one tree with 3 releases and their merge windows, COMMITS (default
5,000) first-parent commits, 50 metrics measured on 2 runner classes
(3 iterations a job), planted steps for the analyzer to find, and
hostile strings in commit subjects, author, branch, runner and reason
text.  Every hostile string tries to set window.__pwned.

    python3 tests/browser/seed.py DB [COMMITS] [--big-series POINTS]

--big-series adds the series wq/big-series on numa2 with POINTS jobs
spread over the line (for bench/bench_http.sh: a 10,000-point series),
left clean so that the analyzer does not visit it.

Layout (positions on master; the tests rely on it, see PLANTED_AT):
every STEP-th commit is a "Merge tag 'subN-for-6.M' of git://..."
merge, and each merge is benchmarked (as the watcher does), except the
merges at SKIPPED.  Releases: v6.10 at 0, v6.11 at COMMITS//3, v6.12 at
2*(COMMITS//3), with -rc1 tags a third into each cycle.  So the v6.11
window (closed by v6.12-rc1) and the v6.12 window (open) hold merges.
Planted steps: metrics 0..4 on numa2 step +10% at the merge P1 (v6.11
window, one merge in the change's range); in the v6.12 window metrics
5 and 6 on smp8 step at P2, whose range spans two merges because the
merge before it was not measured, and metric 7 on smp8 steps -8% at the
hostile merge P3.  With the default 5,000 commits: P1 = 1875, P2 = 4015
(range 3975..4015, merges 3995 and 4015), P3 = 4215.

The branch's last commit is benchmarked too, and two tags that are not
releases (perf-base, perf-head) sit on the merges before P3 and at P3,
so that tags and the branch name can be compared.  Metric 7 counts near
1,000,000 per second (as a workqueue's idle flushes do), so that charts
show large values.

The series of the first ANALYZED metrics are left dirty: kpcid's own
analyzer finds the changes.
"""
import hashlib
import json
import random
import sqlite3
import sys

HOSTILE = [
    '<script>window.__pwned=1</script>',
    '"><img src=x onerror="window.__pwned=1">',
    "'><svg onload='window.__pwned=1'>",
    'javascript:window.__pwned=1',
    '</script><script>window.__pwned=1</script>\u2028\u2029',
    '<a href="javascript:window.__pwned=1">click</a>',
    'x' * 5000 + '<script>window.__pwned=1</script>',
]
METRICS = 50
CLASSES = ['numa2', 'smp8']
STEP = 20           # a merge (and a bench job on it) every STEP commits
MERGE_AT = 15       # merges sit at positions i with i % STEP == MERGE_AT
ITERATIONS = 3
PLANTED = 5         # metrics 0..PLANTED-1 step by 10% on numa2 at P1
ANALYZED = 8        # metrics whose series are left dirty for the analyzer
NOW = 1767000000


def sha(n):
    return hashlib.sha1(b'kpci-seed-%d' % n).hexdigest()


def planted_at(ncommits):
    """P1, P2, P3 and the skipped merges (see the module comment)."""
    third = ncommits // 3

    def merge_after(pos):
        return pos + (MERGE_AT - pos) % STEP

    p1 = merge_after(third + third // 8)
    p2 = merge_after(2 * third + 2 * third // 5)
    p3 = merge_after(p2 + 10 * STEP)
    return p1, p2, p3, {p2 - STEP}


# Steps planted on top of the base value: (metric, class) -> (merge, factor).
def steps(ncommits):
    p1, p2, p3, _ = planted_at(ncommits)
    out = {(m, 'numa2'): (p1, 1.10) for m in range(PLANTED)}
    out[(5, 'smp8')] = (p2, 1.10)
    out[(6, 'smp8')] = (p2, 1.10)
    out[(7, 'smp8')] = (p3, 0.92)
    return out


def main():
    args = sys.argv[1:]
    big = 0
    if '--big-series' in args:
        i = args.index('--big-series')
        big = int(args[i + 1])
        del args[i:i + 2]
    path = args[0]
    ncommits = int(args[1]) if len(args) > 1 else 5000
    rnd = random.Random(7)
    db = sqlite3.connect(path)
    c = db.cursor()
    c.execute("INSERT INTO trees (name, url, created_at) VALUES ('linux', ?, ?)",
              ('https://example.org/<script>window.__pwned=1</script>.git', NOW))
    tree = c.lastrowid
    c.execute("INSERT INTO branches (tree_id, name, tip_sha, polled_at, length) "
              "VALUES (?, 'master', ?, ?, ?)", (tree, sha(ncommits - 1), NOW, ncommits))
    master = c.lastrowid
    for i, h in enumerate(HOSTILE[:4]):
        c.execute("INSERT INTO branches (tree_id, name, tip_sha, length) VALUES (?, ?, ?, 0)",
                  (tree, 'evil-%d-%s' % (i, h), sha(0)))
    commits, bcs = [], []
    p1, p2, p3, skipped = planted_at(ncommits)
    third = ncommits // 3
    for i in range(ncommits):
        merge = i % STEP == MERGE_AT
        cycle = 10 + min(i // third, 2) + 1     # the release being prepared
        sub = 'sub%d' % (i % 7)
        source = 'git://example.org/%s' % sub
        subject = ("Merge tag '%s-for-6.%d' of %s" % (sub, cycle, source)
                   if merge else 'subsystem: change number %d' % i)
        author = 'A U Thor %d' % (i % 13)
        if i % 97 == 3 or i % 53 == 9:
            subject = HOSTILE[(i // 97 + i // 53) % len(HOSTILE)]
        if i % 89 == 4:
            author = HOSTILE[(i // 89) % len(HOSTILE)]
        if merge and (i == p3 or i % 300 == 195):
            # A hostile pull: its tag, source and subject try to run script.
            sub = HOSTILE[(i // STEP) % 3]
            source = 'git://example.org/"><script>window.__pwned=1</script>'
            subject = "Merge tag '%s-for-6.%d' of %s" % (sub, cycle, source)
        commits.append((i + 1, tree, sha(i), sha(i - 1) + ' ' + sha(100000 + i) if merge
                        else sha(i - 1) if i else '', author,
                        'author@example.org', NOW - (ncommits - i) * 600, 'C O Mitter',
                        'committer@example.org', NOW - (ncommits - i) * 600, subject, '[]',
                        sha(100000 + i) if merge else None, 3 if merge else None,
                        sub if merge else None, source if merge else None))
        bcs.append((master, i, i + 1))
    c.executemany("INSERT INTO commits (id, tree_id, sha, parents, author_name, author_email, "
                  "author_time, committer_name, committer_email, commit_time, subject, "
                  "trailers, merged_tip, brought, merge_subsystem, merge_source) "
                  "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", commits)
    c.executemany("INSERT INTO branch_commits (branch_id, position, commit_id) VALUES (?,?,?)",
                  bcs)
    tags = [('v6.10', 'release', 6, 10, 0, 0), ('v6.11-rc1', 'rc', 6, 11, 1, third // 3),
            ('v6.11', 'release', 6, 11, 0, third), ('v6.12-rc1', 'rc', 6, 12, 1, third + third // 3),
            ('v6.12', 'release', 6, 12, 0, 2 * third),
            ('perf-base', 'other', None, None, None, p3 - STEP),
            ('perf-head', 'other', None, None, None, p3)]
    for name, kind, major, minor, rc, pos in tags:
        c.execute("INSERT INTO tags (tree_id, name, commit_sha, kind, major, minor, rc, seen_at) "
                  "VALUES (?,?,?,?,?,?,?,?)", (tree, name, sha(pos), kind, major, minor, rc, NOW))
    runners = []
    for k, cls in enumerate(CLASSES):
        for r in range(2):
            name = 'lab-%s-%d' % (cls, r)
            if k == 1 and r == 1:
                name = HOSTILE[1]
            c.execute("INSERT INTO runners (name, runner_class, capabilities, boot_methods, "
                      "topology, cpu_model, numa_nodes, cpus, kernel_release, registered_at, "
                      "last_seen) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                      (name, cls, '["bench"]', '["host","qemu"]', '{}',
                       HOSTILE[0] if r else 'Xeon', 2 if k == 0 else 1, 16 if k == 0 else 8,
                       '6.12.0', NOW, NOW))
            runners.append((c.lastrowid, cls))
    envs = {}
    for cls in CLASSES:
        c.execute("INSERT INTO environments (hash, runner_class, kernel_release, boot_method, "
                  "cpu_model, env) VALUES (?,?,?,?,?,?)",
                  (hashlib.sha256(cls.encode()).hexdigest(), cls, '6.12.0', 'host', 'Xeon', '{}'))
        envs[cls] = c.lastrowid
    metric_ids = []
    for m in range(METRICS):
        c.execute("INSERT INTO metrics (suite, name, unit, direction) VALUES (?,?,?,?)",
                  ('wq', 'metric-%02d' % m, 'ns' if m % 2 == 0 else 'ops/s',
                   'lower' if m % 2 == 0 else 'higher'))
        metric_ids.append(c.lastrowid)
    series = {}
    for m, mid in enumerate(metric_ids):
        for cls in CLASSES:
            # Only the series with a step and a few without are left for the
            # analyzer (it takes a fraction of a second per series).
            dirty = 1 if m < ANALYZED else 0
            c.execute("INSERT INTO series (metric_id, runner_class, branch_id, dirty, "
                      "ordered_by) VALUES (?,?,?,?,'commit')", (mid, cls, master, dirty))
            series[(m, cls)] = c.lastrowid
    planted = steps(ncommits)
    jobs, results, samples = [], [], []
    job = 0
    for pos in list(range(MERGE_AT, ncommits, STEP)) + [ncommits - 1]:
        if pos in skipped:
            continue
        for rid, cls in runners[::2]:
            job += 1
            jobs.append((job, 'bench', 'done', cls, json.dumps({'suite': 'wq', 'tree': 'linux'}),
                         tree, sha(pos), rid, 1, NOW - 100000 + job, NOW - 99000 + job, None))
            results.append((job, 1, rid, 'ok', NOW - 99000 + job))
            jitter = 1 + 0.003 * (rnd.random() - 0.5)
            for m in range(METRICS):
                base = 1000.0 + 37 * m if m != 7 else 1.0e6
                at, factor = planted.get((m, cls), (ncommits, 1))
                if pos >= at:
                    base *= factor
                for it in range(ITERATIONS):
                    v = base * jitter * (1 + 0.004 * (rnd.random() - 0.5))
                    samples.append((job, 1, series[(m, cls)], envs[cls], rid, sha(pos), it, v,
                                    NOW))
    extra = [('queued', None, None), ('running', runners[0][0], None),
             ('failed', runners[1][0], HOSTILE[0]), ('failed', runners[2][0], HOSTILE[1]),
             ('cancelled', None, 'cancelled by an admin')]
    for state, rid, reason in extra:
        job += 1
        jobs.append((job, 'bench', state, None, json.dumps({'suite': HOSTILE[2]}), tree,
                     sha(ncommits - 1), rid, 1, NOW, None, reason))
    if big:
        c.execute("INSERT INTO metrics (suite, name, unit, direction) "
                  "VALUES ('wq', 'big-series', 'ns', 'lower')")
        c.execute("INSERT INTO series (metric_id, runner_class, branch_id, dirty, ordered_by) "
                  "VALUES (?, 'numa2', ?, 0, 'commit')", (c.lastrowid, master))
        big_series = c.lastrowid
        rid = runners[0][0]
        for k in range(big):
            job += 1
            pos = k * ncommits // big
            jobs.append((job, 'bench', 'done', 'numa2', json.dumps({'suite': 'wq'}), tree,
                         sha(pos), rid, 1, NOW - 50000 + k, NOW - 49000 + k, None))
            results.append((job, 1, rid, 'ok', NOW - 49000 + k))
            for it in range(ITERATIONS):
                samples.append((job, 1, big_series, envs['numa2'], rid, sha(pos), it,
                                500.0 * (1 + 0.004 * (rnd.random() - 0.5)), NOW))
    c.executemany("INSERT INTO jobs (id, kind, state, runner_class, spec, tree_id, commit_sha, "
                  "lease_owner, attempt, created_at, finished_at, reason) "
                  "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", jobs)
    c.executemany("INSERT INTO job_results (job_id, attempt, runner_id, status, received_at) "
                  "VALUES (?,?,?,?,?)", results)
    c.executemany("INSERT INTO samples (job_id, attempt, series_id, env_id, runner_id, "
                  "commit_sha, iteration, value, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                  samples)
    # written straight into the file: the rows kpcid keeps (migration 0023;
    # a file of an older schema counts them when it is migrated)
    if c.execute("SELECT 1 FROM sqlite_schema WHERE name = 'sample_count'").fetchone():
        c.execute("UPDATE sample_count SET rows = (SELECT count(*) FROM samples)")
    db.commit()
    print('seeded %d commits, %d jobs, %d samples, %d series' %
          (ncommits, job, len(samples), len(series)))


if __name__ == '__main__':
    main()
