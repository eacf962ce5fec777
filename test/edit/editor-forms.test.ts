/**
 * The browser editor's form helpers on the real form schemas (lib/edit/form-schema.ts): which
 * widget a field gets (photo fields, the weekday checkboxes, text areas), where a refused save's
 * problems are shown (beside the field, or the nearest one the form shows), and the shape test
 * rjsf uses to tell which option of a choice a value is.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RJSFSchema } from '@rjsf/utils';
import { formSchema } from '../../lib/edit/form-schema.ts';
import { isPhotoSchema, noneAsNull, problemsAsErrors, uiSchemaFor } from '../../editor/ui-schema.ts';
import { hasShape } from '../../editor/shape-validator.ts';

const test = suite('the editor form helpers');
const settings = formSchema('settings') as RJSFSchema;
const community = formSchema('community') as RJSFSchema;

test('should give every photo field the photo widget, and only those', () => {
  const ui = uiSchemaFor(community);
  assert.equal(ui.photo, { 'ui:field': 'photo' });
  assert.ok(isPhotoSchema((community.properties as Record<string, RJSFSchema>).photo));
  assert.not.ok(isPhotoSchema((settings.properties as Record<string, RJSFSchema>).location));
  for (const kind of ['home', 'service', 'core'] as const) assert.equal(uiSchemaFor(formSchema(kind) as RJSFSchema).photo, { 'ui:field': 'photo' }, kind);
});

test('should show the days of a row of hours as weekday checkboxes, and long texts as text areas', () => {
  const ui = uiSchemaFor(settings);
  const row = ui.hours.items(undefined, 1);
  assert.is(row.days['ui:widget'], 'checkboxes');
  assert.is(row['ui:title'], 'Opening hours, row 2', 'each row named by its list and its place');
  assert.is(ui.hours['ui:options'].orderable, true);
  assert.is(uiSchemaFor(community).description['ui:widget'], 'textarea');
  assert.is(ui.phone['ui:widget'], undefined);
  assert.is(ui.analyticsId['ui:emptyValue'], '', 'an emptied text stays "", which the settings read as "none"');
});

test('should show an example under a field whose description gives none', () => {
  const ui = uiSchemaFor(settings);
  assert.is(ui.credentials.licence['ui:help'], undefined, 'a group has no example');
  const location = (settings.properties as Record<string, RJSFSchema>).location.properties as Record<string, RJSFSchema>;
  assert.match(String(location.locality.description), /names it/);
  assert.is(ui.location.locality['ui:help'], 'Example: Grants');
  assert.is(ui.location.postalCode['ui:help'], undefined, 'its description says "e.g."');
});

test('should put each problem beside its field, or the nearest one the form shows', () => {
  const errors = problemsAsErrors([
    { field: 'phone', message: 'phone: bad' },
    { field: 'hours.1.days.0', message: 'day: bad' },
    { field: 'credentials.licence.number', message: 'licence: bad' },
    { field: 'nothing.here', message: 'unknown: bad' },
    { message: 'no field' },
  ], settings) as any;
  assert.equal(errors.phone.__errors, ['phone: bad']);
  assert.equal(errors.hours['1'].days.__errors, ['day: bad']);
  assert.equal(errors.credentials.licence.number.__errors, ['licence: bad']);
  assert.equal(errors.__errors, ['unknown: bad', 'no field']);
  const photo = problemsAsErrors([{ field: 'photo.alt', message: 'alt: empty' }], community) as any;
  assert.equal(photo.photo.alt.__errors, ['alt: empty']);
});

test('should write null for a required "None" choice rjsf left out, and change nothing else', () => {
  const data = { name: 'Mesa Key & Lock', credentials: { licence: { issuer: 'RLD', number: 'LS-1' }, insurance: { kind: 'general liability', insurer: '' } }, videos: [] };
  const out = noneAsNull(settings, data) as Record<string, any>;
  assert.is(out.rating, null, 'no rating: rating: null, which the settings need written');
  assert.is(out.credentials, data.credentials, 'a credential left out is none already (it is optional): unchanged');
  assert.not.ok('shareImage' in out, 'an optional field left out stays out');
  assert.not.ok('rating' in data, 'the input is not changed');
  const whole = { ...out };
  assert.is(noneAsNull(settings, whole), whole, 'nothing absent: the same value');
});

test('should tell a group from "None" by shape only', () => {
  const rating = (settings.properties as Record<string, RJSFSchema>).rating;
  const [group, none] = rating.anyOf as RJSFSchema[];
  const value = { value: 4.8, count: 10, source: 'Google', url: 'https://example.com' };
  assert.ok(hasShape(group, value));
  assert.not.ok(hasShape(none, value));
  assert.ok(hasShape(none, null));
  assert.not.ok(hasShape(group, { value: 4.8 }), 'required keys missing');
  assert.ok(hasShape(group, { ...value, count: 0 }), 'ranges are the server\'s to check');
});

test.run();
