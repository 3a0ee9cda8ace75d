import { ENDPOINTS, type Profile, type ProfileUpdate } from '@banca/contracts';
import { apiRequest } from '@/api/client';

/** `PUT /wps/member/profile`: answers the profile as stored. Blank fields clear the value. */
export function updateProfile(change: ProfileUpdate): Promise<Profile> {
  return apiRequest<Profile>(ENDPOINTS.members.updateProfile, { body: change });
}
