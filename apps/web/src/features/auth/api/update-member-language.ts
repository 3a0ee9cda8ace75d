import { ENDPOINTS, type Language } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/member/language`: the member's language, for messages the server sends. */
export function updateMemberLanguage(language: Language): Promise<{ language: string }> {
  return apiRequest(ENDPOINTS.members.setLanguage, { body: { language } });
}
