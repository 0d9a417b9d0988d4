/**
 * Numbers the admin uses in more than one place, defined once. Limits of the API itself live on the
 * server (it answers 400 beyond them); these are the admin's copies of what the spec says.
 */

/** Spec §9: an uploaded image is at most 100000 bytes (POST /images refuses larger ones too). */
export const IMAGE_MAX_BYTES = 100000;

/** How long a list's filters wait after the last keystroke before they query the API. */
export const FILTER_DEBOUNCE_MS = 500;

/** The priority a resource gets when none is chosen (the highest number, the last choice). */
export const DEFAULT_RESOURCE_PRIORITY = 99;

/** The most records one list query may ask for (the API's MAX_TAKE). */
export const MAX_TAKE = 1000;
