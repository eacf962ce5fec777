/**
 * Places an island: a Preact component whose first HTML is rendered at build time
 * (preact-render-to-string) inside a marked element, hydrated in the browser by its entry
 * (lib/bundle/bundle.ts, islands/runtime/mount.ts). The markup, whose attribute names
 * islands/runtime/markup.ts defines for this file and the browser runtime alike:
 *
 *   <div data-island="Name" data-props="{...json...}" [data-load="interaction"]>...server HTML...</div>
 *
 * `load` says when the island's code loads (islands/runtime/load.ts): "load" (default) with the
 * page; "interaction" when the visitor first acts on it (islands/runtime/interaction.ts), for an
 * island whose server HTML works alone until then. The page records each placement as a key
 * ("Name" or "Name@interaction") for lib/bundle/bundle.ts, which counts the code of an island placed only
 * with "interaction" as loaded on interaction, not with the page.
 *
 * Props travel in one attribute, escaped by React like any attribute value, so content can never
 * close an element or a script. Props must be JSON-serialisable.
 *
 * The first island of a page is preceded by the error screen in an inert
 * `<template id="error-screen-template">` (islands/ErrorScreen.tsx), which the island runtime
 * shows if any island fails (islands/runtime/error-screen.ts).
 */
import type { ReactNode } from 'react';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import ErrorScreen, { ERROR_SCREEN_TEMPLATE_ID } from '../islands/ErrorScreen.tsx';
import { ISLANDS } from '../islands/registry.ts';
import { islandKey, LOAD_ATTR, parseIslandKey, type IslandLoad } from '../islands/runtime/load.ts';
import { IslandAttr } from '../islands/runtime/markup.ts';
import { useRender } from './site-context.ts';

/**
 * @param name  a key of islands/registry.ts
 * @param props JSON-serialisable props, passed to the component at build time and on hydration
 * @param as    wrapper element (default "div")
 * @param load  when the island's code loads: "load" (default) or "interaction"
 * @param buildProps props for the build-time render only, not written into the page: what the
 *   island's code gets compiled in instead (lib/bundle/client-config.ts), e.g. the chatbot's copy
 * @throws Error when no island of that name is registered (a bug, not a content mistake)
 */
export function Island({ name, props = {}, buildProps = {}, as: Tag = 'div', className, load = 'load' }: { name: string; props?: Record<string, unknown>; buildProps?: Record<string, unknown>; as?: 'div' | 'span' | 'section' | 'aside'; className?: string; load?: IslandLoad }) {
  const Component = ISLANDS[name];
  if (!Component) throw new Error(`<Island name="${name}">: no such island in islands/registry.ts.`);
  const { islands, site } = useRender();
  // The error screen is for Preact islands (islands/runtime/mount.ts); plain ones do not count.
  const first = ![...islands].some((key) => ISLANDS[parseIslandKey(key).name]);
  islands.add(islandKey(name, load));
  const html = renderToString(h(Component, { ...props, ...buildProps }));
  const loadAttr = load === 'load' ? {} : { [LOAD_ATTR]: load };
  const island = <Tag className={className} {...{ [IslandAttr.Name]: name, [IslandAttr.Props]: JSON.stringify(props) }} {...loadAttr} dangerouslySetInnerHTML={{ __html: html }} />;
  if (!first) return island;
  const { phone, email, name: business } = site.settings;
  const screen = renderToString(h(ErrorScreen, { phone: { e164: phone.e164, national: phone.national, tel: phone.tel }, email, name: business }));
  return (
    <>
      <template id={ERROR_SCREEN_TEMPLATE_ID} dangerouslySetInnerHTML={{ __html: screen }} />
      {island}
    </>
  );
}

/**
 * Places a plain island (lib/bundle/bundle.ts: `islands/<name>.ts` exporting `mount(name)`, no Preact):
 * the same marked element as <Island>, with server HTML from React `children` instead of a
 * Preact component, and no error screen (a plain island enhances HTML that works without it).
 * @param data extra `data-*` attributes for the island's code, e.g. { "data-to": "+15055550123" }
 */
export function PlainIsland({ name, load = 'load', className, data = {}, children }: { name: string; load?: IslandLoad; className?: string; data?: Record<`data-${string}`, string>; children: ReactNode }) {
  useRender().islands.add(islandKey(name, load));
  const loadAttr = load === 'load' ? {} : { [LOAD_ATTR]: load };
  return <div className={className} {...{ [IslandAttr.Name]: name }} {...loadAttr} {...data}>{children}</div>;
}
