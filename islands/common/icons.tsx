/** @jsxImportSource preact */
/**
 * The few icons the islands draw, as Preact components. Same 24x24 stroke drawings as
 * templates/icons.tsx (which is React, for the server-only templates); decorative (aria-hidden).
 * Their stroke comes from the `.icon` rule of templates/styles/00-base.css, which every page
 * keeps (its header draws icons), as for the templates' icons.
 */

const PATHS = {
  chat: 'M4 5h16v11H10l-4 4v-4H4zM8 10h.5M12 10h.5M16 10h.5',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 7l9 6 9-6',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

/** Name of an island icon. */
export type IslandIconName = keyof typeof PATHS;

/**
 * @param name one of the icons above
 * @param size width and height in CSS px (default 24)
 */
export function IslandIcon({ name, size = 24 }: { name: IslandIconName; size?: number }) {
  return (
    <svg class="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
