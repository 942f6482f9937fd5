// pages.mjs - drives Debian's chromium (headless, through playwright-core)
// over the dashboard of a running kpcid seeded by tests/browser/seed.py.
//
//   node tests/browser/pages.mjs URL ADMIN_TOKEN ARTIFACT_DIR
//
// Prints "ok - ..." / "not ok - ..." per check and "N passed, N failed"
// last; exits 1 when a check failed.  Screenshots go to ARTIFACT_DIR.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, adminToken, artifacts] = process.argv.slice(2);
let passed = 0, failed = 0;
function check(what, cond, detail) {
	if (cond) { passed++; console.log(`ok - ${what}`); }
	else { failed++; console.log(`not ok - ${what}${detail ? ': ' + detail : ''}`); }
}

const profile = mkdtempSync(join(tmpdir(), 'kpci-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
	executablePath: '/usr/bin/chromium',
	headless: true,
	args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	       '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	viewport: { width: 1280, height: 900 },
});

// Opens path in a fresh page; collects console errors, page errors and
// failed requests; checks the status, the errors and window.__pwned.
async function visit(path, name, opts = {}) {
	const page = await context.newPage();
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
		await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
	return page;
}

async function text(page, sel) {
	return page.locator(sel).first().textContent();
}

try {
	const overview = await visit('/', 'overview');
	check('overview: links to the tree and to the latest changes',
	      await overview.locator('#trees a[href="/trees/linux"]').count() === 1 &&
	      await overview.locator('#latest-changes a.change-link').count() >= 5);
	await overview.close();

	const runners = await visit('/runners', 'runners');
	check('runners: a hostile runner name shows as text',
	      (await runners.locator('#runners td').allTextContents())
		      .includes('"><img src=x onerror="window.__pwned=1">'));
	check('runners: no injected element exists', await runners.locator('img, svg').count() === 0);
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
	check('tree: merge windows are listed', await tree.locator('#windows tr').count() >= 3);
	check('tree: 50 latest commits and a next page',
	      await tree.locator('#commits tr').count() === 51 &&
	      await tree.locator('a[rel=next]').count() === 1);
	check('tree: hostile branch names show as text',
	      treeText.includes("evil-2-'><svg onload='window.__pwned=1'>"));
	check('tree: no injected element exists', await tree.locator('main img, main svg').count() === 0);
	const evil = tree.locator('#branches a').nth(3);
	await evil.click();
	await tree.waitForLoadState('load');
	check('tree: a hostile branch link stays on the tree page',
	      new URL(tree.url()).pathname === '/trees/linux', tree.url());
	check('tree: after the hostile branch link, no script ran',
	      await tree.evaluate(() => window.__pwned) === undefined);
	await tree.close();
	// Pages further back hold the hostile subjects and authors.
	for (const p of [2, 3, 8]) {
		const pg = await visit(`/trees/linux?page=${p}`, `tree-page${p}`);
		const cells = await pg.locator('#commits td').allTextContents();
		check(`tree page ${p}: hostile subjects or authors show as text`,
		      cells.some(c => c.includes('__pwned')));
		const hrefs = await pg.locator('a').evaluateAll(as => as.map(a => a.protocol));
		check(`tree page ${p}: no javascript: link`, !hrefs.includes('javascript:'));
		await pg.close();
	}

	const changes = await visit('/changes', 'changes');
	const n = await changes.locator('a.change-link').count();
	check('changes: the planted changes are listed', n >= 5, `${n} links`);
	await changes.locator('a.change-link').first().click();
	await changes.waitForLoadState('load');
	check('changes: a change link leads to its page',
	      /^\/changes\/\d+$/.test(new URL(changes.url()).pathname) &&
	      (await text(changes, 'h1')).startsWith('Change '), changes.url());
	const changePath = new URL(changes.url()).pathname;
	await changes.close();

	const change = await visit(changePath, 'change', { settle: 300 });
	check('change: before/after numbers', await change.locator('#numbers tr').count() === 5);
	check('change: the chart draws', await change.locator('div.chart canvas').count() > 0 &&
	      Number(await change.locator('div.chart').getAttribute('data-drawn')) > 10);
	check('change: the points table is there without the chart',
	      await change.locator('#points tr').count() > 10);
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
	await change.close();
	const again = await visit(changePath, 'change-triaged');
	check('change: the triage state and hostile note show after a reload',
	      await text(again, '#state') === 'confirmed' &&
	      await text(again, '#note') === '<script>window.__pwned=1</script>');
	const seriesHref = await again.locator('main p a[href^="/series/"]').first().getAttribute('href');
	await again.close();

	const series = await visit(seriesHref, 'series', { settle: 300 });
	const drawn = Number(await series.locator('div.chart').getAttribute('data-drawn'));
	check('series: the chart draws every point', drawn >= 100, `${drawn}`);
	const ink = await series.evaluate(() => {
		const c = document.querySelector('div.chart canvas');
		const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
		return n;
	});
	check('series: the chart canvas is not empty', ink > 1000, `${ink} pixels drawn`);
	check('series: points link to their jobs',
	      await series.locator('#points a[href^="/jobs/"]').count() === 50);
	check('series: the change is listed', await series.locator('#series-changes a').count() >= 1);
	await series.close();

	// --- metric chart: overlaid runner classes, releases, point -> job page.
	const chartPath = `${seriesHref}?classes=numa2,smp8`;
	const chart = await visit(chartPath, 'series-classes', { settle: 500 });
	const chartEl = chart.locator('div.chart');
	check('chart: two runner classes are overlaid',
	      await chartEl.getAttribute('data-classes') === '2' &&
	      await chart.locator('.u-legend .u-series').count() === 3);
	const rel = Number(await chartEl.getAttribute('data-releases'));
	check('chart: release tags are drawn as marks', rel >= 3, `${rel} release lines`);
	check('chart: the no-JS table has a column per class',
	      await chart.locator('#points tr').first().locator('th').count() === 5 &&
	      await chart.locator('#series-releases tr').count() >= 4);
	const box = await chart.locator('div.chart .u-over').boundingBox();
	await chart.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
	await chart.waitForTimeout(100);
	const tipText = await chart.locator('.chart-tip').textContent();
	check('chart: hovering shows the commit and both classes',
	      /numa2: /.test(tipText) && /smp8: /.test(tipText) && /[0-9a-f]{12}/.test(tipText), tipText);
	const xBefore = await chartEl.getAttribute('data-x');
	await chart.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
	await chart.mouse.down();
	await chart.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
	await chart.mouse.up();
	await chart.waitForTimeout(100);
	const xZoomed = await chartEl.getAttribute('data-x');
	check('chart: drag zooms without leaving the page',
	      xZoomed !== xBefore && new URL(chart.url()).pathname === seriesHref);
	await chart.click('button.pan-right');
	await chart.waitForTimeout(50);
	const xPanned = await chartEl.getAttribute('data-x');
	await chart.click('button.zoom-reset');
	await chart.waitForTimeout(50);
	const xReset = await chartEl.getAttribute('data-x');
	check('chart: pan moves the view and reset restores it',
	      xPanned !== xZoomed && xReset === xBefore);
	await chart.screenshot({ path: join(artifacts, 'series-chart.png') });
	await Promise.all([
		chart.waitForURL(/\/jobs\/\d+$/, { timeout: 5000 }),
		chart.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2),
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
	      await failedJob.locator('main img, main svg').count() === 0);
	await failedJob.close();
	// --- end of the metric chart block.

	const cmp = await visit('/compare?base=job:1&head=job:299', 'compare');
	check('compare: the LKP-style table lists 50 metrics',
	      await cmp.locator('#comparison tr').count() === 51);
	const step = await cmp.locator('#comparison tr', { hasText: 'metric-00' }).textContent();
	check('compare: the planted step of metric-00 shows as +10%', step.includes('+10.'), step);
	await cmp.close();
	const bad = await visit('/compare?base=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&head=x',
				'compare-bad', { status: 400 });
	check('compare: a hostile side is echoed as text in the form',
	      await bad.inputValue('input[name=base]') === '<script>window.__pwned=1</script>');
	await bad.close();

	// --- merge-window report (web/page_window.c; seed layout in seed.py).
	const ovw = await visit('/', 'overview-windows');
	const wline = await ovw.locator('#current-windows li').first().textContent();
	check('overview: the current merge window in one line',
	      wline.includes('v6.12 \u2192 head (open): 2 regressions, 1 improvement, 83 merges measured'),
	      wline);
	await ovw.locator('#current-windows a.window-link').first().click();
	await ovw.waitForLoadState('load');
	check('overview: the window line leads to its report',
	      new URL(ovw.url()).pathname === '/trees/linux/windows/v6.12', ovw.url());
	await ovw.close();
	const treew = await visit('/trees/linux', 'tree-windows');
	check('tree: each merge window links to its report',
	      await treew.locator('#windows a.window-link[href="/trees/linux/windows/v6.11"]').count() === 1 &&
	      await treew.locator('#windows a.window-link').count() >= 3);
	await treew.close();
	const rep = await visit('/trees/linux/windows/v6.12', 'window-report');
	const amb = rep.locator('section.group[data-kind="ambiguous"]');
	const hostileMerge = rep.locator('section.group[data-kind="merge"][data-position="4215"]');
	check('report: two groups, an ambiguous one with its 2 candidate merges',
	      await rep.locator('section.group').count() === 2 &&
	      await amb.locator('ul.candidates li').count() === 2);
	const ambText = await amb.locator('table').textContent();
	check('report: the changes after the unmeasured merge are listed under it',
	      await amb.locator('a.change-link').count() === 2 &&
	      ambText.includes('metric-05') && ambText.includes('metric-06'), ambText);
	check('report: the -8% step is listed under its merge',
	      await hostileMerge.locator('a.change-link').count() === 1 &&
	      (await hostileMerge.locator('table').textContent()).includes('metric-07'));
	check('report: the hostile merge subject shows as text',
	      (await hostileMerge.locator('h2 .subject').textContent())
		      .includes('of git://example.org/"><script>window.__pwned=1</script>'));
	check('report: no injected element exists',
	      await rep.locator('main img, main svg, main script').count() === 0);
	await hostileMerge.locator('a.change-link').click();
	await rep.waitForLoadState('load');
	check('report: a change link leads to the change page',
	      /^\/changes\/\d+$/.test(new URL(rep.url()).pathname) &&
	      (await text(rep, 'h1')).startsWith('Change '), rep.url());
	await rep.close();
	const rep11 = await visit('/trees/linux/windows/v6.11', 'window-report-v6.11');
	check('report: v6.11 lists the 5 planted changes under the merge at 1875',
	      await rep11.locator('section.group').count() === 1 &&
	      await rep11.locator('section.group[data-kind="merge"][data-position="1875"] a.change-link')
		      .count() === 5);
	const seriesLink = await rep11.locator('a.series-link').first().getAttribute('href');
	check('report: metrics link to their series charts', /^\/series\/\d+$/.test(seriesLink),
	      seriesLink);
	await rep11.close();
	{
		const b = await chromium.launch({
			executablePath: '/usr/bin/chromium', headless: true,
			args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
		});
		const pg = await (await b.newContext({ javaScriptEnabled: false })).newPage();
		await pg.goto(url + '/trees/linux/windows/v6.12');
		check('report: without JavaScript the report tables are there',
		      await pg.locator('section.group table.changes tr').count() === 5);
		await b.close();
	}
	// --- end of the merge-window report block.

	// Without JavaScript every page still shows its numbers.
	const nojs = await chromium.launch({
		executablePath: '/usr/bin/chromium', headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
	});
	const ctx = await nojs.newContext({ javaScriptEnabled: false });
	const p = await ctx.newPage();
	await p.goto(url + seriesHref);
	check('without JavaScript the series page shows the points table',
	      await p.locator('#points tr').count() === 51 && await p.locator('canvas').count() === 0);
	await nojs.close();
} catch (e) {
	check('the browser session runs to the end', false, String(e && e.stack || e));
} finally {
	await context.close();
	rmSync(profile, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
