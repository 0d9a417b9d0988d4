import { LANGUAGES, type Lang } from '../shared/messages';

/** Words on the identity pages and in account e-mails, in the four interface languages. */
const texts = {
  product: { sv: 'Bokningsadmin', en: 'Booking admin', fi: 'Varaushallinta', no: 'Bookingadmin' },
  signInTitle: { sv: 'Logga in', en: 'Sign in', fi: 'Kirjaudu sisään', no: 'Logg inn' },
  email: { sv: 'E-post', en: 'Email', fi: 'Sähköposti', no: 'E-post' },
  password: { sv: 'Lösenord', en: 'Password', fi: 'Salasana', no: 'Passord' },
  signIn: { sv: 'Logga in', en: 'Sign in', fi: 'Kirjaudu', no: 'Logg inn' },
  invalidCredentials: {
    sv: 'Ogiltig e-postadress eller lösenord.',
    en: 'Invalid email or password.',
    fi: 'Virheellinen sähköpostiosoite tai salasana.',
    no: 'Ugyldig e-postadresse eller passord.',
  },
  tooManyAttempts: {
    sv: 'För många misslyckade inloggningar. Försök igen om {minutes} min eller återställ lösenordet.',
    en: 'Too many failed sign-ins. Try again in {minutes} min or reset your password.',
    fi: 'Liian monta epäonnistunutta kirjautumista. Yritä uudelleen {minutes} min kuluttua tai palauta salasana.',
    no: 'For mange mislykkede innlogginger. Prøv igjen om {minutes} min eller tilbakestill passordet.',
  },
  noAccount: { sv: 'Inget konto än?', en: 'No account yet?', fi: 'Eikö sinulla ole vielä tiliä?', no: 'Ingen konto ennå?' },
  signUpLink: { sv: 'Registrera ditt företag', en: 'Sign up your company', fi: 'Rekisteröi yrityksesi', no: 'Registrer bedriften din' },
  forgotLink: { sv: 'Glömt lösenordet?', en: 'Forgot password?', fi: 'Unohditko salasanasi?', no: 'Glemt passordet?' },
  forgotTitle: { sv: 'Återställ lösenord', en: 'Reset password', fi: 'Palauta salasana', no: 'Tilbakestill passord' },
  forgotIntro: {
    sv: 'Ange din e-postadress så skickar vi en länk där du väljer ett nytt lösenord.',
    en: 'Enter your email address and we will send you a link to choose a new password.',
    fi: 'Anna sähköpostiosoitteesi, niin lähetämme linkin, jolla voit valita uuden salasanan.',
    no: 'Skriv inn e-postadressen din, så sender vi deg en lenke der du velger et nytt passord.',
  },
  sendLink: { sv: 'Skicka länk', en: 'Send link', fi: 'Lähetä linkki', no: 'Send lenke' },
  forgotSent: {
    sv: 'Om adressen hör till ett konto har vi skickat en länk dit. Länken gäller i en timme.',
    en: 'If the address belongs to an account, we have sent a link to it. The link is valid for one hour.',
    fi: 'Jos osoite kuuluu tilille, lähetimme siihen linkin. Linkki on voimassa tunnin.',
    no: 'Hvis adressen tilhører en konto, har vi sendt en lenke dit. Lenken er gyldig i én time.',
  },
  backToSignIn: { sv: 'Tillbaka till inloggningen', en: 'Back to sign in', fi: 'Takaisin kirjautumiseen', no: 'Tilbake til innlogging' },
  newPassword: { sv: 'Nytt lösenord', en: 'New password', fi: 'Uusi salasana', no: 'Nytt passord' },
  confirmPassword: { sv: 'Upprepa lösenordet', en: 'Repeat the password', fi: 'Toista salasana', no: 'Gjenta passordet' },
  savePassword: { sv: 'Spara lösenord', en: 'Save password', fi: 'Tallenna salasana', no: 'Lagre passord' },
  passwordTooShort: {
    sv: 'Lösenordet måste vara minst 8 tecken.',
    en: 'The password must be at least 8 characters.',
    fi: 'Salasanan on oltava vähintään 8 merkkiä.',
    no: 'Passordet må være minst 8 tegn.',
  },
  passwordsDiffer: {
    sv: 'Lösenorden är inte lika.',
    en: 'The passwords do not match.',
    fi: 'Salasanat eivät täsmää.',
    no: 'Passordene er ikke like.',
  },
  passwordSaved: {
    sv: 'Ditt lösenord är ändrat. Du kan nu logga in med det.',
    en: 'Your password has been changed. You can now sign in with it.',
    fi: 'Salasanasi on vaihdettu. Voit nyt kirjautua sillä.',
    no: 'Passordet ditt er endret. Du kan nå logge inn med det.',
  },
  linkInvalid: {
    sv: 'Länken är ogiltig, redan använd eller har gått ut.',
    en: 'The link is invalid, already used or has expired.',
    fi: 'Linkki on virheellinen, jo käytetty tai vanhentunut.',
    no: 'Lenken er ugyldig, allerede brukt eller utløpt.',
  },
  openAdmin: { sv: 'Till administrationen', en: 'Go to the admin', fi: 'Siirry hallintaan', no: 'Gå til administrasjonen' },
  deleteTitle: { sv: 'Ta bort konto', en: 'Delete account', fi: 'Poista tili', no: 'Slett konto' },
  deleteIntro: {
    sv: 'Kontot {email} tas bort permanent. Det går inte att ångra.',
    en: 'The account {email} will be deleted permanently. This cannot be undone.',
    fi: 'Tili {email} poistetaan pysyvästi. Toimintoa ei voi perua.',
    no: 'Kontoen {email} slettes permanent. Dette kan ikke angres.',
  },
  deleteConfirm: { sv: 'Ta bort mitt konto', en: 'Delete my account', fi: 'Poista tilini', no: 'Slett kontoen min' },
  deleteDone: {
    sv: 'Ditt konto har tagits bort.',
    en: 'Your account has been deleted.',
    fi: 'Tilisi on poistettu.',
    no: 'Kontoen din er slettet.',
  },
  emailVerified: {
    sv: 'Din e-postadress är bekräftad.',
    en: 'Your email address is verified.',
    fi: 'Sähköpostiosoitteesi on vahvistettu.',
    no: 'E-postadressen din er bekreftet.',
  },
  signingOut: { sv: 'Du loggas ut …', en: 'Signing you out …', fi: 'Sinut kirjataan ulos …', no: 'Du logges ut …' },
  signOut: { sv: 'Logga ut', en: 'Sign out', fi: 'Kirjaudu ulos', no: 'Logg ut' },
  signedOut: { sv: 'Du är utloggad.', en: 'You are signed out.', fi: 'Olet kirjautunut ulos.', no: 'Du er logget ut.' },
  errorTitle: { sv: 'Något gick fel', en: 'Something went wrong', fi: 'Jotain meni pieleen', no: 'Noe gikk galt' },
  signOutQuestion: {
    sv: 'Vill du logga ut från Bokningsadmin?',
    en: 'Do you want to sign out of Booking admin?',
    fi: 'Haluatko kirjautua ulos Varaushallinnasta?',
    no: 'Vil du logge ut av Bookingadmin?',
  },
  stayHere: { sv: 'Nej, stanna inloggad', en: 'No, stay signed in', fi: 'Ei, pysy kirjautuneena', no: 'Nei, forbli innlogget' },
  passwordTooCommon: {
    sv: 'Lösenordet är för vanligt. Välj ett som är svårare att gissa.',
    en: 'The password is too common. Choose one that is harder to guess.',
    fi: 'Salasana on liian yleinen. Valitse vaikeammin arvattava.',
    no: 'Passordet er for vanlig. Velg et som er vanskeligere å gjette.',
  },
  tooManyRequests: {
    sv: 'För många förfrågningar. Försök igen om {minutes} min.',
    en: 'Too many requests. Try again in {minutes} min.',
    fi: 'Liian monta pyyntöä. Yritä uudelleen {minutes} min kuluttua.',
    no: 'For mange forespørsler. Prøv igjen om {minutes} min.',
  },
  interactionExpired: {
    sv: 'Inloggningen tog för lång tid eller avbröts. Gå tillbaka till administrationen och försök igen.',
    en: 'The sign-in took too long or was interrupted. Go back to the admin and try again.',
    fi: 'Kirjautuminen kesti liian kauan tai keskeytyi. Palaa hallintaan ja yritä uudelleen.',
    no: 'Innloggingen tok for lang tid eller ble avbrutt. Gå tilbake til administrasjonen og prøv igjen.',
  },
  resetSubject: {
    sv: 'Välj ett nytt lösenord',
    en: 'Choose a new password',
    fi: 'Valitse uusi salasana',
    no: 'Velg et nytt passord',
  },
  resetBody: {
    sv: 'Hej {name}!\n\nVi fick en begäran om att återställa lösenordet för {email} hos {company}. Välj ett nytt lösenord inom en timme via länken:\n\n{link}\n\nBad du inte om detta kan du bortse från brevet; ditt lösenord är oförändrat.',
    en: 'Hello {name},\n\nWe received a request to reset the password for {email} at {company}. Choose a new password within one hour using this link:\n\n{link}\n\nIf you did not ask for this, ignore this message; your password is unchanged.',
    fi: 'Hei {name}!\n\nSaimme pyynnön palauttaa tilin {email} ({company}) salasanan. Valitse uusi salasana tunnin kuluessa tästä linkistä:\n\n{link}\n\nJos et pyytänyt tätä, voit jättää viestin huomiotta; salasanasi ei ole muuttunut.',
    no: 'Hei {name}!\n\nVi fikk en forespørsel om å tilbakestille passordet for {email} hos {company}. Velg et nytt passord innen én time via lenken:\n\n{link}\n\nHvis du ikke ba om dette, kan du se bort fra meldingen; passordet ditt er uendret.',
  },
  inviteSubject: {
    sv: 'Du är administratör för {company}',
    en: 'You are an administrator of {company}',
    fi: 'Olet yrityksen {company} ylläpitäjä',
    no: 'Du er administrator for {company}',
  },
  inviteBody: {
    sv: 'Hej {name}!\n\nDu har lagts till som administratör för {company} i Bokningsadmin och loggar in med {email}. Välj ditt lösenord för {company} inom en timme via länken:\n\n{link}\n\nHar du redan konton i andra företag med samma adress behåller du lösenorden där. Öppnar samma lösenord flera företag väljer du företag när du loggar in.',
    en: 'Hello {name},\n\nYou have been added as an administrator of {company} in Booking admin and sign in with {email}. Choose your password for {company} within one hour using this link:\n\n{link}\n\nIf you already have accounts in other companies with this address, their passwords stay as they are. When one password opens several companies, you choose the company as you sign in.',
    fi: 'Hei {name}!\n\nSinut on lisätty yrityksen {company} ylläpitäjäksi Varaushallintaan, ja kirjaudut osoitteella {email}. Valitse salasanasi yritykselle {company} tunnin kuluessa tästä linkistä:\n\n{link}\n\nJos sinulla on jo tällä osoitteella tilejä muissa yrityksissä, niiden salasanat pysyvät ennallaan. Kun sama salasana avaa useita yrityksiä, valitset yrityksen kirjautuessasi.',
    no: 'Hei {name}!\n\nDu er lagt til som administrator for {company} i Bookingadmin og logger inn med {email}. Velg passordet ditt for {company} innen én time via lenken:\n\n{link}\n\nHar du allerede kontoer i andre bedrifter med samme adresse, beholder du passordene der. Åpner samme passord flere bedrifter, velger du bedrift når du logger inn.',
  },
  chooseCompanyTitle: { sv: 'Välj företag', en: 'Choose company', fi: 'Valitse yritys', no: 'Velg bedrift' },
  chooseCompanyIntro: {
    sv: 'Du är administratör i flera företag. Vilket vill du öppna?',
    en: 'You are an administrator in several companies. Which one do you want to open?',
    fi: 'Olet ylläpitäjä useassa yrityksessä. Minkä haluat avata?',
    no: 'Du er administrator i flere bedrifter. Hvilken vil du åpne?',
  },
  deleteSubject: {
    sv: 'Bekräfta att ditt konto ska tas bort',
    en: 'Confirm the deletion of your account',
    fi: 'Vahvista tilisi poistaminen',
    no: 'Bekreft sletting av kontoen din',
  },
  deleteBody: {
    sv: 'Hej {name}!\n\nDu har bett om att kontot {email} ska tas bort. Bekräfta inom 24 timmar via länken:\n\n{link}\n\nBad du inte om detta kan du bortse från brevet; kontot finns kvar.',
    en: 'Hello {name},\n\nYou asked for the account {email} to be deleted. Confirm within 24 hours using this link:\n\n{link}\n\nIf you did not ask for this, ignore this message; the account stays.',
    fi: 'Hei {name}!\n\nPyysit tilin {email} poistamista. Vahvista 24 tunnin kuluessa tästä linkistä:\n\n{link}\n\nJos et pyytänyt tätä, voit jättää viestin huomiotta; tili säilyy.',
    no: 'Hei {name}!\n\nDu har bedt om at kontoen {email} slettes. Bekreft innen 24 timer via lenken:\n\n{link}\n\nHvis du ikke ba om dette, kan du se bort fra meldingen; kontoen beholdes.',
  },
  verifySubject: {
    sv: 'Bekräfta din e-postadress',
    en: 'Verify your email address',
    fi: 'Vahvista sähköpostiosoitteesi',
    no: 'Bekreft e-postadressen din',
  },
  verifyBody: {
    sv: 'Hej {name}!\n\nBekräfta att {email} är din e-postadress inom 24 timmar via länken:\n\n{link}',
    en: 'Hello {name},\n\nConfirm within 24 hours that {email} is your email address using this link:\n\n{link}',
    fi: 'Hei {name}!\n\nVahvista 24 tunnin kuluessa, että {email} on sähköpostiosoitteesi, tästä linkistä:\n\n{link}',
    no: 'Hei {name}!\n\nBekreft innen 24 timer at {email} er e-postadressen din via lenken:\n\n{link}',
  },
} satisfies Record<string, Record<Lang, string>>;

export type TextKey = keyof typeof texts;

/** One identity text in a language, {name} placeholders filled. */
export function t(lang: Lang, key: TextKey, params: Record<string, string> = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

function asLang(value: string | undefined): Lang | undefined {
  const code = value?.trim().toLowerCase().slice(0, 2);
  if (code === 'nb' || code === 'nn') return 'no';
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Lang) : undefined;
}

/**
 * The language of an identity page: kc_locale, then ui_locales (space list), then
 * Accept-Language (in its order), else Swedish.
 * @example
 * pageLanguage({ uiLocales: 'fi en', acceptLanguage: 'en-GB,en;q=0.8' }) // 'fi'
 */
export function pageLanguage(input: { kcLocale?: string; uiLocales?: string; acceptLanguage?: string }): Lang {
  const fromKc = asLang(input.kcLocale);
  if (fromKc) return fromKc;
  for (const locale of (input.uiLocales ?? '').split(/\s+/)) {
    const lang = asLang(locale);
    if (lang) return lang;
  }
  const accepted = (input.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const lang = asLang(tag);
    if (lang) return lang;
  }
  return 'sv';
}
