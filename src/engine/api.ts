import { createContext, use, useContext } from 'react';
import { loadContract, type Contract } from './schema';
import type { ResourceDeclaration } from './types';

/**
 * The generated contract's definitions; suspends until the contract chunk has loaded, then returns at
 * once. `use` is called on every render: skipping it once the contract is there changed the hook
 * sequence of a component replayed after suspending (React error #467 at the next hook).
 * @example const defs = useDefinitions(); defs.ServiceInput.required
 */
export function useDefinitions(): Contract['definitions'] {
  return use(loadContract()).definitions;
}

export const DeclarationContext = createContext<ResourceDeclaration | null>(null);

/**
 * The declaration of the resource whose screen is showing.
 * @example const { name, fields } = useDeclaration();
 */
export function useDeclaration(): ResourceDeclaration {
  const d = useContext(DeclarationContext);
  if (!d) throw new Error('useDeclaration outside a declared resource');
  return d;
}
