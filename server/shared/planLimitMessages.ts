import { extendMessages, type Texts } from './messages';
import texts from './planLimitMessages.json' with { type: 'json' };

/** What a limit counts, as the limit modal names it. */
export const LIMIT_NAMES: Record<string, Texts> = texts.limitNames;

/** The areas a plan may include, as the limit modal and the plan comparison name them. */
export const AREA_NAMES: Record<string, Texts> = texts.areaNames;

/** Loads the plan-limit texts (server/areas/index.ts calls it once). */
export function registerPlanLimitMessages(): void {
  extendMessages(texts.messages satisfies Record<string, Texts>);
}
