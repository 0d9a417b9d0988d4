import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar, Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useInput, useResourceContext, useTranslate, useTranslateLabel } from 'react-admin';
import type { ImageUploadResponse } from '../../../schema/company';
import { apiErrorInfo, useApi } from '../../common/api';
import { IMAGE_MAX_BYTES } from '../../common/constants';

/** Image folders of POST /images (spec §3). */
export const ImageFolder = {
  logotype: 1,
  homepage: 2,
  newsletter: 3,
  resource: 4,
  service: 5,
  customerComments: 6,
  supportAttachments: 7,
} as const;

export type ImageFolderType = (typeof ImageFolder)[keyof typeof ImageFolder];

/** Why a file cannot be uploaded as an image, as a translation key; undefined when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return 'engine.image.wrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'engine.image.tooLarge';
  return undefined;
}

export interface ImageInputProps {
  source: string;
  folderType?: ImageFolderType;
  /** A translation key; by default the resource's field name. */
  label?: string;
  /** A translation key for the hint under the input; by default the largest size allowed. */
  helperText?: string;
}

/**
 * An image URL chosen by uploading a file to POST /images: only images up to 100000 bytes, with a
 * warning under the input otherwise, and the server's message when the upload fails. Shows the image
 * (or a placeholder), a spinner while uploading, and Remove.
 * @example
 * <ImageInput source="ImageUrl" folderType={ImageFolder.service} />
 * <ImageInput source="LogoUrl" label="custom.company.fields.LogoUrl" folderType={ImageFolder.logotype} />
 */
export function ImageInput({ source, folderType = ImageFolder.service, label, helperText }: ImageInputProps) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext();
  const api = useApi();
  const { field, fieldState, id } = useInput({ source });
  const fileRef = useRef<HTMLInputElement>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = typeof field.value === 'string' && field.value ? field.value : null;
  const title = String(translateLabel({ label, source, resource }));
  const max = IMAGE_MAX_BYTES / 1000;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setWarning(problem ? translate(problem, { max }) : null);
    if (problem) return;
    const form = new FormData();
    form.append('FolderType', String(folderType));
    form.append('file', file);
    setBusy(true);
    try {
      const uploaded = await api.upload<ImageUploadResponse>('/images', form);
      field.onChange(uploaded.ImageUrl);
    } catch (error) {
      setWarning(apiErrorInfo(error).message || translate('engine.image.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const invalid = fieldState.invalid && !!fieldState.error?.message;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={id} sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={url ?? undefined}
          alt={title}
          sx={{ width: 96, height: 96, bgcolor: 'action.hover', color: 'text.secondary', '& img': { objectFit: 'contain' } }}
        >
          <ImageIcon fontSize="large" />
        </Avatar>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={busy}
            onClick={() => fileRef.current?.click()}
          >
            {translate(url ? 'engine.image.change' : 'engine.image.choose')}
          </Button>
          {url ? (
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => field.onChange(null)}>
              {translate('engine.image.remove')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <input ref={fileRef} id={id} type="file" accept="image/*" hidden data-testid={`${source}-file`} onChange={onFile} />
      <FormHelperText error={invalid} role={warning ? 'alert' : undefined} sx={{ color: warning && !invalid ? 'warning.main' : undefined }}>
        {invalid
          ? translate(fieldState.error?.message ?? '')
          : (warning ?? translate(helperText ?? 'engine.image.hint', { max }))}
      </FormHelperText>
    </Box>
  );
}
