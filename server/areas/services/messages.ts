import { extendMessages, type Lang, type ServerMessageKey } from '../../shared/messages';

/** Server messages of the catalogue areas (services, prices, articles, custom fields). */
const messages = {
  InvalidRegex: {
    en: "'{field}' is not a valid regular expression.",
    sv: "'{field}' är inte ett giltigt reguljärt uttryck.",
    fi: "'{field}' ei ole kelvollinen säännöllinen lauseke.",
    no: "'{field}' er ikke et gyldig regulært uttrykk.",
  },
  UnsupportedRegex: {
    en: "'{field}' uses a backreference or lookaround (such as \\1, (?=…) or (?<=…)), which cannot be checked safely. Write the pattern without it.",
    sv: "'{field}' använder en bakåtreferens eller lookaround (som \\1, (?=…) eller (?<=…)), som inte kan kontrolleras säkert. Skriv mönstret utan den.",
    fi: "'{field}' käyttää takaisinviittausta tai lookaround-rakennetta (kuten \\1, (?=…) tai (?<=…)), jota ei voi tarkistaa turvallisesti. Kirjoita lauseke ilman sitä.",
    no: "'{field}' bruker en tilbakereferanse eller lookaround (som \\1, (?=…) eller (?<=…)), som ikke kan kontrolleres trygt. Skriv mønsteret uten den.",
  },
  RegexTooComplex: {
    en: "'{field}' is too complex to check quickly (it compiles to more than {limit} steps). Use fewer or smaller repetitions, or the field's maximum length.",
    sv: "'{field}' är för komplext för att kontrolleras snabbt (det blir mer än {limit} steg). Använd färre eller mindre upprepningar, eller fältets maxlängd.",
    fi: "'{field}' on liian monimutkainen tarkistettavaksi nopeasti (siitä tulee yli {limit} vaihetta). Käytä vähemmän tai pienempiä toistoja tai kentän enimmäispituutta.",
    no: "'{field}' er for komplekst til å kontrolleres raskt (det blir mer enn {limit} steg). Bruk færre eller mindre gjentakelser, eller feltets maksimale lengde.",
  },
  DropDownNeedsValues: {
    en: 'A drop-down list needs at least one value.',
    sv: 'En rullgardinslista behöver minst ett värde.',
    fi: 'Pudotusvalikko tarvitsee vähintään yhden arvon.',
    no: 'En nedtrekksliste trenger minst én verdi.',
  },
  ServicesNotAllowed: {
    en: 'Services can only be chosen for service and booking fields.',
    sv: 'Tjänster kan bara väljas för tjänste- och bokningsfält.',
    fi: 'Palveluita voi valita vain palvelu- ja varauskentille.',
    no: 'Tjenester kan bare velges for tjeneste- og bestillingsfelt.',
  },
  NoFreeSlots: {
    en: 'All {limit} custom field slots of this kind are in use.',
    sv: 'Alla {limit} platser för anpassade fält av detta slag används.',
    fi: 'Kaikki {limit} tämän tyypin mukautetun kentän paikkaa ovat käytössä.',
    no: 'Alle {limit} plasser for egendefinerte felt av denne typen er i bruk.',
  },
  UnknownReference: {
    en: "'{field}' does not name an existing {what}.",
    sv: "'{field}' anger inte en befintlig {what}.",
    fi: "'{field}' ei viittaa olemassa olevaan kohteeseen ({what}).",
    no: "'{field}' viser ikke til en eksisterende {what}.",
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export function registerServicesMessages(): void {
  extendMessages(messages);
}

/** A key of the catalogue's messages, typed for ApiError and ValidationErrors. */
export function catalogKey(key: keyof typeof messages): ServerMessageKey {
  return key as string as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const catalogWords = {
  service: { en: 'service', sv: 'tjänst', fi: 'palvelu', no: 'tjeneste' },
} satisfies Record<string, Record<Lang, string>>;
