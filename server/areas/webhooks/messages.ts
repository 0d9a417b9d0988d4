import type { Lang } from '../../shared/messages';

/** The webhooks area's messages, in every language (server/areas/webhooks/). */
export const messages = {
  WebhookUrlInvalid: {
    sv: 'Ange en giltig https-adress.',
    en: 'Enter a valid https address.',
    fi: 'Anna kelvollinen https-osoite.',
    no: 'Skriv inn en gyldig https-adresse.',
  },
  WebhookEventTypeUnknown: {
    sv: 'Okänd händelsetyp: {name}.',
    en: 'Unknown event type: {name}.',
    fi: 'Tuntematon tapahtumatyyppi: {name}.',
    no: 'Ukjent hendelsestype: {name}.',
  },
  WebhookEventTypesEmpty: {
    sv: 'Välj minst en händelsetyp.',
    en: 'Choose at least one event type.',
    fi: 'Valitse vähintään yksi tapahtumatyyppi.',
    no: 'Velg minst én hendelsestype.',
  },
} satisfies Record<string, Record<Lang, string>>;

export const words = {
  endpoint: { sv: 'Slutpunkt', en: 'Endpoint', fi: 'Päätepiste', no: 'Endepunkt' },
  message: { sv: 'Meddelande', en: 'Message', fi: 'Viesti', no: 'Melding' },
} satisfies Record<string, Record<Lang, string>>;
