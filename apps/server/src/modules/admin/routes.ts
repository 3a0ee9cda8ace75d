import { ADMIN_ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { RATE_LIMITS } from '../../http/rate-limits';
import { operatorRouteOptions } from '../../http/route-options';
import { STAFF_BINDING_COOKIE, type StaffCaller, type StaffClient } from '../../http/scopes';
import type { AuditService } from './service';
import { OPERATOR_SORTS, STAFF_SESSION_ABSOLUTE_MS, type StaffService } from './staff-service';

/** Who manages operators: owners only. */
const OWNER = ['owner'] as const;
/** Who reads the audit log: owners, and risk (who investigates). */
const AUDIT_READERS = ['owner', 'risk'] as const;

function clientOf(request: FastifyRequest): StaffClient {
  const ua = request.headers['user-agent'];
  return { binding: null, userAgent: typeof ua === 'string' ? ua : null, ip: request.ip };
}

function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new AppError('staff_login_required');
  return request.staff;
}

/**
 * The binding cookie of a staff session: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it), only under /admin/api, Secure over TLS. It lives as long as
 * the session can; logout clears it.
 */
function setBindingCookie(request: FastifyRequest, reply: FastifyReply, value: string | null) {
  const parts = [
    `${STAFF_BINDING_COOKIE}=${value ?? ''}`,
    'Path=/admin/api',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${value ? Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000) : 0}`,
  ];
  if (request.protocol === 'https') parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

function sortOf<S extends string>(allowed: readonly S[], sort: string | undefined, fallback: S): S {
  if (sort === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(sort))
    throw new AppError('validation_failed', { params: { detail: `sort: ${allowed.join(', ')}` } });
  return sort as S;
}

/** The console's own routes: staff sign-in, the operators desk, the audit log. */
export function adminRoutes(
  app: FastifyInstance,
  deps: { staff: StaffService; audit: AuditService; keys: KeyStore },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { staff, audit, keys } = deps;
  const tags = ['admin'];
  const routes = ADMIN_ROUTES.staff;
  const loginRateLimit = app.rateLimit(RATE_LIMITS.login);

  r.route({
    ...operatorRouteOptions(routes.login, {
      tags,
      summary:
        'Operator sign-in, step 1: username and password (encrypted); the authenticator step follows',
    }),
    config: { staffSignIn: true },
    onRequest: loginRateLimit,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.login.body);
      return ok(await staff.login(input, clientOf(request)));
    },
  });

  r.route({
    ...operatorRouteOptions(routes.totp, {
      tags,
      summary:
        'Operator sign-in, step 2: the authenticator code (enrols it the first time); opens the session',
    }),
    config: { staffSignIn: true },
    onRequest: loginRateLimit,
    handler: async (request, reply) => {
      const signIn = await staff.verifyTotp(request.body, clientOf(request));
      setBindingCookie(request, reply, signIn.binding);
      // Audited as the operator's first act of the session (the scope records it on send).
      request.staff = { staffId: signIn.session.operator.id, roles: signIn.session.operator.roles };
      request.audit = { action: 'staff.login', subject: `operator:${signIn.session.operator.id}` };
      return ok(signIn.session);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.logout, { tags, summary: 'End this staff session' }),
    handler: async (request, reply) => {
      const caller = staffOf(request);
      if (caller.sessionId !== undefined) await staff.logout(caller.sessionId);
      setBindingCookie(request, reply, null);
      request.audit = { action: 'staff.logout', subject: `operator:${caller.staffId}` };
      return ok({ done: true as const });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.me, { tags, summary: 'The signed-in operator' }),
    handler: async (request) => ok(await staff.operator(staffOf(request).staffId)),
  });

  r.route({
    ...operatorRouteOptions(routes.operators, { tags, summary: 'Operators (owner)' }),
    config: { roles: OWNER },
    handler: async (request) => {
      const q = request.query;
      return ok(
        await staff.listOperators({
          search: q.search,
          sort: sortOf(OPERATOR_SORTS, q.sort, 'id'),
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
        }),
      );
    },
  });

  r.route({
    ...operatorRouteOptions(routes.createOperator, {
      tags,
      summary: 'Create an operator with roles and a first password (owner, encrypted)',
    }),
    config: { roles: OWNER },
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.createOperator.body);
      const created = await staff.createOperator(input, staffOf(request).staffId);
      request.audit = {
        action: 'operator.create',
        subject: `operator:${created.id}`,
        after: created,
      };
      return ok(created);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateOperator, {
      tags,
      summary: 'Change an operator’s name, roles or status (owner)',
    }),
    config: { roles: OWNER },
    handler: async (request) => {
      const { before, after } = await staff.updateOperator(
        request.params.id,
        request.body,
        staffOf(request).staffId,
      );
      request.audit = { action: 'operator.update', subject: `operator:${after.id}`, before, after };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.resetOperatorTotp, {
      tags,
      summary: 'Forget an operator’s authenticator: the next sign-in enrols a new one (owner)',
    }),
    config: { roles: OWNER },
    handler: async (request) => {
      const { before, after } = await staff.resetOperatorTotp(request.params.id);
      request.audit = {
        action: 'operator.reset_totp',
        subject: `operator:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });

  r.route({
    ...operatorRouteOptions(routes.audit, {
      tags,
      summary: 'The audit log, filtered (owner, risk)',
    }),
    config: { roles: AUDIT_READERS },
    handler: async (request) => {
      const q = request.query;
      sortOf(['id'], q.sort, 'id');
      return ok(
        await audit.list({
          operatorId: q.operatorId,
          action: q.action,
          subject: q.subject,
          from: q.from,
          to: q.to,
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
        }),
      );
    },
  });
}
