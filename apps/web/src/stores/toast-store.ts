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

/**
 * Elements toasts must never cover (a lottery slip's buttons, a bar fixed at the bottom, the
 * sticky header): the toaster rises above them (lib/toast-placement.ts). Elements, not state:
 * the toaster measures them on each frame while a toast is shown, so nothing re-renders when
 * they move or scroll.
 */
const keptClear = new Set<Element>();

/** A callback ref: `ref={keepClearOfToasts}` keeps the element clear while it is mounted. */
export function keepClearOfToasts(element: Element | null): (() => void) | undefined {
  if (!element) return undefined;
  keptClear.add(element);
  return () => {
    keptClear.delete(element);
  };
}

/** Where the elements kept clear are now, in viewport pixels. */
export function keptClearBoxes(): DOMRect[] {
  return [...keptClear].map((element) => element.getBoundingClientRect());
}
