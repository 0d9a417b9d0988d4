import { useRef, useState } from 'react';
import { Avatar, Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useInput, useNotify, useTranslate } from 'react-admin';
import type { ImageUploadResponse } from '../../../schema/company';
import { apiErrorInfo, useApi } from '../../common/api';

/** Spec §9: image max 100000 bytes. */
export const IMAGE_MAX_BYTES = 100000;

/** Image folder types of POST /images (spec §3). */
export const ImageFolder = {
  logotype: 1,
  homepage: 2,
  newsletter: 3,
  resource: 4,
  service: 5,
  customerComments: 6,
  supportAttachments: 7,
} as const;

/** Why a file cannot be uploaded as an image, as a translation key; undefined when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return 'custom.image.wrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'custom.image.tooLarge';
  return undefined;
}

export interface ImageUploadInputProps {
  source: string;
  label: string;
  folderType: (typeof ImageFolder)[keyof typeof ImageFolder];
  helperText?: string;
}

/**
 * An input holding an image URL: uploads an image file (≤ 100000 bytes) to POST /images and stores
 * the answered ImageUrl; warns about wrong file types and too large files.
 * @example
 * <ImageUploadInput source="LogoUrl" label="custom.company.fields.LogoUrl" folderType={ImageFolder.logotype} />
 */
export function ImageUploadInput({ source, label, folderType, helperText }: ImageUploadInputProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const { field, fieldState } = useInput({ source });
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const value = typeof field.value === 'string' && field.value ? field.value : null;

  const upload = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      notify(problem, { type: 'warning', messageArgs: { max: `${IMAGE_MAX_BYTES / 1000} kB` } });
      return;
    }
    const formData = new FormData();
    formData.append('FolderType', String(folderType));
    formData.append('file', file, file.name);
    setUploading(true);
    try {
      const answer = await api.upload<ImageUploadResponse>('/images', formData);
      field.onChange(answer.ImageUrl);
    } catch (error) {
      notify(apiErrorInfo(error).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const inputId = `${source}-file`;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
        {translate(label)}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={value ?? undefined}
          alt={translate(label)}
          sx={{ width: 96, height: 96, bgcolor: 'action.hover', color: 'text.secondary', '& img': { objectFit: 'contain' } }}
        >
          <ImageIcon fontSize="large" />
        </Avatar>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {translate('custom.image.choose')}
          </Button>
          {value && (
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => field.onChange(null)}>
              {translate('custom.image.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <FormHelperText error={fieldState.invalid}>
        {fieldState.error?.message ? translate(fieldState.error.message) : translate(helperText ?? 'custom.image.hint', { max: `${IMAGE_MAX_BYTES / 1000} kB` })}
      </FormHelperText>
    </Box>
  );
}
