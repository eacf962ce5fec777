/** The shape of a `photo` field; lib/photos/photos.ts checks the file itself. */
import { z } from 'zod';

/** Folder the `src` of every photo is relative to, from the project root. */
export const PHOTOS_FOLDER = 'content/photos';

/** What an operator writes when the alt text is missing or empty, and how to fix it. */
const DESCRIBE = 'describe what the photo shows for visitors who cannot see it, e.g. "Our service van outside a home in Milan"; or, for a photo that adds nothing to the page, write decorative: true and alt: ""';

/**
 * The file name of a photo under content/photos/ (sub-folders allowed, e.g. "areas/grants.jpg"):
 * no leading slash, no "..", no backslashes, an extension.
 */
export const PhotoSrc = z
  .string({ error: (issue) => (issue.input === undefined ? 'is missing: the file name of the photo under content/photos/, e.g. "van.jpg"' : 'must be a file name, e.g. "van.jpg"') })
  .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\\]+\.[A-Za-z0-9]+$/, 'must be a file name under content/photos/, e.g. "van.jpg" (no leading "/", no "..")');

/**
 * A photo field, e.g. `{ src: 'van.jpg', alt: 'Our service van outside a home in Milan' }`.
 * `alt` is the text alternative (WCAG 2.2, success criterion 1.1.1): required and not empty,
 * unless `decorative` is true, when it must be "" so screen readers skip the picture (HTML spec,
 * "An image not intended for the user").
 */
export const Photo = z
  .strictObject({
    src: PhotoSrc,
    alt: z.string({ error: (issue) => (issue.input === undefined ? `is missing: ${DESCRIBE}` : 'must be text') }),
    decorative: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((photo, ctx) => {
    const empty = photo.alt.trim() === '';
    if (photo.decorative === true && photo.alt !== '') {
      ctx.addIssue({ code: 'custom', path: ['alt'], message: 'must be "" when decorative is true (a decorative photo is skipped by screen readers); remove decorative to keep this description' });
    } else if (photo.decorative !== true && empty) {
      ctx.addIssue({ code: 'custom', path: ['alt'], message: `is empty: ${DESCRIBE}` });
    }
  });
export type Photo = z.infer<typeof Photo>;
