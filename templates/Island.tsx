/**
 * Places an island: a Preact component whose first HTML is rendered at build time
 * (preact-render-to-string) inside a marked element, hydrated in the browser by its entry
 * (lib/bundle.ts, islands/runtime/mount.ts). This file is the only place that knows the markup:
 *
 *   <div data-island="Name" data-props="{...json...}">...server HTML...</div>
 *
 * Props travel in one attribute, escaped by React like any attribute value, so content can never
 * close an element or a script. Props must be JSON-serialisable.
 *
 * The first island of a page is preceded by the error screen in an inert
 * `<template id="error-screen-template">` (islands/ErrorScreen.tsx), which the island runtime
 * shows if any island fails (islands/runtime/error-screen.ts).
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import ErrorScreen, { ERROR_SCREEN_TEMPLATE_ID } from '../islands/ErrorScreen.tsx';
import { ISLANDS } from '../islands/registry.ts';
import { useRender } from './site-context.ts';

/** HTML attribute that marks an island. */
export const ISLAND_ATTR = 'data-island';

/**
 * @param name  a key of islands/registry.ts
 * @param props JSON-serialisable props, passed to the component at build time and on hydration
 * @param as    wrapper element (default "div")
 * @throws Error when no island of that name is registered (a bug, not a content mistake)
 */
export function Island({ name, props = {}, as: Tag = 'div', className }: { name: string; props?: Record<string, unknown>; as?: 'div' | 'span' | 'section' | 'aside'; className?: string }) {
  const Component = ISLANDS[name];
  if (!Component) throw new Error(`<Island name="${name}">: no such island in islands/registry.ts.`);
  const { islands, site } = useRender();
  const first = islands.size === 0;
  islands.add(name);
  const html = renderToString(h(Component, props));
  const island = <Tag className={className} data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
  if (!first) return island;
  const { phone, email, name: business } = site.settings;
  const screen = renderToString(h(ErrorScreen, { phone: { e164: phone.e164, national: phone.national }, email, name: business }));
  return (
    <>
      <template id={ERROR_SCREEN_TEMPLATE_ID} dangerouslySetInnerHTML={{ __html: screen }} />
      {island}
    </>
  );
}
