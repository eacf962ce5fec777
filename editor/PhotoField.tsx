/**
 * The form field of a photo (lib/content/photo-schema.ts `Photo`): a thumbnail of the chosen
 * picture, a choice of the pictures in content/photos/, an upload of a new one (written there by
 * the editor server; the build's image pipeline turns it upright and strips its EXIF and GPS data),
 * the text a screen reader says in its place, and "decorative". An rjsf custom field
 * (`ui:field: 'photo'`, editor/ui-schema.ts).
 */
import { useState, type ChangeEvent } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { PhotoReply } from '../lib/edit/api-types.ts';
import type { FormContext } from './form-context.ts';

interface PhotoValue {
  src: string;
  alt: string;
  decorative?: boolean;
}

/** The errors the server gave for one part of the photo (`photo.src`, `photo.alt`). */
function PartErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return <ul id={id} className="field-errors">{errors.map((e) => <li key={e}>{e}</li>)}</ul>;
}

/** The photo field. */
export function PhotoField(props: FieldProps) {
  const { formData, fieldPathId, onChange, registry, schema, errorSchema, name } = props;
  const context = registry.formContext as FormContext;
  const [busy, setBusy] = useState('');
  const id = fieldPathId.$id;
  const value = (formData as PhotoValue | undefined)?.src ? (formData as PhotoValue) : undefined;
  const set = (next: PhotoValue | undefined) => onChange(next, fieldPathId.path);
  const errors = errorSchema as Record<string, { __errors?: string[] } | undefined> & { __errors?: string[] } | undefined;
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(`Uploading ${file.name}...`);
    try {
      const reply = await context.api.upload<PhotoReply>('/api/photo', file, file.name);
      await context.refreshPhotos();
      set({ src: reply.name, alt: value?.alt ?? '', ...(value?.decorative ? { decorative: true } : {}) });
      setBusy(`Uploaded as ${reply.name}.`);
    } catch (error) {
      setBusy(`Not uploaded: ${(error as Error).message}`);
    }
  };
  return (
    <fieldset className="photo-field" id={id}>
      <legend>{schema.title ?? name}</legend>
      {value ? <img className="thumbnail" src={context.thumbnail(value.src)} alt="" width={160} /> : <p>No photo: the page shows its drawing.</p>}
      <PartErrors id={`${id}__error`} errors={errors?.__errors} />
      <label htmlFor={`${id}_src`}>Photo</label>
      <select id={`${id}_src`} value={value?.src ?? ''} aria-describedby={`${id}_src__error`}
        onChange={(e) => set(e.target.value ? { src: e.target.value, alt: value?.alt ?? '', ...(value?.decorative ? { decorative: true } : {}) } : undefined)}>
        <option value="">No photo</option>
        {[...new Set([...(value ? [value.src] : []), ...context.photos])].map((n) => <option key={n} value={n}>{n}</option>)}
      </select>
      <PartErrors id={`${id}_src__error`} errors={errors?.src?.__errors} />
      <label htmlFor={`${id}_upload`}>Upload a new photo (JPEG, PNG, WebP or AVIF)</label>
      <input id={`${id}_upload`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={upload} />
      <p role="status" className="status">{busy}</p>
      {value && <>
        <label htmlFor={`${id}_alt`}>What the photo shows, for visitors who cannot see it</label>
        <input id={`${id}_alt`} type="text" value={value.alt} aria-describedby={`${id}_alt__error`} placeholder="Our service van outside a home in Milan"
          onChange={(e) => set({ ...value, alt: e.target.value })} />
        <PartErrors id={`${id}_alt__error`} errors={errors?.alt?.__errors} />
        <label className="check"><input type="checkbox" checked={value.decorative === true}
          onChange={(e) => set(e.target.checked ? { ...value, decorative: true, alt: '' } : { src: value.src, alt: value.alt })} /> Decorative only (adds nothing to the page; screen readers skip it)</label>
      </>}
    </fieldset>
  );
}
