import { Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Loading, Resource, type RaRecord } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import type { ResourceApi } from '../../dataProvider/types';
import { DeclarationContext } from './api';
import { EngineList } from './EngineList';
import { EngineCreate, EngineEdit } from './EngineForm';
import type { MenuEntry, ResourceDeclaration } from './types';

function Declared({ declaration, children }: { declaration: ResourceDeclaration; children: ReactNode }) {
  return (
    <DeclarationContext.Provider value={declaration}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </DeclarationContext.Provider>
  );
}

function view(declaration: ResourceDeclaration, own: ComponentType | false | undefined, engine: ComponentType | null): ReactElement | undefined {
  if (own === false) return undefined;
  const View = own ?? engine;
  if (!View) return undefined;
  return (
    <Declared declaration={declaration}>
      <View />
    </Declared>
  );
}

function listView(d: ResourceDeclaration): ReactElement | undefined {
  if (!d.list) return undefined;
  return typeof d.list === 'function' ? view(d, d.list, null) : view(d, undefined, EngineList);
}

/**
 * The react-admin `<Resource>` elements for the declarations: list at /<name>, create at /<name>/new,
 * edit at /<name>/{id}, plus each declaration's extra routes.
 * @example <Admin dataProvider={dp}>{renderResources(declarations)}</Admin>
 */
export function renderResources(declarations: readonly ResourceDeclaration[]): ReactElement[] {
  return declarations.map((d) => {
    const create = d.create === false ? undefined : view(d, d.create, d.form ? EngineCreate : null);
    const edit = d.edit === false ? undefined : view(d, d.edit, d.form ? EngineEdit : null);
    return (
      <Resource
        key={d.name}
        name={d.name}
        list={listView(d)}
        edit={edit}
        hasCreate={!!create}
        icon={d.icon}
        recordRepresentation={d.recordRepresentation as string | ((record: RaRecord) => string) | undefined}
      >
        {create ? <Route path="new" element={create} /> : null}
        {create ? <Route path="create" element={<Navigate to="../new" replace />} /> : null}
        {d.routes?.map((r) => <Route key={r.path} path={r.path} element={<Declared declaration={d}>{r.element}</Declared>} />)}
      </Resource>
    );
  });
}

/**
 * The API mapping of every declared resource, for `createDataProvider`.
 * @example createDataProvider(apiUrl, httpClient, resourceApis(declarations))
 */
export function resourceApis(declarations: readonly ResourceDeclaration[]): Record<string, ResourceApi> {
  return Object.fromEntries(declarations.map((d) => [d.name, d.api]));
}

/**
 * Sidebar entries of the declared resources that sit in a menu group.
 * @example menuEntries(declarations).filter((e) => e.group === 'services')
 */
export function menuEntries(declarations: readonly ResourceDeclaration[]): MenuEntry[] {
  return declarations.flatMap((d) =>
    d.group && d.list ? [{ group: d.group, name: d.name, label: `resources.${d.name}.name`, icon: d.icon, to: `/${d.name}` }] : [],
  );
}
