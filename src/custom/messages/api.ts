import { useQuery } from '@tanstack/react-query';
import type { MessageFieldTranslation, MessageType } from '../../../schema/messages';
import { useApi } from '../../common/api';

export const EMAIL = 1;
export const SMS = 2;
export const LANGUAGES = ['sv', 'en', 'fi', 'no'] as const;

/** The message types in the user's language (GET /messages/templates/types). */
export function useMessageTypes(locale: string) {
  const api = useApi();
  return useQuery({ queryKey: ['messages', 'types', locale], queryFn: () => api.call<MessageType[]>('GET', '/messages/templates/types'), staleTime: 600_000 });
}

/** The merge fields in the user's language (GET /messages/fieldtranslations). */
export function useMergeFields(locale: string) {
  const api = useApi();
  return useQuery({ queryKey: ['messages', 'fields', locale], queryFn: () => api.call<MessageFieldTranslation[]>('GET', '/messages/fieldtranslations'), staleTime: 600_000 });
}
