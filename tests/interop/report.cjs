// The browser half of tests/interop/report.sh: `node report.cjs SITE MIXED_SITE SHOTS`.
// Debian's chromium through puppeteer-core (no browser downloaded), axe-core injected in each
// page. Exits 1 listing every failure.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');
const puppeteer = require('puppeteer-core');
const axe = require('axe-core');

const [site, mixed, shots] = process.argv.slice(2);
const failures = [];
const fail = (msg) => { failures.push(msg); console.error('FAIL ' + msg); };

function pages(dir) {
  const out = [path.join(dir, 'index.html')];
  for (const f of fs.readdirSync(path.join(dir, 'pages')).sort()) {
    if (f.endsWith('.html')) out.push(path.join(dir, 'pages', f));
  }
  return out;
}

// Every link of the page: a file of the site that exists, its anchor an id of that page.
async function checkLinks(page, file) {
  const links = await page.$$eval('a[href]', (as) => as.map((a) => a.href));
  for (const href of links) {
    const url = new URL(href);
    if (url.protocol !== 'file:') { fail(`${file}: link leaves the site: ${href}`); continue; }
    const target = fileURLToPath(url);
    if (!fs.existsSync(target)) { fail(`${file}: broken link ${href}`); continue; }
    if (url.hash) {
      const id = decodeURIComponent(url.hash.slice(1));
      const html = fs.readFileSync(target, 'utf8');
      if (!html.includes(`id="${id}"`)) fail(`${file}: no anchor ${url.hash} in ${target}`);
    }
  }
}

async function checkAxe(page, file) {
  await page.evaluate(axe.source);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  for (const v of result.violations) {
    if (v.impact === 'serious' || v.impact === 'critical') {
      fail(`${file}: axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
    }
  }
}

// Tab from the top of the page: every finding must get the focus somewhere inside it.
async function checkKeyboard(page, file) {
  const findings = await page.$$eval('article.finding', (as) => as.map((a) => a.id));
  if (findings.length === 0) return;
  const reached = new Set();
  await page.evaluate(() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); });
  const stops = await page.$$eval('a[href], button, input, summary, [tabindex]', (e) => e.length);
  for (let i = 0; i < stops + 5; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const a = document.activeElement && document.activeElement.closest('article.finding');
      return a ? a.id : null;
    });
    if (id) reached.add(id);
  }
  for (const id of findings) if (!reached.has(id)) fail(`${file}: Tab never reaches finding #${id}`);
}

async function checkIndex(page, file) {
  const rows = await page.$$eval('#files tbody tr', (r) => r.length);
  const visible = () => page.$$eval('#files tbody tr', (r) => r.filter((x) => !x.hidden).length);
  if (await page.$eval('#filter', (f) => f.hidden)) fail(`${file}: the filter is not shown`);
  await page.type('#q', 'zzzz-no-such-file');
  if ((await visible()) !== 0) fail(`${file}: filtering on nonsense leaves rows`);
  await page.$eval('#q', (q) => { q.value = ''; q.dispatchEvent(new Event('input')); });
  if ((await visible()) !== rows) fail(`${file}: clearing the filter does not bring every row back`);
  const first = await page.$eval('#files tbody tr td a', (a) => a.textContent);
  await page.type('#q', first.slice(0, 6));
  if ((await visible()) < 1) fail(`${file}: filtering on "${first.slice(0, 6)}" hides its row`);
  await page.$eval('#q', (q) => { q.value = ''; q.dispatchEvent(new Event('input')); });
  // Sort by title, both ways.
  const titles = () => page.$$eval('#files tbody tr td:first-child a', (as) => as.map((a) => a.textContent.toLowerCase()));
  await page.click('#files thead th:first-child button');
  const up = await titles();
  const sorted = [...up].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (JSON.stringify(up) !== JSON.stringify(sorted)) fail(`${file}: sorting by title ascending gives ${up}`);
  await page.click('#files thead th:first-child button');
  const down = await titles();
  if (JSON.stringify(down) !== JSON.stringify([...sorted].reverse())) fail(`${file}: sorting by title descending gives ${down}`);
  const sort = await page.$eval('#files thead th:first-child', (th) => th.getAttribute('aria-sort'));
  if (sort !== 'descending') fail(`${file}: aria-sort is ${sort}`);
}

async function shoot(page, file, name) {
  for (const width of [1280, 390]) {
    await page.setViewport({ width, height: 900 });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
}

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'saber-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--user-data-dir=${profile}`],
  });
  try {
    const page = await browser.newPage();
    let current = '';
    page.on('console', (m) => { if (m.type() === 'error') fail(`${current}: console error: ${m.text()}`); });
    page.on('pageerror', (e) => fail(`${current}: page error: ${e.message}`));
    page.on('requestfailed', (r) => fail(`${current}: request failed: ${r.url()}`));
    page.on('dialog', async (d) => { fail(`${current}: a dialog opened (injected script ran): ${d.message()}`); await d.dismiss(); });
    let withErrors = null;
    let aMap = null;
    for (const dir of [site, mixed]) {
      for (const file of pages(dir)) {
        current = file;
        await page.setViewport({ width: 1280, height: 900 });
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        await checkLinks(page, file);
        await checkAxe(page, file);
        await checkKeyboard(page, file);
        if (file.endsWith('index.html')) await checkIndex(page, file);
        if (!withErrors && dir === mixed && (await page.$('article.finding.error')) && (await page.$('#card'))) withErrors = file;
        if (!aMap && (await page.$('#drawn'))) aMap = file;
        const scripts = await page.$$eval('script', (s) => s.length);
        if (scripts > (file.endsWith('index.html') ? 1 : 0)) fail(`${file}: ${scripts} scripts`);
      }
    }
    current = 'screenshots';
    await shoot(page, path.join(site, 'index.html'), 'index');
    if (withErrors) await shoot(page, withErrors, 'scenario-with-errors'); else fail('no scenario page with errors in the mixed site');
    if (aMap) await shoot(page, aMap, 'map'); else fail('no map page drawn');
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  if (failures.length) { console.error(`${failures.length} failures`); process.exit(1); }
  console.log('browser checks: passed');
})().catch((e) => { console.error(e); process.exit(1); });
