import { ApiError } from '../shared/errors';
import { messageFor, type Lang } from '../shared/messages';
import { passwordProblem } from './passwords';

/** ResponseStatus messages of the /users calls (added with extendMessages). */
export const identityMessages = {
  CurrentPasswordWrong: {
    sv: 'Det nuvarande lösenordet är fel.',
    en: 'The current password is wrong.',
    fi: 'Nykyinen salasana on väärä.',
    no: 'Det nåværende passordet er feil.',
  },
  AgreementNotFound: {
    sv: 'Avtalet {id} finns inte.',
    en: 'Agreement {id} does not exist.',
    fi: 'Sopimusta {id} ei ole.',
    no: 'Avtalen {id} finnes ikke.',
  },
  AgreementOtherUser: {
    sv: 'Du kan bara godkänna avtalet för dig själv.',
    en: 'You can only accept the agreement for yourself.',
    fi: 'Voit hyväksyä sopimuksen vain itsellesi.',
    no: 'Du kan bare godta avtalen for deg selv.',
  },
  OwnAccountOnly: {
    sv: 'Du kan bara ta bort ditt eget konto.',
    en: 'You can only delete your own account.',
    fi: 'Voit poistaa vain oman tilisi.',
    no: 'Du kan bare slette din egen konto.',
  },
  LastAdministrator: {
    sv: 'Du är företagets sista administratör. Skicka ForceDelete för att ta bort kontot ändå.',
    en: "You are the company's last administrator. Send ForceDelete to delete the account anyway.",
    fi: 'Olet yrityksen viimeinen ylläpitäjä. Lähetä ForceDelete, jos haluat silti poistaa tilin.',
    no: 'Du er selskapets siste administrator. Send ForceDelete for å slette kontoen likevel.',
  },
  UnknownRealm: {
    sv: "'{field}' måste vara {realm}.",
    en: "'{field}' must be {realm}.",
    fi: "'{field}' on oltava {realm}.",
    no: "'{field}' må være {realm}.",
  },
  PasswordManagedByKeycloak: {
    sv: 'Lösenord hanteras av identitetsleverantören.',
    en: 'Passwords are managed by the identity provider.',
    fi: 'Salasanoja hallinnoi tunnistuspalvelu.',
    no: 'Passord administreres av identitetsleverandøren.',
  },
  NewPasswordSameAsCurrent: {
    sv: 'Det nya lösenordet måste skilja sig från det nuvarande.',
    en: 'The new password must differ from the current one.',
    fi: 'Uuden salasanan on oltava eri kuin nykyinen.',
    no: 'Det nye passordet må være forskjellig fra det nåværende.',
  },
  PasswordTooShort: {
    sv: "'{field}' måste vara minst 8 tecken.",
    en: "'{field}' must be at least 8 characters.",
    fi: "'{field}' on oltava vähintään 8 merkkiä.",
    no: "'{field}' må være minst 8 tegn.",
  },
  PasswordTooCommon: {
    sv: 'Lösenordet är för vanligt. Välj ett som är svårare att gissa.',
    en: 'The password is too common. Choose one that is harder to guess.',
    fi: 'Salasana on liian yleinen. Valitse vaikeammin arvattava.',
    no: 'Passordet er for vanlig. Velg et som er vanskeligere å gjette.',
  },
  TooManyAttempts: {
    sv: 'För många felaktiga försök. Försök igen om {minutes} min.',
    en: 'Too many wrong attempts. Try again in {minutes} min.',
    fi: 'Liian monta väärää yritystä. Yritä uudelleen {minutes} min kuluttua.',
    no: 'For mange feil forsøk. Prøv igjen om {minutes} min.',
  },
  TooManyRequests: {
    sv: 'För många förfrågningar. Försök igen om {minutes} min.',
    en: 'Too many requests. Try again in {minutes} min.',
    fi: 'Liian monta pyyntöä. Yritä uudelleen {minutes} min kuluttua.',
    no: 'For mange forespørsler. Prøv igjen om {minutes} min.',
  },
} satisfies Record<string, Record<Lang, string>>;

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
