/**
 * Header menus: progressive enhancement of the
 * server's <details data-menu> dropdowns, which open and close on click without JavaScript.
 * This adds: aria-expanded on each toggle kept in step with the state; one menu open at a time;
 * choosing an item closes its menu; Escape and a click outside close it, with focus back on the
 * toggle when focus was inside; arrow keys, Home and End move through the items (WAI-ARIA APG
 * "Disclosure navigation menu", https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/).
 *
 * A plain module rather than a Preact island: the menus are on every page, their state is the
 * <details> element's own `open`, and hydrating them would ship Preact and a second copy of every
 * link (as props) to each page for nothing the DOM does not already hold.
 */

const MENU = 'details[data-menu]';
/** Elements that keep focus when clicked outside a menu. */
const CONTROL = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"])';

function toggleOf(menu: HTMLDetailsElement): HTMLElement | null {
  return menu.querySelector(':scope > summary');
}

/** The links of a dropdown's own panel (not of menus nested in it). */
function itemsOf(menu: HTMLDetailsElement): HTMLAnchorElement[] {
  return [...menu.querySelectorAll<HTMLAnchorElement>(':scope > .dropdown-panel a[href]')];
}

function openMenus(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>(`${MENU}[open]`)];
}

/** Sets aria-expanded on a menu's toggle from its state. */
function sync(menu: HTMLDetailsElement): void {
  toggleOf(menu)?.setAttribute('aria-expanded', String(menu.open));
}

/** Closes a menu; moves focus to its toggle when asked (without scrolling the page to it). */
function closeMenu(menu: HTMLDetailsElement, focusToggle = false): void {
  menu.open = false;
  sync(menu);
  if (focusToggle) toggleOf(menu)?.focus({ preventScroll: true });
}

/**
 * Closes every open menu that does not contain `keep` (the phone menu holds dropdowns).
 * @param restoreFocus give focus back to the (last) closed menu's toggle
 */
function closeOthers(keep: Node | null, restoreFocus = false): void {
  const closing = openMenus().filter((menu) => !(keep && menu.contains(keep)));
  closing.forEach((menu, i) => closeMenu(menu, restoreFocus && i === closing.length - 1));
}

function onToggle(event: Event): void {
  const menu = event.target;
  if (!(menu instanceof HTMLDetailsElement) || !menu.matches(MENU)) return;
  sync(menu);
  if (menu.open) closeOthers(menu);
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const item = target?.closest<HTMLAnchorElement>(`${MENU} a[href]`);
  if (item) {
    // Choosing an item closes its dropdown and the phone menu around it.
    for (const menu of openMenus()) if (menu.contains(item)) closeMenu(menu);
    return;
  }
  // A click outside: unless it moved focus to another control, focus goes back to the toggle
  // (clicking text leaves focus on <body>, or on <main>, which has tabindex -1 for the skip link).
  const active = document.activeElement;
  closeOthers(target, !active || !active.matches(CONTROL));
}

/** Moves focus within a list, wrapping. */
function focusAt(items: HTMLElement[], index: number): void {
  if (items.length === 0) return;
  items[(index + items.length) % items.length].focus();
}

function onKeydown(event: KeyboardEvent): void {
  if (event.defaultPrevented) return;
  const active = document.activeElement;
  if (event.key === 'Escape') {
    const open = openMenus();
    if (open.length === 0) return;
    // The innermost open menu holding focus, else the last one opened in document order.
    const menu = open.filter((m) => m.contains(active)).pop() ?? open[open.length - 1];
    event.preventDefault();
    closeMenu(menu, true);
    return;
  }
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) || !(active instanceof HTMLElement)) return;

  // On a dropdown's toggle: ArrowDown opens and goes to the first item, ArrowUp to the last.
  const summaryMenu = active.matches(`${MENU} > summary`) ? (active.parentElement as HTMLDetailsElement) : null;
  if (summaryMenu && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    const items = itemsOf(summaryMenu);
    if (items.length === 0) return;
    event.preventDefault();
    summaryMenu.open = true;
    sync(summaryMenu);
    closeOthers(summaryMenu);
    focusAt(items, event.key === 'ArrowDown' ? 0 : -1);
    return;
  }

  // On an item: move through the items of its dropdown.
  const panelMenu = active.closest('.dropdown-panel')?.parentElement;
  if (!(panelMenu instanceof HTMLDetailsElement) || !panelMenu.matches(MENU)) return;
  const items = itemsOf(panelMenu);
  const i = items.indexOf(active as HTMLAnchorElement);
  if (i < 0) return;
  event.preventDefault();
  const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: -1 }[event.key] ?? i;
  focusAt(items, next);
}

/** Installs the delegated listeners (once) and sets the initial aria-expanded. */
function installMenus(): void {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(MENU)) sync(menu);
  // `toggle` does not bubble, but it passes through document in the capture phase.
  document.addEventListener('toggle', onToggle, true);
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
}

installMenus();

export {};
