import { create } from 'zustand';

/**
 * Toasts (docs/conventions.md "toasts for outcomes"): short, self-dismissing notes about what
 * happened.
 */
export type ToastTone = 'success' | 'error' | 'info';
export type Toast = { id: number; tone: ToastTone; message: string };

/** How long a toast stays; errors a little longer, they take longer to read and act on. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = {
  success: 4_000,
  info: 4_000,
  error: 6_000,
};
/** At most this many on screen; an older one leaves when a new one arrives. */
const MAX_TOASTS = 3;

type ToastState = {
  toasts: Toast[];
  show: (tone: ToastTone, message: string) => void;
  dismiss: (id: number) => void;
};

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (tone, message) =>
    set((state) => ({
      toasts: [...state.toasts, { id: nextId++, tone, message }].slice(-MAX_TOASTS),
    })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  info: (message: string) => useToastStore.getState().show('info', message),
};
