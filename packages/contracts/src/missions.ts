import { z } from 'zod';
import type { Endpoint } from './endpoints';
import {
  LEADERBOARD_PERIODS,
  MISSION_ADMIN_ENDPOINTS as A,
  MISSION_ENDPOINTS as E,
  MISSION_KINDS,
  MISSION_PERIODS,
  MISSION_REWARD_KINDS,
  MISSION_STATUSES,
  REFERRAL_BLOCK_REASONS,
  REFERRAL_ENDPOINTS as R,
  REFERRAL_STATUSES,
} from './missions-endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

export * from './missions-endpoints';

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

/**
 * Missions, the mission leaderboard and invite-a-friend (docs/missions.md). Money in integer
 * minor units; a mission's target is minor units for bet and deposit, a count otherwise.
 */
export const missionCardSchema = z.object({
  id: z.number().int(),
  title: serverText(),
  kind: z.enum(MISSION_KINDS),
  gameCategory: serverText().nullable(),
  periodType: z.enum(MISSION_PERIODS),
  target: z.number().int(),
  /** Counted so far this period (may pass the target). */
  progress: z.number().int(),
  status: z.enum(MISSION_STATUSES),
  rewardKind: z.enum(MISSION_REWARD_KINDS),
  rewardMinor: z.number().int(),
  ticketKind: serverText().nullable(),
  missionPoints: z.number().int(),
  /** When this period's progress starts over (null for a one-time mission). */
  resetsAtUtc: serverText().nullable(),
  /** The end of the mission's own window (null: no end date). */
  endsAtUtc: serverText().nullable(),
  /**
   * The window is over: the card stays only while a reward earned in it waits for its claim,
   * until `claimUntilUtc` (the grace period, docs/missions.md "Dates").
   */
  ended: z.boolean(),
  claimUntilUtc: serverText().nullable(),
});
export type MissionCard = z.infer<typeof missionCardSchema>;

export const missionListSchema = z.object({
  currency: serverText(),
  claimableCount: z.number().int(),
  missions: z.array(missionCardSchema),
});
export type MissionList = z.infer<typeof missionListSchema>;

export const missionBadgeSchema = z.object({ claimableCount: z.number().int() });
export type MissionBadge = z.infer<typeof missionBadgeSchema>;

export const missionIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default('week'),
});
export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  /** The member's name, partly hidden (others' accounts are not shown whole). */
  name: serverText(),
  points: z.number().int(),
  isMe: z.boolean(),
});
export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  fromUtc: serverText(),
  toUtc: serverText(),
  top: z.array(leaderboardRowSchema),
  /** The member's own place (rank null: no mission points in the period yet). */
  me: z.object({ rank: z.number().int().nullable(), points: z.number().int() }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const referralFriendSchema = z.object({
  name: serverText(),
  registeredAt: serverText(),
  status: z.enum(REFERRAL_STATUSES),
  blockedReason: z.enum(REFERRAL_BLOCK_REASONS).nullable(),
  firstDepositMinor: z.number().int(),
  turnoverMinor: z.number().int(),
  /** What the referrer received for this friend (0 until qualified). */
  rewardMinor: z.number().int(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralOverviewSchema = z.object({
  enabled: z.boolean(),
  currency: serverText(),
  code: serverText(),
  /** The registration address with the code (`/register?referralCode=…`), relative to the site. */
  linkPath: serverText(),
  rules: z.object({
    minDepositMinor: z.number().int(),
    minTurnoverMinor: z.number().int(),
    rewardKind: z.enum(['cash', 'bonus', 'points']),
    rewardMinor: z.number().int(),
  }),
  counts: z.object({
    registered: z.number().int(),
    deposited: z.number().int(),
    qualified: z.number().int(),
  }),
  earnedMinor: z.number().int(),
  friends: z.array(referralFriendSchema),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

export const MISSION_ROUTES = {
  list: route(E.list, { response: missionListSchema }),
  badge: route(E.badge, { response: missionBadgeSchema }),
  claim: route(E.claim, { params: missionIdParamsSchema, response: missionCardSchema }),
  leaderboard: route(E.leaderboard, { query: leaderboardQuerySchema, response: leaderboardSchema }),
} as const satisfies Record<string, RouteDescriptor>;

export const REFERRAL_ROUTES = {
  overview: route(R.overview, { response: referralOverviewSchema }),
} as const satisfies Record<string, RouteDescriptor>;

/* The console. */

/** An instant as ISO-8601 text (the desk sends `toISOString()`). */
const instantSchema = text(40).refine((value) => !Number.isNaN(Date.parse(value)), {
  message: 'not a date',
});

const localizedTitle = z
  .object({ 'pt-BR': text(80).trim().min(1), en: text(80).trim().min(1) })
  .strict();

export const missionRulesSchema = z
  .object({
    titles: localizedTitle,
    kind: z.enum(MISSION_KINDS),
    gameCategory: text(16).trim().min(1).nullable().default(null),
    periodType: z.enum(MISSION_PERIODS),
    target: z.number().int().min(1).max(1_000_000_000_00),
    rewardKind: z.enum(MISSION_REWARD_KINDS),
    rewardMinor: z.number().int().min(1).max(1_000_000_00),
    ticketKind: z
      .enum(['bonus', 'points', 'egg', 'red_envelope', 'prize_wheel'])
      .nullable()
      .default(null),
    wageringMultiple: z.number().int().min(0).max(100).default(0),
    missionPoints: z.number().int().min(0).max(1_000_000).default(0),
    enabled: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(9999).default(0),
    /** The mission's own window (null: open on that side); the end must be after the start. */
    startsAt: instantSchema.nullable().default(null),
    endsAt: instantSchema.nullable().default(null),
  })
  .strict();
export type MissionRules = z.input<typeof missionRulesSchema>;
export const createMissionSchema = missionRulesSchema.extend({
  merchantCode: text(32).trim().min(1),
});

export const adminMissionSchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  titles: z.record(serverText(), serverText()),
  kind: z.enum(MISSION_KINDS),
  gameCategory: serverText().nullable(),
  periodType: z.enum(MISSION_PERIODS),
  target: z.number().int(),
  rewardKind: z.enum(MISSION_REWARD_KINDS),
  rewardMinor: z.number().int(),
  ticketKind: serverText().nullable(),
  wageringMultiple: z.number().int(),
  missionPoints: z.number().int(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  startsAt: serverText().nullable(),
  endsAt: serverText().nullable(),
  /** Members who claimed it, all periods. */
  claimedCount: z.number().int(),
  updatedAt: serverText(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;
export const adminMissionsQuerySchema = z.object({
  merchantCode: text(32).trim().min(1).optional(),
});
export const adminMissionsSchema = z.object({ list: z.array(adminMissionSchema) });

export const referralSettingsSchema = z
  .object({
    enabled: z.boolean(),
    minDepositMinor: z.number().int().min(0).max(1_000_000_00),
    minTurnoverMinor: z.number().int().min(0).max(1_000_000_00),
    rewardKind: z.enum(['cash', 'bonus', 'points']),
    rewardMinor: z.number().int().min(0).max(1_000_000_00),
    wageringMultiple: z.number().int().min(0).max(100),
    blockSameIp: z.boolean(),
  })
  .strict();
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const referralSettingsQuerySchema = z.object({ merchantCode: text(32).trim().min(1) });

export const MISSION_ADMIN_ROUTES = {
  list: route(A.list, { query: adminMissionsQuerySchema, response: adminMissionsSchema }),
  create: route(A.create, { body: createMissionSchema, response: adminMissionSchema }),
  update: route(A.update, {
    params: missionIdParamsSchema,
    body: missionRulesSchema,
    response: adminMissionSchema,
  }),
  referralSettings: route(A.referralSettings, {
    query: referralSettingsQuerySchema,
    response: referralSettingsSchema,
  }),
  // The brand in the path (like the bonus settings'): validated before the body.
  saveReferralSettings: route(A.saveReferralSettings, {
    params: referralSettingsQuerySchema,
    body: referralSettingsSchema,
    response: referralSettingsSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
