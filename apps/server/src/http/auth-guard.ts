import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * What the guard needs of a member's session. The auth module, which owns sessions, widens it
 * to its full session context by declaration merging.
 */
export interface SessionContext {
  scope: 'full' | 'password_change';
  isTrial: boolean;
}

/** Turns a token into the live session it stands for, or null (auth module). */
export interface SessionResolver {
  authenticate(token: string, merchantCode: string): Promise<SessionContext | null>;
}

/** Who is calling, as the brute-force limits and the session record see it. */
export type ClientInfo = { ip: string; device: string; userAgent: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session when the route asked for one (`config.auth`). */
    session: SessionContext | null;
  }
  interface FastifyContextConfig {
    /** `required`: refuse without a live session; `optional`: read it when present. */
    auth?: 'required' | 'optional';
    /** Trial (free play) members are refused with trial_register_first unless this is true. */
    allowTrial?: boolean;
    /** Routes a session with a pending forced password change may still call. */
    allowPendingPasswordChange?: boolean;
  }
}

/** `Authorization: <token>` as the original client sends it, or `Bearer <token>`. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/** Must be installed after the gateway hook: it needs the brand. */
export function installAuthGuard(api: FastifyInstance, sessions: SessionResolver): void {
  api.decorateRequest('session', null);
  api.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config.auth) return;
    const token = tokenOf(request);
    const session = token ? await sessions.authenticate(token, request.brand.merchantCode) : null;
    if (!session) {
      if (config.auth === 'required') throw new AppError('not_logged_in');
      return;
    }
    if (session.scope === 'password_change' && !config.allowPendingPasswordChange)
      throw new AppError('password_change_required');
    if (session.isTrial && config.allowTrial === false) throw new AppError('trial_register_first');
    request.session = session;
  });
}

/** The session of a route declared with `auth: 'required'`. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('not_logged_in');
  return request.session;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, device: request.device, userAgent: typeof ua === 'string' ? ua : null };
}

/** Key the SMS/e-mail throttles count by. */
export function clientKeyOf(request: FastifyRequest): string {
  return `ip:${request.ip}`;
}
