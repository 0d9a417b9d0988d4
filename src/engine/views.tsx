import type { ReactNode } from 'react';
import { EngineList } from './EngineList';
import { EngineCreate, EngineEdit } from './EngineForm';
import type { ResourceDeclaration } from './types';

/** One screen of a resource: its list, create or edit view, or one of its extra routes. */
export type ScreenKey = 'list' | 'create' | 'edit' | { route: string };

/**
 * The element of one screen of a loaded declaration: a hand-written view when it has one, otherwise
 * the engine's list or form. Loaded with the declarations, not on the first screen.
 * @example viewOf(customers, { route: 'inactive' })
 */
export function viewOf(declaration: ResourceDeclaration, screen: ScreenKey): ReactNode {
  if (typeof screen === 'object') {
    const route = declaration.routes?.find((r) => r.path === screen.route);
    if (!route) throw new Error(`${declaration.name} declares no route ${screen.route}`);
    return route.element;
  }
  const own = declaration[screen];
  if (typeof own === 'function') {
    const View = own;
    return <View />;
  }
  if (screen === 'list') return <EngineList />;
  return screen === 'create' ? <EngineCreate /> : <EngineEdit />;
}
