/**
 * Puts a page in the states the quality gates check besides "as loaded": a header menu open, the
 * chatbot panel open, a video playing, the keyword page's tabs used. Each opener clicks like a
 * visitor (so the islands' handlers run) and throws when the state did not appear, so a renamed
 * class makes the gate fail loudly instead of silently checking less.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** Hosts the video player may load once the visitor clicks play (islands/common/video-source.ts). */
const VIDEO_HOSTS = /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com)\//;

/**
 * Answers requests to the video hosts with an empty page, so a test can click play without the
 * network (registered after the harness's abort-everything route, so it wins for these URLs).
 */
export async function stubVideoHosts(context: BrowserContext): Promise<void> {
  await context.route(VIDEO_HOSTS, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Video</title>' }));
}

/**
 * Waits for a state the page should reach; when the wait fails (a Playwright timeout, a closed
 * page), throws "{page URL}: {what} ({first line of Playwright's error})" with that error as cause.
 */
async function stateReached(page: Page, what: string, waiting: Promise<unknown>): Promise<void> {
  await waiting.catch((e: Error) => {
    throw new Error(`${page.url()}: ${what} (${e.message.split('\n')[0]}).`, { cause: e });
  });
}

/**
 * Opens a dropdown of the header: on a phone first the "Menu" disclosure, then the first dropdown
 * inside it; on a wide screen the first dropdown of the bar.
 * @throws Error when no dropdown panel is visible after three clicks
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const openPanel = page.locator('header details[data-menu]:not([data-menu="mobile"])[open] .dropdown-panel').filter({ visible: true });
  for (let i = 0; i < 3 && (await openPanel.count()) === 0; i++) {
    const toggle = page.locator('header details[data-menu]:not([open]) > summary').filter({ visible: true }).first();
    if ((await toggle.count()) === 0) break;
    await toggle.click();
  }
  if ((await openPanel.count()) === 0) throw new Error(`${page.url()}: could not open a header dropdown.`);
}

/** True when the page has the chatbot sidebar (routes with `chatbot: true`). */
export async function hasChatbot(page: Page): Promise<boolean> {
  return (await page.locator('.chatbot-toggle').count()) > 0;
}

/**
 * Opens the chatbot panel with one click on its floating button, as a visitor does, and waits
 * until the island has hydrated in the open state (aria-expanded="true": close button, overlay,
 * aria-modal present). The island's code loads on that first interaction, and the
 * <details> opens natively before it arrives: waiting only for a visible panel would let a gate
 * check the half-enhanced panel.
 * @throws Error when the panel is not open and hydrated within 10 s
 */
export async function openChatbot(page: Page): Promise<void> {
  await page.locator('.chatbot-toggle').click();
  const panel = page.locator('.chatbot-panel');
  await stateReached(page, 'the chatbot panel did not open (and hydrate)', Promise.all([
    panel.waitFor({ state: 'visible', timeout: 10_000 }),
    page.locator('.chatbot-toggle[aria-expanded="true"]').waitFor({ state: 'attached', timeout: 10_000 }),
  ]));
}

/**
 * Closes the chatbot panel again with its close button (or, if it has none, its floating button).
 * @throws Error when the panel is still visible after 10 s (a generous wait: a busy machine may
 *   take several seconds to run the click's handlers)
 */
export async function closeChatbot(page: Page): Promise<void> {
  const close = page.locator('.chatbot-close').filter({ visible: true });
  if (await close.count()) await close.first().click();
  else await page.locator('.chatbot-toggle').click();
  await stateReached(page, 'the chatbot panel did not close', page.locator('.chatbot-panel').waitFor({ state: 'hidden', timeout: 10_000 }));
}

/**
 * Clicks play on the first hosted video of the page, if any, and waits for its iframe.
 * Call stubVideoHosts() on the context first.
 * @returns true when a video was played
 * @throws Error when no player iframe is attached within 10 s of the click (the player's code
 *   loads on that click)
 */
export async function playFirstVideo(page: Page): Promise<boolean> {
  const facade = page.locator('.video-facade').first();
  if ((await facade.count()) === 0) return false;
  await facade.scrollIntoViewIfNeeded();
  await facade.click();
  await stateReached(page, 'the video did not start, no player iframe after the click on play', page.locator('.video-frame iframe').first().waitFor({ state: 'attached', timeout: 10_000 }));
  return true;
}

/**
 * Waits until the keyword page's category list is whole: it grows LIST_CHUNK entries a task
 * (islands/KeywordAnalysis.tsx) and its tab panel is aria-busy="true" until then.
 */
export function keywordListWhole(page: Page): Promise<void> {
  return page.locator('[role="tabpanel"][aria-busy="false"]').waitFor({ timeout: 15_000 });
}

/** Clicks every tab of the page's tab lists (the keyword page's category filter), last one first. */
export async function useTabs(page: Page): Promise<number> {
  const tabs = page.locator('[role="tab"]').filter({ visible: true });
  const n = await tabs.count();
  for (let i = n - 1; i >= 0; i--) await tabs.nth(i).click();
  return n;
}

/**
 * State of a <details> disclosure: `open`, and its <summary>'s aria-expanded, read once the two
 * agree. Chromium fires the `toggle` event that the islands sync aria-expanded from in a later
 * task, so right after a click `open` has changed and aria-expanded follows a moment later;
 * reading at once made the menu test flaky in CI. Waits up to 10 s for agreement, then returns the
 * values as they are (so a real mismatch still fails the caller's assertion).
 * @param selector CSS selector of the <details> element
 */
export async function disclosureState(page: Page, selector: string): Promise<{ open: boolean; expanded: string | null }> {
  await page
    .waitForFunction((sel) => {
      const d = document.querySelector(sel) as HTMLDetailsElement | null;
      return !!d && d.querySelector(':scope > summary')?.getAttribute('aria-expanded') === String(d.open);
    }, selector, { timeout: 10_000 })
    .catch(() => undefined);
  return page.$eval(selector, (d) => ({ open: (d as HTMLDetailsElement).open, expanded: d.querySelector(':scope > summary')!.getAttribute('aria-expanded') }));
}
