import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useFormContext } from 'react-hook-form';
import { TextInput, useTranslate, type Validator } from 'react-admin';

/** A sign must be longer than this (spec: more than four characters). */
export const SIGN_MIN_EXCLUSIVE = 4;
export const SIGN_MAX_LENGTH = 50;
const SIGN_PATTERN = /^[\p{L}0-9-]+$/u;
/** Characters of generated signs: no 0/O or 1/I/L, which are easy to mistake for each other. */
const SIGN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A random sign of eight characters from an alphabet without look-alikes (the server makes the same kind).
 * @example generateSign() // e.g. 'K7QWM3PZ'
 */
export function generateSign(length = 8): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => SIGN_ALPHABET[b % SIGN_ALPHABET.length]).join('');
}

/** The sign rule: empty (the server generates one), or more than four and at most 50 letters, digits or dashes. */
export const validateSign: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const sign = value.trim();
  const length = [...sign].length;
  if (length <= SIGN_MIN_EXCLUSIVE) return { message: 'resources.promo-codes.validation.signTooShort', args: { min: SIGN_MIN_EXCLUSIVE + 1 } };
  if (length > SIGN_MAX_LENGTH) return { message: 'resources.promo-codes.validation.signTooLong', args: { max: SIGN_MAX_LENGTH } };
  if (!SIGN_PATTERN.test(sign)) return 'resources.promo-codes.validation.signCharacters';
  return undefined;
};

/** The code's sign with the rule as helper text and a button that fills in a generated sign. */
export function SignInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  return (
    <TextInput
      source={source}
      validate={validateSign}
      parse={(v: string) => v.toUpperCase()}
      helperText="resources.promo-codes.signRule"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('resources.promo-codes.generateSign')}>
                <IconButton
                  aria-label={translate('resources.promo-codes.generateSign')}
                  onClick={() => setValue(source, generateSign(), { shouldDirty: true, shouldValidate: true })}
                  edge="end"
                >
                  <AutorenewIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
