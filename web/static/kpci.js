// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpci.js - the dashboard's own script, loaded at the end of every page.
 * Every page works without it (the numbers are in tables); with it:
 *  - each div.chart[data-chart=ID] becomes a uPlot chart of the JSON in
 *    <script type="application/json" id=ID> (web/chart.h has its shape):
 *    one line per runner class over first-parent positions (or job
 *    order), the x axis labelled with short commit ids and the tag or
 *    date of each labelled point, the y axis with the unit and which way
 *    is better; each point's min-max whisker over its iterations; a noise
 *    band per segment (its mean +- the spread of one point); each
 *    change's range shaded with a dashed line at its first bad point;
 *    release tags as vertical lines whose labels never overlap (a label
 *    with no room is left out).  The chart fills its container and is
 *    drawn again when that changes size.  Hover shows the commit and each
 *    class's value; drag zooms; the buttons pan and reset (double-click
 *    resets too); a click opens the job of the nearest point.  After
 *    drawing, the element carries data-drawn (points), data-classes,
 *    data-releases (release lines in view), data-labels (release labels
 *    drawn), data-bands (noise bands in view), data-whiskers (whiskers
 *    drawn), data-x (the x range in view, "min..max"), data-x-title and
 *    data-y-title (the axes' titles), and el.kpciLabels holds the boxes of
 *    the release labels, el.kpciXTicks the x ticks {splits, labels},
 *    el.kpciY the y labels {labels, widest, size} (the browser test reads
 *    them);
 *  - free text in .clamp shows two lines and a button to show it all;
 *  - a.expand[data-group] in the changes list shows the group's metric rows
 *    in place (without JavaScript it links to the group's own list);
 *  - form#triage posts its state and note to the API, and form.measure
 *    queues bench jobs of the merges it names (POST /api/v1/jobs), both
 *    with the admin token pasted in the form as an Authorization header
 *    (the token is not stored);
 *  - button.copy[data-copy=ID] copies the text of element ID.
 * Text from the server is only ever inserted with textContent or drawn
 * on the canvas.
 */
(function () {
	'use strict';

	var COLORS = ['#036', '#c60', '#090', '#909', '#066', '#960', '#600', '#339'];
	var X_LABEL_GAP = 96;       /* CSS pixels between two x labels at least */
	var X_LABEL_HALF = 40;      /* half an x label: the room right of the plot */
	var LABEL_ROWS = 3;         /* rows of release labels at the top */
	var SD_SPAN = 3;            /* the y axis shows a segment's mean +- this many sd */

	document.documentElement.classList.add('js');

	/* The metric-chart form of either JSON shape (the change page's
	 * points before it had a chart of its own). */
	function normalize(d) {
		if (d.classes)
			return d;
		return {
			unit: d.unit, x: 'point', releases: [],
			classes: [{ name: 'value', points: (d.points || []).map(function (p) {
				return { x: p.index, job_id: p.job_id, commit_sha: p.commit_sha,
					 value: p.value };
			}) }],
			changes: []
		};
	}

	function fmt(v) {
		if (typeof v !== 'number' || !isFinite(v))
			return '';
		var a = Math.abs(v);
		if (a >= 1e4)
			return Math.round(v).toLocaleString('en-US');
		return Number(v.toPrecision(a >= 1 ? 6 : 4)).toLocaleString('en-US',
			{ maximumFractionDigits: 6 });
	}

	function date(t) {
		if (typeof t !== 'number' || t <= 0)
			return '';
		return new Date(t * 1000).toISOString().slice(0, 10);
	}

	/* The jobs of one class at one x as one point: the median of their
	 * values, the range of all their iterations, the jobs in "jobs". */
	function merged(list) {
		if (list.length === 1)
			return list[0];
		var v = list.map(function (p) { return p.value; }).sort(function (a, b) { return a - b; });
		var n = v.length, mid = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
		var lo = Math.min.apply(null, list.map(function (p) {
			return typeof p.min === 'number' ? p.min : p.value;
		}));
		var hi = Math.max.apply(null, list.map(function (p) {
			return typeof p.max === 'number' ? p.max : p.value;
		}));
		return Object.assign({}, list[0], { value: mid, min: lo, max: hi, jobs: list });
	}

	/* xs: every x of every class, sorted; at[c][i]: class c's point at
	 * xs[i] (a commit measured by several jobs is one point of them all). */
	function align(classes) {
		var seen = {}, xs = [];
		classes.forEach(function (c) {
			c.points.forEach(function (p) {
				if (!seen[p.x]) { seen[p.x] = 1; xs.push(p.x); }
			});
		});
		xs.sort(function (a, b) { return a - b; });
		var where = {};
		xs.forEach(function (x, i) { where[x] = i; });
		var at = classes.map(function (c) {
			var lists = new Array(xs.length).fill(null);
			c.points.forEach(function (p) {
				var i = where[p.x];
				(lists[i] = lists[i] || []).push(p);
			});
			return lists.map(function (l) { return l ? merged(l) : null; });
		});
		return { xs: xs, at: at, where: where };
	}

	/* The first class's point at each x, and the release tag at each x. */
	function labelsOf(d, al) {
		var first = {}, tags = {};
		al.xs.forEach(function (x, i) {
			for (var k = 0; k < al.at.length; k++)
				if (al.at[k][i]) { first[x] = al.at[k][i]; break; }
		});
		(d.releases || []).forEach(function (r) {
			if (typeof r.position === 'number' && !tags[r.position])
				tags[r.position] = String(r.name).slice(0, 24);
		});
		return { first: first, tags: tags };
	}

	/* x ticks: measured points at least X_LABEL_GAP pixels apart, so every
	 * label names a commit (whole positions, never 0.25). */
	function xSplits(al) {
		return function (u, axisIdx, min, max) {
			var width = (u.bbox.width / devicePixelRatio) || u.width || 400;
			var unit = (max - min) / Math.max(width, 1), gap = X_LABEL_GAP * unit;
			var out = [], last = -Infinity;
			al.xs.forEach(function (x) {
				if (x >= min && x <= max && x - last >= gap) {
					out.push(x);
					last = x;
				}
			});
			if (!out.length)
				out.push(Math.round((min + max) / 2));
			return out;
		};
	}

	function xValues(d, lab, el) {
		return function (u, splits) {
			var labels = splits.map(function (x) {
				var p = lab.first[x];
				if (!p)
					return String(x);
				var top = p.commit_sha ? String(p.commit_sha).slice(0, 7) : 'job ' + p.job_id;
				var bottom = lab.tags[x] || date(p.time) || (d.by_commit ? '#' + x : '');
				return bottom ? top + '\n' + bottom : top;
			});
			el.kpciXTicks = { splits: splits.slice(), labels: labels };
			return labels;
		};
	}

	/* The y axis' width from its widest label, so that 1,000,000 is never
	 * cut to "0,000". */
	function ySize(el) {
		return function (u, values) {
			if (!values)
				return 60;
			var ctx = u.ctx, w = 0;
			ctx.save();
			ctx.font = u.axes[1].font[0];
			values.forEach(function (v) { w = Math.max(w, ctx.measureText(String(v)).width); });
			ctx.restore();
			var size = Math.ceil(w / devicePixelRatio) + 18;
			el.kpciY = { labels: values.slice(), widest: w / devicePixelRatio, size: size };
			return size;
		};
	}

	/* The y range of what is in view: points, whiskers and each segment's
	 * mean +- SD_SPAN sd, so that noise does not fill the whole height. */
	function yRange(d, al) {
		return function (u, dmin, dmax) {
			var lo = Infinity, hi = -Infinity;
			var xmin = u.scales.x.min, xmax = u.scales.x.max;
			d.classes.forEach(function (c) {
				c.points.forEach(function (p) {
					if (xmin != null && (p.x < xmin || p.x > xmax))
						return;
					var a = typeof p.min === 'number' ? p.min : p.value;
					var b = typeof p.max === 'number' ? p.max : p.value;
					lo = Math.min(lo, a, p.value);
					hi = Math.max(hi, b, p.value);
				});
				(c.segments || []).forEach(function (s) {
					if (xmin != null && (s.to < xmin || s.from > xmax))
						return;
					lo = Math.min(lo, s.mean - SD_SPAN * s.sd);
					hi = Math.max(hi, s.mean + SD_SPAN * s.sd);
				});
			});
			if (!isFinite(lo)) {
				lo = dmin;
				hi = dmax;
			}
			if (lo === hi) {
				lo -= Math.abs(lo) * 0.01 || 1;
				hi += Math.abs(hi) * 0.01 || 1;
			}
			var pad = (hi - lo) * 0.06;
			return [lo - pad, hi + pad];
		};
	}

	/* Noise bands, whiskers, change ranges and release lines with labels
	 * that do not overlap; counts them on el. */
	function marks(d, el) {
		return function (u) {
			var ctx = u.ctx, top = u.bbox.top, h = u.bbox.height, dpr = devicePixelRatio;
			var left = u.bbox.left, right = u.bbox.left + u.bbox.width;
			var xmin = u.scales.x.min, xmax = u.scales.x.max, shown = 0, bands = 0, whiskers = 0;
			ctx.save();
			ctx.beginPath();
			ctx.rect(left, top, u.bbox.width, h);
			ctx.clip();
			d.classes.forEach(function (c, k) {
				var color = COLORS[k % COLORS.length];
				(c.segments || []).forEach(function (s) {
					if (s.to < xmin || s.from > xmax || !(s.sd >= 0))
						return;
					var x0 = u.valToPos(Math.max(s.from, xmin), 'x', true);
					var x1 = u.valToPos(Math.min(s.to, xmax), 'x', true);
					var y0 = u.valToPos(s.mean + s.sd, 'y', true);
					var y1 = u.valToPos(s.mean - s.sd, 'y', true);
					ctx.fillStyle = 'rgba(120,120,120,0.16)';
					ctx.fillRect(x0, y0, Math.max(2 * dpr, x1 - x0), Math.max(1, y1 - y0));
					ctx.strokeStyle = color;
					ctx.globalAlpha = 0.5;
					ctx.lineWidth = dpr;
					ctx.setLineDash([2 * dpr, 3 * dpr]);
					var ym = u.valToPos(s.mean, 'y', true);
					ctx.beginPath();
					ctx.moveTo(x0, ym);
					ctx.lineTo(Math.max(x0 + 2 * dpr, x1), ym);
					ctx.stroke();
					ctx.setLineDash([]);
					ctx.globalAlpha = 1;
					bands++;
				});
				ctx.strokeStyle = color;
				ctx.globalAlpha = 0.45;
				ctx.lineWidth = dpr;
				c.points.forEach(function (p) {
					if (p.x < xmin || p.x > xmax || typeof p.min !== 'number' || p.min === p.max)
						return;
					var x = Math.round(u.valToPos(p.x, 'x', true));
					ctx.beginPath();
					ctx.moveTo(x, u.valToPos(p.min, 'y', true));
					ctx.lineTo(x, u.valToPos(p.max, 'y', true));
					ctx.stroke();
					whiskers++;
				});
				ctx.globalAlpha = 1;
			});
			(d.changes || []).forEach(function (m) {
				if (typeof m.to !== 'number' || m.to < xmin || m.from > xmax)
					return;
				var bad = m.direction === 'regression';
				var x0 = u.valToPos(Math.max(m.from, xmin), 'x', true);
				var x1 = u.valToPos(Math.min(m.to, xmax), 'x', true);
				ctx.fillStyle = bad ? 'rgba(187,0,0,0.12)' : 'rgba(0,119,0,0.12)';
				ctx.fillRect(x0, top, Math.max(2, x1 - x0), h);
				ctx.strokeStyle = bad ? '#b00' : '#070';
				ctx.lineWidth = 2;
				ctx.setLineDash([5, 4]);
				ctx.beginPath();
				ctx.moveTo(Math.round(x1), top);
				ctx.lineTo(Math.round(x1), top + h);
				ctx.stroke();
			});
			ctx.setLineDash([]);
			var inView = (d.releases || []).filter(function (r) {
				return typeof r.position === 'number' && r.position >= xmin && r.position <= xmax;
			}).sort(function (a, b) { return a.position - b.position; });
			inView.forEach(function (r) {
				var x = Math.round(u.valToPos(r.position, 'x', true));
				ctx.strokeStyle = r.kind === 'release' ? '#444' : '#aaa';
				ctx.lineWidth = 1;
				ctx.beginPath();
				ctx.moveTo(x, top);
				ctx.lineTo(x, top + h);
				ctx.stroke();
				shown++;
			});
			ctx.restore();
			/* the labels go in the band above the plot (LABEL_PAD), each on
			 * the first row where it overlaps no other; none is left: skip */
			var size = Math.round(11 * dpr), rows = [], boxes = [], line = size + 3 * dpr;
			ctx.save();
			ctx.font = size + 'px sans-serif';
			ctx.textBaseline = 'top';
			ctx.textAlign = 'left';
			ctx.fillStyle = '#222';
			inView.forEach(function (r) {
				var x = Math.round(u.valToPos(r.position, 'x', true));
				var text = String(r.name).slice(0, 24), w = ctx.measureText(text).width;
				var x0 = x + 2 * dpr;
				if (x0 + w > right)
					x0 = x - 2 * dpr - w;
				for (var row = 0; row < LABEL_ROWS; row++) {
					if (rows[row] === undefined || rows[row] < x0) {
						var y = top - (LABEL_ROWS - row) * line;
						rows[row] = x0 + w + 6 * dpr;
						ctx.fillText(text, x0, y);
						boxes.push({ name: text, x0: x0 / dpr, x1: (x0 + w) / dpr,
							     y0: y / dpr, y1: (y + size) / dpr });
						break;
					}
				}
			});
			ctx.restore();
			el.kpciLabels = boxes;
			el.setAttribute('data-releases', String(shown));
			el.setAttribute('data-labels', String(boxes.length));
			el.setAttribute('data-bands', String(bands));
			el.setAttribute('data-whiskers', String(whiskers));
			el.setAttribute('data-x', xmin + '..' + xmax);
		};
	}

	function tipText(d, al, i) {
		var lines = [], first = null;
		d.classes.forEach(function (c, k) {
			var p = al.at[k][i];
			if (!p)
				return;
			first = first || p;
			var line = c.name + ': ' + fmt(p.value) + ' ' + (d.unit || '');
			if (typeof p.min === 'number' && p.min !== p.max)
				line += ' (' + fmt(p.min) + '\u2013' + fmt(p.max) + ')';
			if (p.jobs)
				line += ' over ' + p.jobs.length + ' jobs: ' + p.jobs.map(function (j) {
					return fmt(j.value) + ' (job ' + j.job_id + ')';
				}).join(', ');
			else
				line += ' job ' + p.job_id;
			lines.push(line);
		});
		if (!first)
			return '';
		var head = (d.x || 'x') + ' ' + al.xs[i];
		if (first.commit_sha)
			head += ' ' + String(first.commit_sha).slice(0, 12);
		if (first.time)
			head += ' ' + date(first.time);
		if (first.subject)
			head += '\n' + String(first.subject).slice(0, 200);
		if (first.author)
			head += ' (' + String(first.author).slice(0, 80) + ')';
		return [head].concat(lines).join('\n');
	}

	function button(bar, label, fn) {
		var b = document.createElement('button');
		b.type = 'button';
		b.textContent = label;
		b.addEventListener('click', fn);
		bar.appendChild(b);
		return b;
	}

	function chartHeight(width) {
		return Math.round(Math.max(220, Math.min(360, width * 0.5)));
	}

	function drawChart(el) {
		var src = document.getElementById(el.getAttribute('data-chart'));
		if (!src || typeof uPlot === 'undefined')
			return;
		var d = normalize(JSON.parse(src.textContent));
		var al = align(d.classes);
		var lab = labelsOf(d, al);
		var data = [al.xs].concat(al.at.map(function (row) {
			return row.map(function (p) { return p ? p.value : null; });
		}));
		var total = 0;
		d.classes.forEach(function (c) { total += c.points.length; });
		var series = [{ label: d.x || 'x', value: function (u, x) {
			return x == null ? '--' : String(x);
		} }];
		d.classes.forEach(function (c, k) {
			series.push({ label: c.name, stroke: COLORS[k % COLORS.length], width: 1.5,
				      spanGaps: true, points: { show: total <= 600, size: 5 },
				      value: function (u, v) { return v == null ? '--' : fmt(v); } });
		});
		var bar = document.createElement('div');
		bar.className = 'chart-bar';
		el.appendChild(bar);
		var tip = document.createElement('pre');
		tip.className = 'chart-tip';
		tip.style.cssText = 'position:absolute;pointer-events:none;display:none;z-index:10;' +
			'background:#fff;border:1px solid #888;padding:2px 4px;margin:0;font-size:12px;' +
			'max-width:40em;white-space:pre-wrap;overflow-wrap:anywhere;';
		var yTitle = (d.unit || 'value') + (d.better ? ' (' + d.better + ' is better)' : '');
		var xTitle = d.by_commit ? 'first-parent position: commit, tag or date' :
			'jobs in the order they ran';
		var width = Math.max(200, el.clientWidth || 600);
		var opts = {
			width: width,
			height: chartHeight(width),
			padding: [(d.releases || []).length ? LABEL_ROWS * 14 + 4 : 10, X_LABEL_HALF, 0, 0],
			scales: { x: { time: false }, y: { range: yRange(d, al) } },
			series: series,
			legend: { live: true },
			axes: [
				{ label: xTitle, labelSize: 18, size: 44, splits: xSplits(al),
				  values: xValues(d, lab, el), gap: 4 },
				{ label: yTitle, labelSize: 20, size: ySize(el),
				  values: function (u, splits) { return splits.map(fmt); } }
			],
			cursor: { drag: { x: true, y: false } },
			hooks: {
				draw: [marks(d, el)],
				setCursor: [function (u) {
					var i = u.cursor.idx, t = (i === null || i === undefined) ? '' :
						tipText(d, al, i);
					tip.style.display = t ? 'block' : 'none';
					if (!t)
						return;
					tip.textContent = t;
					var left = u.cursor.left + 12;
					if (left > u.over.clientWidth - 260)
						left = Math.max(0, u.cursor.left - 270);
					tip.style.left = left + 'px';
					tip.style.top = (u.cursor.top + 12) + 'px';
				}]
			}
		};
		var u = new uPlot(opts, data, el);
		u.over.appendChild(tip);
		u.over.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
		var full = [al.xs[0], al.xs[al.xs.length - 1]];
		if (d.view && d.view.length === 2 && d.view[1] > d.view[0])
			u.setScale('x', { min: Math.max(full[0], d.view[0]), max: Math.min(full[1], d.view[1]) });
		function pan(dir) {
			var lo = u.scales.x.min, hi = u.scales.x.max, w = (hi - lo) / 2 * dir;
			if (lo + w < full[0]) w = full[0] - lo;
			if (hi + w > full[1]) w = full[1] - hi;
			u.setScale('x', { min: lo + w, max: hi + w });
		}
		button(bar, '\u25c0 pan', function () { pan(-1); }).className = 'pan-left';
		button(bar, 'pan \u25b6', function () { pan(1); }).className = 'pan-right';
		button(bar, 'reset zoom', function () {
			u.setScale('x', { min: full[0], max: full[1] });
		}).className = 'zoom-reset';
		var down = null;
		u.over.addEventListener('mousedown', function (e) { down = [e.clientX, e.clientY]; });
		u.over.addEventListener('click', function (e) {
			var i = u.cursor.idx, best = null, dist = Infinity;
			if (down && Math.abs(e.clientX - down[0]) + Math.abs(e.clientY - down[1]) > 4)
				return;     /* the end of a drag-to-zoom */
			if (i === null || i === undefined)
				return;
			al.at.forEach(function (row) {
				(row[i] ? row[i].jobs || [row[i]] : []).forEach(function (p) {
					var dy = Math.abs(u.valToPos(p.value, 'y') - u.cursor.top);
					if (dy < dist) { dist = dy; best = p; }
				});
			});
			if (best)
				window.location.href = '/jobs/' + encodeURIComponent(String(best.job_id));
		});
		if (typeof ResizeObserver !== 'undefined') {
			var last = width;
			new ResizeObserver(function () {
				var w = Math.max(200, el.clientWidth);
				if (Math.abs(w - last) < 2)
					return;
				last = w;
				u.setSize({ width: w, height: chartHeight(w) });
			}).observe(el);
		}
		el.kpciPlot = u;
		el.setAttribute('data-x-title', xTitle);
		el.setAttribute('data-y-title', yTitle);
		el.setAttribute('data-classes', String(d.classes.length));
		el.setAttribute('data-drawn', String(total));
	}

	/* A button after each clamped text that overflows its two lines. */
	function clamps() {
		Array.prototype.forEach.call(document.querySelectorAll('.clamp'), function (c) {
			if (c.scrollHeight <= c.clientHeight + 1)
				return;
			var b = document.createElement('button');
			b.type = 'button';
			b.className = 'clamp-toggle';
			b.textContent = 'more';
			b.setAttribute('aria-expanded', 'false');
			b.addEventListener('click', function () {
				var open = c.classList.toggle('open');
				b.textContent = open ? 'less' : 'more';
				b.setAttribute('aria-expanded', open ? 'true' : 'false');
			});
			c.parentNode.insertBefore(b, c.nextSibling);
		});
	}

	/* The changes list: a group's link shows its metric rows in place. */
	function expanders() {
		Array.prototype.forEach.call(document.querySelectorAll('a.expand[data-group]'),
			function (a) {
				a.setAttribute('aria-expanded', 'false');
				a.addEventListener('click', function (ev) {
					ev.preventDefault();
					var g = a.getAttribute('data-group'), open = a.getAttribute('aria-expanded') !== 'true';
					Array.prototype.forEach.call(document.querySelectorAll('tr.member'), function (tr) {
						if (tr.getAttribute('data-group') === g)
							tr.hidden = !open;
					});
					a.setAttribute('aria-expanded', open ? 'true' : 'false');
				});
			});
	}

	/* POST body to path with the form's token; resolves {status, j}. */
	function post(form, path, body) {
		var headers = { 'Content-Type': 'application/json' };
		var token = form.elements.token.value.trim();
		if (token)
			headers.Authorization = 'Bearer ' + token;
		return fetch(path, {
			method: 'POST', headers: headers, body: JSON.stringify(body), credentials: 'omit'
		}).then(function (r) {
			return r.json().then(function (j) { return { status: r.status, j: j }; },
					     function () { return { status: r.status, j: {} }; });
		});
	}

	function triage(form) {
		form.addEventListener('submit', function (ev) {
			ev.preventDefault();
			var out = document.getElementById('triage-result');
			var body = { state: form.elements.state.value };
			if (form.elements.note.value)
				body.note = form.elements.note.value;
			post(form, form.getAttribute('action'), body).then(function (res) {
				if (res.status === 200) {
					out.textContent = 'saved';
					document.getElementById('state').textContent = res.j.state;
				} else {
					out.textContent = 'refused (' + res.status + '): ' + (res.j.error || '');
				}
				out.setAttribute('data-status', String(res.status));
			}).catch(function (e) {
				out.textContent = 'error: ' + e;
			});
		});
	}

	/* A bench job of each commit of the form for each suite and runner class
	 * it names, one request after the other. */
	function measure(form) {
		form.addEventListener('submit', function (ev) {
			ev.preventDefault();
			var out = form.querySelector('output');
			var words = function (name) {
				return form.elements[name].value.split(/[\s,]+/).filter(Boolean);
			};
			var commits = String(form.getAttribute('data-commits')).split(' ').filter(Boolean);
			var suites = words('suite'), classes = words('runner_class');
			var todo = [];
			commits.forEach(function (c) {
				suites.forEach(function (s) {
					(classes.length ? classes : [null]).forEach(function (k) {
						var body = { kind: 'bench', suite: s, boot: form.elements.boot.value,
							     tree: form.getAttribute('data-tree'), commit: c };
						if (k)
							body.runner_class = k;
						todo.push(body);
					});
				});
			});
			var queued = [], status = 0, error = '';
			function next() {
				if (!todo.length || (status && status >= 300)) {
					out.textContent = status < 300 ?
						'queued ' + queued.length + ' job(s): ' + queued.join(', ') :
						'refused (' + status + '): ' + error;
					out.setAttribute('data-status', String(status));
					return;
				}
				post(form, '/api/v1/jobs', todo.shift()).then(function (res) {
					status = res.status;
					error = res.j.error || '';
					if (res.status < 300)
						queued.push(res.j.id ? 'job ' + res.j.id : 'request ' + res.j.request_id);
					next();
				}).catch(function (e) {
					out.textContent = 'error: ' + e;
				});
			}
			out.textContent = 'sending ' + todo.length + ' request(s)';
			next();
		});
	}

	function copies() {
		Array.prototype.forEach.call(document.querySelectorAll('button.copy[data-copy]'),
			function (b) {
				b.hidden = false;
				b.addEventListener('click', function () {
					var el = document.getElementById(b.getAttribute('data-copy'));
					if (!el)
						return;
					var sel = window.getSelection(), range = document.createRange();
					range.selectNodeContents(el);
					sel.removeAllRanges();
					sel.addRange(range);
					if (navigator.clipboard)
						navigator.clipboard.writeText(el.textContent).then(function () {
							b.textContent = 'copied';
						}, function () { b.textContent = 'selected: press Ctrl+C'; });
					else
						b.textContent = 'selected: press Ctrl+C';
				});
			});
	}

	function init() {
		Array.prototype.forEach.call(document.querySelectorAll('div.chart[data-chart]'), drawChart);
		clamps();
		expanders();
		copies();
		var form = document.getElementById('triage');
		if (form)
			triage(form);
		Array.prototype.forEach.call(document.querySelectorAll('form.measure'), measure);
	}

	if (document.readyState === 'loading')
		document.addEventListener('DOMContentLoaded', init);
	else
		init();
}());
