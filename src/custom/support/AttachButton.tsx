import { useId } from 'react';
import { Box, Button } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslate } from 'react-admin';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * Choose files to attach: a real file input, kept in the tab order and visually hidden, whose label
 * looks like a button; focus shows on the button.
 */
export function AttachButton({ onFiles, multiple = false, disabled = false }: { onFiles: (files: File[]) => void; multiple?: boolean; disabled?: boolean }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box sx={{ position: 'relative', display: 'inline-block', '&:focus-within label': { outline: '2px solid', outlineOffset: 2 } }}>
      <Button component="label" htmlFor={id} variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled}>
        {translate('custom.support.attach')}
      </Button>
      <Box
        component="input"
        id={id}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        disabled={disabled}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
        sx={{ position: 'absolute', inset: 0, opacity: 0, width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      />
    </Box>
  );
}
