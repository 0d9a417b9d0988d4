import type { CodeName } from '../../../schema/services';
import type { CustomFieldValidation } from '../../../schema/customfields';
import type { Lang } from '../../shared/messages';

type Text = Record<Lang, string>;

interface Entry {
  Id: number;
  Name: Text;
  Description: Text;
}

/** The code lists under /services/…, each name and description in the four languages. */
export const referenceLists = {
  durationTypes: [
    {
      Id: 1,
      Name: { en: 'Fixed', sv: 'Fast', fi: 'Kiinteä', no: 'Fast' },
      Description: {
        en: 'The customer books the service duration.',
        sv: 'Kunden bokar tjänstens längd.',
        fi: 'Asiakas varaa palvelun keston.',
        no: 'Kunden bestiller tjenestens varighet.',
      },
    },
    {
      Id: 2,
      Name: { en: 'Slider', sv: 'Skjutreglage', fi: 'Liukusäädin', no: 'Glidebryter' },
      Description: {
        en: 'The customer picks a duration between the minimum and maximum with a slider.',
        sv: 'Kunden väljer längd mellan minsta och högsta med ett skjutreglage.',
        fi: 'Asiakas valitsee keston vähimmäisen ja enimmäisen väliltä liukusäätimellä.',
        no: 'Kunden velger varighet mellom minste og største med en glidebryter.',
      },
    },
    {
      Id: 3,
      Name: { en: 'Drop-down', sv: 'Rullgardinslista', fi: 'Pudotusvalikko', no: 'Nedtrekksliste' },
      Description: {
        en: 'The customer picks a duration from a list running from the minimum to the maximum in steps of the interval.',
        sv: 'Kunden väljer längd i en lista från minsta till högsta i steg om intervallet.',
        fi: 'Asiakas valitsee keston listasta vähimmäisestä enimmäiseen välin askelin.',
        no: 'Kunden velger varighet fra en liste fra minste til største i steg på intervallet.',
      },
    },
  ],
  scheduleTypes: [
    {
      Id: 1,
      Name: { en: 'Recurring schedule', sv: 'Återkommande schema', fi: 'Toistuva aikataulu', no: 'Gjentakende timeplan' },
      Description: {
        en: 'Opening hours that repeat every week.',
        sv: 'Öppettider som upprepas varje vecka.',
        fi: 'Aukioloajat, jotka toistuvat viikoittain.',
        no: 'Åpningstider som gjentas hver uke.',
      },
    },
    {
      Id: 2,
      Name: { en: 'Date schedule', sv: 'Datumschema', fi: 'Päivämääräaikataulu', no: 'Datotimeplan' },
      Description: {
        en: 'Bookable times on chosen dates.',
        sv: 'Bokningsbara tider på valda datum.',
        fi: 'Varattavat ajat valittuina päivinä.',
        no: 'Bestillbare tider på valgte datoer.',
      },
    },
  ],
  priceViewTypes: [
    {
      Id: 1,
      Name: { en: 'Show price', sv: 'Visa pris', fi: 'Näytä hinta', no: 'Vis pris' },
      Description: {
        en: 'Customers see the price of each time.',
        sv: 'Kunderna ser priset för varje tid.',
        fi: 'Asiakkaat näkevät kunkin ajan hinnan.',
        no: 'Kundene ser prisen for hver tid.',
      },
    },
    {
      Id: 2,
      Name: { en: 'Show lowest price', sv: 'Visa lägsta pris', fi: 'Näytä alin hinta', no: 'Vis laveste pris' },
      Description: {
        en: "Customers see 'from' and the lowest price.",
        sv: "Kunderna ser 'från' och det lägsta priset.",
        fi: "Asiakkaat näkevät 'alkaen' ja alimman hinnan.",
        no: "Kundene ser 'fra' og den laveste prisen.",
      },
    },
    {
      Id: 3,
      Name: { en: 'Hide price', sv: 'Dölj pris', fi: 'Piilota hinta', no: 'Skjul pris' },
      Description: {
        en: 'Customers do not see prices before booking.',
        sv: 'Kunderna ser inga priser innan de bokar.',
        fi: 'Asiakkaat eivät näe hintoja ennen varausta.',
        no: 'Kundene ser ikke priser før de bestiller.',
      },
    },
  ],
  calculationTypes: [
    {
      Id: 1,
      Name: { en: 'Whole duration', sv: 'Hela tiden', fi: 'Koko kesto', no: 'Hele varigheten' },
      Description: { en: 'One price for the booking.', sv: 'Ett pris för bokningen.', fi: 'Yksi hinta varaukselle.', no: 'Én pris for bestillingen.' },
    },
    {
      Id: 2,
      Name: { en: 'Per minute', sv: 'Per minut', fi: 'Minuutilta', no: 'Per minutt' },
      Description: { en: 'The price times the minutes booked.', sv: 'Priset gånger bokade minuter.', fi: 'Hinta kertaa varatut minuutit.', no: 'Prisen ganger bestilte minutter.' },
    },
    {
      Id: 3,
      Name: { en: 'Per hour', sv: 'Per timme', fi: 'Tunnilta', no: 'Per time' },
      Description: { en: 'The price times the hours booked.', sv: 'Priset gånger bokade timmar.', fi: 'Hinta kertaa varatut tunnit.', no: 'Prisen ganger bestilte timer.' },
    },
    {
      Id: 4,
      Name: { en: 'Per day', sv: 'Per dag', fi: 'Päivältä', no: 'Per dag' },
      Description: { en: 'The price times the days booked.', sv: 'Priset gånger bokade dagar.', fi: 'Hinta kertaa varatut päivät.', no: 'Prisen ganger bestilte dager.' },
    },
  ],
} satisfies Record<string, Entry[]>;

/** A code list in the caller's language. */
export function codeList(entries: readonly Entry[], lang: Lang): CodeName[] {
  return entries.map((e) => ({ Id: e.Id, Name: e.Name[lang], Description: e.Description[lang] }));
}

interface ValidationEntry extends Entry {
  RegEx: string;
  ErrorMessage: Text;
}

/** The named patterns an administrator may pick for a custom field (GET /customfields/validations). */
export const customFieldValidations: ValidationEntry[] = [
  {
    Id: 1,
    Name: { en: 'E-mail', sv: 'E-post', fi: 'Sähköposti', no: 'E-post' },
    Description: { en: 'An e-mail address', sv: 'En e-postadress', fi: 'Sähköpostiosoite', no: 'En e-postadresse' },
    RegEx: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    ErrorMessage: {
      en: 'Enter a valid e-mail address.',
      sv: 'Ange en giltig e-postadress.',
      fi: 'Anna kelvollinen sähköpostiosoite.',
      no: 'Skriv inn en gyldig e-postadresse.',
    },
  },
  {
    Id: 2,
    Name: { en: 'Phone number', sv: 'Telefonnummer', fi: 'Puhelinnumero', no: 'Telefonnummer' },
    Description: {
      en: 'Digits, spaces, dashes and brackets, optionally starting with +',
      sv: 'Siffror, mellanslag, bindestreck och parenteser, eventuellt inlett med +',
      fi: 'Numeroita, välilyöntejä, viivoja ja sulkeita, alussa mahdollisesti +',
      no: 'Sifre, mellomrom, bindestreker og parenteser, eventuelt med + først',
    },
    RegEx: '^\\+?[0-9 ()-]{6,20}$',
    ErrorMessage: {
      en: 'Enter a valid phone number.',
      sv: 'Ange ett giltigt telefonnummer.',
      fi: 'Anna kelvollinen puhelinnumero.',
      no: 'Skriv inn et gyldig telefonnummer.',
    },
  },
  {
    Id: 3,
    Name: { en: 'Swedish personal identity number', sv: 'Personnummer', fi: 'Ruotsalainen henkilötunnus', no: 'Svensk personnummer' },
    Description: { en: 'YYMMDD-NNNN or YYYYMMDDNNNN', sv: 'ÅÅMMDD-NNNN eller ÅÅÅÅMMDDNNNN', fi: 'VVKKPP-NNNN tai VVVVKKPPNNNN', no: 'ÅÅMMDD-NNNN eller ÅÅÅÅMMDDNNNN' },
    RegEx: '^(19|20)?\\d{6}[-+]?\\d{4}$',
    ErrorMessage: {
      en: 'Enter a personal identity number as YYMMDD-NNNN.',
      sv: 'Ange personnummer som ÅÅMMDD-NNNN.',
      fi: 'Anna henkilötunnus muodossa VVKKPP-NNNN.',
      no: 'Skriv inn personnummer som ÅÅMMDD-NNNN.',
    },
  },
  {
    Id: 4,
    Name: { en: 'Postal code', sv: 'Postnummer', fi: 'Postinumero', no: 'Postnummer' },
    Description: { en: 'Five digits, as 123 45 or 12345', sv: 'Fem siffror, som 123 45 eller 12345', fi: 'Viisi numeroa, kuten 123 45 tai 12345', no: 'Fem sifre, som 123 45 eller 12345' },
    RegEx: '^\\d{3} ?\\d{2}$',
    ErrorMessage: {
      en: 'Enter a postal code of five digits.',
      sv: 'Ange ett postnummer med fem siffror.',
      fi: 'Anna viisinumeroinen postinumero.',
      no: 'Skriv inn et postnummer med fem sifre.',
    },
  },
  {
    Id: 5,
    Name: { en: 'Numbers only', sv: 'Endast siffror', fi: 'Vain numeroita', no: 'Kun sifre' },
    Description: { en: 'The digits 0–9', sv: 'Siffrorna 0–9', fi: 'Numerot 0–9', no: 'Sifrene 0–9' },
    RegEx: '^\\d+$',
    ErrorMessage: { en: 'Enter digits only.', sv: 'Ange endast siffror.', fi: 'Anna vain numeroita.', no: 'Skriv bare sifre.' },
  },
];

/** The validations in the caller's language. */
export function validationList(lang: Lang): CustomFieldValidation[] {
  return customFieldValidations.map((v) => ({
    Id: v.Id,
    Name: v.Name[lang],
    Description: v.Description[lang],
    RegEx: v.RegEx,
    ErrorMessage: v.ErrorMessage[lang],
  }));
}
