import type { Lang } from './lang';
import type { PricingErrorCode } from './errors';
import type { NotApplicableReason } from './rebates/applicability';
import type { TransactionProblemCode } from './rebates/consumption';
import type { RebateInputProblemCode } from './rebates/validateInput';

type Catalogue<K extends string> = Record<K, Record<Lang, string>>;

/** Why a price cannot be calculated. {field} is the wire field the route names. */
export const pricingMessages: Catalogue<PricingErrorCode> = {
  ToBeforeFrom: {
    sv: "'{field}' måste vara efter starttiden.",
    en: "'{field}' must be after the start time.",
    fi: "'{field}' on oltava alkamisajan jälkeen.",
    no: "'{field}' må være etter starttidspunktet.",
  },
  IntervalTooLong: {
    sv: 'Tidsperioden får vara högst {limit} dagar.',
    en: 'The period can be at most {limit} days.',
    fi: 'Ajanjakso saa olla enintään {limit} päivää.',
    no: 'Perioden kan være maks {limit} dager.',
  },
  InvalidDateTime: {
    sv: "'{field}' är inte ett giltigt datum och klockslag.",
    en: "'{field}' is not a valid date and time.",
    fi: "'{field}' ei ole kelvollinen päivämäärä ja kellonaika.",
    no: "'{field}' er ikke en gyldig dato og tid.",
  },
  NegativeQuantity: {
    sv: 'Antalet kan inte vara lägre än 0.',
    en: 'The quantity cannot be below 0.',
    fi: 'Määrä ei voi olla alle 0.',
    no: 'Antallet kan ikke være lavere enn 0.',
  },
  UnknownPrice: {
    sv: 'Priset {id} finns inte för den här tjänsten.',
    en: 'Price {id} does not exist for this service.',
    fi: 'Hintaa {id} ei ole tälle palvelulle.',
    no: 'Prisen {id} finnes ikke for denne tjenesten.',
  },
  PriceNotValid: {
    sv: 'Priset {id} gäller inte {time}.',
    en: 'Price {id} does not apply at {time}.',
    fi: 'Hinta {id} ei ole voimassa {time}.',
    no: 'Prisen {id} gjelder ikke {time}.',
  },
  NoPriceValid: {
    sv: 'Det finns inget pris som gäller {time}.',
    en: 'No price applies at {time}.',
    fi: 'Mikään hinta ei ole voimassa {time}.',
    no: 'Ingen pris gjelder {time}.',
  },
  SeveralPricesValid: {
    sv: 'Flera priser gäller {time}: välj ett pris.',
    en: 'Several prices apply at {time}: choose a price.',
    fi: 'Useita hintoja on voimassa {time}: valitse hinta.',
    no: 'Flere priser gjelder {time}: velg en pris.',
  },
  MixedCurrencies: {
    sv: 'Priserna har olika valutor och kan inte räknas ihop.',
    en: 'The prices are in different currencies and cannot be added up.',
    fi: 'Hinnat ovat eri valuutoissa, eikä niitä voi laskea yhteen.',
    no: 'Prisene har ulike valutaer og kan ikke legges sammen.',
  },
  CodeAlreadyApplied: {
    sv: 'Koden används redan.',
    en: 'Code already applied.',
    fi: 'Koodi on jo käytössä.',
    no: 'Koden er allerede brukt.',
  },
};

/** Why a code does not apply to a booking (getbysign, calculateprice, booking creation). */
export const notApplicableMessages: Catalogue<NotApplicableReason> = {
  Inactive: {
    sv: 'Koden är inte aktiv.',
    en: 'The code is not active.',
    fi: 'Koodi ei ole aktiivinen.',
    no: 'Koden er ikke aktiv.',
  },
  NotYetValid: {
    sv: 'Koden gäller inte ännu för det här datumet.',
    en: 'The code is not valid yet on this date.',
    fi: 'Koodi ei ole vielä voimassa tänä päivänä.',
    no: 'Koden gjelder ikke ennå for denne datoen.',
  },
  Expired: {
    sv: 'Koden har gått ut.',
    en: 'The code has expired.',
    fi: 'Koodi on vanhentunut.',
    no: 'Koden er utløpt.',
  },
  WrongDay: {
    sv: 'Koden gäller inte den här veckodagen.',
    en: 'The code is not valid on this day of the week.',
    fi: 'Koodi ei ole voimassa tänä viikonpäivänä.',
    no: 'Koden gjelder ikke denne ukedagen.',
  },
  WrongTime: {
    sv: 'Koden gäller inte den här tiden på dagen.',
    en: 'The code is not valid at this time of day.',
    fi: 'Koodi ei ole voimassa tähän kellonaikaan.',
    no: 'Koden gjelder ikke på dette tidspunktet.',
  },
  NotForService: {
    sv: 'Koden gäller inte för den här tjänsten.',
    en: 'The code is not valid for this service.',
    fi: 'Koodi ei ole voimassa tälle palvelulle.',
    no: 'Koden gjelder ikke for denne tjenesten.',
  },
  NotForCustomer: {
    sv: 'Koden gäller inte för den här kunden.',
    en: 'The code is not valid for this customer.',
    fi: 'Koodi ei ole voimassa tälle asiakkaalle.',
    no: 'Koden gjelder ikke for denne kunden.',
  },
  UsedUp: {
    sv: 'Koden är förbrukad.',
    en: 'The code has been used up.',
    fi: 'Koodi on käytetty loppuun.',
    no: 'Koden er brukt opp.',
  },
  UsedUpForCustomer: {
    sv: 'Kunden har redan använt koden så många gånger som tillåts.',
    en: 'The customer has already used the code as many times as allowed.',
    fi: 'Asiakas on jo käyttänyt koodia niin monta kertaa kuin sallitaan.',
    no: 'Kunden har allerede brukt koden så mange ganger som tillatt.',
  },
  NoRemainingAmount: {
    sv: 'Det finns inget belopp kvar på kortet.',
    en: 'There is no amount left on the card.',
    fi: 'Kortilla ei ole saldoa jäljellä.',
    no: 'Det er ikke noe beløp igjen på kortet.',
  },
};

/** Problems of a code's input and of manual transactions. */
export const rebateInputMessages: Catalogue<RebateInputProblemCode | TransactionProblemCode> = {
  SignTooShort: {
    sv: "'{field}' måste vara längre än {limit} tecken.",
    en: "'{field}' must be more than {limit} characters.",
    fi: "'{field}' on oltava pidempi kuin {limit} merkkiä.",
    no: "'{field}' må være lengre enn {limit} tegn.",
  },
  SignTooLong: {
    sv: "'{field}' får vara högst {limit} tecken.",
    en: "'{field}' must be at most {limit} characters.",
    fi: "'{field}' saa olla enintään {limit} merkkiä.",
    no: "'{field}' kan være maks {limit} tegn.",
  },
  SignInvalidCharacters: {
    sv: "'{field}' får bara innehålla bokstäver, siffror och bindestreck.",
    en: "'{field}' may only contain letters, digits and dashes.",
    fi: "'{field}' saa sisältää vain kirjaimia, numeroita ja yhdysmerkkejä.",
    no: "'{field}' kan bare inneholde bokstaver, sifre og bindestrek.",
  },
  UnknownType: {
    sv: "'{field}' är inte en känd kodtyp.",
    en: "'{field}' is not a known code type.",
    fi: "'{field}' ei ole tunnettu koodityyppi.",
    no: "'{field}' er ikke en kjent kodetype.",
  },
  Negative: {
    sv: "'{field}' kan inte vara negativt.",
    en: "'{field}' cannot be negative.",
    fi: "'{field}' ei voi olla negatiivinen.",
    no: "'{field}' kan ikke være negativ.",
  },
  PercentOver100: {
    sv: "'{field}' kan vara högst {limit} procent.",
    en: "'{field}' can be at most {limit} percent.",
    fi: "'{field}' voi olla enintään {limit} prosenttia.",
    no: "'{field}' kan være maks {limit} prosent.",
  },
  NotWholeNumber: {
    sv: "'{field}' måste vara ett heltal.",
    en: "'{field}' must be a whole number.",
    fi: "'{field}' on oltava kokonaisluku.",
    no: "'{field}' må være et heltall.",
  },
  TooManyDecimals: {
    sv: "'{field}' får ha högst {limit} decimaler.",
    en: "'{field}' can have at most {limit} decimals.",
    fi: "'{field}' saa sisältää enintään {limit} desimaalia.",
    no: "'{field}' kan ha maks {limit} desimaler.",
  },
  MustBePositive: {
    sv: "'{field}' måste vara större än 0.",
    en: "'{field}' must be greater than 0.",
    fi: "'{field}' on oltava suurempi kuin 0.",
    no: "'{field}' må være større enn 0.",
  },
  FromAfterTo: {
    sv: "'{field}' måste vara före '{other}'.",
    en: "'{field}' must be before '{other}'.",
    fi: "'{field}' on oltava ennen kenttää '{other}'.",
    no: "'{field}' må være før '{other}'.",
  },
  MinValue: {
    sv: "'{field}' måste vara minst {limit}.",
    en: "'{field}' must be at least {limit}.",
    fi: "'{field}' on oltava vähintään {limit}.",
    no: "'{field}' må være minst {limit}.",
  },
  NoBalance: {
    sv: 'Bara klippkort, värdekort och presentkort har ett saldo att ändra.',
    en: 'Only punch tickets, value cards and gift cards have a balance to change.',
    fi: 'Vain sarjakorteilla, arvokorteilla ja lahjakorteilla on muutettava saldo.',
    no: 'Bare klippekort, verdikort og gavekort har en saldo som kan endres.',
  },
  InsufficientBalance: {
    sv: 'Det finns bara {left} kvar.',
    en: 'Only {left} is left.',
    fi: 'Jäljellä on vain {left}.',
    no: 'Det er bare {left} igjen.',
  },
  Required: {
    sv: "'{field}' måste anges.",
    en: "'{field}' is required.",
    fi: "'{field}' on pakollinen.",
    no: "'{field}' må fylles ut.",
  },
};

/**
 * Every pricing and rebate message, for the area plugin to register with extendMessages.
 * @example
 * extendMessages(pricingAndRebateMessages);
 */
export const pricingAndRebateMessages: Record<string, Record<Lang, string>> = {
  ...pricingMessages,
  ...notApplicableMessages,
  ...rebateInputMessages,
};
