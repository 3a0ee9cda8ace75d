import type { Profile, ProfileUpdate } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/member/profile`: answers the profile as stored. Blank fields clear the value. */
export function updateProfile(change: ProfileUpdate): Promise<Profile> {
  return apiRequest<Profile>('/wps/member/profile', { method: 'PUT', body: change });
}
