import { extendMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Words of the plan comparison rows (GET /licenses/information). */
export const INFORMATION_WORDS: Record<string, Texts> = texts.informationWords;

/** The incentives' texts by incentive id. */
export const INCENTIVE_TEXTS: Record<number, { header: Texts; body: Texts }> = texts.incentives;

const messages = texts.messages satisfies Record<string, Texts>;

/** Loads the licenses area's messages (its plugin calls this). */
export function registerLicenseMessages(): void {
  extendMessages(messages);
}
