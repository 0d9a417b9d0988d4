import { useState } from 'react';
import { Alert, Button, Card, CardActions, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { LicenseType } from '../../../schema/company';
import { PageHeading } from '../../common/PageHeading';
import { useCompany } from '../../common/useCompany';
import { formatAmount } from '../../i18n/format';
import { LicenseCheckout } from './LicenseCheckout';
import { priceOf, useLicenseData } from './useLicenses';

/** /extra-licenses: the options that add to a plan (IsExtraLicenseOption), bought through the same billing step. */
export default function ExtraLicensesPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const { company } = useCompany();
  const { data, isPending, error } = useLicenseData();
  const [selected, setSelected] = useState<LicenseType | null>(null);
  const extras = data?.types.filter((t) => t.IsExtraLicenseOption) ?? [];
  return (
    <Stack spacing={2}>
      <PageHeading title="licenses.extra.title" subtitle={translate('licenses.extra.intro')} />
      {selected ? (
        <LicenseCheckout type={selected} onBack={() => setSelected(null)} />
      ) : (
        <>
          {error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
          {isPending ? <Skeleton variant="rectangular" height={120} /> : null}
          {data && !extras.length ? <Alert severity="info">{translate('licenses.extra.none')}</Alert> : null}
          {extras.map((type) => {
            const price = priceOf(type, company?.CountryId);
            const held = data?.held.some((l) => l.TypeId === type.Id && l.Active && !l.Canceled);
            return (
              <Card key={type.Id} variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="h6" component="h2">
                      {type.Name}
                    </Typography>
                    {held ? <Chip size="small" color="success" label={translate('custom.licenses.active')} /> : null}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`licenses.extra.descriptions.${type.Id}`, { _: '' })}
                  </Typography>
                  {price ? <Typography variant="body1">{translate('licenses.plans.perMonth', { price: formatAmount(price.price, price.sign, locale) })}</Typography> : null}
                </CardContent>
                <CardActions>
                  <Button variant="contained" onClick={() => setSelected(type)} aria-label={translate('licenses.extra.buyName', { name: type.Name })}>
                    {translate('licenses.extra.buy')}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </>
      )}
    </Stack>
  );
}
