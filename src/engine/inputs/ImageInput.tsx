import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useInput, useTranslate, FieldTitle, useResourceContext } from 'react-admin';
import { useApi } from '../../common/api';
import { IMAGE_MAX_BYTES } from '../../common/constants';

/** Largest image the API accepts, in bytes (spec core.md §9). */

/** Image folders of POST /images: 1 logotype, 2 homepage, 3 newsletter, 4 resource, 5 service, 6 customer comments, 7 support. */
export type ImageFolderType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface ImageInputProps {
  source: string;
  folderType?: ImageFolderType;
  label?: string;
}

/**
 * An image URL chosen by uploading a file to POST /images; only images up to 100000 bytes, with a warning otherwise.
 * @example <ImageInput source="ImageUrl" folderType={5} />
 */
export function ImageInput({ source, folderType = 5, label }: ImageInputProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const api = useApi();
  const { field, id } = useInput({ source });
  const fileRef = useRef<HTMLInputElement>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = typeof field.value === 'string' && field.value ? field.value : null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setWarning('engine.image.wrongType');
    if (file.size > IMAGE_MAX_BYTES) return setWarning('engine.image.tooLarge');
    setWarning(null);
    const form = new FormData();
    form.append('FolderType', String(folderType));
    form.append('file', file);
    setBusy(true);
    try {
      const uploaded = await api.upload<{ ImageUrl: string }>('/images', form);
      field.onChange(uploaded.ImageUrl);
    } catch {
      setWarning('engine.image.uploadFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="label" htmlFor={id}>
        <FieldTitle label={label} source={source} resource={resource} />
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 0.5, alignItems: 'center' }}>
        {url ? <Box component="img" src={url} alt="" sx={{ maxWidth: 120, maxHeight: 80, borderRadius: 1 }} /> : null}
        <Button variant="outlined" size="small" disabled={busy} onClick={() => fileRef.current?.click()}>
          {translate(url ? 'engine.image.change' : 'engine.image.choose')}
        </Button>
        {url ? (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('engine.image.remove')}
          </Button>
        ) : null}
      </Stack>
      <input ref={fileRef} id={id} type="file" accept="image/*" hidden data-testid={`${source}-file`} onChange={onFile} />
      <FormHelperText sx={{ color: warning ? 'warning.main' : undefined }}>
        {translate(warning ?? 'engine.image.hint', { max: IMAGE_MAX_BYTES / 1000 })}
      </FormHelperText>
    </Box>
  );
}
