import type { Language, MemberMessage, MessageKind, MessagePage } from '@banca/contracts';
import type { Db } from '../../db/connect';
import { publish, relaxCommit } from '../../lib/events';
import type { MessagesRepository } from './repository';
import type { MessageParams } from './tables';
import { renderMessage } from './templates';

/** Whose inbox: a member of a brand (the session's). */
export type InboxOwner = { memberId: number; merchantCode: string };

export type NewMessage = InboxOwner & {
  kind: MessageKind;
  params: MessageParams;
  /** What the message is about (`deposit_credited:<depositId>`): one message per source. */
  sourceKey: string;
  /**
   * When the fact happened (its event's time): the inbox is in this order, whatever order the
   * event bus delivers in (it promises none). Now when not given.
   */
  at?: Date;
};

export function createMessagesService(deps: {
  db: Db;
  repo: MessagesRepository;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Puts a message in a member's inbox, once per source: a second call with the same source key
   * (a redelivered event) writes nothing and answers `created: false`. `message.created` is
   * published in the same transaction, so INBOX is pushed exactly when the message exists.
   */
  async function deliver(message: NewMessage): Promise<{ created: boolean }> {
    return db.transaction().execute(async (trx) => {
      await relaxCommit(trx);
      const id = await repo.insertOnce(trx, {
        merchant_code: message.merchantCode,
        member_id: message.memberId,
        kind: message.kind,
        params: message.params,
        source_key: message.sourceKey,
        created_at: message.at ?? now(),
      });
      if (id === null) return { created: false };
      await publish(trx, 'message.created', {
        messageId: id,
        merchantCode: message.merchantCode,
        memberId: message.memberId,
        kind: message.kind,
      });
      return { created: true };
    });
  }

  /**
   * deliver() for many messages in one transaction (the bus's batch of credited deposits): one
   * insert, then `message.created` for each message written. A source already in the inbox, or
   * twice in the batch, writes once.
   */
  async function deliverMany(messages: NewMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      await relaxCommit(trx);
      const bySource = new Map(messages.map((message) => [message.sourceKey, message]));
      const written = await repo.insertManyOnce(
        trx,
        [...bySource.values()].map((message) => ({
          merchant_code: message.merchantCode,
          member_id: message.memberId,
          kind: message.kind,
          params: message.params,
          source_key: message.sourceKey,
          created_at: message.at ?? now(),
        })),
      );
      for (const { id, sourceKey } of written) {
        const message = bySource.get(sourceKey)!;
        await publish(trx, 'message.created', {
          messageId: id,
          merchantCode: message.merchantCode,
          memberId: message.memberId,
          kind: message.kind,
        });
      }
      return written.length;
    });
  }

  async function list(
    owner: InboxOwner,
    query: { pageNo: number; pageSize: number; status: 'all' | 'unread' },
    language: Language,
  ): Promise<MessagePage> {
    const [{ rows, total }, unread] = await Promise.all([
      repo.page(owner.memberId, {
        unreadOnly: query.status === 'unread',
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      repo.unreadCount(owner.memberId),
    ]);
    return {
      list: rows.map((row): MemberMessage => {
        const { title, content } = renderMessage(row.kind, row.params, language);
        return {
          id: row.id,
          kind: row.kind,
          title,
          content,
          amountMinor: row.params.amountMinor,
          currency: row.params.currency,
          detail: row.params.detail,
          read: row.read_at !== null,
          createdAt: row.created_at.toISOString(),
        };
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / query.pageSize),
      unread,
    };
  }

  /** The header badge's number. */
  function unreadCount(owner: InboxOwner): Promise<number> {
    return repo.unreadCount(owner.memberId);
  }

  /** The unread count of many members at once (the realtime INBOX push of a batch). */
  function unreadCounts(memberIds: number[]): Promise<Map<number, number>> {
    return repo.unreadCounts(memberIds);
  }

  /** Read or unread again; another member's ids change nothing. Answers the new unread count. */
  async function setRead(owner: InboxOwner, ids: number[], read: boolean): Promise<number> {
    await repo.setRead(owner.memberId, ids, read, now());
    return repo.unreadCount(owner.memberId);
  }

  /** Hides the messages for good (see migration 0020); answers the new unread count. */
  async function remove(owner: InboxOwner, ids: number[]): Promise<number> {
    await repo.softDelete(owner.memberId, ids, now());
    return repo.unreadCount(owner.memberId);
  }

  return { deliver, deliverMany, list, unreadCount, unreadCounts, setRead, remove };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
