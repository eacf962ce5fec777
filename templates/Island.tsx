/**
 * Places an island: a Preact component whose first HTML is rendered at build time
 * (preact-render-to-string) inside a marked element, hydrated in the browser by its entry
 * (lib/bundle.ts, islands/runtime/mount.ts). This file is the only place that knows the markup:
 *
 *   <div data-island="Name" data-props="{...json...}">...server HTML...</div>
 *
 * Props travel in one attribute, escaped by React like any attribute value, so content can never
 * close an element or a script. Props must be JSON-serialisable.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
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
  useRender().islands.add(name);
  const html = renderToString(h(Component, props));
  return <Tag className={className} data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
