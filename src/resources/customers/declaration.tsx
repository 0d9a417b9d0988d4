import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';
import { withViews } from '../../engine/define';
import { CustomFieldValuesInput } from '../../engine/inputs/CustomFieldValuesInput';
import { ImageInput } from '../../engine/inputs/ImageInput';
import { CustomerComments } from './CustomerComments';
import { CustomerGdpr } from './CustomerGdpr';
import { InactiveCustomers } from './InactiveCustomers';
import { PersonalIdentityNumberInput } from './PersonalIdentityNumberInput';
import { customersMeta } from './index';

/** The customer list, form (invoice address, custom fields), comments and GDPR tabs, inactive customers. */
export const customers = withViews(customersMeta, {
  schema: 'CustomerInput',
  recordSchema: 'Customer',
  fields: {
    ImageUrl: { input: <ImageInput source="ImageUrl" folderType={6} /> },
    PersonalIdentityNumber: { input: (p) => <PersonalIdentityNumberInput {...p} /> },
  },
  list: {
    columns: ['Firstname', 'Lastname', 'Email', 'Phone', 'SubscribedToNewsletter', 'Created'],
    sort: { field: 'Created', order: 'DESC' },
    bulk: { delete: true, setField: [{ source: 'SubscribedToNewsletter' }] },
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
});
