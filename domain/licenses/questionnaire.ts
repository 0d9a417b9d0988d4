/**
 * The cancel-license questionnaire (spec core.md §5): sections with options; at least one option
 * in each section other than main and comments ('select option from each section').
 */
export interface QuestionnaireSection {
  /** Sent as Question. */
  id: string;
  /** Option values (sent as Value); empty for free-text sections. */
  options: readonly string[];
}

export const CANCEL_QUESTIONNAIRE: readonly QuestionnaireSection[] = [
  { id: 'main', options: ['closeAccount'] },
  { id: 'reason', options: ['price', 'features', 'notUsing', 'closingBusiness', 'otherProduct', 'other'] },
  { id: 'experience', options: ['easy', 'ok', 'hard'] },
  { id: 'comments', options: [] },
];

/** Sections that need at least one chosen option. */
export const REQUIRED_SECTIONS = CANCEL_QUESTIONNAIRE.filter((s) => s.id !== 'main' && s.id !== 'comments');

/**
 * The required sections without a valid chosen option (empty when the answers may be sent).
 * @example missingSections([{ Question: 'reason', Value: 'price' }]) // ['experience']
 */
export function missingSections(answers: readonly { Question: string; Value: string }[]): string[] {
  return REQUIRED_SECTIONS.filter((s) => !answers.some((a) => a.Question === s.id && s.options.includes(a.Value))).map((s) => s.id);
}
