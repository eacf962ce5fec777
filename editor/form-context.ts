/**
 * What the editor's forms share with their custom fields (rjsf `formContext`): the API client, the
 * names of the photos in content/photos/ and how to show a photo's thumbnail.
 */
import type { ApiClient } from './api.ts';

/** The forms' shared context. */
export interface FormContext {
  api: ApiClient;
  /** Names of the photos under content/photos/, e.g. "van.jpg". */
  photos: string[];
  /** Reads the photo names again (after an upload). */
  refreshPhotos(): Promise<void>;
  /** URL of a photo's thumbnail. */
  thumbnail(name: string): string;
}
