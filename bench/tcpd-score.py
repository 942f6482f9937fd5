#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tcpd-score.py - scores a change-point detector on the TCPD benchmark.

    bench/tcpd-score.py --data DIR [--margin 5] [--show] -- COMMAND [ARG...]

DIR is a checkout of the Turing Change Point Dataset
(github.com/alan-turing-institute/TCPD, commit 83b3039b; its datasets
keep their own licences, so kpci does not ship them): DIR/annotations.json
and DIR/datasets/NAME/NAME.json.  COMMAND runs once per series with the
argument {file} replaced by a file of the series, one value per line; it
prints the change points it finds as a JSON object with "change_points":
[{"index": i}, ...] (what `kpci detect` prints), a JSON list of integers,
or integers separated by white space.  An index is the 0-based position
of the first point of a new segment.

The metrics are those of van den Burg and Williams, "An Evaluation of
Change Point Detection Algorithms" (2020), over the 30 univariate series
without missing values that the TCPD repository holds itself (SERIES):
F1 with a margin of MARGIN points, precision against the union of the
annotators and recall averaged over them, index 0 a change point of
every set; and the segmentation cover averaged over the annotators.
docs/detector.md has kpci's scores and the published ones.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SERIES = [
    "bank", "brent_spot", "businv", "centralia", "children_per_woman", "co2_canada",
    "construction", "debt_ireland", "gdp_argentina", "gdp_croatia", "gdp_iran", "gdp_japan",
    "global_co2", "homeruns", "jfk_passengers", "lga_passengers", "nile", "ozone",
    "quality_control_1", "quality_control_2", "quality_control_3", "quality_control_4",
    "quality_control_5", "rail_lines", "seatbelts", "shanghai_license", "unemployment_nl",
    "us_population", "usd_isk", "well_log",
]


def matched(truth, found, margin):
    """How many points of truth have a point of found within margin, each
    point of found used once (nearest first)."""
    free = sorted(set(found))
    n = 0
    for t in sorted(set(truth)):
        near = [f for f in free if abs(f - t) <= margin]
        if near:
            free.remove(min(near, key=lambda f: abs(f - t)))
            n += 1
    return n


def f1(annotations, found, margin):
    found = set(found) | {0}
    union = set().union(*annotations.values()) | {0}
    precision = matched(union, found, margin) / len(found)
    recalls = []
    for cps in annotations.values():
        truth = set(cps) | {0}
        recalls.append(matched(truth, found, margin) / len(truth))
    recall = sum(recalls) / len(recalls)
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def segments(cps, n):
    """The segments [start, end) that change points cps cut 0..n into."""
    cuts = sorted({c for c in cps if 0 < c < n} | {0, n})
    return list(zip(cuts, cuts[1:]))


def cover(annotations, found, n):
    mine = segments(found, n)
    covers = []
    for cps in annotations.values():
        total = 0.0
        for a, b in segments(cps, n):
            best = 0.0
            for c, d in mine:
                inter = max(0, min(b, d) - max(a, c))
                if inter:
                    best = max(best, inter / (max(b, d) - min(a, c)))
            total += (b - a) * best
        covers.append(total / n)
    return sum(covers) / len(covers)


def parse(out):
    out = out.strip()
    try:
        doc = json.loads(out)
    except ValueError:
        return [int(w) for w in out.split()]
    if isinstance(doc, dict):
        return [int(c["index"]) for c in doc.get("change_points", [])]
    return [int(c) for c in doc]


def values(path):
    with open(path) as f:
        doc = json.load(f)
    if doc["n_dim"] != 1:
        sys.exit("tcpd-score: %s: %d dimensions, kpci scores univariate series" %
                 (path, doc["n_dim"]))
    vals = []
    for v in doc["series"][0]["raw"]:
        if v is None:
            sys.exit("tcpd-score: %s: a missing value" % path)
        vals.append(v)
    return vals


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1].strip())
    ap.add_argument("--data", required=True)
    ap.add_argument("--margin", type=int, default=5)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if "{file}" not in cmd:
        ap.error("the command needs a {file} argument")
    ann_path = os.path.join(a.data, "annotations.json")
    try:
        with open(ann_path) as f:
            annotations = json.load(f)
    except OSError as e:
        sys.exit("tcpd-score: %s: %s (DIR is a checkout of github.com/alan-turing-institute/TCPD: docs/detector.md)" % (ann_path, e.strerror))
    f1s, covers = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name in SERIES:
            vals = values(os.path.join(a.data, "datasets", name, name + ".json"))
            path = os.path.join(tmp, name + ".txt")
            with open(path, "w") as f:
                f.write("".join("%r\n" % v for v in vals))
            run = subprocess.run([path if c == "{file}" else c for c in cmd],
                                 capture_output=True, text=True)
            if run.returncode:
                sys.exit("tcpd-score: %s: the command exited %d: %s" %
                         (name, run.returncode, run.stderr.strip()[:400]))
            found = parse(run.stdout)
            ann = {k: v for k, v in annotations[name].items()}
            f1s.append(f1(ann, found, a.margin))
            covers.append(cover(ann, found, len(vals)))
            if a.show:
                print("%-20s F1 %.3f cover %.3f found %s" % (name, f1s[-1], covers[-1], found))
    print("F1 %.3f cover %.3f (%d series, margin %d)" %
          (sum(f1s) / len(f1s), sum(covers) / len(covers), len(f1s), a.margin))


if __name__ == "__main__":
    main()
