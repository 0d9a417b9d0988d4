import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Words of the plan comparison rows (GET /licenses/information). */
export const INFORMATION_WORDS: Record<string, Texts> = texts.informationWords;

/** The incentives' texts by incentive id. */
export const INCENTIVE_TEXTS: Record<number, { header: Texts; body: Texts }> = texts.incentives;

/** Loads the licenses area's messages (its plugin calls this). */
export const registerLicenseMessages = areaMessages(texts.messages).register;
