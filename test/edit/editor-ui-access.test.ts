/**
 * The browser editor for keyboard and screen-reader users, in headless Chromium against a real
 * editor server on a project copy: axe-core (WCAG 2.0-2.2 A and AA rules) finds no violation on
 * each of the editor's views (the settings form, a community's form with its photo field, the
 * add form, the delete dialog, a refused save, the Publish tab); Tab alone reaches every control
 * of a form, each with a name and a visible focus ring; and no request leaves 127.0.0.1.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startEditorHarness, type EditorHarness } from '../../tooling/editor.ts';

/** axe-core's own script, put in every document of the page. */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe-core rule tags; wcag22aa is target-size, 2.5.8). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const test = suite('the browser editor: keyboard, labels, axe, network');
let h: EditorHarness;
let page: Page;
let offsite: string[];
let requests: string[];

/** axe's violations on the editor's own document (the preview frame is the site's, tested elsewhere), as lines. */
async function axe(label: string): Promise<string[]> {
  const violations = await page.evaluate((tags) => (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false })
    .then((r: { violations: { id: string; help: string; nodes: { target: string[] }[] }[] }) => r.violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`)), WCAG_TAGS) as string[];
  return violations.map((v) => `${label}: ${v}`);
}

/** Opens a record's form from the side list. */
async function openRecord(title: string, heading = title): Promise<void> {
  await page.getByRole('navigation', { name: 'What to edit' }).getByRole('button', { name: title, exact: true }).click();
  await page.locator('#record-title', { hasText: heading }).waitFor();
}

/**
 * Presses Tab from the top of the page until focus leaves the page or comes back; for each stop:
 * its id (or tag and text), whether it has a name a screen reader says, and whether a focus ring
 * (an outline of 2 px or more) shows.
 */
async function tabStops(max = 600): Promise<{ key: string; named: boolean; ring: boolean }[]> {
  // A click on the page's heading (not focusable) starts the keyboard's walk at the top.
  await page.getByRole('heading', { level: 1 }).click();
  const stops: { key: string; named: boolean; ring: boolean }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.tagName === 'IFRAME') return undefined;
      const field = el as HTMLInputElement;
      const labelled = (field.labels?.length ?? 0) > 0 || !!el.getAttribute('aria-label') || !!el.getAttribute('aria-labelledby');
      const named = labelled || (['BUTTON', 'A'].includes(el.tagName) && el.innerText.trim() !== '');
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      return { key: el.id || `${el.tagName} ${el.innerText.trim().slice(0, 30)}`, named, ring };
    });
    if (!stop || stops.some((s) => s.key === stop.key && stop.key === stops[0]?.key)) break;
    stops.push(stop);
  }
  return stops;
}

/** Every control of the page outside the preview frame: its id (or tag and text). */
function controls(scope: string): Promise<string[]> {
  return page.evaluate((sel) => [...document.querySelectorAll<HTMLElement>(`${sel} :is(input, select, textarea, button, a[href])`)]
    .filter((el) => !(el as HTMLButtonElement).disabled && el.offsetParent !== null)
    .map((el) => el.id || `${el.tagName} ${el.innerText.trim().slice(0, 30)}`), scope);
}

test.before(async () => {
  h = await startEditorHarness();
  const opened = await h.open(1366);
  ({ page, offsite, requests } = opened);
  await opened.context.addInitScript({ path: AXE_SOURCE });
  await page.reload();
  await page.getByRole('heading', { name: 'Edit your site' }).waitFor();
  page.setDefaultTimeout(60_000);
});

test.after(async () => {
  await h?.close();
});

test('should reach every control of the settings form with Tab alone, each named, each with a focus ring', async () => {
  await openRecord('Business settings', 'Cibola Mobile Locksmith');
  const stops = await tabStops();
  const reached = new Set(stops.map((s) => s.key));
  const missed = (await controls('#editor')).filter((c) => !reached.has(c));
  assert.equal(missed, [], 'controls Tab never reached');
  assert.ok(stops.length > 100, `${stops.length} stops`);
  assert.equal(stops.filter((s) => !s.named).map((s) => s.key), [], 'controls without a name');
  assert.equal(stops.filter((s) => !s.ring).map((s) => s.key), [], 'controls without a visible focus ring');
});

test('should find no axe violation on any view of the editor', async () => {
  const found: string[] = [];
  await openRecord('Business settings', 'Cibola Mobile Locksmith');
  found.push(...(await axe('settings form')));
  await page.locator('#field_phone').fill('555-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText('Not saved').waitFor();
  found.push(...(await axe('refused save')));
  await openRecord('Grants');
  found.push(...(await axe('community form')));
  await page.getByRole('button', { name: 'Delete this page...' }).click();
  await page.getByRole('dialog').waitFor();
  found.push(...(await axe('delete dialog')));
  await page.getByRole('button', { name: 'Keep it' }).click();
  await page.getByRole('button', { name: 'Add a service' }).click();
  await page.locator('#field_name').waitFor();
  found.push(...(await axe('add form')));
  await page.getByRole('tab', { name: 'Publish' }).click();
  await page.locator('#panel-publish h2').first().waitFor();
  found.push(...(await axe('publish tab')));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Edit' }).click();
  found.push(...(await axe('phone width')));
  assert.equal(found, []);
});

test('should fit a phone\'s width and bring a record chosen from the list into view', async () => {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.getByRole('tab', { name: 'Edit' }).click();
    // Grants has a photo field, whose file input was once wider than a phone.
    await openRecord(width === 360 ? 'Milan' : 'Grants');
    const view = await page.evaluate(() => {
      const heading = document.getElementById('record-title')!.getBoundingClientRect();
      return { overflow: document.documentElement.scrollWidth - innerWidth, focused: document.activeElement?.id, headingTop: heading.top, height: innerHeight };
    });
    assert.is(view.overflow, 0, `${width} px: the page is wider than the screen`);
    assert.is(view.focused, 'record-title', `${width} px: the chosen record's heading has the focus`);
    assert.ok(view.headingTop >= 0 && view.headingTop < view.height, `${width} px: the chosen record's heading is on screen (top ${view.headingTop})`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('should make no request off 127.0.0.1', () => {
  assert.equal(offsite, []);
  assert.equal(requests.filter((u) => !u.startsWith('data:') && new URL(u).hostname !== '127.0.0.1'), []);
});

test.run();
