import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

/** A merge field as the server lists it (…/fieldtranslations): `Field` is what goes into the text. */
export interface MergeField {
  Id: string;
  Field: string;
  Name: string;
}

/**
 * The merge fields as chips in a rich-text toolbar: a click inserts the field where the cursor is.
 * Put it inside a `RichTextInputToolbar` (it uses the editor of the input around it).
 * @example
 * <RichTextInputToolbar><MergeFieldChips fields={fields} label="messages.editor.mergeFields" /></RichTextInputToolbar>
 */
export function MergeFieldChips({ fields, label }: { fields: MergeField[]; label: string }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  if (!fields.length) return null;
  return (
    <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', pt: 0.5 }}>
      <Typography variant="caption" sx={{ mr: 1 }}>
        {translate(label)}
      </Typography>
      {fields.map((f) => (
        <Chip key={f.Id} size="small" label={f.Name} title={f.Field} onClick={() => editor?.chain().focus().insertContent(f.Field).run()} data-testid="merge-field" />
      ))}
    </Box>
  );
}
