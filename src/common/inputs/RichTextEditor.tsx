import { useEffect, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MergeFieldChips, type MergeField } from './MergeFieldChips';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar, useTiptapEditor, type RichTextInputProps } from 'ra-input-rich-text';

/** Headers 1 and 2 (the spec's rich-text rule) as two toggle buttons; a second press makes the line a paragraph again. */
function HeadingButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!editor) return undefined;
    const update = () => redraw((n) => n + 1);
    editor.on('transaction', update);
    return () => {
      editor.off('transaction', update);
    };
  }, [editor]);
  const levels = [1, 2] as const;
  return (
    <ToggleButtonGroup size="small" aria-label={translate('ra.tiptap.select_level', { _: 'Select the level' })}>
      {levels.map((level) => (
        <ToggleButton
          key={level}
          value={level}
          selected={Boolean(editor?.isActive('heading', { level }))}
          disabled={!editor?.isEditable}
          onClick={() => editor?.chain().focus().toggleNode('heading', 'paragraph', { level }).run()}
        >
          H{level}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * react-admin's rich-text input with a toolbar of labelled toggle buttons only (headers 1 and 2,
 * bold/italic, lists, links, clear): ra-input-rich-text's level select is a list item without a
 * list, which screen readers and the accessibility audit reject. With `mergeFields`, the fields follow
 * as chips that insert at the cursor (`mergeFieldsLabel` titles them). Load it lazily: it pulls in tiptap.
 * @example
 * const RichTextEditor = lazy(() => import('../../common/inputs/RichTextEditor'));
 * <RichTextEditor source="Body" label="newsletters.fields.Body" fullWidth mergeFields={fields} mergeFieldsLabel="newsletters.template.mergeFields" />
 */
export default function RichTextEditor({ mergeFields = [], mergeFieldsLabel = '', ...props }: RichTextInputProps & { mergeFields?: MergeField[]; mergeFieldsLabel?: string }) {
  return (
    <RichTextInput
      {...props}
      toolbar={
        <RichTextInputToolbar>
          <HeadingButtons />
          <FormatButtons />
          <ListButtons />
          <LinkButtons />
          <ClearButtons />
          <MergeFieldChips fields={mergeFields} label={mergeFieldsLabel} />
        </RichTextInputToolbar>
      }
    />
  );
}
