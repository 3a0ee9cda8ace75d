import { create } from 'zustand';

/**
 * Whether the built-in support chat (docs/support.md) is open. The shell's service icon and side
 * menu open it; the chat itself (features/content/support, a split chunk) closes it.
 */
type SupportChatState = { open: boolean; setOpen: (open: boolean) => void };

export const useSupportChatStore = create<SupportChatState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export const openSupportChat = () => useSupportChatStore.getState().setOpen(true);
export const closeSupportChat = () => useSupportChatStore.getState().setOpen(false);
