#!/usr/bin/env python3
"""seed.py - fills a kpci database (already migrated by kpcid) with a
dashboard-sized history for the browser tests and for trying the pages:
one tree with 3 releases and their merge windows, COMMITS first-parent
commits, 50 metrics measured on 2 runner classes every STEP commits
(3 iterations a job), planted steps for the analyzer to find, and
hostile strings in commit subjects, author, branch, runner and reason
text.  Every hostile string tries to set window.__pwned.

    python3 tests/browser/seed.py DB [COMMITS]

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
STEP = 20           # a bench job every STEP commits
ITERATIONS = 3
PLANTED = 5         # metrics 0..PLANTED-1 step by 10% on numa2
ANALYZED = 8        # metrics whose series are left dirty for the analyzer
NOW = 1767000000


def sha(n):
    return hashlib.sha1(b'kpci-seed-%d' % n).hexdigest()


def main():
    path = sys.argv[1]
    ncommits = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
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
    for i in range(ncommits):
        merge = i % 10 == 5
        subject = ("Merge tag 'sub%d-for-6.%d' of git://example.org/sub%d" % (i % 7, 11, i % 7)
                   if merge else 'subsystem: change number %d' % i)
        author = 'A U Thor %d' % (i % 13)
        if i % 97 == 3:
            subject = HOSTILE[(i // 97) % len(HOSTILE)]
        if i % 89 == 4:
            author = HOSTILE[(i // 89) % len(HOSTILE)]
        commits.append((i + 1, tree, sha(i), sha(i - 1) if i else '', author,
                        'author@example.org', NOW - (ncommits - i) * 600, 'C O Mitter',
                        'committer@example.org', NOW - (ncommits - i) * 600, subject, '[]',
                        sha(100000 + i) if merge else None, 3 if merge else None,
                        'sub%d' % (i % 7) if merge else None,
                        'git://example.org/sub%d' % (i % 7) if merge else None))
        bcs.append((master, i, i + 1))
    c.executemany("INSERT INTO commits (id, tree_id, sha, parents, author_name, author_email, "
                  "author_time, committer_name, committer_email, commit_time, subject, "
                  "trailers, merged_tip, brought, merge_subsystem, merge_source) "
                  "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", commits)
    c.executemany("INSERT INTO branch_commits (branch_id, position, commit_id) VALUES (?,?,?)",
                  bcs)
    third = ncommits // 3
    tags = [('v6.10', 'release', 6, 10, 0, 0), ('v6.11-rc1', 'rc', 6, 11, 1, third // 3),
            ('v6.11', 'release', 6, 11, 0, third), ('v6.12-rc1', 'rc', 6, 12, 1, third + third // 3),
            ('v6.12', 'release', 6, 12, 0, 2 * third)]
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
    step_at = ncommits // 2
    jobs, results, samples = [], [], []
    job = 0
    for pos in range(STEP // 2, ncommits, STEP):
        for rid, cls in runners[::2]:
            job += 1
            jobs.append((job, 'bench', 'done', cls, json.dumps({'suite': 'wq', 'tree': 'linux'}),
                         tree, sha(pos), rid, 1, NOW - 100000 + job, NOW - 99000 + job, None))
            results.append((job, 1, rid, 'ok', NOW - 99000 + job))
            jitter = 1 + 0.003 * (rnd.random() - 0.5)
            for m in range(METRICS):
                base = 1000.0 + 37 * m
                if cls == 'numa2' and m < PLANTED and pos >= step_at:
                    base *= 1.10
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
    c.executemany("INSERT INTO jobs (id, kind, state, runner_class, spec, tree_id, commit_sha, "
                  "lease_owner, attempt, created_at, finished_at, reason) "
                  "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", jobs)
    c.executemany("INSERT INTO job_results (job_id, attempt, runner_id, status, received_at) "
                  "VALUES (?,?,?,?,?)", results)
    c.executemany("INSERT INTO samples (job_id, attempt, series_id, env_id, runner_id, "
                  "commit_sha, iteration, value, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                  samples)
    db.commit()
    print('seeded %d commits, %d jobs, %d samples, %d series' %
          (ncommits, job, len(samples), len(series)))


if __name__ == '__main__':
    main()
