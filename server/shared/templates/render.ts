import { Liquid, type LiquidError } from 'liquidjs';

/**
 * Merge fields with liquidjs: `{{ Customer.Firstname }}`, filters such as `{{ Booking.From | upcase }}`.
 * A template sees only the data it is given (no file system: `include`/`render`/`layout` find
 * nothing; only an object's own properties; bounded parse, render and memory), so it cannot run
 * code or read another company's data. HTML output escapes every value; text output does not.
 */
const limits = { parseLimit: 200_000, renderLimit: 1_000, memoryLimit: 5_000_000 };
const common = { templates: {}, ownPropertyOnly: true, strictFilters: true, strictVariables: false, jsTruthy: false, ...limits };
const htmlEngine = new Liquid({ ...common, outputEscape: 'escape' });
const textEngine = new Liquid({ ...common });

/** What a template is rendered as: HTML (values escaped) or plain text (an SMS, a subject). */
export type TemplateFormat = 'html' | 'text';

/** The data a template may read: plain JSON values only. */
export type MergeData = Record<string, unknown>;

/** A template that cannot be parsed: the message names the line and column. */
export class TemplateSyntaxError extends Error {}

function engine(format: TemplateFormat): Liquid {
  return format === 'html' ? htmlEngine : textEngine;
}

/** Copies the data into plain JSON so a template never reaches a function, prototype or class. */
function plain(data: MergeData): MergeData {
  return JSON.parse(JSON.stringify(data)) as MergeData;
}

/**
 * Checks a template's merge-field syntax; answers the error's message, or null when it parses.
 * @example
 * templateError('Hej {{ Customer.Firstname ') // 'output "{{ Customer.Firstname " not closed, line:1, col:5'
 */
export function templateError(source: string): string | null {
  try {
    htmlEngine.parse(source);
    return null;
  } catch (err) {
    return (err as LiquidError).message ?? String(err);
  }
}

/**
 * Renders a template with the merge data (HTML escapes each value). Throws TemplateSyntaxError
 * for a template that does not parse or goes over the limits.
 * @example
 * await renderTemplate('<p>Hej {{ Customer.Firstname }}</p>', { Customer: { Firstname: '<Ann>' } }) // '<p>Hej &lt;Ann&gt;</p>'
 * await renderTemplate('Hej {{ Customer.Firstname }}', data, 'text') // 'Hej <Ann>'
 */
export async function renderTemplate(source: string, data: MergeData, format: TemplateFormat = 'html'): Promise<string> {
  try {
    return String(await engine(format).parseAndRender(source ?? '', plain(data)));
  } catch (err) {
    throw new TemplateSyntaxError((err as Error).message ?? String(err));
  }
}
