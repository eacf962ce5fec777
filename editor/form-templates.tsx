/**
 * rjsf's buttons as words (rjsf's default theme draws them as Bootstrap glyph icons, which need a
 * web font this editor does not load): "Add a row", "Move up", "Move down", "Remove", each a
 * real button with its own visible name, for the pointer, the keyboard and screen readers alike.
 */
import type { IconButtonProps, SubmitButtonProps, TemplatesType, WidgetProps } from '@rjsf/utils';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';

/** A button with a visible word instead of an icon; rjsf's own props (registry, uiSchema) are left off the element. */
function WordButton(props: IconButtonProps & { word: string }) {
  const { word, icon: _icon, iconType, uiSchema: _ui, registry: _registry, className, title: _title, ...rest } = props;
  return <button type="button" className={`word-button ${iconType === 'danger' ? 'danger' : ''} ${className ?? ''}`} {...rest}>{word}</button>;
}

/** The add button under a list. */
function AddButton(props: IconButtonProps) {
  return <WordButton {...props} word="Add a row" />;
}

/** The form's own submit button is hidden: the editor has its Save button (editor/RecordEditor.tsx). */
function NoSubmit(_props: SubmitButtonProps) {
  return null;
}

/** The ButtonTemplates of the editor's forms. */
export const BUTTON_TEMPLATES: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton,
  MoveUpButton: (p: IconButtonProps) => <WordButton {...p} word="Move up" />,
  MoveDownButton: (p: IconButtonProps) => <WordButton {...p} word="Move down" />,
  RemoveButton: (p: IconButtonProps) => <WordButton {...p} word="Remove" iconType="danger" />,
  CopyButton: (p: IconButtonProps) => <WordButton {...p} word="Copy" />,
  ClearButton: (p: IconButtonProps) => <WordButton {...p} word="Clear" />,
  SubmitButton: NoSubmit,
};

/**
 * rjsf's select, given a visible label when it is the choice of a group that may be absent
 * ("Filled in" or "None"): rjsf renders that select without one.
 */
function SelectWithName(props: WidgetProps) {
  const Select = getDefaultRegistry().widgets.SelectWidget;
  if (!props.id.endsWith('__anyof_select') && !props.id.endsWith('__oneof_select')) return <Select {...props} />;
  // A label beside the select, not around it: around it, the chosen option's text would join the
  // select's accessible name ("Licence: filled in or none? Filled in").
  return (
    <div className="choice">
      <label htmlFor={props.id}>{`${props.label || 'This'}: filled in or none?`}</label>
      <Select {...props} />
    </div>
  );
}

/** The widgets of the editor's forms that differ from rjsf's. */
export const WIDGETS = { SelectWidget: SelectWithName };
