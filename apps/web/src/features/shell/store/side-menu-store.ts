import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The side menu (docs/product.md §2: shown, hidden or toggled). On wide screens it is docked beside
 * the content and the choice is remembered (localStorage `sideMenuOpen`, open by default); on
 * narrow screens it is a drawer over the content, closed by default and never remembered.
 */
type SideMenuState = {
  dockedOpen: boolean;
  drawerOpen: boolean;
  toggle: (isDesktop: boolean) => void;
  setDockedOpen: (open: boolean) => void;
  closeDrawer: () => void;
};

export const useSideMenuStore = create<SideMenuState>()((set, get) => ({
  dockedOpen: readStorage('local', STORAGE_KEYS.sideMenuOpen) !== 'false',
  drawerOpen: false,
  toggle: (isDesktop) => {
    if (isDesktop) get().setDockedOpen(!get().dockedOpen);
    else set({ drawerOpen: !get().drawerOpen });
  },
  setDockedOpen: (open) => {
    writeStorage('local', STORAGE_KEYS.sideMenuOpen, String(open));
    set({ dockedOpen: open });
  },
  closeDrawer: () => set({ drawerOpen: false }),
}));
