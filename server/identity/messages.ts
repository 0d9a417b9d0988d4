import { ApiError } from '../shared/errors';
import { messageFor, type Lang, type Texts } from '../shared/messages';
import texts from './messages.json' with { type: 'json' };
import { passwordProblem } from './passwords';

/** ResponseStatus messages of the /users calls (added with extendMessages); the texts are ./messages.json. */
export const identityMessages = texts.messages satisfies Record<string, Texts>;

/**
 * Refuses a new password that is too short or among commonly used passwords (./passwords), with
 * ResponseStatus naming the field.
 * @example assertPasswordAcceptable(request.ctx.lang, 'Password', body.Password);
 */
export function assertPasswordAcceptable(lang: Lang, fieldName: string, password: string): void {
  const problem = passwordProblem(password);
  if (!problem) return;
  const message = messageFor(lang, problem, { field: fieldName });
  throw new ApiError(400, problem, message, [{ ErrorCode: problem, FieldName: fieldName, Message: message }]);
}
