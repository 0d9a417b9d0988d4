import type { CodeName } from '../../../schema/services';
import type { CustomFieldValidation } from '../../../schema/customfields';
import type { Lang, Texts } from '../../shared/messages';
import lists from './catalogReference.json' with { type: 'json' };

interface Entry {
  Id: number;
  Name: Texts;
  Description: Texts;
}

/** The code lists under /services/…, each name and description in the four languages. */
export const referenceLists = lists.codeLists satisfies Record<string, Entry[]>;

/** A code list in the caller's language. */
export function codeList(entries: readonly Entry[], lang: Lang): CodeName[] {
  return entries.map((e) => ({ Id: e.Id, Name: e.Name[lang], Description: e.Description[lang] }));
}

interface ValidationEntry extends Entry {
  RegEx: string;
  ErrorMessage: Texts;
}

/** The named patterns an administrator may pick for a custom field (GET /customfields/validations). */
export const customFieldValidations: ValidationEntry[] = lists.customFieldValidations;

/** The validations in the caller's language. */
export function validationList(lang: Lang): CustomFieldValidation[] {
  return customFieldValidations.map((v) => ({
    Id: v.Id,
    Name: v.Name[lang],
    Description: v.Description[lang],
    RegEx: v.RegEx,
    ErrorMessage: v.ErrorMessage[lang],
  }));
}
