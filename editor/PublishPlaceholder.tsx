/**
 * PLACEHOLDER for the Publish panel (editor/publish/PublishPanel.tsx, built on another branch):
 * mounted by editor/App.tsx until that panel is merged, then deleted.
 */
import type { ApiClient } from './api.ts';

/** Says where publishing is done until the panel is merged. */
export default function PublishPlaceholder(_props: { api: ApiClient }) {
  return (
    <section aria-labelledby="publish-title">
      <h2 id="publish-title">Publish</h2>
      <p>Publishing from the editor is not part of this version yet: run <code>npm run check</code>, then <code>npm run deploy</code>.</p>
    </section>
  );
}
