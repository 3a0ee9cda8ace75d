import type { NewMember } from '../auth';

type Required = Pick<NewMember, 'merchant_code' | 'username' | 'password_hash' | 'invite_code'>;

/**
 * A member row with every optional column empty, so each place that creates members
 * (registration, free play, the demo seed, test seeds) names only what it knows.
 */
export function newMemberRow(fields: Required & Partial<NewMember>): NewMember {
  return {
    payment_password_hash: null,
    nickname: null,
    full_name: null,
    email: null,
    country_dialing_code: null,
    mobile_num: null,
    birthday: null,
    messaging: '{}',
    id_number: null,
    address: null,
    nationality: null,
    occupation: null,
    source_of_income: null,
    upline_member_id: null,
    referred_by_member_id: null,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    first_login_at: null,
    last_login_at: null,
    registration_ip: null,
    registration_device: null,
    ...fields,
  };
}
