import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  ExportButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useResourceDefinition,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { isValidElement } from 'react';
import { useDeclaration } from './api';
import { engineCell, useFieldInfo } from './fields';
import type { Choice, ColumnSpec, FilterSpec, ListSpec } from './types';

/** Debounce of list filter inputs (spec core.md §9). */
export const FILTER_DEBOUNCE_MS = 500;

function translatedChoices(choices: readonly Choice[] | undefined, translate: ReturnType<typeof useTranslate>) {
  return (choices ?? []).map((c) => ({ id: c.id, name: translate(c.name, { _: c.name }) }));
}

function filterInput(spec: FilterSpec, translate: ReturnType<typeof useTranslate>): ReactElement {
  if (isValidElement(spec)) return spec;
  switch (spec.kind) {
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

function EngineListActions({ extra }: { extra?: ReactElement }) {
  const { name, hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  return (
    <TopToolbar>
      {extra}
      {hasCreate && name ? <CreateButton to={createPathOf(name)} /> : null}
      {/* On phones react-admin drops a disabled button's name (an icon only): name it here. */}
      <ExportButton aria-label={translate('ra.action.export')} />
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
  const translate = useTranslate();
  const spec = declaration.list as ListSpec<RaRecord>;
  const columns = spec.columns.map((c) => (typeof c === 'string' ? { source: c } : c));
  return (
    <List
      sort={spec.sort}
      perPage={spec.perPage ?? 25}
      debounce={FILTER_DEBOUNCE_MS}
      filters={spec.filters?.map((f) => filterInput(f, translate))}
      actions={<EngineListActions extra={spec.actions} />}
      empty={<EngineEmpty />}
      title={spec.title}
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable rowClick={spec.rowClick ?? 'edit'} bulkActionButtons={false}>
          {columns.map((column) => (
            <Column key={column.source} column={column} />
          ))}
        </DataTable>
      </Box>
    </List>
  );
}
