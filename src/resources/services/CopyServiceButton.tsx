import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCreate, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import type { Service, ServicePrice, ServicePriceInput } from '../../../schema/services';
import { useDefinitions } from '../../engine/api';
import { pickBySchema } from '../../engine/schema';
import type { WireRecord } from '../../engine/types';
import { useMayWrite } from '../../auth/roles';

/** A price as POST /services/prices takes it, for the service `serviceId`. */
export function priceInputOf(price: ServicePrice, serviceId: number): ServicePriceInput {
  return {
    ServiceId: serviceId,
    Price: price.Price,
    CalculationTypeId: price.CalculationTypeId,
    CurrencyId: price.CurrencyId || undefined,
    VAT: price.VAT,
    Category: price.Category ?? undefined,
    PriceText: price.PriceText ?? undefined,
    From: price.From ?? null,
    To: price.To ?? null,
    DaysOfWeek: (price.DaysOfWeek ?? []).map((d) => d.DayOfWeekId),
    FromTime: price.FromTime ?? null,
    ToTime: price.ToTime ?? null,
  };
}

/**
 * Copies the service: posts a new one named with the translated copy prefix ('Kopia av Padel'), reposts its
 * prices, then opens the copy.
 */
export function CopyServiceButton() {
  const record = useRecordContext<WireRecord<Service>>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const defs = useDefinitions();
  const [create] = useCreate();
  const [busy, setBusy] = useState(false);
  // Copying creates a service: a role that only reads services does not see it.
  const mayWrite = useMayWrite('services');
  if (!record || !mayWrite) return null;

  const copy = async () => {
    setBusy(true);
    try {
      const body = pickBySchema(defs, defs.ServiceInput, {
        ...record,
        Name: translate('resources.services.copyOf', { name: record.Name }),
      }) as Record<string, unknown>;
      const created = await create('services', { data: body }, { returnPromise: true });
      for (const price of record.Prices ?? []) {
        await create('prices', { data: priceInputOf(price, Number(created.id)) }, { returnPromise: true });
      }
      notify('resources.services.copied', { type: 'success' });
      redirect('edit', 'services', created.id);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionButton label="resources.services.copy" onClick={copy} disabled={busy}>
      <ContentCopyIcon />
    </ActionButton>
  );
}
