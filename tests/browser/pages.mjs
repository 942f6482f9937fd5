// SPDX-License-Identifier: GPL-2.0-only
// pages.mjs - drives Debian's chromium (headless, through playwright-core)
// over the dashboard of a running kpcid seeded by tests/browser/seed.py.
//
//   node tests/browser/pages.mjs URL ADMIN_TOKEN ARTIFACT_DIR
//
// Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed"
// last; exits 1 when a check failed.  Screenshots go to ARTIFACT_DIR: each
// page visited at 1366 pixels wide (NAME.png), and the main pages at 400
// (NAME-400.png), whole.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, adminToken, artifacts] = process.argv.slice(2);
const HOSTILE_MERGE = "Merge tag '<script>window.__pwned=1</script>-for-6.13' of " +
	'git://example.org/"><script>window.__pwned=1</script>';
let passed = 0, failed = 0;
function check(what, cond, detail) {
	if (cond) { passed++; console.log(`ok - ${what}`); }
	else { failed++; console.log(`not ok - ${what}${detail ? ': ' + detail : ''}`); }
}

const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	      '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const profile = mkdtempSync(join(tmpdir(), 'kpci-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
	executablePath: '/usr/bin/chromium', headless: true, args,
	viewport: { width: 1366, height: 900 },
});
const narrowBrowser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
					      args });
const narrow = await narrowBrowser.newContext({ viewport: { width: 400, height: 800 } });

// Opens path in a fresh page of ctx; collects console errors, page errors
// and failed requests; checks the status, the errors and window.__pwned.
async function visit(path, name, opts = {}) {
	const page = await (opts.ctx || context).newPage();
	const errors = [];
	page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
	page.on('pageerror', e => errors.push(String(e)));
	page.on('requestfailed', r => errors.push(`request failed: ${r.url()}`));
	page.on('dialog', d => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
	const resp = await page.goto(url + path, { waitUntil: 'load' });
	await page.waitForTimeout(opts.settle ?? 100);
	check(`${name}: ${path} answers ${opts.status ?? 200}`, resp.status() === (opts.status ?? 200),
	      `got ${resp.status()}`);
	if (!opts.status)
		check(`${name}: no console or page error`, errors.length === 0, errors.join(' | '));
	const pwned = await page.evaluate(() => window.__pwned);
	check(`${name}: no injected script ran`, pwned === undefined, `window.__pwned = ${pwned}`);
	if (artifacts && !opts.status)
		await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: !!opts.full });
	page.kpciResponse = resp;
	return page;
}

async function text(page, sel) {
	return page.locator(sel).first().textContent();
}

// The page itself never scrolls sideways (wide tables scroll inside).
async function fitsWidth(page) {
	return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

// No element made from the data: only the page's own sparklines are SVG.
async function noInjected(page) {
	return page.locator('main img, main svg:not(.spark), main iframe').count().then(n => n === 0);
}

// The chart of a page: its drawn state, labels and ticks (web/static/kpci.js).
async function chartState(page, sel = 'div.chart') {
	return page.locator(sel).first().evaluate(el => ({
		drawn: Number(el.getAttribute('data-drawn')),
		classes: Number(el.getAttribute('data-classes')),
		releases: Number(el.getAttribute('data-releases')),
		labels: Number(el.getAttribute('data-labels')),
		bands: Number(el.getAttribute('data-bands')),
		whiskers: Number(el.getAttribute('data-whiskers')),
		x: el.getAttribute('data-x'),
		xTitle: el.getAttribute('data-x-title'),
		yTitle: el.getAttribute('data-y-title'),
		boxes: el.kpciLabels || [],
		xTicks: el.kpciXTicks || { splits: [], labels: [] },
		y: el.kpciY || { labels: [], widest: 0, size: 0 },
		width: el.clientWidth,
		canvas: el.querySelector('canvas') ? el.querySelector('canvas').getBoundingClientRect().width : 0,
	}));
}

function overlaps(boxes) {
	for (let i = 0; i < boxes.length; i++)
		for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i], b = boxes[j];
			if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1)
				return `${a.name} and ${b.name}`;
		}
	return '';
}

// The checks every chart passes: axis titles with the unit, x ticks at
// measured commits labelled with short ids and a date or tag, y labels
// that fit their axis, release labels that do not overlap, the chart as
// wide as its container.
function chartChecks(name, st, unit) {
	check(`${name}: the axes have titles, the y axis with the unit and which way is better`,
	      st.yTitle && st.yTitle.startsWith(unit) && / is better\)$/.test(st.yTitle) &&
	      /commit, tag or date/.test(st.xTitle), `${st.xTitle} | ${st.yTitle}`);
	check(`${name}: x ticks are whole positions labelled with a short commit id and a date or tag`,
	      st.xTicks.splits.length >= 2 && st.xTicks.splits.every(Number.isInteger) &&
	      st.xTicks.labels.every(l => /^[0-9a-f]{7}\n(\d{4}-\d\d-\d\d|v6\.\d+.*|perf-.*)$/.test(l)),
	      JSON.stringify(st.xTicks.labels.slice(0, 3)));
	check(`${name}: the y labels fit their axis`, st.y.labels.length >= 2 &&
	      st.y.size >= st.y.widest + 8, `${st.y.widest} px of label in ${st.y.size} px`);
	check(`${name}: release labels do not overlap`, !overlaps(st.boxes), overlaps(st.boxes));
	check(`${name}: the chart is as wide as its container`,
	      st.width > 0 && Math.abs(st.canvas - st.width) <= 2, `${st.canvas} in ${st.width}`);
}

try {
	// --- overview: trees, windows (the current and earlier ones), links.
	const overview = await visit('/', 'overview', { full: true });
	check('overview: links to the tree and to the latest changes',
	      await overview.locator('#trees a[href="/trees/linux"]').count() === 1 &&
	      await overview.locator('#latest-changes a.change-link').count() >= 3);
	const wline = await overview.locator('#current-windows > li').first().textContent();
	check('overview: the current merge window in one line',
	      wline.includes('v6.12 \u2192 head (open): 2 regressions, 1 improvement, 83 merges measured'),
	      wline);
	const earlier = await overview.locator('.earlier-windows li').allTextContents();
	check('overview: earlier windows with their counts',
	      earlier.length === 2 && earlier[0].startsWith('v6.11 \u2192 v6.12-rc1: 3 regressions, 2 improvements') &&
	      earlier[1].startsWith('v6.10 \u2192 v6.11-rc1: 0 regressions'), earlier.join(' | '));
	const latest = await overview.locator('#latest-changes li').allTextContents();
	check('overview: each latest change says at which commit, with its subject and tree',
	      latest.length >= 3 && latest.every(l => /^(regression|improvement) [-+][0-9.]+% of .* on \S+ at [0-9a-f]{12} .+ \(linux\)$/.test(l)) &&
	      await overview.locator('#latest-changes li code.sha').count() === latest.length,
	      latest.slice(0, 3).join(' | '));
	check('overview: every metric name links to its series',
	      await overview.locator('#latest-changes a.series-link').count() ===
	      await overview.locator('#latest-changes li').count() &&
	      await overview.locator('#samples td a.series-link').count() === 40);
	await overview.locator('#current-windows a.window-link').first().click();
	await overview.waitForLoadState('load');
	check('overview: the window line leads to its report',
	      new URL(overview.url()).pathname === '/trees/linux/windows/v6.12', overview.url());
	await overview.close();

	const runners = await visit('/runners', 'runners');
	check('runners: a hostile runner name shows as text',
	      (await runners.locator('#runners td').allTextContents())
		      .includes('"><img src=x onerror="window.__pwned=1">'));
	check('runners: no injected element exists', await noInjected(runners));
	await runners.close();

	const jobs = await visit('/jobs?state=failed', 'jobs-failed');
	check('jobs: the failed jobs show their reasons as text',
	      (await jobs.locator('#jobs').textContent()).includes('<script>window.__pwned=1</script>'));
	await jobs.close();
	const jobs2 = await visit('/jobs?page=2', 'jobs-page2');
	check('jobs: page 2 has rows and a link back', await jobs2.locator('#jobs tr').count() > 1 &&
	      await jobs2.locator('a[rel=prev]').count() === 1);
	await jobs2.close();

	const tree = await visit('/trees/linux', 'tree');
	const treeText = await tree.locator('main').textContent();
	check('tree: merge windows are listed and each links to its report',
	      await tree.locator('#windows a.window-link[href="/trees/linux/windows/v6.11"]').count() === 1 &&
	      await tree.locator('#windows a.window-link').count() >= 3);
	check('tree: 50 latest commits and a next page',
	      await tree.locator('#commits tr').count() === 51 &&
	      await tree.locator('a[rel=next]').count() === 1);
	check('tree: hostile branch names show as text',
	      treeText.includes("evil-2-'><svg onload='window.__pwned=1'>"));
	check('tree: no injected element exists', await noInjected(tree));
	await tree.locator('#branches a').nth(3).click();
	await tree.waitForLoadState('load');
	check('tree: a hostile branch link stays on the tree page',
	      new URL(tree.url()).pathname === '/trees/linux', tree.url());
	check('tree: after the hostile branch link, no script ran',
	      await tree.evaluate(() => window.__pwned) === undefined);
	await tree.close();
	for (const p of [2, 8]) {
		const pg = await visit(`/trees/linux?page=${p}`, `tree-page${p}`);
		const cells = await pg.locator('#commits td').allTextContents();
		check(`tree page ${p}: hostile subjects or authors show as text`,
		      cells.some(c => c.includes('__pwned')));
		const hrefs = await pg.locator('a').evaluateAll(as => as.map(a => a.protocol));
		check(`tree page ${p}: no javascript: link`, !hrefs.includes('javascript:'));
		await pg.close();
	}

	// --- the changes list: one row per group, expandable, filters, sorts.
	const changes = await visit('/changes', 'changes', { full: true });
	const groups = changes.locator('#change-groups tbody.group');
	check('changes: one row per group of the same range (3 groups for 8 changes)',
	      await groups.count() === 3 && await changes.locator('tr.member').count() === 8);
	const big = changes.locator('tbody.group', { hasText: '5 metrics' });
	const bigHead = await big.locator('tr.head').textContent();
	check('changes: a group row names tree, branch, commit and subject, metrics, largest, ' +
	      'direction, state and age',
	      /linux\s*master/.test(bigHead) && /[0-9a-f]{12}/.test(bigHead) &&
	      bigHead.includes("Merge tag 'sub6-for-6.12'") && bigHead.includes('+10.0%') &&
	      bigHead.includes('3 regressions') && bigHead.includes('2 improvements') &&
	      /new/.test(bigHead) && /ago|just now/.test(bigHead), bigHead);
	check('changes: the metric rows are hidden until the group is expanded',
	      await big.locator('tr.member:visible').count() === 0);
	await big.locator('a.expand').click();
	check('changes: the expand link shows the group\'s 5 metrics in place, each linking its series',
	      await big.locator('tr.member:visible').count() === 5 &&
	      await big.locator('tr.member a.series-link').count() === 5 &&
	      new URL(changes.url()).pathname === '/changes');
	check('changes: the hostile subject shows as text',
	      (await changes.locator('#change-groups').textContent()).includes(HOSTILE_MERGE) &&
	      await noInjected(changes));
	await changes.locator('#change-groups a.change-link').first().click();
	await changes.waitForLoadState('load');
	check('changes: a change link leads to its page',
	      /^\/changes\/\d+$/.test(new URL(changes.url()).pathname), changes.url());
	await changes.close();
	const filt = async (q) => {
		const pg = await visit(`/changes?${q}`, 'changes-filtered');
		const n = await pg.locator('#change-groups tbody.group').count();
		const first = n ? await pg.locator('#change-groups tbody.group tr.head').first().textContent() : '';
		await pg.close();
		return [n, first];
	};
	let [n, first] = await filt('min=9');
	check('changes: ?min=9 keeps the groups whose largest change is 9% or more', n === 2, `${n}`);
	[n, first] = await filt('sort=size&direction=regression');
	check('changes: ?direction=regression&sort=size, the largest first',
	      n === 3 && first.includes('+10.0%'), `${n} ${first}`);
	[n, first] = await filt('runner_class=smp8&tree=linux&branch=master');
	check('changes: ?runner_class=smp8 on linux master: the 2 groups of smp8', n === 2, `${n}`);
	[n] = await filt('state=confirmed');
	check('changes: ?state=confirmed: none yet', n === 0);
	const none = await visit('/changes?tree=nosuch', 'changes-none');
	check('changes: an empty result says what to do next',
	      (await text(none, '#no-changes')).includes('Show all changes'));
	await none.close();

	// --- the change page of the -8% step at the hostile merge (P3).
	const c8 = await visit('/changes?view=metrics&runner_class=smp8&direction=regression', 'changes-metrics');
	const c8href = await c8.locator('#changes tr', { hasText: 'metric-07' }).locator('a.change-link')
		.getAttribute('href');
	await c8.close();
	const change = await visit(c8href, 'change', { settle: 300, full: true });
	const title = await text(change, 'h1');
	check('change: the title says what, how much, which way and where',
	      title === `wq/metric-07 \u22128.0% regression at ${HOSTILE_MERGE}`, title);
	const facts = await text(change, '#change-facts');
	check('change: the header names tree, branch, runner class, both commits with subjects, the window and the state',
	      /tree\s*linux branch master/.test(facts) && /runner class\s*smp8/.test(facts) &&
	      /first bad\s*[0-9a-f]{12} Merge tag '<script>/.test(facts) &&
	      /last good\s*[0-9a-f]{12} Merge tag 'sub2-for-6.13'/.test(facts) &&
	      facts.includes('v6.12 \u2192 head (open)') && /state\s*new, detected/.test(facts), facts);
	check('change: the points\' change, named, then the verdict over job means with its interval',
	      /^regression -8\.0% \(the mean of the points after it against before\); verdict changed: -8\.\d% \[-8\.\d%, -7\.\d%\] .* over \d+ and \d+ jobs/.test(
		      await text(change, '#verdict')), await text(change, '#verdict'));
	check('change: links to the window report, the compare, the chart, the bisection and the reports',
	      await change.locator('#change-links a[href="/trees/linux/windows/v6.12?branch=master"]').count() === 1 &&
	      /^\/compare\?base=[0-9a-f]{40}&head=[0-9a-f]{40}&runner_class=smp8$/.test(
		      await change.getAttribute('#compare-link', 'href')) &&
	      /^\/series\/\d+\?from=\d+&to=\d+$/.test(await change.getAttribute('#zoom-link', 'href')) &&
	      await change.locator('#change-links a[href="#bisection-head"]').count() === 1 &&
	      await change.locator('#change-links a[href="#reports-head"]').count() === 1);
	check('change: the hook for the bisection is there',
	      await text(change, '#bisection') === 'No bisection has run for this change.');
	const summary = await text(change, '#summary-text');
	check('change: a plain-text summary to paste into a mail (LKP layout)',
	      summary.startsWith(`wq/metric-07 \u22128.0% regression at ${HOSTILE_MERGE}`) &&
	      summary.includes('runner class: smp8') && summary.includes('window:       v6.12 -> head (open)') &&
	      summary.includes('%stddev     %change         %stddev') &&
	      /-8\.0%\s+\d+ ±\s+\d+%\s+wq\.metric-07/.test(summary) && summary.includes('/changes/'),
	      summary);
	const cst = await chartState(change);
	check('change: the chart draws the points around the change with whiskers and noise bands',
	      cst.drawn >= 40 && cst.whiskers > 0 && cst.bands === 2, JSON.stringify(cst).slice(0, 200));
	chartChecks('change chart', cst, 'ops/s');
	check('change: the y axis shows values near 1,000,000 whole',
	      cst.y.labels.some(l => /^\d,\d{3},\d{3}$|^\d{3},\d{3}$/.test(l)), cst.y.labels.join(' '));
	check('change: the points table is there without the chart',
	      await change.locator('#points tr').count() > 10);
	check('change: no injected element exists', await noInjected(change));
	// Triage: refused without a token, accepted with the admin token.
	await change.selectOption('#triage select[name=state]', 'confirmed');
	await change.click('#triage button');
	await change.waitForSelector('#triage-result[data-status]');
	check('change: triage without a token is refused (401)',
	      await change.getAttribute('#triage-result', 'data-status') === '401' &&
	      await text(change, '#state') === 'new');
	await change.fill('#triage input[name=token]', 'not-a-token');
	await change.click('#triage button');
	await change.waitForFunction(() =>
		document.querySelector('#triage-result').textContent.includes('unknown'));
	check('change: triage with a wrong token is refused',
	      await change.getAttribute('#triage-result', 'data-status') === '401');
	await change.fill('#triage input[name=token]', adminToken);
	await change.fill('#triage input[name=note]', '<script>window.__pwned=1</script>');
	await change.click('#triage button');
	await change.waitForFunction(() =>
		document.querySelector('#triage-result').getAttribute('data-status') === '200');
	check('change: triage with the admin token is saved',
	      await text(change, '#state') === 'confirmed');
	const compareHref = await change.getAttribute('#compare-link', 'href');
	const zoomHref = await change.getAttribute('#zoom-link', 'href');
	await change.close();
	const again = await visit(c8href, 'change-triaged');
	check('change: the triage state and hostile note show after a reload',
	      await text(again, '#state') === 'confirmed' &&
	      await text(again, '#note') === '<script>window.__pwned=1</script>');
	await again.close();
	const conf = await visit('/changes?state=confirmed', 'changes-confirmed');
	check('changes: ?state=confirmed now lists its group',
	      await conf.locator('#change-groups tbody.group').count() === 1);
	await conf.close();

	// The ambiguous change: two candidate merges, one never measured.
	const amb = await visit('/changes?view=metrics&runner_class=smp8&direction=improvement', 'changes-improvements');
	const ambHref = await amb.locator('#changes a.change-link').first().getAttribute('href');
	await amb.close();
	const ambc = await visit(ambHref, 'change-ambiguous');
	check('change: an ambiguous range says so in its title',
	      (await text(ambc, 'h1')) === 'wq/metric-05 +10.0% improvement in one of 2 merges');
	check('change: the candidate merges, the one never measured marked',
	      await ambc.locator('#candidates li').count() === 2 &&
	      (await text(ambc, '#candidates li.unmeasured')).includes('never measured') &&
	      (await text(ambc, '#candidates li.measured')).includes('measured, 2 jobs'));
	check('change: the other change of the same range is listed, its metric linked',
	      await ambc.locator('#group tr').count() === 3 &&
	      await ambc.locator('#group a.series-link').count() === 2);
	await ambc.close();

	// --- compare: from the change's link, with its runner class.
	const cmp = await visit(compareHref, 'compare', { full: true });
	const rows = cmp.locator('#comparison tr[data-verdict]');
	const shownVerdicts = await rows.evaluateAll(rs => rs.map(r => r.getAttribute('data-verdict')));
	check('compare: by default the metrics that are not the same, the runner class carried',
	      shownVerdicts.length >= 1 && !shownVerdicts.includes('same') &&
	      (await cmp.locator('#comparison td:nth-child(2)').allTextContents()).every(c => c === 'smp8'),
	      shownVerdicts.join(','));
	check('compare: the -8% step of metric-07 comes first, with its interval and why',
	      /metric-07.*smp8.*-8\.0% \[-\d+\.\d%, [-+]\d+\.\d%\].*(changed \(regression\)|inconclusive)/s
		      .test(await rows.first().textContent()), await rows.first().textContent());
	check('compare: metric names link to their charts',
	      await cmp.locator('#comparison a.series-link').count() === await rows.count());
	check('compare: both sides with their commit subjects',
	      (await text(cmp, '#base-side')).includes("Merge tag 'sub2-for-6.13'") &&
	      (await text(cmp, '#head-side')).includes(HOSTILE_MERGE) && await noInjected(cmp));
	await cmp.goto(url + compareHref + '&all=1');
	const verdicts = await cmp.locator('#comparison tr[data-verdict]').evaluateAll(rs =>
		rs.map(r => r.getAttribute('data-verdict')));
	const rank = { changed: 0, inconclusive: 1, same: 2 };
	check('compare: "show all" lists every metric, changed first',
	      verdicts.length === 50 && verdicts.every((v, i) => !i || rank[verdicts[i - 1]] <= rank[v]),
	      verdicts.join(','));
	await cmp.close();
	const tags = await visit('/compare?base=perf-base&head=perf-head&runner_class=smp8', 'compare-tags');
	check('compare: tags are accepted as sides',
	      (await tags.locator('#comparison tr', { hasText: 'metric-07' }).textContent()).includes('-8.0%') &&
	      (await text(tags, '#base-side')).startsWith('tag perf-base at '));
	await tags.close();
	const branch = await visit('/compare?base=perf-head&head=master&runner_class=smp8&all=1', 'compare-branch');
	check('compare: a branch name is its tip',
	      (await text(branch, '#head-side')).startsWith('branch master at ') &&
	      await branch.locator('#comparison tr[data-verdict]').count() === 50);
	await branch.close();
	const jobs12 = await visit('/compare?base=job:1&head=job:299', 'compare-jobs');
	const step = await jobs12.locator('#comparison tr', { hasText: 'metric-00' }).textContent();
	check('compare: the planted step of metric-00 shows as +10%', step.includes('+10.'), step);
	await jobs12.close();
	const bad = await visit('/compare?base=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&head=x',
				'compare-bad', { status: 400 });
	check('compare: a hostile side is echoed as text in the form',
	      await bad.inputValue('input[name=base]') === '<script>window.__pwned=1</script>');
	await bad.close();

	// --- the series page zoomed on the change's range, then whole.
	const zoom = await visit(zoomHref, 'series-zoomed', { settle: 300 });
	const zst = await chartState(zoom);
	const [zfrom, zto] = zoomHref.match(/from=(\d+)&to=(\d+)/).slice(1).map(Number);
	check('series: the chart zoomed on a change\'s range shows that range',
	      zst.drawn > 5 && zst.drawn < 60 && Number(zst.x.split('..')[0]) >= zfrom &&
	      Number(zst.x.split('..')[1]) <= zto, `${zst.drawn} ${zst.x}`);
	const seriesHref = new URL(zoom.url()).pathname;
	await zoom.close();
	const series = await visit(seriesHref, 'series', { settle: 300, full: true });
	const sst = await chartState(series);
	check('series: the chart draws every point', sst.drawn === 250, `${sst.drawn}`);
	chartChecks('series chart', sst, 'ops/s');
	check('series: the noise band and the whiskers are drawn', sst.bands === 2 && sst.whiskers > 100,
	      `${sst.bands} bands, ${sst.whiskers} whiskers`);
	check('series: the header names tree, branch, unit and the latest value',
	      /tree\s*linux branch master/.test(await text(series, '#series-facts')) &&
	      /^[\d,]+ ops\/s at [0-9a-f]{12} \d{4}-\d\d-\d\d \(job \d+\)$/.test(
		      (await text(series, '#latest')).replace(/\s+/g, ' ').trim()),
	      await text(series, '#latest'));
	const positions = await series.locator('#points tr td:first-child').allTextContents();
	check('series: page 1 of the points is the newest, 50 of them, each linking its job',
	      positions.length === 50 && positions[0] === '4999' &&
	      positions.every((p, i) => !i || Number(positions[i - 1]) > Number(p)) &&
	      await series.locator('#points a[href^="/jobs/"]').count() === 50 &&
	      (await text(series, 'a[rel=next]')).includes('older'), positions.slice(0, 3).join(' '));
	check('series: the change is listed', await series.locator('#series-changes a.change-link').count() >= 1);
	// numbers and ids never break; long subjects clamp to two lines with a control
	check('series: numbers and commit ids do not wrap',
	      await series.locator('#points td.num').first().evaluate(e => getComputedStyle(e).whiteSpace) === 'nowrap' &&
	      await series.locator('#points code.sha').first().evaluate(e => getComputedStyle(e).whiteSpace) === 'nowrap');
	await series.close();
	const older = await visit(`${seriesHref}?page=4`, 'series-page4');
	const longCell = older.locator('#points td.text', { hasText: 'xxxxxxxxxx' }).first();
	const clampH = await longCell.locator('.clamp').evaluate(e => e.clientHeight);
	const lineH = await longCell.locator('.clamp').evaluate(e => parseFloat(getComputedStyle(e).lineHeight));
	check('series: a 5,000-character subject shows two lines and a control to expand it',
	      clampH <= 2 * lineH + 2 && await longCell.locator('button.clamp-toggle').count() === 1,
	      `${clampH} px at ${lineH} px a line`);
	await longCell.locator('button.clamp-toggle').click();
	check('series: the control shows the whole subject',
	      await longCell.locator('.clamp').evaluate(e => e.clientHeight) > 4 * lineH);
	check('series: the older page links back to the newer one',
	      (await text(older, 'a[rel=prev]')).includes('newer'));
	await older.close();

	// --- metric chart: overlaid runner classes, releases, point -> job page.
	const chartPath = `${seriesHref}?classes=numa2,smp8`;
	const chart = await visit(chartPath, 'series-classes', { settle: 500 });
	const chartEl = chart.locator('div.chart');
	let st = await chartState(chart);
	check('chart: two runner classes are overlaid',
	      st.classes === 2 && await chart.locator('.u-legend .u-series').count() === 3);
	check('chart: release tags are drawn as marks, their labels apart', st.releases >= 3 &&
	      st.labels === st.releases && !overlaps(st.boxes), `${st.releases} lines, ${st.labels} labels`);
	check('chart: the no-JS table has a column per class',
	      await chart.locator('#points tr').first().locator('th').count() === 6 &&
	      await chart.locator('#series-releases tr').count() >= 4);
	const box = await chart.locator('div.chart .u-over').boundingBox();
	await chart.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
	await chart.waitForTimeout(100);
	const tipText = await chart.locator('.chart-tip').textContent();
	check('chart: hovering shows the commit, its date and both classes with their spread',
	      /numa2: /.test(tipText) && /smp8: /.test(tipText) && /[0-9a-f]{12} \d{4}-\d\d-\d\d/.test(tipText) &&
	      /\u2013/.test(tipText), tipText);
	const xBefore = await chartEl.getAttribute('data-x');
	await chart.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
	await chart.mouse.down();
	await chart.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
	await chart.mouse.up();
	await chart.waitForTimeout(100);
	const xZoomed = await chartEl.getAttribute('data-x');
	check('chart: drag zooms without leaving the page',
	      xZoomed !== xBefore && new URL(chart.url()).pathname === seriesHref);
	st = await chartState(chart);
	check('chart: zoomed, the x ticks still name commits at whole positions',
	      st.xTicks.splits.every(Number.isInteger) && st.xTicks.labels.every(l => /^[0-9a-f]{7}\n/.test(l)));
	await chart.click('button.pan-right');
	await chart.waitForTimeout(50);
	const xPanned = await chartEl.getAttribute('data-x');
	await chart.click('button.zoom-reset');
	await chart.waitForTimeout(50);
	const xReset = await chartEl.getAttribute('data-x');
	check('chart: pan moves the view and reset restores it',
	      xPanned !== xZoomed && xReset === xBefore);
	// resized, the chart follows its container and draws again
	await chart.setViewportSize({ width: 800, height: 900 });
	await chart.waitForTimeout(300);
	st = await chartState(chart);
	check('chart: redrawn to its container when the window narrows',
	      st.width < 800 && Math.abs(st.canvas - st.width) <= 2 && !overlaps(st.boxes),
	      `${st.canvas} in ${st.width}`);
	await chart.setViewportSize({ width: 1366, height: 900 });
	await chart.waitForTimeout(200);
	await chart.screenshot({ path: join(artifacts, 'series-chart.png') });
	const box2 = await chart.locator('div.chart .u-over').boundingBox();
	await Promise.all([
		chart.waitForURL(/\/jobs\/\d+$/, { timeout: 5000 }),
		chart.mouse.click(box2.x + box2.width * 0.6, box2.y + box2.height / 2),
	]);
	const jobPath = new URL(chart.url()).pathname;
	check('chart: clicking a point opens its job page', /^\/jobs\/\d+$/.test(jobPath), jobPath);
	await chart.close();
	const job = await visit(jobPath, 'job');
	check('job: the page shows its attempts and samples linking to their series',
	      (await text(job, 'h1')).startsWith('Job ') &&
	      await job.locator('#attempts tr').count() >= 2 &&
	      await job.locator('#job-samples a.series-link[href^="/series/"]').count() === 50);
	await job.close();
	const failedJob = await visit('/jobs?state=failed', 'jobs-failed-link');
	await failedJob.locator('#jobs a[href^="/jobs/"]').first().click();
	await failedJob.waitForLoadState('load');
	check('job: a failed job shows its hostile reason as text',
	      (await failedJob.locator('#job').textContent()).includes('window.__pwned=1') &&
	      await failedJob.evaluate(() => window.__pwned) === undefined &&
	      await noInjected(failedJob));
	await failedJob.close();

	// --- metrics index.
	const idx = await visit('/series', 'metrics', { full: true });
	check('metrics: one row per metric, a column per runner class with a sparkline and the latest value',
	      await idx.locator('#metrics tr[data-metric]').count() === 50 &&
	      await idx.locator('#metrics th').allTextContents().then(h => h.join('|')) === 'metric|unit|numa2|smp8' &&
	      await idx.locator('#metrics td.series svg.spark').count() === 100 &&
	      await idx.locator('#metrics td.series .latest').count() === 100);
	check('metrics: every metric name and value links to its series',
	      await idx.locator('#metrics tr[data-metric] td:first-child a.series-link[href^="/series/"]').count() === 50 &&
	      await idx.locator('#metrics td.series a.series-link[href^="/series/"]').count() === 100);
	check('metrics: the changes of a series are linked',
	      await idx.locator('#metrics a.changes-link').count() === 8);
	await idx.fill('#metric-search input[name=q]', 'METRIC-07');
	await idx.click('#metric-search button');
	await idx.waitForLoadState('load');
	const m7 = await idx.locator('#metrics tr[data-metric]').allTextContents();
	check('metrics: search by name, case-insensitive, shows the latest value near 1,000,000',
	      m7.length === 1 && /wq\/metric-07/.test(m7[0]) && /9\d\d,\d{3}/.test(m7[0]), m7.join(' | '));
	await idx.close();
	const nomet = await visit('/series?q=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E', 'metrics-none');
	check('metrics: a search without match says so, its text echoed as text',
	      (await text(nomet, '#no-metrics')).includes('No metric name holds this text.') &&
	      await nomet.inputValue('input[name=q]') === '<script>window.__pwned=1</script>');
	await nomet.close();

	// --- merge-window report (web/page_window.c; seed layout in seed.py).
	const rep = await visit('/trees/linux/windows/v6.12', 'window-report', { full: true });
	const ambg = rep.locator('section.group[data-kind="ambiguous"]');
	const hostileMerge = rep.locator('section.group[data-kind="merge"][data-position="4215"]');
	check('report: two groups, an ambiguous one with its 2 candidate merges',
	      await rep.locator('section.group').count() === 2 &&
	      await ambg.locator('ul.candidates li').count() === 2);
	check('report: the ambiguous group says which merge was never measured',
	      (await ambg.locator('ul.candidates li', { hasText: '3995' }).textContent()).includes('never measured') &&
	      (await ambg.locator('ul.candidates li', { hasText: '4015' }).textContent()).includes('measured, 2 jobs') &&
	      (await text(ambg, '.unmeasured-note')).includes('1 of these merges was never measured'));
	const ambText = await ambg.locator('table').textContent();
	check('report: the changes after the unmeasured merge are listed under it',
	      await ambg.locator('a.change-link').count() === 2 &&
	      ambText.includes('metric-05') && ambText.includes('metric-06'), ambText);
	check('report: each group links to its compare and to its chart zoomed on the range',
	      /^\/compare\?base=[0-9a-f]{40}&head=[0-9a-f]{40}&runner_class=smp8$/.test(
		      await ambg.locator('a.compare-link').getAttribute('href')) &&
	      /^\/series\/\d+\?from=\d+&to=\d+$/.test(await hostileMerge.locator('p.links a.zoom-link').getAttribute('href')));
	check('report: the -8% step is listed under its merge',
	      await hostileMerge.locator('a.change-link').count() === 1 &&
	      (await hostileMerge.locator('table').textContent()).includes('metric-07'));
	check('report: the hostile merge subject shows as text',
	      (await hostileMerge.locator('h2 .subject').textContent()).includes(HOSTILE_MERGE.slice(10)));
	check('report: no injected element exists',
	      await rep.locator('main img, main svg, main script').count() === 0);
	// the admin action: refused without a token, queued with it
	const form = ambg.locator('form.measure');
	check('report: a form to measure the merge never measured',
	      /^[0-9a-f]{40}$/.test(await form.getAttribute('data-commits')) &&
	      await form.locator('input[name=suite]').inputValue() === 'wq' &&
	      await form.locator('input[name=runner_class]').inputValue() === 'smp8');
	await form.locator('button').click();
	await rep.waitForSelector('form.measure output[data-status]');
	check('report: measuring without a token is refused (401)',
	      await form.locator('output').getAttribute('data-status') === '401');
	await form.locator('select[name=boot]').selectOption('host');
	await form.locator('input[name=token]').fill(adminToken);
	await form.locator('button').click();
	await rep.waitForFunction(() =>
		document.querySelector('form.measure output').getAttribute('data-status') === '201');
	check('report: with the admin token a bench job of the merge is queued',
	      /^queued 1 job\(s\): job \d+$/.test(await form.locator('output').textContent()),
	      await form.locator('output').textContent());
	await hostileMerge.locator('a.change-link').click();
	await rep.waitForLoadState('load');
	check('report: a change link leads to the change page',
	      /^\/changes\/\d+$/.test(new URL(rep.url()).pathname), rep.url());
	await rep.close();
	const rep2 = await visit('/trees/linux/windows/v6.12', 'window-report-queued');
	check('report: the merge being measured says its job is queued',
	      (await rep2.locator('section.group[data-kind="ambiguous"] ul.candidates li', { hasText: '3995' })
		      .textContent()).includes('(1 job queued)'));
	await rep2.close();
	const rep11 = await visit('/trees/linux/windows/v6.11', 'window-report-v6.11');
	check('report: v6.11 lists the 5 planted changes under the merge at 1875',
	      await rep11.locator('section.group').count() === 1 &&
	      await rep11.locator('section.group[data-kind="merge"][data-position="1875"] a.change-link')
		      .count() === 5);
	const seriesLink = await rep11.locator('a.series-link').first().getAttribute('href');
	check('report: metrics link to their series charts', /^\/series\/\d+$/.test(seriesLink), seriesLink);
	await rep11.close();

	// --- an unknown path is the HTML 404 page for a browser.
	const lost = await visit('/no/such/page', 'not-found', { status: 404 });
	check('404: an unknown path answers the HTML error page',
	      (lost.kpciResponse.headers()['content-type'] || '').startsWith('text/html') &&
	      (await text(lost, '#error')).includes('There is no page at /no/such/page') &&
	      await lost.locator('header a[href="/changes"]').count() === 1);
	await lost.close();

	// --- 400 pixels wide: every main page fits, its tables scroll inside,
	// its chart fits its container.
	for (const [path, name] of [['/', 'overview'], ['/changes', 'changes'], [c8href, 'change'],
				    [seriesHref, 'series'], ['/series', 'metrics'],
				    ['/trees/linux/windows/v6.12', 'window-report'], [compareHref, 'compare']]) {
		const pg = await visit(path, `${name}-400`, { ctx: narrow, settle: 300, full: true });
		check(`400 px: ${name} does not scroll sideways`, await fitsWidth(pg),
		      String(await pg.evaluate(() => document.documentElement.scrollWidth)));
		if (await pg.locator('div.chart').count()) {
			const s = await chartState(pg);
			check(`400 px: the ${name} chart fits, its labels apart`, s.canvas <= 400 &&
			      Math.abs(s.canvas - s.width) <= 2 && !overlaps(s.boxes) && s.xTicks.splits.length >= 2,
			      `${s.canvas} in ${s.width}`);
		}
		if (name === 'window-report')
			check('400 px: a wide table scrolls inside the page', await pg.locator('table').first()
				.evaluate(t => t.scrollWidth > t.clientWidth && getComputedStyle(t).overflowX === 'auto'));
		await pg.close();
	}

	// Without JavaScript every page still shows its numbers.
	const nojs = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args });
	const ctx = await nojs.newContext({ javaScriptEnabled: false });
	const p = await ctx.newPage();
	await p.goto(url + seriesHref);
	check('without JavaScript the series page shows the points table',
	      await p.locator('#points tr').count() === 51 && await p.locator('canvas').count() === 0);
	await p.goto(url + '/trees/linux/windows/v6.12');
	check('without JavaScript the report tables are there',
	      await p.locator('section.group table.changes tr').count() === 5);
	await p.goto(url + '/changes');
	await p.locator('tbody.group', { hasText: '5 metrics' }).locator('a.expand').click();
	await p.waitForLoadState('load');
	check('without JavaScript a group\'s link lists its metrics',
	      await p.locator('#changes a.change-link').count() === 5, p.url());
	await nojs.close();
} catch (e) {
	check('the browser session runs to the end', false, String(e && e.stack || e));
} finally {
	await context.close();
	await narrowBrowser.close();
	rmSync(profile, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
