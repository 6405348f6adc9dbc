import type { ReactNode } from 'react';
import { Button, Divider, Drawer, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { appActions, useAppState, type InterfaceSize } from '../store/app-store';

/** Layout settings: fixed header, sidebar logo, tags view, layout (left only), interface size. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useAppState((s) => s.settings);
  const size = useAppState((s) => s.size);
  const row = (label: string, control: ReactNode) => (
    <div className="settings-row">
      <span>{label}</span>
      {control}
    </div>
  );
  return (
    <Drawer title={t('layout.settingsTitle')} open={open} onClose={onClose} width={340}>
      {row(t('layout.layoutMode'), <Radio.Group value={settings.layout} options={[{ value: 'left', label: t('layout.layoutLeft') }]} />)}
      <Divider />
      {row(t('layout.fixedHeader'), <Switch checked={settings.fixedHeader} onChange={(v) => appActions.changeSetting('fixedHeader', v)} />)}
      {row(t('layout.tagsView'), <Switch checked={settings.tagsView} onChange={(v) => appActions.changeSetting('tagsView', v)} />)}
      {row(t('layout.sidebarLogo'), <Switch checked={settings.sidebarLogo} onChange={(v) => appActions.changeSetting('sidebarLogo', v)} />)}
      <Divider />
      {row(
        t('layout.size'),
        <Radio.Group
          size="small"
          optionType="button"
          value={size}
          onChange={(e) => appActions.setSize(e.target.value as InterfaceSize)}
          options={[
            { value: 'large', label: t('layout.sizeLarge') },
            { value: 'default', label: t('layout.sizeDefault') },
            { value: 'small', label: t('layout.sizeSmall') },
          ]}
        />,
      )}
      <Divider />
      <Button block onClick={appActions.resetSettings}>
        {t('layout.resetSettings')}
      </Button>
    </Drawer>
  );
}
