import { areaMessages, type Lang, type Texts } from '../../shared/messages';
import type { SupportCaseOption } from '../../../schema/support';
import texts from './messages.json' with { type: 'json' };

/** The support area's messages (ResponseStatus texts), the names of its options and the words of its mail. */
export const catalogue = areaMessages(texts.messages);
export const supportKey = catalogue.key;
export const words: Record<keyof typeof texts.words, Texts> = texts.words;

type Options = Record<string, Texts>;
const OPTIONS = { status: texts.statuses as Options, type: texts.types as Options, area: texts.areas as Options };
export type OptionKind = keyof typeof OPTIONS;

/** Statuses of a case (spec: "statuses"): 1 new, 2 in progress, 3 answered, 4 closed. */
export const STATUS = { New: 1, InProgress: 2, Answered: 3, Closed: 4 } as const;

/** Every status, type or area, named in `lang`. */
export function options(kind: OptionKind, lang: Lang): SupportCaseOption[] {
  return Object.entries(OPTIONS[kind]).map(([id, name]) => ({ Id: Number(id), Name: name[lang] }));
}

/** The name of one status, type or area in `lang` ('' for an id that is not one). */
export function optionName(kind: OptionKind, id: number, lang: Lang): string {
  return OPTIONS[kind][String(id)]?.[lang] ?? '';
}

export function isOption(kind: OptionKind, id: number): boolean {
  return OPTIONS[kind][String(id)] !== undefined;
}
