import {
  checkFieldRule,
  REGISTER_PATTERNS,
  type Language,
  type RegisterFieldRule,
  type SiteFlags,
} from '@banca/contracts';

/**
 * Client-side validation with the brand's own field rules (`info.register` of the status
 * payload) and the same `checkFieldRule` the server runs, so both sides agree on every message.
 */

/** A rule for a field the brand did not configure but a flow still needs (e.g. mobile login). */
function fallbackRule(field: string): RegisterFieldRule {
  switch (field) {
    case 'mobileNum':
      // The server's own bounds for a phone number (8 to 15 digits).
      return rule(field, 'DIGITS', 8, 15);
    case 'verificationCode':
      // Spec §5: a verification code is at most 255 characters.
      return rule(field, 'ANY', 1, 255);
    case 'password':
    case 'confirmPassword':
      return rule(field, 'ANY', 6, 128);
    default:
      return rule(field, 'ANY', 1, 128);
  }
}

function rule(
  field: string,
  patternId: keyof typeof REGISTER_PATTERNS,
  minLength: number,
  maxLength: number,
): RegisterFieldRule {
  return {
    field,
    enabled: true,
    required: false,
    acceptedPattern: REGISTER_PATTERNS[patternId],
    patternId,
    minLength,
    maxLength,
  };
}

/** The brand's rule for a field, or a sensible one when the brand has none. */
export function ruleFor(rules: readonly RegisterFieldRule[], field: string): RegisterFieldRule {
  return rules.find((candidate) => candidate.field === field) ?? fallbackRule(field);
}

/** The first message for `value` under `rule` (required forced when asked), or null. */
export function validateWithRule(
  rule: RegisterFieldRule,
  value: string | undefined,
  language: Language,
  options: { required?: boolean } = {},
): string | null {
  return checkFieldRule(
    { ...rule, required: options.required ?? rule.required },
    value ?? '',
    language,
  );
}

export type RegisterMode = 'username' | 'mobile';

/** A field of the register form: which rule checks it and whether it must be filled. */
export type RegisterFieldSpec = { field: string; rule: RegisterFieldRule; required: boolean };

/**
 * The order fields appear in (docs/product.md §3 registration user): identity first, then contact,
 * then codes, then whatever else the brand switched on.
 */
const FIELD_ORDER = [
  'username',
  'mobileNum',
  'verificationCode',
  'password',
  'confirmPassword',
  'email',
  'payeeName',
  'whatsapp',
  'affiliateCode',
  'referralCode',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'line',
  'facebook',
  'wechat',
  'recommenderId',
  'captcha',
] as const;

/**
 * The fields of the register form for a mode (docs/product.md §2, §5), mirroring the server's
 * checks:
 * - only `enabled` rules, each `required` as configured;
 * - mobile mode: no username, the mobile number required, the password (and its confirmation)
 *   only when MOBILENUMPASSREG3 is on;
 * - REGMOBVERF3: the mobile number and the SMS code are required in both modes;
 * - the confirmation follows the password.
 */
export function registerFields(
  rules: readonly RegisterFieldRule[],
  mode: RegisterMode,
  flags: Partial<SiteFlags>,
): RegisterFieldSpec[] {
  const smsVerification = flags.REGMOBVERF3 === true;
  const enabled = (field: string) => rules.some((r) => r.field === field && r.enabled);
  const passwordShown =
    enabled('password') && (mode === 'username' || flags.MOBILENUMPASSREG3 === true);
  const specs: RegisterFieldSpec[] = [];
  for (const field of FIELD_ORDER) {
    const rule = ruleFor(rules, field);
    switch (field) {
      case 'username':
        if (mode === 'username' && enabled(field))
          specs.push({ field, rule, required: rule.required });
        break;
      case 'mobileNum':
        if (mode === 'mobile' || smsVerification || enabled(field))
          specs.push({
            field,
            rule,
            required: mode === 'mobile' || smsVerification || rule.required,
          });
        break;
      case 'verificationCode':
        if (smsVerification) specs.push({ field, rule, required: true });
        break;
      case 'password':
        if (passwordShown) specs.push({ field, rule, required: true });
        break;
      case 'confirmPassword':
        if (passwordShown) specs.push({ field, rule, required: true });
        break;
      default:
        if (enabled(field)) specs.push({ field, rule, required: rule.required });
    }
  }
  return specs;
}

/**
 * A phone number as typed ("11 98765-4321", "(11) 98765.4321") reduced to what the server
 * stores; anything other than separators stays, so letters still fail the rule.
 */
export function phoneDigits(value: string): string {
  return value.replace(/[\s().-]/g, '');
}
