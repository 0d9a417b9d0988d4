import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  ImageField,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextArrayInput,
  TextField,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { useDeclaration, useDefinitions } from './api';
import { ImageInput } from './inputs/ImageInput';
import { PickerInput } from '../common/inputs/DateTimeInputs';
import { isRequired, kindOf, propertyOf, validatorsOf, type ResolvedProperty } from './schema';
import type { Choice, FieldKind, FieldSpec, ResourceDeclaration } from './types';

type Definitions = ReturnType<typeof useDefinitions>;
type Translate = ReturnType<typeof useTranslate>;
import { formatAmount, formatWireDate } from '../i18n/format';
import { usePhoneDisplay } from '../common/usePhoneDisplay';

const RichTextInput = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));

export interface FieldInfo {
  source: string;
  kind: FieldKind;
  spec: FieldSpec;
  property?: ResolvedProperty;
  validate: Validator[];
  choices: Choice[];
  isRequired: boolean;
}

/**
 * What the engine knows of one field of a declared resource: declared spec merged with the schema.
 * @example const info = fieldInfo(declaration, defs, translate, 'Created', 'column');
 */
export function fieldInfo(
  declaration: ResourceDeclaration,
  defs: Definitions,
  translate: Translate,
  source: string,
  use: 'input' | 'column',
): FieldInfo {
  const spec = declaration.fields?.[source] ?? {};
  const definition = use === 'column' ? declaration.recordSchema ?? declaration.schema : declaration.schema;
  const property = definition ? propertyOf(defs, definition, source) : undefined;
  const kind = spec.kind ?? kindOf(source, property);
  const req = !!definition && use === 'input' && isRequired(defs, definition, source);
  const validate = use === 'input' ? [...validatorsOf(property, req, kind), ...(spec.validate ?? [])] : [];
  const enumValues = property?.schema.enum ?? property?.schema.items?.enum;
  const choices: Choice[] = (spec.choices ?? enumValues?.map((v) => ({ id: v, name: `resources.${declaration.name}.choices.${source}.${v}` })) ?? []).map(
    (c) => ({ id: c.id, name: translate(c.name, { _: c.name }) }),
  );
  return { source, kind, spec, property, validate, choices, isRequired: req };
}

/**
 * What the engine knows of one field of the current resource: declared spec merged with the schema.
 * @example const { kind, validate } = useFieldInfo('Name', 'input');
 */
export function useFieldInfo(source: string, use: 'input' | 'column'): FieldInfo {
  return fieldInfo(useDeclaration(), useDefinitions(), useTranslate(), source, use);
}

const timeOnly = (v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '');

/** The input for one declared field, chosen by kind. */
export function EngineInput({ source }: { source: string }): ReactElement | null {
  const info = useFieldInfo(source, 'input');
  const { spec, kind, validate, choices } = info;
  const input =
    typeof spec.input === 'function' ? spec.input({ source, validate }) : spec.input ?? inputFor(info, validate, choices, kind);
  if (!spec.showWhen) return input;
  const showWhen = spec.showWhen;
  return <FormDataConsumer>{({ formData }) => (showWhen(formData) ? input : null)}</FormDataConsumer>;
}

function inputFor({ source, spec, property }: FieldInfo, validate: Validator[], choices: Choice[], kind: FieldKind): ReactElement {
  const common = { source, validate, helperText: spec.helperText, fullWidth: spec.fullWidth };
  switch (kind) {
    case 'text':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'number':
      return <NumberInput {...common} step={property?.schema.type === 'integer' ? 1 : undefined} />;
    case 'money':
      return <NumberInput {...common} step={1} parse={(v: string) => (v === '' ? null : Math.round(Number(v)))} />;
    case 'boolean':
      return <BooleanInput source={source} helperText={spec.helperText} />;
    case 'enum':
      return <SelectInput {...common} choices={choices} translateChoice={false} emptyText={property?.nullable ? '' : undefined} />;
    case 'datetime':
    case 'date':
    case 'time':
      return <PickerInput kind={kind} {...common} />;
    case 'image':
      return <ImageInput source={source} />;
    case 'phone':
      return <TextInput {...common} type="tel" autoComplete="off" />;
    case 'richtext':
      return (
        <Suspense fallback={null}>
          <RichTextInput source={source} validate={validate} fullWidth />
        </Suspense>
      );
    case 'reference':
      return (
        <ReferenceInput source={source} reference={spec.reference ?? ''}>
          <AutocompleteInput validate={validate} optionText={spec.optionText} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput source={source} reference={spec.reference ?? ''}>
          <AutocompleteArrayInput validate={validate} optionText={spec.optionText} filterToQuery={(q: string) => ({ q })} />
        </ReferenceArrayInput>
      );
    case 'multiselect':
      return <CheckboxGroupInput {...common} choices={choices} translateChoice={false} />;
    case 'strings':
      return <TextArrayInput {...common} />;
    default:
      return <TextInput {...common} />;
  }
}

/** The list cell for one declared column, chosen by kind. */
export function engineCell(info: FieldInfo, render?: (record: RaRecord) => ReactNode): ReactNode {
  if (render) return undefined;
  const { source, kind, spec, choices } = info;
  switch (kind) {
    case 'number':
      return <NumberField source={source} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'datetime':
    case 'date':
      return <WireDateField source={source} />;
    case 'image':
      return <ImageField source={source} sx={{ '& img': { maxWidth: 48, maxHeight: 48 } }} />;
    case 'reference':
      return (
        <ReferenceField source={source} reference={spec.reference ?? ''} link={false}>
          {spec.optionText ? <TextField source={spec.optionText} /> : undefined}
        </ReferenceField>
      );
    case 'money':
      return <MoneyField source={source} />;
    case 'phone':
      return <PhoneField source={source} />;
    case 'enum':
      return <ChoiceField source={source} choices={choices} />;
    case 'time':
      return <TimeField source={source} />;
    default:
      return <TextField source={source} />;
  }
}

function MoneyField({ source }: { source: string }) {
  const record = useRecordContext<RaRecord>();
  const [locale] = useLocaleState();
  const amount = record?.[source];
  if (typeof amount !== 'number') return null;
  return <span>{formatAmount(amount, typeof record?.PriceSign === 'string' ? record.PriceSign : '', locale)}</span>;
}

/** A wire date or date-time as the interface language writes it, like the pickers (formatWireDate). */
function WireDateField({ source }: { source: string }) {
  const record = useRecordContext<RaRecord>();
  const [locale] = useLocaleState();
  const value = record?.[source];
  return <span>{typeof value === 'string' && value ? formatWireDate(value, locale) : ''}</span>;
}

/** A stored (E.164) phone as people of the company's country read it (usePhoneDisplay). */
function PhoneField({ source }: { source: string }) {
  const record = useRecordContext<RaRecord>();
  const display = usePhoneDisplay();
  const value = record?.[source];
  return <span>{typeof value === 'string' ? display(value) : ''}</span>;
}

function ChoiceField({ source, choices }: { source: string; choices: Choice[] }) {
  const record = useRecordContext<RaRecord>();
  const value = record?.[source];
  return <span>{choices.find((c) => c.id === value)?.name ?? (value == null ? '' : String(value))}</span>;
}

function TimeField({ source }: { source: string }) {
  const record = useRecordContext<RaRecord>();
  return <span>{timeOnly(record?.[source])}</span>;
}
