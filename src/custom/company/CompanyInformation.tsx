import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { email, Form, required, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Company, CompanyInput, CompanyStatusId } from '../../../schema/company';
import { apiErrorInfo, useApi } from '../../common/api';
import { FormActions, FormGrid, FormSection } from '../../common/PageHeading';
import { ImageFolder, ImageInput } from '../../engine/inputs/ImageInput';
import { useSubmit } from '../useSubmit';
import { COUNTRY_IDS, validateOrganisationNumber } from './organisationNumber';
import { useSetCompany } from '../../common/useCompany';

type CompanyFormValues = Pick<
  Company,
  'Name' | 'Email' | 'Phone' | 'Homepage' | 'Street1' | 'Street2' | 'ZipCode' | 'City' | 'CountryId' | 'OrganisationNumber' | 'LogoUrl'
>;

const STATUS_COLORS: Record<CompanyStatusId, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  1: 'info',
  2: 'warning',
  3: 'success',
  4: 'default',
  5: 'error',
  6: 'error',
};

const validateRequired = required();
const validateEmail = [required(), email()];
const validateOrgNumber = [validateOrganisationNumber];

/** The PUT /companies/{Id} body: the form's fields plus the settings this form does not edit. */
export function companyPayload(company: Company, values: CompanyFormValues): CompanyInput {
  return {
    Name: values.Name,
    Email: values.Email,
    Phone: values.Phone || null,
    Homepage: values.Homepage || null,
    Street1: values.Street1,
    Street2: values.Street2 || null,
    ZipCode: values.ZipCode,
    City: values.City,
    CountryId: COUNTRY_IDS.find((id) => id === values.CountryId) ?? 'SE',
    OrganisationNumber: values.OrganisationNumber ?? '',
    LogoUrl: values.LogoUrl || null,
    TimeZone: company.TimeZone,
    CategoryId: company.CategoryId,
    TypeId: company.TypeId,
  };
}

/** The company's status with its name, and 'send for approval' while it is registered. */
export function CompanyStatus({ company }: { company: Company }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const setCompany = useSetCompany();
  const [sending, setSending] = useState(false);
  const sendForApproval = async () => {
    setSending(true);
    try {
      const updated = await api.call<Company | null>('PUT', `/companies/${company.Id}/sendforapproval`, { body: { CompanyId: company.Id } });
      setCompany(updated && typeof updated === 'object' && 'StatusId' in updated ? updated : { ...company, StatusId: 2 });
      notify('custom.company.status.sent', { type: 'success' });
    } catch (error) {
      notify(apiErrorInfo(error).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert
      severity={company.StatusId === 3 ? 'success' : company.StatusId >= 4 ? 'warning' : 'info'}
      icon={false}
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        company.StatusId === 1 ? (
          <Button color="inherit" size="small" startIcon={<SendIcon />} disabled={sending} onClick={() => void sendForApproval()}>
            {translate('custom.company.status.sendForApproval')}
          </Button>
        ) : undefined
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{translate('custom.company.status.label')}</Typography>
        <Chip size="small" color={STATUS_COLORS[company.StatusId]} label={translate(`custom.company.status.names.${company.StatusId}`)} />
      </Stack>
      {company.StatusId === 1 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('custom.company.status.registeredHint')}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The company information tab: contact details, address, organisation number (checked for the
 * country) and logo; saves with PUT /companies/{Id}.
 */
export function CompanyInformation({ company }: { company: Company }) {
  const translate = useTranslate();
  const api = useApi();
  const setCompany = useSetCompany();
  const defaultValues = useMemo<CompanyFormValues>(
    () => ({
      Name: company.Name,
      Email: company.Email,
      Phone: company.Phone,
      Homepage: company.Homepage,
      Street1: company.Street1,
      Street2: company.Street2,
      ZipCode: company.ZipCode,
      City: company.City,
      CountryId: company.CountryId,
      OrganisationNumber: company.OrganisationNumber,
      LogoUrl: company.LogoUrl,
    }),
    [company],
  );
  const save = useCallback(
    (values: CompanyFormValues) => api.call<Company>('PUT', `/companies/${company.Id}`, { body: companyPayload(company, values) }),
    [api, company],
  );
  const onSaved = useCallback((updated: Company) => {
    if (updated && typeof updated === 'object' && 'Id' in updated) setCompany(updated);
  }, [setCompany]);
  const submit = useSubmit(save, 'custom.company.saved', onSaved);
  const countries = useMemo(() => COUNTRY_IDS.map((id) => ({ id, name: translate(`custom.common.countries.${id}`) })), [translate]);

  return (
    <Box>
      <CompanyStatus company={company} />
      <Form key={company.Updated} defaultValues={defaultValues} onSubmit={(values: FieldValues) => submit(values as CompanyFormValues)} noValidate>
        <FormGrid>
          <FormSection title="custom.company.sections.contact" />
          <TextInput source="Name" label="custom.company.fields.Name" validate={validateRequired} />
          <TextInput source="OrganisationNumber" label="custom.company.fields.OrganisationNumber" validate={validateOrgNumber} />
          <TextInput source="Email" type="email" label="custom.company.fields.Email" validate={validateEmail} />
          <TextInput source="Phone" type="tel" label="custom.company.fields.Phone" />
          <TextInput source="Homepage" type="url" label="custom.company.fields.Homepage" sx={{ gridColumn: '1 / -1' }} />
          <FormSection title="custom.company.sections.address" />
          <TextInput source="Street1" label="custom.company.fields.Street1" validate={validateRequired} />
          <TextInput source="Street2" label="custom.company.fields.Street2" />
          <TextInput source="ZipCode" label="custom.company.fields.ZipCode" validate={validateRequired} />
          <TextInput source="City" label="custom.company.fields.City" validate={validateRequired} />
          <SelectInput source="CountryId" label="custom.company.fields.CountryId" choices={countries} translateChoice={false} validate={validateRequired} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ImageInput source="LogoUrl" label="custom.company.fields.LogoUrl" folderType={ImageFolder.logotype} />
          </Box>
        </FormGrid>
        <FormActions>
          <SaveButton />
        </FormActions>
      </Form>
    </Box>
  );
}
