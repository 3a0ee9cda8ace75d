import { minorToMajor, parseAmountToMinor, ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routeOptions } from '../../http/route-options';
import type { MemberRef, WalletService } from './service';

/** Rows one CSV export may hold; a longer period must be exported in parts. */
const CSV_MAX_ROWS = 10_000;

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** A client's retry key (`Idempotency-Key` header): the same key is applied once. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key && /^[\w:.-]{8,100}$/.test(key) ? key : null;
}

/** A quoted CSV cell. Text cells that a spreadsheet would run as a formula are defused (CSV injection); amounts are numbers. */
function csvCell(value: string | number, kind: 'text' | 'number' = 'text'): string {
  const text = String(value);
  const safe = kind === 'text' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function walletRoutes(app: FastifyInstance, wallet: WalletService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const routes = ROUTES.wallet;

  r.route({
    ...routeOptions(routes.balances, {
      tags,
      summary: 'Main wallet and transfer-mode vendor wallets',
    }),
    config: { auth: 'required' },
    handler: async (request) => ok(await wallet.balances(memberOf(request), request.brand)),
  });

  r.route({
    ...routeOptions(routes.transfer, {
      tags,
      summary:
        'Move money between two of the member’s wallets (amount in major units; Idempotency-Key header applies a retry once)',
    }),
    config: { auth: 'required' },
    handler: async (request) => {
      const amountMinor = parseAmountToMinor(request.body.amount);
      if (amountMinor === null) throw new AppError('invalid_amount');
      const result = await wallet.transferBetweenWallets(memberOf(request), request.brand, {
        fromAccountTypeId: request.body.fromAccountTypeId,
        toAccountTypeId: request.body.toAccountTypeId,
        amountMinor,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return ok({
        successAmount: minorToMajor(result.successAmountMinor),
        from: {
          accountTypeId: request.body.fromAccountTypeId,
          balanceMinor: result.fromBalanceMinor,
        },
        to: { accountTypeId: request.body.toAccountTypeId, balanceMinor: result.toBalanceMinor },
      });
    },
  });

  r.route({
    ...routeOptions(routes.collectAll, {
      tags,
      summary:
        'Collect every vendor wallet into the main wallet (Idempotency-Key header: a retry answers the first result and moves nothing)',
    }),
    config: { auth: 'required' },
    handler: async (request) => {
      const result = await wallet.collectAll(
        memberOf(request),
        request.brand,
        idempotencyKeyOf(request),
      );
      return ok({
        collectedAmount: minorToMajor(result.collectedMinor),
        balances: result.balances,
      });
    },
  });

  // GET /wps/member/info/funds/consolidated (balances + waiting contract offers): the agents
  // module answers it (agents/contracts/routes.ts), since it needs the contracts.

  r.route({
    ...routeOptions(routes.transactions, {
      tags,
      summary: 'Account record: every ledger movement of the member',
    }),
    config: { auth: 'required' },
    handler: async (request) => ok(await wallet.records(memberOf(request), request.query)),
  });

  r.route({
    ...routeOptions(routes.bets, {
      tags,
      summary:
        'Betting record (personalHistoryCopy): the member’s rounds of a period (brand time zone), by category, vendor and status, with totals; 20 a page',
    }),
    config: { auth: 'required' },
    handler: async (request) =>
      ok(
        await wallet.betRecord(
          memberOf(request),
          request.query,
          request.brand.timeZone,
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.profit, {
      tags,
      summary:
        'Profit and loss (personalProfit): settled rounds of a period per day (brand time zone) and per category',
    }),
    config: { auth: 'required' },
    handler: async (request) =>
      ok(await wallet.profit(memberOf(request), request.query, request.brand.timeZone)),
  });

  r.route({
    ...routeOptions(routes.transactionsCsv, {
      tags,
      summary: 'Account record as CSV (same filters)',
    }),
    config: { auth: 'required' },
    handler: async (request, reply) => {
      const page = await wallet.records(memberOf(request), {
        ...request.query,
        pageNo: 1,
        pageSize: CSV_MAX_ROWS,
      });
      const pt = request.language === 'pt-BR';
      const header = pt
        ? ['id', 'data_utc', 'tipo', 'carteira', 'valor', 'saldo_apos', 'referencia']
        : ['id', 'time_utc', 'type', 'wallet', 'amount', 'balance_after', 'reference'];
      const lines = [header.map((h) => csvCell(h)).join(',')];
      for (const t of page.list) {
        lines.push(
          [
            csvCell(t.id, 'number'),
            csvCell(t.time),
            csvCell(t.type),
            csvCell(t.wallet),
            csvCell((t.amountMinor / 100).toFixed(2), 'number'),
            csvCell((t.balanceAfterMinor / 100).toFixed(2), 'number'),
            csvCell(t.reference),
          ].join(','),
        );
      }
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${pt ? 'extrato' : 'account-record'}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  });
}
