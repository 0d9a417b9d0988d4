import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useFormContext } from 'react-hook-form';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { generateSign, SIGN_MAX_LENGTH, SIGN_MIN_EXCLUSIVE, validateSign as signProblems } from '../../../domain/pricing/rebates/sign';

/**
 * The sign rule of domain/ (the API applies the same): empty (the server generates one), or more
 * than four and at most 50 letters, digits or dashes; each problem as this page's message.
 */
export const validateSign: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const [problem] = signProblems(value);
  if (!problem) return undefined;
  if (problem.code === 'SignTooShort') return { message: 'resources.promo-codes.validation.signTooShort', args: { min: SIGN_MIN_EXCLUSIVE + 1 } };
  if (problem.code === 'SignTooLong') return { message: 'resources.promo-codes.validation.signTooLong', args: { max: SIGN_MAX_LENGTH } };
  return 'resources.promo-codes.validation.signCharacters';
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
