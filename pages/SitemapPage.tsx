/**
 * The sitemap page (/sitemap/). STUB: issue 4 builds the full page.
 */
import type { SitemapGroup } from './route.ts';

export interface SitemapGroupProps { group: SitemapGroup; pages: { name: string; path: string; description: string }[] }

export function SitemapPage({ groups }: { groups: SitemapGroupProps[] }) {
  return (
    <section className="section"><div className="container"><h1>Website Sitemap</h1>
      {groups.map((g) => <div key={g.group}><h2>{g.group}</h2><ul>{g.pages.map((p) => <li key={p.path}><a href={p.path}>{p.name}</a></li>)}</ul></div>)}
    </div></section>
  );
}
