import { StorageKey } from '../config/constants';
import { storage } from '../storage';
import { createStore, useStore } from './create-store';

export type Device = 'desktop' | 'mobile';
/** Interface size as stored; antd calls 'default' 'middle'. */
export type InterfaceSize = 'large' | 'default' | 'small';

export interface LayoutSettings {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  layout: 'left';
}

export interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: InterfaceSize;
  settings: LayoutSettings;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  layout: 'left',
};

function readSettings(): LayoutSettings {
  try {
    const raw = storage.get(StorageKey.layoutSetting);
    return raw ? { ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as Partial<LayoutSettings>), layout: 'left' } : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

const storedSize = storage.get(StorageKey.size);
export const appStore = createStore<AppState>({
  // The sidebar starts closed unless the person left it open.
  sidebarOpened: storage.get(StorageKey.sidebarStatus) === 'opened',
  device: storage.get(StorageKey.device) === 'mobile' ? 'mobile' : 'desktop',
  size: storedSize === 'large' || storedSize === 'small' ? storedSize : 'default',
  settings: readSettings(),
});

export const appActions = {
  toggleSidebar() {
    appActions.setSidebar(!appStore.get().sidebarOpened);
  },
  openSidebar() {
    appActions.setSidebar(true);
  },
  closeSidebar() {
    appActions.setSidebar(false);
  },
  setSidebar(opened: boolean) {
    storage.set(StorageKey.sidebarStatus, opened ? 'opened' : 'closed');
    appStore.set({ sidebarOpened: opened });
  },
  setDevice(device: Device) {
    if (appStore.get().device === device) return;
    storage.set(StorageKey.device, device);
    appStore.set({ device });
  },
  setSize(size: InterfaceSize) {
    storage.set(StorageKey.size, size);
    appStore.set({ size });
  },
  changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) {
    const settings = { ...appStore.get().settings, [key]: value };
    storage.set(StorageKey.layoutSetting, JSON.stringify(settings));
    appStore.set({ settings });
  },
  resetSettings() {
    storage.remove(StorageKey.layoutSetting);
    appStore.set({ settings: DEFAULT_SETTINGS });
  },
};

export const useAppState = <T,>(select: (s: AppState) => T): T => useStore(appStore, select);
