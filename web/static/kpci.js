/*
 * kpci.js - the dashboard's own script.  Every page works without it
 * (the numbers are in tables); with it:
 *  - each div.chart[data-chart=ID] becomes a uPlot chart of the JSON in
 *    <script type="application/json" id=ID>, either a metric chart
 *    ({classes: [{name, series_id, points: [{x, job_id, commit_sha, value,
 *    subject, author}]}], releases: [{name, kind, position}], changes:
 *    [{id, class, direction, from, to}], unit, x}: one line per runner
 *    class, release tags as labelled vertical lines, each change's range
 *    shaded) or a change's points ({points: [{index, job_id, commit_sha,
 *    value}], changes: [{index, direction}], unit});
 *    hover shows the commit and the value of each class, drag zooms,
 *    the buttons pan and reset (double-click resets too), a click opens
 *    the job of the nearest point (/jobs/ID).  After drawing, the chart
 *    element carries data-drawn (points), data-classes, data-releases
 *    (release lines in view) and data-x (the x range in view, "min..max");
 *  - form#triage posts its state and note to the API with the admin token
 *    pasted in it as an Authorization header (the token is not stored).
 * Text from the server is only ever inserted with textContent or drawn
 * on the canvas.
 */
(function () {
	'use strict';

	var COLORS = ['#036', '#c60', '#090', '#909', '#066', '#960', '#600', '#339'];

	/* The metric-chart form of either JSON shape. */
	function normalize(d) {
		if (d.classes)
			return d;
		return {
			unit: d.unit, x: 'point', releases: [],
			classes: [{ name: 'value', points: (d.points || []).map(function (p) {
				return { x: p.index, job_id: p.job_id, commit_sha: p.commit_sha,
					 value: p.value };
			}) }],
			changes: (d.changes || []).filter(function (m) {
				return typeof m.index === 'number';
			}).map(function (m) {
				return { direction: m.direction, from: m.index, to: m.index };
			})
		};
	}

	/* Shaded change ranges with a dashed line at the first bad point, and
	 * labelled release lines; counts the releases in view on el. */
	function marks(d, el) {
		return function (u) {
			var ctx = u.ctx, top = u.bbox.top, h = u.bbox.height;
			var xmin = u.scales.x.min, xmax = u.scales.x.max, shown = 0;
			ctx.save();
			(d.changes || []).forEach(function (m) {
				if (typeof m.to !== 'number' || m.to < xmin || m.from > xmax)
					return;
				var bad = m.direction === 'regression';
				var x0 = u.valToPos(Math.max(m.from, xmin), 'x', true);
				var x1 = u.valToPos(Math.min(m.to, xmax), 'x', true);
				ctx.fillStyle = bad ? 'rgba(187,0,0,0.15)' : 'rgba(0,119,0,0.15)';
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
			ctx.font = Math.round(11 * devicePixelRatio) + 'px sans-serif';
			ctx.textBaseline = 'top';
			(d.releases || []).forEach(function (r) {
				if (typeof r.position !== 'number' || r.position < xmin || r.position > xmax)
					return;
				var x = Math.round(u.valToPos(r.position, 'x', true));
				ctx.strokeStyle = r.kind === 'release' ? '#444' : '#aaa';
				ctx.lineWidth = 1;
				ctx.beginPath();
				ctx.moveTo(x, top);
				ctx.lineTo(x, top + h);
				ctx.stroke();
				ctx.fillStyle = '#222';
				ctx.fillText(String(r.name).slice(0, 40), x + 3, top + 2);
				shown++;
			});
			ctx.restore();
			el.setAttribute('data-releases', String(shown));
			el.setAttribute('data-x', xmin + '..' + xmax);
		};
	}

	/* xs: every x of every class, sorted; at[c][i]: class c's point at xs[i]. */
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
			var row = new Array(xs.length).fill(null);
			c.points.forEach(function (p) { row[where[p.x]] = p; });
			return row;
		});
		return { xs: xs, at: at };
	}

	function tipText(d, al, i) {
		var lines = [], first = null;
		d.classes.forEach(function (c, k) {
			var p = al.at[k][i];
			if (!p)
				return;
			first = first || p;
			lines.push(c.name + ': ' + p.value.toPrecision(6) + ' ' + (d.unit || '') +
				   ' (job ' + p.job_id + ')');
		});
		if (!first)
			return '';
		var head = (d.x || 'x') + ' ' + al.xs[i];
		if (first.commit_sha)
			head += ' ' + String(first.commit_sha).slice(0, 12);
		if (first.subject)
			head += ' ' + first.subject;
		if (first.author)
			head += ' (' + first.author + ')';
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

	function drawChart(el) {
		var src = document.getElementById(el.getAttribute('data-chart'));
		if (!src || typeof uPlot === 'undefined')
			return;
		var d = normalize(JSON.parse(src.textContent));
		var al = align(d.classes);
		var data = [al.xs].concat(al.at.map(function (row) {
			return row.map(function (p) { return p ? p.value : null; });
		}));
		var total = 0;
		d.classes.forEach(function (c) { total += c.points.length; });
		var series = [{ label: d.x || 'x' }];
		d.classes.forEach(function (c, k) {
			series.push({ label: c.name, stroke: COLORS[k % COLORS.length], width: 1,
				      spanGaps: true, points: { show: total <= 600 } });
		});
		var bar = document.createElement('div');
		bar.className = 'chart-bar';
		el.appendChild(bar);
		var tip = document.createElement('pre');
		tip.className = 'chart-tip';
		tip.style.cssText = 'position:absolute;pointer-events:none;display:none;z-index:10;' +
			'background:#fff;border:1px solid #888;padding:2px 4px;margin:0;font-size:12px;' +
			'max-width:40em;white-space:pre-wrap;';
		var opts = {
			width: Math.max(400, Math.min(1400, el.clientWidth || 900)),
			height: 320,
			scales: { x: { time: false } },
			series: series,
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
					if (left > u.over.clientWidth - 300)
						left = Math.max(0, u.cursor.left - 320);
					tip.style.left = left + 'px';
					tip.style.top = (u.cursor.top + 12) + 'px';
				}]
			}
		};
		var u = new uPlot(opts, data, el);
		u.over.appendChild(tip);
		u.over.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
		var full = [al.xs[0], al.xs[al.xs.length - 1]];
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
				var p = row[i];
				if (!p)
					return;
				var dy = Math.abs(u.valToPos(p.value, 'y') - u.cursor.top);
				if (dy < dist) { dist = dy; best = p; }
			});
			if (best)
				window.location.href = '/jobs/' + encodeURIComponent(String(best.job_id));
		});
		el.setAttribute('data-classes', String(d.classes.length));
		el.setAttribute('data-drawn', String(total));
	}

	function triage(form) {
		form.addEventListener('submit', function (ev) {
			ev.preventDefault();
			var out = document.getElementById('triage-result');
			var body = { state: form.elements.state.value };
			if (form.elements.note.value)
				body.note = form.elements.note.value;
			var headers = { 'Content-Type': 'application/json' };
			var token = form.elements.token.value.trim();
			if (token)
				headers.Authorization = 'Bearer ' + token;
			fetch(form.getAttribute('action'), {
				method: 'POST', headers: headers, body: JSON.stringify(body),
				credentials: 'omit'
			}).then(function (r) {
				return r.json().then(function (j) { return { status: r.status, j: j }; });
			}).then(function (res) {
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

	function init() {
		Array.prototype.forEach.call(document.querySelectorAll('div.chart[data-chart]'), drawChart);
		var form = document.getElementById('triage');
		if (form)
			triage(form);
	}

	if (document.readyState === 'loading')
		document.addEventListener('DOMContentLoaded', init);
	else
		init();
}());
