import { extendMessages, type Lang } from '../../shared/messages';

/** The sign-up area's answers and mails, in the four languages. */
const messages = {
  SignUpLinkInvalid: {
    sv: 'Länken är ogiltig, redan använd eller har gått ut. Registrera företaget igen för att få en ny länk.',
    en: 'The link is invalid, already used or has expired. Sign up again to get a new link.',
    fi: 'Linkki on virheellinen, jo käytetty tai vanhentunut. Rekisteröidy uudelleen saadaksesi uuden linkin.',
    no: 'Lenken er ugyldig, allerede brukt eller utløpt. Registrer bedriften på nytt for å få en ny lenke.',
  },
  TooManySignUps: {
    sv: 'För många registreringar härifrån. Försök igen om {minutes} min.',
    en: 'Too many sign-ups from here. Try again in {minutes} min.',
    fi: 'Liian monta rekisteröitymistä täältä. Yritä uudelleen {minutes} min kuluttua.',
    no: 'For mange registreringer herfra. Prøv igjen om {minutes} min.',
  },
  SignUpVerifySubject: {
    sv: 'Bekräfta registreringen av {company}',
    en: 'Confirm the sign-up of {company}',
    fi: 'Vahvista yrityksen {company} rekisteröinti',
    no: 'Bekreft registreringen av {company}',
  },
  SignUpVerifyBody: {
    sv: 'Hej!\n\nTack för att du registrerade {company} i Bokningsadmin. Öppna länken inom {hours} timmar för att bekräfta {email} och skapa kontot:\n\n{link}\n\nDärefter loggar du in med {email} och lösenordet du valde.\n\nHar du inte registrerat dig kan du bortse från brevet; inget konto skapas.',
    en: 'Hello,\n\nThank you for signing up {company} in Booking admin. Open the link within {hours} hours to confirm {email} and create the account:\n\n{link}\n\nThen sign in with {email} and the password you chose.\n\nIf you did not sign up, ignore this message; no account is created.',
    fi: 'Hei!\n\nKiitos, että rekisteröit yrityksen {company} Varaushallintaan. Avaa linkki {hours} tunnin kuluessa vahvistaaksesi osoitteen {email} ja luodaksesi tilin:\n\n{link}\n\nKirjaudu sen jälkeen osoitteella {email} ja valitsemallasi salasanalla.\n\nJos et rekisteröitynyt, voit jättää viestin huomiotta; tiliä ei luoda.',
    no: 'Hei!\n\nTakk for at du registrerte {company} i Bookingadmin. Åpne lenken innen {hours} timer for å bekrefte {email} og opprette kontoen:\n\n{link}\n\nDeretter logger du inn med {email} og passordet du valgte.\n\nHvis du ikke registrerte deg, kan du se bort fra meldingen; ingen konto opprettes.',
  },
  SignUpExistingSubject: {
    sv: 'Du har redan ett konto i Bokningsadmin',
    en: 'You already have an account in Booking admin',
    fi: 'Sinulla on jo tili Varaushallinnassa',
    no: 'Du har allerede en konto i Bookingadmin',
  },
  SignUpExistingBody: {
    sv: 'Hej!\n\nNågon, troligen du, försökte registrera {company} med {email}. Adressen har redan ett konto, så inget nytt konto skapades.\n\nLogga in här: {signIn}\nGlömt lösenordet? Välj ett nytt här: {forgot}\n\nHar du inte försökt registrera dig kan du bortse från brevet.',
    en: 'Hello,\n\nSomeone, probably you, tried to sign up {company} with {email}. The address already has an account, so no new account was created.\n\nSign in here: {signIn}\nForgot the password? Choose a new one here: {forgot}\n\nIf you did not try to sign up, ignore this message.',
    fi: 'Hei!\n\nJoku, luultavasti sinä, yritti rekisteröidä yrityksen {company} osoitteella {email}. Osoitteella on jo tili, joten uutta tiliä ei luotu.\n\nKirjaudu tästä: {signIn}\nUnohditko salasanan? Valitse uusi tästä: {forgot}\n\nJos et yrittänyt rekisteröityä, voit jättää viestin huomiotta.',
    no: 'Hei!\n\nNoen, sannsynligvis du, prøvde å registrere {company} med {email}. Adressen har allerede en konto, så ingen ny konto ble opprettet.\n\nLogg inn her: {signIn}\nGlemt passordet? Velg et nytt her: {forgot}\n\nHvis du ikke prøvde å registrere deg, kan du se bort fra meldingen.',
  },
  SignUpCompanyExistsSubject: {
    sv: 'Någon försökte registrera {company} igen',
    en: 'Someone tried to sign up {company} again',
    fi: 'Joku yritti rekisteröidä yrityksen {company} uudelleen',
    no: 'Noen prøvde å registrere {company} på nytt',
  },
  SignUpCompanyExistsBody: {
    sv: 'Hej!\n\nNågon försökte registrera organisationsnumret {organisationNumber} i Bokningsadmin med adressen {email}. Företaget har redan ett konto, så inget nytt skapades.\n\nSka personen arbeta i ert konto lägger en administratör till hen under Företag → Administratörer.',
    en: 'Hello,\n\nSomeone tried to sign up the organisation number {organisationNumber} in Booking admin with the address {email}. The company already has an account, so no new one was created.\n\nIf this person should work in your account, an administrator adds them under Company → Administrators.',
    fi: 'Hei!\n\nJoku yritti rekisteröidä Y-tunnuksen {organisationNumber} Varaushallintaan osoitteella {email}. Yrityksellä on jo tili, joten uutta ei luotu.\n\nJos henkilön pitää työskennellä tilillänne, ylläpitäjä lisää hänet kohdassa Yritys → Ylläpitäjät.',
    no: 'Hei!\n\nNoen prøvde å registrere organisasjonsnummeret {organisationNumber} i Bookingadmin med adressen {email}. Bedriften har allerede en konto, så ingen ny ble opprettet.\n\nSkal personen jobbe i kontoen deres, legger en administrator dem til under Bedrift → Administratorer.',
  },
} satisfies Record<string, Record<Lang, string>>;

export type SignUpMessageKey = keyof typeof messages;

/** Adds the sign-up messages to the server catalogue (the area's plugin calls it). */
export function registerSignUpMessages(): void {
  extendMessages(messages);
}
