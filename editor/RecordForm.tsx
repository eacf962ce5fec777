/**
 * The form rjsf makes of a record's JSON schema, with the editor's buttons and photo field, no
 * validation in the browser (the server's check is the authority) and the server's problems
 * beside their fields; plus the line the last save left.
 */
import { useMemo, type ReactNode } from 'react';
// The Form component itself: the package's index also exports a test registry that needs Ajv.
import Form from '@rjsf/core/lib/components/Form.js';
import { shapeValidator } from './shape-validator.ts';
import type { RJSFSchema } from '@rjsf/utils';
import type { ProblemsReply, SaveProblem } from '../lib/edit/api-types.ts';
import { ApiError } from './api.ts';
import type { FormContext } from './form-context.ts';
import { BUTTON_TEMPLATES, WIDGETS } from './form-templates.tsx';
import { PhotoField } from './PhotoField.tsx';
import { noneAsNull, problemsAsErrors, uiSchemaFor } from './ui-schema.ts';

/** The outcome of the last save, as the editor shows it. */
export type SaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; changed: boolean }
  | { state: 'problems'; problems: SaveProblem[] }
  | { state: 'conflict'; error: string }
  | { state: 'failed'; error: string };

/** Props of RecordForm. */
export interface RecordFormProps {
  schema: RJSFSchema;
  data: unknown;
  onChange(data: unknown): void;
  onSubmit(): void;
  save: SaveState;
  context: FormContext;
  submitLabel?: string;
  /** More buttons beside Save. */
  children?: ReactNode;
}

/** The record's form and its Save button. */
export function RecordForm({ schema, data, onChange, onSubmit, save, context, submitLabel = 'Save', children }: RecordFormProps) {
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const extraErrors = useMemo(() => (save.state === 'problems' ? problemsAsErrors(save.problems, schema) : undefined), [save, schema]);
  return (
    <Form
      schema={schema} uiSchema={uiSchema} formData={data} validator={shapeValidator}
      noValidate noHtml5Validate showErrorList={false} extraErrors={extraErrors}
      fields={{ photo: PhotoField }} widgets={WIDGETS} templates={{ ButtonTemplates: BUTTON_TEMPLATES }} formContext={context}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipEmptyDefaults', arrayMinItems: { populate: 'never' } }}
      idPrefix="field"
      onChange={(event) => onChange(noneAsNull(schema, event.formData))}
      onSubmit={() => onSubmit()}
    >
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.state === 'saving'}>{save.state === 'saving' ? 'Saving...' : submitLabel}</button>
        {children}
      </div>
    </Form>
  );
}

/** What a failed save (or create) means for the owner. */
export function saveFailure(error: unknown): SaveState {
  if (error instanceof ApiError && error.status === 422) return { state: 'problems', problems: (error.body as ProblemsReply).problems ?? [] };
  if (error instanceof ApiError && error.status === 409) return { state: 'conflict', error: error.message };
  return { state: 'failed', error: (error as Error).message };
}

/** The line (or list) the last save left, read out by screen readers as it changes. */
export function SaveMessage({ save, onReload }: { save: SaveState; onReload?(): void }) {
  switch (save.state) {
    case 'saved':
      return <p role="status" className="message ok">{save.changed ? 'Saved. The preview shows the change.' : 'Nothing to save: the file already says this.'}</p>;
    case 'problems':
      return (
        <div role="alert" className="message problems">
          <p>Not saved: the file is unchanged. Fix {save.problems.length === 1 ? 'this' : `these ${save.problems.length}`} and save again:</p>
          <ul>{save.problems.map((p) => <li key={`${p.field}:${p.message}`}>{p.message}</li>)}</ul>
        </div>
      );
    case 'conflict':
      return (
        <div role="alert" className="message conflict">
          <p>Not saved: this file was changed outside the editor after you opened it, and the editor does not overwrite it. {save.error}</p>
          {onReload && <button type="button" onClick={onReload}>Open the file as it is now (your changes here are dropped)</button>}
        </div>
      );
    case 'failed':
      return <p role="alert" className="message problems">Not saved: {save.error}</p>;
    default:
      return <p role="status" className="message" />;
  }
}
