import {
  ENDPOINTS,
  pathOf,
  type Feedback,
  type FeedbackPage,
  type FeedbackRequest,
} from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, gatewayHeaders } from '@/api/client';

export const FEEDBACK_KEY = ['content', 'feedback'] as const;

/** The member's feedback, newest first, with the operators' answers. */
export const feedbackHistoryQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: [...FEEDBACK_KEY, 'history', pageNo],
    queryFn: ({ signal }) =>
      apiRequest<FeedbackPage>(ENDPOINTS.content.feedbackHistory, {
        query: { pageNo, pageSize: 10 },
        signal,
      }),
  });

/** Sends a feedback; the image travels as base64 inside the JSON, like promotions' proofs. */
export const sendFeedback = (body: FeedbackRequest) =>
  apiRequest<Feedback>(ENDPOINTS.content.sendFeedback, { body, timeoutMs: 60_000 });

/** The image of one of the member's feedbacks (their session in Authorization), or null. */
export async function fetchFeedbackImage(id: number, signal?: AbortSignal): Promise<Blob | null> {
  const response = await fetch(pathOf(ENDPOINTS.content.feedbackImage, { id }), {
    headers: gatewayHeaders(),
    signal,
  });
  return response.ok ? response.blob() : null;
}

/** A file as base64 without its `data:` prefix. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
