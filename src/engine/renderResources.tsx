import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { Loading, Resource, type RaRecord } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import type { ResourceApi } from '../dataProvider/types';
import { DeclarationContext } from './api';
import { isLazy, screensOf } from './define';
import type { ResourceEntry } from './types';
import type { ScreenKey } from './views';

type ScreenComponent = ComponentType<{ screen: ScreenKey }>;

const screenComponents = new WeakMap<ResourceEntry, ScreenComponent>();

/** The screens of one entry as one lazy component: its declaration and the engine's views load on first render. */
function screenComponent(entry: ResourceEntry): ScreenComponent {
  let Screen = screenComponents.get(entry);
  if (!Screen) {
    Screen = lazy(async () => {
      const [declaration, { viewOf }] = await Promise.all([isLazy(entry) ? entry.load() : Promise.resolve(entry), import('./views')]);
      function DeclaredScreen({ screen }: { screen: ScreenKey }) {
        return <DeclarationContext.Provider value={declaration}>{viewOf(declaration, screen)}</DeclarationContext.Provider>;
      }
      return { default: DeclaredScreen };
    });
    screenComponents.set(entry, Screen);
  }
  return Screen;
}

function screenElement(entry: ResourceEntry, screen: ScreenKey): ReactElement {
  const Screen = screenComponent(entry);
  return (
    <Suspense fallback={<Loading />}>
      <Screen screen={screen} />
    </Suspense>
  );
}

/**
 * The react-admin `<Resource>` elements: list at /<name>, create at /<name>/new, edit at /<name>/{id},
 * plus each declaration's extra routes. A lazy resource's declaration and the engine's list and form
 * code load when one of its screens opens (see `LazyResource`).
 * @example <Admin dataProvider={dp}>{renderResources(declarations)}</Admin>
 */
export function renderResources(entries: readonly ResourceEntry[]): ReactElement[] {
  return entries.map((entry) => {
    const screens = screensOf(entry);
    return (
      <Resource
        key={entry.name}
        name={entry.name}
        list={screens.list ? screenElement(entry, 'list') : undefined}
        edit={screens.edit ? screenElement(entry, 'edit') : undefined}
        hasCreate={screens.create}
        icon={entry.icon}
        recordRepresentation={entry.recordRepresentation as string | ((record: RaRecord) => string) | undefined}
      >
        {screens.create ? <Route path="new" element={screenElement(entry, 'create')} /> : null}
        {screens.create ? <Route path="create" element={<Navigate to="../new" replace />} /> : null}
        {screens.routes.map((path) => (
          <Route key={path} path={path} element={screenElement(entry, { route: path })} />
        ))}
      </Resource>
    );
  });
}

/**
 * The API mapping of every declared resource, for `createDataProvider`.
 * @example createDataProvider(apiUrl, httpClient, resourceApis(declarations))
 */
export function resourceApis(entries: readonly ResourceEntry[]): Record<string, ResourceApi> {
  return Object.fromEntries(entries.map((d) => [d.name, d.api]));
}
