import { ArrayInput, NumberInput, SimpleFormIterator, TextInput } from 'react-admin';
import { withViews } from '../../engine/define';
import { customFieldsMeta } from './index';
import { PatternInput } from './PatternInput';

const TABLES = ['Event', 'RegisteredUsers', 'BookedEvent'].map((id) => ({ id, name: `resources.custom-fields.choices.Table.${id}` }));

/** The custom field list, filters and form (values of drop-downs, rules, display). */
export const customFields = withViews(customFieldsMeta, {
  schema: 'CustomFieldInput',
  recordSchema: 'CustomField',
  fields: {
    Table: { choices: TABLES },
    Values: {
      showWhen: (v) => v.DataType === 'DropDown',
      input: (
        <ArrayInput source="Values">
          <SimpleFormIterator inline>
            <TextInput source="Value" label="resources.custom-fields.valueFields.Value" />
            <NumberInput source="SortOrder" step={1} label="resources.custom-fields.valueFields.SortOrder" />
          </SimpleFormIterator>
        </ArrayInput>
      ),
    },
    MandatoryErrorMessage: { showWhen: (v) => v.IsMandatory === true },
    RegExId: { input: (p) => <PatternInput {...p} /> },
    MultipleLineText: { showWhen: (v) => v.DataType === 'TextBox' },
    MaxLength: { showWhen: (v) => v.DataType === 'TextBox' },
    Services: { kind: 'references', reference: 'services', showWhen: (v) => v.Table === 'Event' || v.Table === 'BookedEvent' },
  },
  list: {
    columns: ['Name', 'Table', 'DataType', 'IsMandatory', 'Active', 'SortOrder'],
    sort: { field: 'SortOrder', order: 'ASC' },
    bulk: { delete: true, setField: [{ source: 'Active' }] },
    filters: [{ source: 'q', kind: 'search' }, { source: 'Table', kind: 'select', choices: TABLES, alwaysOn: true }, { source: 'Active', kind: 'boolean' }],
  },
  form: {
    sections: [
      { fields: ['Name', 'Description', 'Table', 'Services', 'DataType', 'Values', 'DefaultValue'] },
      { id: 'rules', fields: ['IsMandatory', 'MandatoryErrorMessage', 'RegExId', 'RegExErrorMessage', 'MaxLength', 'MultipleLineText'] },
      { id: 'display', fields: ['Width', 'SortOrder', 'IsPublic', 'IsHidden', 'Active'] },
    ],
    defaults: { DataType: 'TextBox', Table: 'RegisteredUsers', Width: 12, MaxLength: 200, Active: true, IsPublic: true, Values: [] },
    toForm: (f) => ({ Services: (f.Services ?? []).map((s) => s.Id) }),
  },
});
