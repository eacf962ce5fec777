/**
 * "Text us my location", placed next to a Text button: the server HTML of the TextLocation plain
 * island (islands/TextLocation.ts), loaded when the visitor first acts on it.
 *
 * Shown only where it can work, with no layout shift: hidden by CSS unless scripting is on
 * (`@media (scripting: enabled)`, Media Queries 5), and hidden by islands/site/text-location.ts
 * where the browser has no Geolocation API. The plain Text link beside it never changes.
 *
 * `variant` "line": a full button with the privacy line under it (hero). "fab": a round button for
 * the fixed call/text pair, its label visible from 40rem; its status line appears above the pair
 * while it works.
 */
import { HOLD_CLICK_ATTR } from '../islands/runtime/load.ts';
import { LOCATION_LABEL, PRIVACY_NOTE } from '../islands/common/location-text.ts';
import { Icon } from './icons.tsx';
import { PlainIsland } from './Island.tsx';
import { useSite } from './site-context.ts';

/**
 * @param source where it sits, for analytics (`data-source`, like the contact links)
 * @param variant "line" (default) or "fab"
 */
export function TextLocation({ source, variant = 'line' }: { source: string; variant?: 'line' | 'fab' }) {
  const { phone } = useSite().settings;
  const fab = variant === 'fab';
  return (
    <PlainIsland name="TextLocation" load="interaction" className={fab ? 'loc loc-fab' : 'loc'} data={{ 'data-to': phone.e164 }}>
      <button type="button" className={fab ? 'fab fab-loc' : 'btn btn-text'} data-track="location_text" data-source={source} {...{ [HOLD_CLICK_ATTR]: '' }}>
        <Icon name="map" size={20} />
        {fab ? <span className="loc-label">{LOCATION_LABEL}</span> : LOCATION_LABEL}
      </button>
      <p className="loc-status" role="status">{fab ? '' : PRIVACY_NOTE}</p>
    </PlainIsland>
  );
}
