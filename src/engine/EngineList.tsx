import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import {
  BulkActionsToolbar,
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  ReferenceInput,
  AutocompleteInput,
  NumberInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useLocaleState,
  useResourceDefinition,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { isValidElement, useMemo } from 'react';
import { useDeclaration, useDefinitions } from './api';
import { exportColumn, type ExportColumn } from './exporter';
import type { FieldInfo } from './fields';
import { ExportAllButton } from './lists/ExportAll';
import { SavedFiltersMenu } from './lists/SavedFilters';
import { EngineBulkActions } from './lists/BulkActions';
import { SelectionColumn } from './lists/SelectionColumn';
import { listFieldsOf } from './listFields';
import { engineCell, fieldInfo, useFieldInfo } from './fields';
import type { Choice, ColumnSpec, FilterSpec, ListSpec } from './types';
import { FILTER_DEBOUNCE_MS } from '../common/constants';
import { PickerInput } from '../common/inputs/DateTimeInputs';

/** Debounce of list filter inputs (spec core.md §9). */

function translatedChoices(choices: readonly Choice[] | undefined, translate: ReturnType<typeof useTranslate>) {
  return (choices ?? []).map((c) => ({ id: c.id, name: translate(c.name, { _: c.name }) }));
}

function filterInput(spec: FilterSpec, translate: ReturnType<typeof useTranslate>): ReactElement | ReactElement[] {
  if (isValidElement(spec)) return spec;
  switch (spec.kind) {
    case 'dateRange':
      return [
        // The app's date picker, as the forms use: the interface language's format, not the browser's (a native date field showed mm/dd/yyyy on Swedish pages).
        <PickerInput kind="date" key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} label={translate('engine.filters.from')} />,
        <PickerInput kind="date" key={spec.toSource} source={spec.toSource} alwaysOn={spec.alwaysOn} label={translate('engine.filters.to')} />,
      ];
    case 'numberRange':
      return [
        <NumberInput key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} />,
        <NumberInput key={spec.toSource} source={spec.toSource} alwaysOn={spec.alwaysOn} />,
      ];
    case 'search':
      return <SearchInput key="q" source="q" alwaysOn placeholder={translate('engine.list.search')} />;
    case 'boolean':
      return <NullableBooleanInput key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} />;
    case 'select':
      return <SelectInput key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} choices={translatedChoices(spec.choices, translate)} translateChoice={false} />;
    case 'reference':
      return (
        <ReferenceInput key={spec.source} source={spec.source} reference={spec.reference ?? ''} alwaysOn={spec.alwaysOn}>
          <AutocompleteInput filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
      );
    default:
      return <TextInput key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} />;
  }
}

/** The create path of a declared resource: /<name>/new as the spec's route table says. */
export const createPathOf = (name: string) => `/${name}/new`;

interface ExportSetup {
  columns: readonly { info: FieldInfo; column: ExportColumn }[];
  filename: string;
  locale: string;
}

/** The list's toolbar: saved filters, the declaration's own buttons, Create, and Export of everything the filter matches. */
function EngineListActions({ extra, exporting }: { extra?: ReactElement; exporting: ExportSetup }) {
  const { name, hasCreate } = useResourceDefinition();
  return (
    // Wraps on a narrow screen: its buttons stay on screen instead of running off the left edge.
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <SavedFiltersMenu />
      {extra}
      {hasCreate && name ? <CreateButton to={createPathOf(name)} /> : null}
      <ExportAllButton columns={exporting.columns} filename={exporting.filename} locale={exporting.locale} />
    </TopToolbar>
  );
}

/** Shown when a list has no records at all (no filters set). */
export function EngineEmpty() {
  const translate = useTranslate();
  const { name, hasCreate } = useResourceDefinition();
  const label = translate(`resources.${name}.name`, { smart_count: 2, _: name });
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="p" color="text.secondary" gutterBottom>
        {translate('engine.list.empty', { name: label.toLocaleLowerCase() })}
      </Typography>
      {hasCreate && name ? <CreateButton to={createPathOf(name)} variant="contained" /> : null}
    </Box>
  );
}

function Column({ column }: { column: ColumnSpec<RaRecord> }) {
  const info = useFieldInfo(column.source, 'column');
  const render = column.render ?? info.spec.render;
  return (
    <DataTable.Col
      source={column.source}
      label={column.label}
      disableSort={column.sortable === false}
      render={render ? (record: RaRecord) => render(record) : undefined}
    >
      {render ? undefined : engineCell(info)}
    </DataTable.Col>
  );
}

/** The list screen built from a declaration's `list`. */
export function EngineList() {
  const declaration = useDeclaration();
  const defs = useDefinitions();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const spec = declaration.list as ListSpec<RaRecord>;
  const columns = useMemo(() => spec.columns.map((c) => (typeof c === 'string' ? { source: c } : c)), [spec.columns]);
  // Only the columns' fields are fetched (the API's Fields); the export (WHOLE_RECORDS) asks for whole records.
  const fields = listFieldsOf(declaration, defs);
  const exporting = useMemo<ExportSetup>(() => {
    const exported = columns.map((c) => {
      const info = fieldInfo(declaration, defs, translate, c.source, 'column');
      return { info, column: exportColumn(declaration.name, info, c.label, translate, locale) };
    });
    return { columns: exported, filename: translate(`resources.${declaration.name}.name`, { smart_count: 2, _: declaration.name }), locale };
  }, [columns, declaration, defs, translate, locale]);
  // Bulk actions only for roles that may write the resource.
  const { canAccess: mayWrite } = useCanAccess({ action: 'write', resource: declaration.name });
  const bulk = spec.bulk && mayWrite ? <EngineBulkActions bulk={spec.bulk} declaration={declaration} defs={defs} /> : null;
  return (
    <List
      exporter={false}
      queryOptions={fields ? { meta: { fields } } : undefined}
      sort={spec.sort}
      perPage={spec.perPage ?? 25}
      debounce={FILTER_DEBOUNCE_MS}
      filters={spec.filters?.flatMap((f) => filterInput(f, translate))}
      actions={<EngineListActions extra={spec.actions} exporting={exporting} />}
      empty={<EngineEmpty />}
      title={spec.title}
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          rowClick={spec.rowClick ?? 'edit'}
          bulkActionButtons={false}
          bulkActionsToolbar={bulk ? <BulkActionsToolbar>{bulk}</BulkActionsToolbar> : undefined}
        >
          {bulk ? <SelectionColumn /> : null}
          {columns.map((column) => (
            <Column key={column.source} column={column} />
          ))}
        </DataTable>
      </Box>
    </List>
  );
}
