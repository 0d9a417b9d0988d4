import { createContext, use, useContext } from 'react';
import { useDataProvider } from 'react-admin';
import type { BookingDataProvider } from '../../dataProvider/types';
import { loadContract, loadedContract, type Contract } from './schema';
import type { ResourceDeclaration } from './types';

/**
 * The data provider with its `call` and `upload` methods.
 * @example const api = useApi(); const groups = await api.call<string[]>('GET', '/services/groups');
 */
export function useApi(): BookingDataProvider {
  return useDataProvider<BookingDataProvider>();
}

/**
 * The generated contract's definitions; suspends until the contract chunk has loaded.
 * @example const defs = useDefinitions(); defs.ServiceInput.required
 */
export function useDefinitions(): Contract['definitions'] {
  return (loadedContract() ?? use(loadContract())).definitions;
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
