import PeopleIcon from '@mui/icons-material/People';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Customer } from '../../../schema/customers';
import { CustomFieldValuesInput } from '../engine/inputs/CustomFieldValuesInput';
import { ImageInput } from '../engine/inputs/ImageInput';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { CustomerComments } from './CustomerComments';
import { CustomerGdpr } from './CustomerGdpr';
import { InactiveCustomers } from './InactiveCustomers';

type CustomerRecord = WireRecord<Customer>;

/** Customers: /customers, /customers/inactive, /customers/new, /customers/{id} (with comments and GDPR). */
export const customers: ResourceDeclaration<CustomerRecord> = {
  name: 'customers',
  api: { path: '/customers', manyIdsParam: 'Id' },
  schema: 'CustomerInput',
  recordSchema: 'Customer',
  group: 'customers',
  icon: PeopleIcon,
  recordRepresentation: (c) => `${c.Firstname} ${c.Lastname}`.trim(),
  fields: { ImageUrl: { input: <ImageInput source="ImageUrl" folderType={6} /> } },
  list: {
    columns: ['Firstname', 'Lastname', 'Email', 'Phone', 'SubscribedToNewsletter', 'Created'],
    sort: { field: 'Created', order: 'DESC' },
    filters: [{ source: 'q', kind: 'search' }],
    actions: <Button component={Link} to="/customers/inactive" label="resources.customers.inactive.title"><PersonOffIcon /></Button>,
  },
  form: {
    sections: [
      { fields: ['ImageUrl', 'Firstname', 'Lastname', 'Email', 'Phone', 'PersonalIdentityNumber', 'SubscribedToNewsletter'] },
      {
        id: 'invoiceAddress',
        fields: ['InvoiceAddress.CorporateIdentityNumber', 'InvoiceAddress.InvoiceAddress1', 'InvoiceAddress.InvoiceAddress2', 'InvoiceAddress.InvoicePostalCode', 'InvoiceAddress.InvoiceCity', 'InvoiceAddress.InvoiceCountryCode'],
      },
      { id: 'customFields', fields: [<CustomFieldValuesInput key="cf" table="RegisteredUsers" />] },
    ],
    defaults: { SubscribedToNewsletter: false, Visible: true },
    editTabs: [
      { id: 'comments', label: 'resources.customers.tabs.comments', content: <CustomerComments /> },
      { id: 'gdpr', label: 'resources.customers.tabs.gdpr', content: <CustomerGdpr /> },
    ],
  },
  routes: [{ path: 'inactive', element: <InactiveCustomers /> }],
};
