import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../shared/messages';
import { ref } from '../../shared/schemas';

/** The event types an endpoint may hear (issue 31), with their description in every language. */
export const EVENT_TYPES = {
  'booking.created': { sv: 'En bokning har skapats', en: 'A booking was created', fi: 'Varaus luotiin', no: 'En bestilling ble opprettet' },
  'booking.updated': { sv: 'En bokning har ändrats', en: 'A booking was updated', fi: 'Varausta muutettiin', no: 'En bestilling ble endret' },
  'booking.moved': { sv: 'En bokning har flyttats', en: 'A booking was moved', fi: 'Varaus siirrettiin', no: 'En bestilling ble flyttet' },
  'booking.canceled': { sv: 'En bokning har avbokats', en: 'A booking was canceled', fi: 'Varaus peruttiin', no: 'En bestilling ble avbestilt' },
  'booking.status_changed': { sv: 'En boknings status har ändrats', en: 'A booking’s status changed', fi: 'Varauksen tila muuttui', no: 'En bestillings status ble endret' },
  'booking.paid': { sv: 'En bokning har betalats', en: 'A booking was paid', fi: 'Varaus maksettiin', no: 'En bestilling ble betalt' },
  'booking.refunded': { sv: 'En bokning har återbetalats', en: 'A booking was refunded', fi: 'Varaus hyvitettiin', no: 'En bestilling ble refundert' },
  'customer.created': { sv: 'En kund har skapats', en: 'A customer was created', fi: 'Asiakas luotiin', no: 'En kunde ble opprettet' },
  'customer.updated': { sv: 'En kund har ändrats', en: 'A customer was updated', fi: 'Asiakasta muutettiin', no: 'En kunde ble endret' },
  'customer.deleted': { sv: 'En kund har tagits bort', en: 'A customer was deleted', fi: 'Asiakas poistettiin', no: 'En kunde ble slettet' },
  'queue.spot_offered': { sv: 'En köplats har erbjudits', en: 'A queue spot was offered', fi: 'Jonopaikkaa tarjottiin', no: 'En køplass ble tilbudt' },
  'payment.received': { sv: 'En betalning har tagits emot', en: 'A payment was received', fi: 'Maksu vastaanotettiin', no: 'En betaling ble mottatt' },
  'webhook.test': { sv: 'Testhändelse', en: 'Test event', fi: 'Testitapahtuma', no: 'Testhendelse' },
} satisfies Record<string, Record<Lang, string>>;

export type EventTypeName = keyof typeof EVENT_TYPES;

export const isEventType = (name: string): name is EventTypeName => Object.hasOwn(EVENT_TYPES, name);

/** GET /webhook/eventtypes: every event type with its description in the caller's language. */
export default async function eventTypes(app: FastifyInstance): Promise<void> {
  app.get('/webhook/eventtypes', { schema: { response: { 200: ref('WebhookEventTypeList') } } }, async (request) => ({
    Data: Object.entries(EVENT_TYPES).map(([Name, text]) => ({ Name, Description: text[request.ctx.lang] })),
  }));
}
