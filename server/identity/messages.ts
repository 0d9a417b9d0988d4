import type { Lang } from '../messages';

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
} satisfies Record<string, Record<Lang, string>>;
