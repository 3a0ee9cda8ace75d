import { createHash, randomBytes } from 'node:crypto';
import {
  SUPPORT_DESK_SORTS,
  SUPPORT_DESK_TICKET_TTL_MS,
  SUPPORT_HISTORY_PAGE,
  SUPPORT_IMAGE_MAX_BYTES,
  type SupportDeskTicket,
  type SupportChat,
  type SupportConversation,
  type SupportConversationRow,
  type SupportDeskMessage,
  type SupportMessage,
  type SupportSummary,
} from '@banca/contracts';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { publish } from '../../../lib/events';
import { answeringStorage, sniffWebImage, type FileStorage } from '../../../lib/file-storage';
import type {
  ConversationRow,
  DeskConversationRow,
  DeskSort,
  MessageRow,
  SupportRepository,
} from './repository';

/** A member writing from their session. */
export type ChatMember = { memberId: number; merchantCode: string; username: string };
/** An operator answering from the console (their display name is kept on the message). */
export type ChatOperator = { staffId: number; name: string };

function isDeskSort(sort: string): sort is DeskSort {
  return (SUPPORT_DESK_SORTS as readonly string[]).includes(sort);
}

/** Longest preview of the last line in the desk's list. */
const PREVIEW_MAX_CHARS = 120;

/** Where chat pictures are stored (lib/file-storage keys; never served by key, only by line). */
const IMAGE_PREFIX = 'support-images/';

function toMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    sender: row.sender,
    body: row.body,
    hasImage: row.image_key !== null,
    createdAt: row.created_at.toISOString(),
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

function toDeskMessage(row: MessageRow): SupportDeskMessage {
  return { ...toMessage(row), authorName: row.author_name };
}

function toDeskRow(row: DeskConversationRow): SupportConversationRow {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: Number(row.member_id),
    username: row.username,
    status: row.status,
    unread: row.unread,
    lastMessage: row.last_body === null ? null : row.last_body.slice(0, PREVIEW_MAX_CHARS),
    lastHasImage: row.last_image_key !== null,
    lastSender: row.last_sender,
    lastMessageAt: row.last_message_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/**
 * The built-in support chat (docs/support.md): one conversation per member with the brand's
 * operators. Members write and read over HTTP and hear answers over /ws (SUPPORT, pushed from
 * `support.changed`); the console desk lists, answers and closes.
 */
export function createSupportService(deps: {
  db: Db;
  repo: SupportRepository;
  storage: FileStorage;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  // A store that did not answer is a 503 with its code (nothing recorded), never a 500.
  const storage = answeringStorage(deps.storage);
  const now = deps.now ?? (() => new Date());

  /**
   * A line's picture, checked and stored before the line is written: PNG, JPEG or WebP by its
   * bytes, at most SUPPORT_IMAGE_MAX_BYTES, else `support_bad_image` and nothing stored.
   */
  async function storeImage(base64: string | undefined) {
    if (base64 === undefined) return null;
    const bytes = Buffer.from(base64, 'base64');
    const type = bytes.length <= SUPPORT_IMAGE_MAX_BYTES ? sniffWebImage(bytes) : null;
    if (!type)
      throw new AppError('support_bad_image', {
        params: { maxMb: SUPPORT_IMAGE_MAX_BYTES / (1024 * 1024) },
      });
    const key = await storage.put(IMAGE_PREFIX, bytes, type);
    return { key, type };
  }

  /** The stored picture of a line, or `support_image_not_found`. */
  async function imageFile(key: string) {
    const file = await storage.get(key);
    if (!file) throw new AppError('support_image_not_found');
    return file;
  }

  /** The member's chat: the newest page of messages, or the page before `beforeId`. */
  async function memberChat(memberId: number, beforeId?: number): Promise<SupportChat> {
    const conversation = await repo.findByMember(memberId);
    if (!conversation)
      return { conversationId: null, status: null, unread: 0, messages: [], hasOlder: false };
    const [{ rows, hasOlder }, unread] = await Promise.all([
      repo.messages(conversation.id, { beforeId, limit: SUPPORT_HISTORY_PAGE }),
      repo.unreadFor(db, conversation, 'member'),
    ]);
    return {
      conversationId: conversation.id,
      status: conversation.status,
      unread,
      messages: rows.map(toMessage),
      hasOlder,
    };
  }

  async function memberUnread(memberId: number): Promise<number> {
    const conversation = await repo.findByMember(memberId);
    return conversation ? repo.unreadFor(db, conversation, 'member') : 0;
  }

  /**
   * A member's message: the first one creates the conversation, one after a close opens it
   * again. The conversation's row is locked before the message is numbered, so a
   * conversation's messages are numbered in the order they commit.
   */
  async function memberSend(
    member: ChatMember,
    body: string,
    imageBase64?: string,
  ): Promise<SupportMessage> {
    const image = await storeImage(imageBase64);
    const row = await db.transaction().execute(async (trx) => {
      const conversation = await repo.openForMember(trx, member);
      const message = await repo.insertMessage(trx, {
        conversationId: conversation.id,
        sender: 'member',
        staffId: null,
        authorName: null,
        body,
        image,
        at: now(),
      });
      // The console's desks hear of it (support.desk topic) exactly when the line exists.
      await publish(trx, 'support.member-wrote', {
        conversationId: conversation.id,
        messageId: message.id,
      });
      return message;
    });
    return toMessage(row);
  }

  /** The picture of a line in the member's own conversation; anyone else's is "not found". */
  async function memberImage(memberId: number, messageId: number) {
    const found = await repo.messageImage(messageId);
    if (!found || found.member_id !== memberId) throw new AppError('support_image_not_found');
    return imageFile(found.image_key);
  }

  /** The picture of any conversation's line (support operators). */
  async function deskImage(messageId: number) {
    const found = await repo.messageImage(messageId);
    if (!found) throw new AppError('support_image_not_found');
    return imageFile(found.image_key);
  }

  /**
   * A ticket for the `support.desk` topic on /ws: 256 random bits, kept hashed for
   * SUPPORT_DESK_TICKET_TTL_MS. The staff session's binding cookie never reaches /ws (it is
   * scoped to /admin/api), so the console trades its signed-in call for this.
   */
  async function issueDeskTicket(staffId: number): Promise<SupportDeskTicket> {
    const ticket = randomBytes(32).toString('base64url');
    const at = now();
    const expiresAt = new Date(at.getTime() + SUPPORT_DESK_TICKET_TTL_MS);
    await repo.insertDeskTicket(sha256(ticket), staffId, expiresAt, at);
    return { ticket, expiresAt: expiresAt.toISOString() };
  }

  /** Whether a socket showing `ticket` may follow `support.desk` (realtime's topic guard). */
  async function checkDeskTicket(ticket: string): Promise<boolean> {
    if (ticket.length < 40 || ticket.length > 64) return false;
    return repo.liveDeskTicket(sha256(ticket), now());
  }

  /** The member read up to `upToId`: answers their unread count after it. */
  async function memberRead(memberId: number, upToId: number): Promise<number> {
    const conversation = await repo.findByMember(memberId);
    if (!conversation) return 0;
    const after = await repo.markRead(conversation.id, 'member', upToId);
    return repo.unreadFor(db, after!, 'member');
  }

  async function deskRowOrThrow(executor: Db, id: number): Promise<SupportConversationRow> {
    const row = await repo.deskRow(executor, id);
    if (!row) throw new AppError('support_conversation_not_found');
    return toDeskRow(row);
  }

  async function deskList(filter: {
    status: 'open' | 'closed' | 'all';
    unreadOnly: boolean;
    search?: string;
    sort?: string;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }): Promise<{ rows: SupportConversationRow[]; page: number; pageSize: number; total: number }> {
    const sort = filter.sort ?? 'lastMessageAt';
    if (!isDeskSort(sort))
      throw new AppError('validation_failed', { params: { detail: `sort ${sort}` } });
    const { rows, total } = await repo.deskPage({
      status: filter.status,
      unreadOnly: filter.unreadOnly,
      search: filter.search || undefined,
      sort,
      order: filter.order,
      offset: (filter.page - 1) * filter.pageSize,
      limit: filter.pageSize,
    });
    return { rows: rows.map(toDeskRow), page: filter.page, pageSize: filter.pageSize, total };
  }

  function deskSummary(): Promise<SupportSummary> {
    return repo.summary();
  }

  async function deskConversation(id: number, beforeId?: number): Promise<SupportConversation> {
    const conversation = await deskRowOrThrow(db, id);
    const { rows, hasOlder } = await repo.messages(id, { beforeId, limit: SUPPORT_HISTORY_PAGE });
    return { conversation, messages: rows.map(toDeskMessage), hasOlder };
  }

  /** Locks an open conversation for an operator's change; refuses an unknown or closed one. */
  async function lockOpen(trx: Db, id: number): Promise<ConversationRow> {
    const conversation = await repo.lock(trx, id);
    if (!conversation) throw new AppError('support_conversation_not_found');
    if (conversation.status === 'closed') throw new AppError('support_conversation_closed');
    return conversation;
  }

  /**
   * An operator's answer. `support.changed` is published in the same transaction, so the
   * member's SUPPORT push exists exactly when the answer does.
   */
  async function deskReply(
    id: number,
    operator: ChatOperator,
    body: string,
    imageBase64?: string,
  ): Promise<SupportDeskMessage> {
    // Refused before a picture is stored (the transaction checks again under the row's lock).
    if (imageBase64 !== undefined) {
      const current = await deskRowOrThrow(db, id);
      if (current.status === 'closed') throw new AppError('support_conversation_closed');
    }
    const image = await storeImage(imageBase64);
    const row = await db.transaction().execute(async (trx) => {
      const conversation = await lockOpen(trx, id);
      const message = await repo.insertMessage(trx, {
        conversationId: id,
        sender: 'staff',
        staffId: operator.staffId,
        authorName: operator.name,
        body,
        image,
        at: now(),
      });
      await publish(trx, 'support.changed', {
        merchantCode: conversation.merchant_code,
        memberId: Number(conversation.member_id),
        conversationId: id,
        messageId: message.id,
        status: 'open',
        unread: await repo.unreadFor(trx, conversation, 'member'),
        sourceKey: `support.message:${message.id}`,
      });
      return message;
    });
    return toDeskMessage(row);
  }

  /** An operator read the conversation up to `upToId`. */
  async function deskRead(id: number, upToId: number): Promise<SupportConversationRow> {
    const marked = await repo.markRead(id, 'staff', upToId);
    if (!marked) throw new AppError('support_conversation_not_found');
    return deskRowOrThrow(db, id);
  }

  /** Closes an open conversation (the member's next message opens it again); tells the member. */
  async function deskClose(
    id: number,
    staffId: number,
  ): Promise<{ before: SupportConversationRow; after: SupportConversationRow }> {
    return db.transaction().execute(async (trx) => {
      const conversation = await lockOpen(trx, id);
      const before = await deskRowOrThrow(trx, id);
      const at = now();
      await repo.close(trx, id, staffId, at);
      await publish(trx, 'support.changed', {
        merchantCode: conversation.merchant_code,
        memberId: Number(conversation.member_id),
        conversationId: id,
        messageId: null,
        status: 'closed',
        unread: await repo.unreadFor(trx, conversation, 'member'),
        sourceKey: `support.closed:${id}:${at.getTime()}`,
      });
      return { before, after: await deskRowOrThrow(trx, id) };
    });
  }

  return {
    memberChat,
    memberUnread,
    memberSend,
    memberRead,
    memberImage,
    deskImage,
    issueDeskTicket,
    checkDeskTicket,
    deskList,
    deskSummary,
    deskConversation,
    deskReply,
    deskRead,
    deskClose,
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
