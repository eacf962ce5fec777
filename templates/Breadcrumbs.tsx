/**
 * The breadcrumb trail: Home first, the last crumb not a link, hidden when there
 * is only one crumb. The same crumbs feed the BreadcrumbList JSON-LD in Head.tsx.
 */
import { type Crumb, showBreadcrumbs } from '../lib/site-files/breadcrumbs.ts';

/** Renders the trail, or nothing when it has a single crumb. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (!showBreadcrumbs(crumbs)) return null;
  return (
    <nav className="breadcrumbs container" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={i}>{c.path ? <a href={c.path}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
