/*
 * kpci.js - the dashboard's own script.  Every page works without it
 * (the numbers are in tables); with it:
 *  - each div.chart[data-chart=ID] becomes a uPlot chart of the JSON in
 *    <script type="application/json" id=ID> ({points: [{index, job_id,
 *    commit_sha, value}], changes: [{index, direction}], unit}); drag to
 *    zoom, double-click to reset, click a point to open its job;
 *  - form#triage posts its state and note to the API with the admin token
 *    pasted in it as an Authorization header (the token is not stored).
 * Text from the server is only ever inserted with textContent.
 */
(function () {
	'use strict';

	function changeMarks(marks) {
		return function (u) {
			var ctx = u.ctx;
			ctx.save();
			marks.forEach(function (m) {
				if (typeof m.index !== 'number')
					return;
				var x = Math.round(u.valToPos(m.index, 'x', true));
				ctx.strokeStyle = m.direction === 'regression' ? '#b00' : '#070';
				ctx.lineWidth = 2;
				ctx.setLineDash([5, 4]);
				ctx.beginPath();
				ctx.moveTo(x, u.bbox.top);
				ctx.lineTo(x, u.bbox.top + u.bbox.height);
				ctx.stroke();
			});
			ctx.restore();
		};
	}

	function drawChart(el) {
		var src = document.getElementById(el.getAttribute('data-chart'));
		if (!src || typeof uPlot === 'undefined')
			return;
		var d = JSON.parse(src.textContent);
		var pts = d.points || [];
		var xs = pts.map(function (p) { return p.index; });
		var ys = pts.map(function (p) { return p.value; });
		var opts = {
			width: Math.max(400, Math.min(1400, el.clientWidth || 900)),
			height: 320,
			scales: { x: { time: false } },
			series: [
				{ label: 'point' },
				{ label: 'value', stroke: '#036', width: 1,
				  points: { show: pts.length <= 400 } }
			],
			hooks: { draw: [changeMarks(d.changes || [])] }
		};
		var u = new uPlot(opts, [xs, ys], el);
		u.over.addEventListener('click', function () {
			var i = u.cursor.idx;
			if (i !== null && i !== undefined && pts[i])
				window.location.href = '/api/v1/jobs/' + encodeURIComponent(String(pts[i].job_id));
		});
		el.setAttribute('data-drawn', String(pts.length));
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
