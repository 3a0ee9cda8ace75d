import {
  REGISTER_PATTERNS,
  type ModuleNode,
  type RegisterFieldRule,
  type RegisterPatternId,
} from '@banca/contracts';
import type { BrandSettings } from '../modules/system/brand-settings';

export const DEMO_MERCHANT_CODE = 'BANCA';

function rule(
  field: string,
  patternId: RegisterPatternId,
  minLength: number,
  maxLength: number,
  options: { enabled?: boolean; required?: boolean } = {},
): RegisterFieldRule {
  return {
    field,
    enabled: options.enabled ?? true,
    required: options.required ?? false,
    acceptedPattern: REGISTER_PATTERNS[patternId],
    patternId,
    minLength,
    maxLength,
  };
}

const node = (modId: string, enabled = true, childrenNodes: ModuleNode[] = []): ModuleNode => ({
  modId,
  enabled,
  childrenNodes,
});

/** The demo brand as an operator would configure a Brazilian site on day one. */
export const DEMO_BRAND_SETTINGS: BrandSettings = {
  siteFlags: {
    CHNGPASSVERIF3: true,
    USERNAMEREG3: true,
    MOBILENUMREG3: true,
    MOBILENUMPASSREG3: true,
    REGMOBVERF3: false,
    AGENTPOLICY3: true,
  },
  whitelabel: [
    node('FREE_PLAY'),
    node('SMS_LOGIN'),
    node('THIRD_PARTY_LOGIN', false),
    node('MANUAL_REBATE'),
    node('PROMOTIONS'),
    node('REWARD_CENTER'),
    node('VIP'),
    node('POINT_MALL'),
    node('REFERRAL'),
    node('MISSIONS'),
    node('APP_DOWNLOAD'),
    node('LOGIN_IP_VERIFICATION', false),
    node('AGENT', true, [
      node('AGENT_INFO'),
      node('AGENT_REGISTER_CENTER'),
      node('AGENT_DOWNLINE_MANAGEMENT'),
      node('AGENT_TEAM_BETTING'),
      node('AGENT_TEAM_PNL'),
      node('AGENT_REVENUE'),
      node('AGENT_DOWNLINE_TRANSACTIONS'),
      node('AGENT_MULTI_DOWNLINE_TRANSFER'),
      node('AGENT_DIVIDEND'),
      node('AGENT_DAILY_SALARY'),
      node('AGENT_HOURLY_SALARY'),
      node('AGENT_REALTIME_SALARY'),
    ]),
  ],
  register: [
    rule('username', 'LETTER_FIRST_ALNUM', 4, 16, { required: true }),
    rule('password', 'LETTERS_DIGITS_SYMBOLS', 6, 20, { required: true }),
    rule('confirmPassword', 'ANY', 6, 20, { required: true }),
    rule('mobileNum', 'DIGITS', 10, 11),
    rule('email', 'EMAIL', 5, 64),
    rule('payeeName', 'FULL_NAME', 3, 64),
    rule('affiliateCode', 'ALNUM', 4, 16),
    rule('referralCode', 'ALNUM', 4, 16),
    rule('paymentPassword', 'DIGITS', 6, 6, { enabled: false }),
    rule('verificationCode', 'DIGITS', 6, 6, { enabled: false }),
    rule('captcha', 'ALNUM', 4, 6, { enabled: false }),
    rule('qqNum', 'DIGITS', 5, 12, { enabled: false }),
    rule('recommenderId', 'ALNUM', 4, 16, { enabled: false }),
    rule('line', 'NO_SPACES', 3, 32, { enabled: false }),
    rule('whatsapp', 'DIGITS', 10, 15),
    rule('facebook', 'NO_SPACES', 3, 64, { enabled: false }),
    rule('wechat', 'NO_SPACES', 3, 32, { enabled: false }),
    rule('idNumber', 'DIGITS', 11, 11, { enabled: false }),
  ],
  maintenance: { enabled: false, note: null, bypassCidrs: [] },
  region: { allowCidrs: [], denyCidrs: [] },
  customerService: [
    // The built-in support chat (docs/support.md): answered on the console's support desk.
    { csType: 'SUPPORT_CHAT', path: '', label: 'Chat 24h' },
    { csType: 'WHATSAPP', path: 'https://wa.me/5511999990000', label: 'WhatsApp' },
    { csType: 'TELEGRAM', path: 'https://t.me/banca_suporte', label: 'Telegram' },
  ],
  socialChannels: [
    { channel: 'INSTAGRAM', url: 'https://instagram.com/banca' },
    { channel: 'YOUTUBE', url: 'https://youtube.com/@banca' },
    { channel: 'FACEBOOK', url: 'https://facebook.com/banca' },
    { channel: 'WHATSAPP', url: 'https://wa.me/5511999990000' },
    { channel: 'MESSENGER', url: 'https://m.me/banca' },
    { channel: 'TELEGRAM', url: 'https://t.me/banca' },
  ],
  resources: [
    { labelNameEn: 'Android app', url: '/download?os=android' },
    { labelNameEn: 'iOS app', url: '/download?os=ios' },
  ],
  domainRoute: [
    { name: 'Principal', url: 'http://localhost:8080' },
    { name: 'Espelho 1', url: 'http://127.0.0.1:8080' },
  ],
  mainDomain: 'localhost',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  ageConfirmation: 18,
  theme: {
    accentColor: '#f5b301',
    accentContrastColor: '#1a1200',
    backgroundColor: '#0d1117',
    surfaceColor: '#161c26',
    logoText: 'BANCA',
  },
};

/**
 * Demo accounts (README "Demo"): a player, an agent whose invitation code registers
 * downlines, and a player created by an agent with the weak default password, who must
 * change it at first login.
 */
export const DEMO_ACCOUNTS = [
  {
    username: 'demo',
    password: 'demo@2026',
    type: 0,
    nickname: 'Jogador Demo',
    fullName: 'Joana Silva',
    email: 'demo@banca.local',
    mobileNum: '11987654321',
    inviteCode: 'DEMO2026',
    mustChangePassword: false,
  },
  {
    username: 'agente',
    password: 'agente@2026',
    type: 1,
    nickname: 'Agente Demo',
    fullName: 'Carlos Souza',
    email: 'agente@banca.local',
    mobileNum: '11912345678',
    inviteCode: 'AGENTE01',
    mustChangePassword: false,
  },
  {
    username: 'novato',
    password: '123456',
    type: 0,
    nickname: null,
    fullName: null,
    email: null,
    mobileNum: null,
    inviteCode: 'NOVATO01',
    mustChangePassword: true,
  },
] as const;
